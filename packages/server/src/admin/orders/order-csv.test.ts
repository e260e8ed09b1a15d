import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './order-csv.js';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says, and nothing else', () => {
    expect(csvCell('Tasse')).toBe('Tasse');
    expect(csvCell('Hauptstraße 1, Hinterhaus')).toBe('"Hauptstraße 1, Hinterhaus"');
    expect(csvCell('Jörg "Jo"')).toBe('"Jörg ""Jo"""');
    expect(csvCell('Zeile 1\nZeile 2')).toBe('"Zeile 1\nZeile 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(1200)).toBe('1200');
  });

  it('turns cells a spreadsheet would run as a formula into text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}`), JSON.stringify(start)).toBe(
        true,
      );
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell('E-Mail')).toBe('E-Mail');
  });

  it('a document has a byte-order mark, a heading row and CRLF after every row', () => {
    expect(csvDocument(['Größe', 'Preis'], [['M', '12.00']])).toBe('\uFEFFGröße,Preis\r\nM,12.00\r\n');
  });
});
