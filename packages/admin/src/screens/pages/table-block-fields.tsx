import {
  DATASET_MAX_COLUMNS,
  DATASET_MAX_ROWS,
  datasetMessages,
  datasetProblem,
  parseDatasetText,
  truncateDataset,
} from '@baukasten/commerce';
import { useState } from 'react';
import { Checkbox, TextArea, TextField } from '../../ui/controls.js';
import type { FieldsProps } from './block-catalogue.js';

/*
 * The dataset of a table block: pasted from a spreadsheet (tabs) or typed as CSV (comma or semicolon).
 * It is read with the server's rules (@baukasten/commerce datasets.ts) as it is typed, so an empty
 * dataset is named at once (R5.12.9) and a too large one says it will be cut (R5.12.10).
 */

const asText = (rows: readonly (readonly string[])[]) => rows.map((row) => row.join('\t')).join('\n');

export function TableFields({ block, errors, disabled, onChange }: FieldsProps) {
  const rows = (Array.isArray(block.rows) ? block.rows : []) as string[][];
  const [text, setText] = useState(() => asText(rows));
  const [cut, setCut] = useState<{ rows: number; columns: number }>();
  const [problem, setProblem] = useState<string>();

  const change = (value: string) => {
    setText(value);
    const parsed = parseDatasetText(value);
    const kept = truncateDataset(parsed);
    setCut(kept.truncatedFrom);
    setProblem(datasetProblem(parsed));
    onChange({ rows: kept.rows }, 'rows');
  };

  const columns = rows[0]?.length ?? 0;
  return (
    <>
      <TextField
        label="Beschriftung der Tabelle"
        disabled={disabled}
        value={typeof block.caption === 'string' ? block.caption : ''}
        error={errors.caption}
        onChange={(e) => onChange({ caption: e.target.value }, 'caption')}
      />
      <Checkbox
        label="Erste Zeile enthält die Spaltenüberschriften"
        disabled={disabled}
        checked={block.headerRow !== false}
        onChange={(e) => onChange({ headerRow: e.target.checked }, 'headerRow')}
      />
      <TextArea
        label="Daten der Tabelle"
        hint={`Aus einer Tabellenkalkulation kopieren und einfügen, oder je Zeile Werte durch Komma oder Semikolon getrennt. Höchstens ${DATASET_MAX_ROWS} Zeilen und ${DATASET_MAX_COLUMNS} Spalten.`}
        rows={8}
        disabled={disabled}
        value={text}
        error={problem ?? errors.rows}
        onChange={(e) => change(e.target.value)}
      />
      <p className="muted" aria-live="polite">
        {cut
          ? datasetMessages.truncated(cut.rows, cut.columns)
          : rows.length > 0 && columns > 0
            ? `${rows.length} ${rows.length === 1 ? 'Zeile' : 'Zeilen'} × ${columns} ${columns === 1 ? 'Spalte' : 'Spalten'}`
            : ''}
      </p>
    </>
  );
}
