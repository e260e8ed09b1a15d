import { describe, expect, it } from 'vitest';
import {
  DATASET_MAX_COLUMNS,
  DATASET_MAX_ROWS,
  datasetMessages,
  datasetProblem,
  parseDatasetText,
  truncateDataset,
} from './datasets.js';

describe('datasets of the table block', () => {
  it('reads what a spreadsheet pastes (tabs), German CSV (semicolons) and CSV with quoted cells', () => {
    expect(parseDatasetText('Monat\tUmsatz\nJanuar\t1.200 €\n')).toEqual([
      ['Monat', 'Umsatz'],
      ['Januar', '1.200 €'],
    ]);
    expect(parseDatasetText('Sorte;Preis\r\nRoggen;3,20')).toEqual([
      ['Sorte', 'Preis'],
      ['Roggen', '3,20'],
    ]);
    expect(parseDatasetText('Name,Zitat\n"Müller, Anna","Sie sagte ""Hallo"""')).toEqual([
      ['Name', 'Zitat'],
      ['Müller, Anna', 'Sie sagte "Hallo"'],
    ]);
  });

  it('R5.12.9 a dataset without a row or a column is refused: it needs at least one of each', () => {
    expect(datasetProblem([])).toBe(datasetMessages.empty);
    expect(datasetProblem([[' ', ''], ['']])).toBe(
      'Ein Datensatz braucht mindestens eine Zeile und eine Spalte.',
    );
    expect(datasetProblem(parseDatasetText('\n\n'))).toBe(datasetMessages.empty);
    expect(datasetProblem([['nur eine Zelle']])).toBeUndefined();
  });

  it('R5.12.10 truncates a dataset to the maximum of columns and rows and says from what size', () => {
    const wide = Array.from({ length: DATASET_MAX_ROWS + 50 }, (_, r) =>
      Array.from({ length: DATASET_MAX_COLUMNS + 5 }, (_, c) => `${r}/${c}`),
    );
    const { rows, truncatedFrom } = truncateDataset(wide);
    expect(rows).toHaveLength(DATASET_MAX_ROWS);
    expect(rows.every((row) => row.length === DATASET_MAX_COLUMNS)).toBe(true);
    expect(rows.at(-1)?.at(-1)).toBe(`${DATASET_MAX_ROWS - 1}/${DATASET_MAX_COLUMNS - 1}`);
    expect(truncatedFrom).toEqual({ rows: DATASET_MAX_ROWS + 50, columns: DATASET_MAX_COLUMNS + 5 });
    expect(datasetMessages.truncated(250, 25)).toContain('höchstens 200 Zeilen und 20 Spalten');
  });

  it('evens ragged rows out and drops empty rows and trailing empty columns, without calling that a cut', () => {
    expect(truncateDataset([['a', 'b', ''], [], ['c'], ['  ', '']])).toEqual({
      rows: [
        ['a', 'b'],
        ['c', ''],
      ],
    });
  });
});
