/*
 * Datasets of the table block (spec 5: "a dataset needs at least one row and column; datasets are
 * truncated to a maximum of columns and rows", R5.12.9, R5.12.10). The editor reads what the owner
 * pasted (from a spreadsheet: tab-separated; or CSV with comma or semicolon) with the same rules the
 * server applies when the page is saved, so what the editor shows is what visitors will see.
 */

/** Wider tables do not fit a phone even when scrolled sideways; longer ones belong in a download. */
export const DATASET_MAX_COLUMNS = 20;
export const DATASET_MAX_ROWS = 200;
/** Characters per cell. */
export const DATASET_MAX_CELL = 500;

export const datasetMessages = {
  /** R5.12.9 */
  empty: 'Ein Datensatz braucht mindestens eine Zeile und eine Spalte.',
  /** R5.12.10: said when something was cut, so the owner knows the rest is not shown. */
  truncated: (rows: number, columns: number) =>
    `Die Tabelle hatte ${rows} Zeilen und ${columns} Spalten. Gezeigt werden höchstens ${DATASET_MAX_ROWS} Zeilen und ${DATASET_MAX_COLUMNS} Spalten; der Rest wurde abgeschnitten.`,
  invalid: 'Die Tabelle muss eine Liste von Zeilen mit Text in jeder Zelle sein.',
} as const;

export type Dataset = string[][];

export interface TruncatedDataset {
  rows: Dataset;
  /** Size before cutting, when something was cut; undefined when the dataset fitted. */
  truncatedFrom?: { rows: number; columns: number };
}

/** The delimiter of pasted text: a tab (spreadsheet), else whichever of ; and , the first line has more of. */
function delimiterOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes('\t')) return '\t';
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** Pasted table text as rows of cells; quoted cells ("a, b" and "say ""hi""") keep their delimiters. */
export function parseDatasetText(text: string): Dataset {
  const delimiter = delimiterOf(text);
  const rows: Dataset = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * Trims every cell, drops empty rows and empty trailing columns, evens the rows out to one width, and
 * cuts the result to DATASET_MAX_ROWS × DATASET_MAX_COLUMNS (and cells to DATASET_MAX_CELL characters).
 */
export function truncateDataset(rows: readonly (readonly string[])[]): TruncatedDataset {
  const cleaned = rows
    .map((row) => row.map((cell) => cell.replace(/\s+/g, ' ').trim()))
    .filter((row) => row.some((cell) => cell !== ''));
  let columns = 0;
  for (const row of cleaned)
    for (let c = row.length - 1; c >= 0; c--)
      if (row[c] !== '') {
        columns = Math.max(columns, c + 1);
        break;
      }
  const keptColumns = Math.min(columns, DATASET_MAX_COLUMNS);
  const kept = cleaned
    .slice(0, DATASET_MAX_ROWS)
    .map((row) => Array.from({ length: keptColumns }, (_, c) => (row[c] ?? '').slice(0, DATASET_MAX_CELL)));
  const cut =
    cleaned.length > DATASET_MAX_ROWS ||
    columns > DATASET_MAX_COLUMNS ||
    cleaned.some((row) => row.some((cell) => cell.length > DATASET_MAX_CELL));
  return cut ? { rows: kept, truncatedFrom: { rows: cleaned.length, columns } } : { rows: kept };
}

/** The refusal of a dataset with no row or no column once cleaned (R5.12.9); undefined when it has both. */
export function datasetProblem(rows: readonly (readonly string[])[]): string | undefined {
  const { rows: kept } = truncateDataset(rows);
  return kept.length === 0 || (kept[0]?.length ?? 0) === 0 ? datasetMessages.empty : undefined;
}
