import { stringify } from 'csv-stringify/sync';

/*
 * The CSV exports (orders, form submissions) as German Excel opens them with a double click: UTF-8 with a
 * byte-order mark (else the umlauts break), semicolons between fields (German Excel's list separator),
 * every field quoted, records ended by CRLF. csv-stringify writes it; this module only decides what a
 * cell may say.
 *
 * Spreadsheet programs run a cell that starts with = + - @ (or a tab or line break) as a formula. Such
 * text can only come from shoppers and visitors here (names, addresses, form answers), so it gets a
 * leading apostrophe. The same goes for each piece after a comma, semicolon or line break inside a cell:
 * opened with the other separator (or by a reader that ignores quotes), `x;=1+1` would split into a cell
 * `=1+1` (#18, finding 9).
 */

/** Formula starters, with the full-width forms some spreadsheet programs read the same way. */
const FORMULA = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';
const STARTS_FORMULA = new RegExp(`^[\\s]*[${FORMULA}]|^[\\t\\r\\n]`, 'u');
const PIECE_STARTS_FORMULA = new RegExp(`([,;\\r\\n][ \\t]*)(?=[${FORMULA}])`, 'gu');

export type CsvValue = string | number | null | undefined;

/** Text no spreadsheet runs as a formula, whichever separator it splits the row at. */
export function spreadsheetText(text: string): string {
  const inner = text.replace(PIECE_STARTS_FORMULA, "$1'");
  return STARTS_FORMULA.test(inner) ? `'${inner}` : inner;
}

/** The whole file: byte-order mark, the heading row, then the rows; semicolons, quotes, CRLF. */
export function csvDocument(headings: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return stringify([headings, ...rows] as CsvValue[][], {
    bom: true,
    delimiter: ';',
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
    cast: {
      string: (value) => spreadsheetText(value),
      // Numbers are ours (amounts, quantities), never a shopper's text: written as they are.
      number: (value) => String(value),
    },
  });
}
