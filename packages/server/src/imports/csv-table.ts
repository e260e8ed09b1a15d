import { parse } from 'csv-parse/sync';
import { HttpError } from '../http-error.js';
import { importMessages as m } from './import-messages.js';

/*
 * A CSV file as a table of text cells with the line each row starts on (for the preview's reasons).
 *
 * Decisions:
 * - Encoding: UTF-8 only (with or without BOM). Bytes that are not valid UTF-8 refuse the whole file with
 *   a German message saying how to save it as UTF-8. Windows-1252 is not guessed: a file where "ü" and
 *   "Ã¼" are both plausible would be imported with wrong umlauts without anyone noticing.
 * - Formula cells (CSV injection): a cell starting with =, +, -, @ (or a tab/CR before them) that is not a
 *   number refuses its row with a reason; nothing is stripped silently, so what is imported is what the
 *   file says. A negative or signed number ("-5", "+3") is a number and passes, and so does a plain-text
 *   list item ("- Baumwolle": a dash and a space).
 */

export interface CsvRow {
  /** Line in the file where the row starts (1 = the header). */
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function decodeUtf8(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new HttpError(400, 'FILE_EMPTY', m.fileEmpty);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new HttpError(400, 'NOT_UTF8', m.utf16);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new HttpError(400, 'NOT_UTF8', m.notUtf8);
  }
}

const NEWLINES = /\n/g;

export function readCsv(bytes: Uint8Array): CsvTable {
  // Line ends become \n first, so the line numbers count what an editor shows (csv-parse counts \r\n twice).
  const text = decodeUtf8(bytes).replace(/\r\n?/g, '\n');
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      delimiter: ',',
    }) as unknown as typeof records;
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid [^:]*: /, '') : String(error);
    throw new HttpError(400, 'NOT_CSV', m.notCsv(detail));
  }
  if (records.length === 0) throw new HttpError(400, 'FILE_EMPTY', m.fileEmpty);
  const rows: CsvRow[] = records.map(({ record, info, raw }) => {
    const inside = raw.replace(/^\n+/, '').replace(/\n$/, '');
    return { line: info.lines - (inside.match(NEWLINES)?.length ?? 0), cells: record };
  });
  const [head, ...body] = rows;
  const header = head.cells.map((h) => h.trim());
  if (header.length === 1 && header[0].includes(';')) throw new HttpError(400, 'SEMICOLONS', m.semicolons);
  const nonEmpty = body.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (nonEmpty.length === 0) throw new HttpError(400, 'NO_ROWS', m.noRows);
  return { header, rows: nonEmpty };
}

/** Header names compared without case, spaces or "[Non Editable]" marks (Squarespace adds those). */
export const headerKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Reads cells by column name; the first of several aliases present in the header wins. */
export class Columns {
  readonly #index = new Map<string, number>();
  constructor(readonly header: string[]) {
    header.forEach((name, i) => {
      const key = headerKey(name);
      if (!this.#index.has(key)) this.#index.set(key, i);
    });
  }
  /** The position of the first alias present, or -1. */
  find(...aliases: string[]): number {
    for (const alias of aliases) {
      const i = this.#index.get(headerKey(alias));
      if (i !== undefined) return i;
    }
    return -1;
  }
  has(...aliases: string[]) {
    return this.find(...aliases) >= 0;
  }
  /** A cell by column position, trimmed; '' when the row is shorter. */
  static cell(row: CsvRow, index: number): string {
    return index < 0 ? '' : (row.cells[index] ?? '').trim();
  }
  /** The header names matching a pattern on the key, e.g. /^attribute (\d+) name$/. */
  matching(pattern: RegExp): { index: number; match: RegExpMatchArray }[] {
    const found: { index: number; match: RegExpMatchArray }[] = [];
    this.header.forEach((name, index) => {
      const match = headerKey(name).match(pattern);
      if (match) found.push({ index, match });
    });
    return found;
  }
}

const NUMBER = /^[+-]?\d+(?:[.,]\d+)*$/;

/** The first cell of the row that a spreadsheet would run as a formula, with its column name. */
export function formulaCell(row: CsvRow, header: string[]): { column: string; first: string } | undefined {
  for (const [i, raw] of row.cells.entries()) {
    const value = raw.replace(/^[\t\r ]+/, '');
    const first = value[0];
    if (first !== '=' && first !== '+' && first !== '-' && first !== '@') continue;
    if (NUMBER.test(value.trim())) continue;
    // "- Baumwolle" is a list item of a plain-text description, not a formula anybody types.
    if ((first === '-' || first === '+') && value[1] === ' ') continue;
    return { column: header[i] ?? `Spalte ${i + 1}`, first };
  }
  return undefined;
}
