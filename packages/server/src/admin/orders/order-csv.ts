/*
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF, a field quoted when it
 * holds a comma, quote or line break, with its quotes doubled. Spreadsheet programs run a cell that
 * starts with = + - @ (or a tab or carriage return) as a formula, so such cells, which can only come
 * from shoppers' input here (names, addresses, emails), get a leading apostrophe: a customer called
 * "=HYPERLINK(...)" shows as text instead of running in the owner's spreadsheet.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (values: readonly CsvValue[]) => values.map(csvCell).join(',');

/**
 * The whole file: a byte-order mark so spreadsheet programs read the umlauts as UTF-8, the heading
 * row, then the rows, each ended by CRLF.
 */
export function csvDocument(headings: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[headings, ...rows].map((row) => `${csvRow(row)}\r\n`).join('')}`;
}
