import { type FormEvent, useState } from 'react';
import { api } from '../../api/api-client.js';
import { useAction } from '../../ui/async.js';
import { Button, ErrorBox, TextField } from '../../ui/controls.js';

/*
 * The low-stock threshold of one variant on /lager (issue 23): at or below it the owner gets a mail, once
 * each time a sale or a change takes the stock there. Empty means no mail for this variant.
 */

export const L = {
  column: 'Warnschwelle',
  of: (label: string) => `Warnschwelle für ${label}`,
  save: (label: string) => `Warnschwelle speichern: ${label}`,
  invalid: 'Bitte gib eine ganze Zahl ein oder lass das Feld leer.',
  saved: (label: string, threshold: number | null) =>
    threshold === null
      ? `Gespeichert: Für ${label} kommt keine Warnung mehr.`
      : `Gespeichert: Bei ${threshold} Stück oder weniger von ${label} bekommst du eine E-Mail.`,
} as const;

export const thresholdsPath = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/stock-alerts`;

export function LowStockThresholdCell({
  siteId,
  variantId,
  label,
  threshold,
  canEdit,
  onSaved,
}: {
  siteId: string;
  variantId: string;
  label: string;
  threshold: number | undefined;
  canEdit: boolean;
  onSaved: (note: string) => void;
}) {
  const action = useAction();
  const [seen, setSeen] = useState(threshold === undefined ? '' : String(threshold));
  const [value, setValue] = useState(seen);
  const [invalid, setInvalid] = useState(false);
  if (!canEdit) return <td>{threshold ?? ''}</td>;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (text !== '' && !/^\d+$/.test(text)) return setInvalid(true);
    setInvalid(false);
    const next = text === '' ? null : Number(text);
    const answer = await action.run(() =>
      api.patch<{ threshold: number | null }>(
        `/sites/${encodeURIComponent(siteId)}/inventory/${encodeURIComponent(variantId)}/low-stock-threshold`,
        { threshold: next },
      ),
    );
    if (answer) {
      setSeen(text);
      onSaved(L.saved(label, answer.threshold));
    }
  };

  return (
    <td>
      <form onSubmit={save} className="inline-form">
        <TextField
          className="compact"
          label={<span className="visually-hidden">{L.of(label)}</span>}
          inputMode="numeric"
          value={value}
          disabled={action.busy}
          onChange={(e) => setValue(e.target.value)}
          error={invalid ? L.invalid : undefined}
        />
        <Button type="submit" busy={action.busy} disabled={value.trim() === seen} aria-label={L.save(label)}>
          OK
        </Button>
      </form>
      <ErrorBox error={action.error} />
    </td>
  );
}
