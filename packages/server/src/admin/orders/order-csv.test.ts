import { describe, expect, it } from 'vitest';
import { csvDocument, spreadsheetText } from './order-csv.js';

/** The cells of one record as a reader splitting at `separator` (and ignoring quotes) would see them. */
const naiveCells = (line: string, separator: string) => line.split(separator).map((c) => c.replace(/^"/, ''));

describe('CSV exports', () => {
  it('German Excel opens them: byte-order mark, semicolons, every field quoted, CRLF after every row', () => {
    expect(csvDocument(['Größe', 'Preis', 'Menge', 'Leer'], [['M', '12,00', 3, null]])).toBe(
      '\uFEFF"Größe";"Preis";"Menge";"Leer"\r\n"M";"12,00";"3";""\r\n',
    );
    expect(csvDocument(['a'], [['Hauptstraße 1; Hinterhaus'], ['Jörg "Jo"'], ['Zeile 1\nZeile 2']])).toBe(
      '\uFEFF"a"\r\n"Hauptstraße 1; Hinterhaus"\r\n"Jörg ""Jo"""\r\n"Zeile 1\nZeile 2"\r\n',
    );
  });

  it('turns cells a spreadsheet would run as a formula into text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', ' ='])
      expect(spreadsheetText(`${start}1+1`).startsWith("'"), JSON.stringify(start)).toBe(true);
    expect(spreadsheetText('E-Mail')).toBe('E-Mail');
    expect(spreadsheetText('Müller-Lüdenscheidt')).toBe('Müller-Lüdenscheidt');
  });

  it('Finding 9 (#18): no piece of a cell can start a formula, whichever separator the reader splits at', () => {
    const hostile = [
      'x;=1+1',
      'x,=1+1',
      'x; =HYPERLINK("http://boese.example")',
      'a\n@SUM(A1)',
      'a,+1;-2',
      'b\r\n=1',
    ];
    const file = csvDocument(
      ['Feld'],
      hostile.map((h) => [h]),
    );
    for (const separator of [';', ',']) {
      const cells = file
        .replace(/^\uFEFF/, '')
        .split(/\r\n|\n|\r/)
        .flatMap((line) => naiveCells(line, separator));
      const formulas = cells.filter((c) => /^\s*[=+\-@]/.test(c));
      expect(formulas, separator).toEqual([]);
    }
    // The visible text stays readable: only an apostrophe before the formula character.
    expect(spreadsheetText('x;=1+1')).toBe("x;'=1+1");
  });
});
