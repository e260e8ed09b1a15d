import { parseUnitContentInput, unitContentAmountText, unitPriceText } from '@baukasten/commerce';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../api/api-client.js';
import { useAction, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, SelectField, StatusMessage, TextField } from '../../ui/controls.js';
import { LOCALE, variantLabel } from '../../ui/format.js';

/*
 * The Grundpreis (§ 4 PAngV): for goods sold by weight, volume, length or area the owner enters each
 * variant's content ("250" g, "0,5" l, "2" m) and the shop shows the price per 1 kg / 1 l / 1 m beside
 * every price of that variant. Saved on its own (PATCH /sites/:id/products/:id/unit-contents), checked
 * here with the server's rule so the owner reads the German message at the field before sending.
 */

export const BASE_PRICE_TEXTS = {
  title: 'Grundpreis',
  intro:
    'Für Ware, die nach Gewicht, Volumen, Länge oder Fläche verkauft wird, gehört der Preis pro 1 kg, 1 l, 1 m oder 1 m² neben jeden Preis (§ 4 PAngV). Gib dafür den Inhalt jeder Variante an, z. B. 250 g, 0,5 l oder 2 m. Leer lassen bei Ware, die nach Stück verkauft wird.',
  amount: 'Menge',
  amountHint: 'Mit Komma, z. B. 0,5',
  unit: 'Einheit',
  noUnit: 'keine (Stückware)',
  preview: (text: string) => `Grundpreis im Laden: ${text}`,
  save: 'Grundpreis speichern',
  saved: 'Gespeichert: Der Laden zeigt den Grundpreis bei jedem Preis dieser Varianten.',
  fixFields: 'Bitte prüfe die markierten Angaben.',
} as const;

interface VariantContent {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  unitContent: { amount: number; unit: string } | null;
}

interface ContentsAnswer {
  units: string[];
  variants: VariantContent[];
}

interface Row {
  id: string;
  amount: string;
  unit: string;
}

const rowsOf = (variants: VariantContent[]): Row[] =>
  variants.map((v) => ({
    id: v.id,
    amount: v.unitContent ? unitContentAmountText(v.unitContent.amount) : '',
    unit: v.unitContent?.unit ?? '',
  }));

export function BasePricePanel({
  siteId,
  productId,
  currency,
  prices,
  canEdit,
}: {
  siteId: string;
  productId: string;
  currency: string;
  /** The price each variant sells at, by variant id, for the preview of its Grundpreis. */
  prices: Readonly<Record<string, number>>;
  canEdit: boolean;
}) {
  const path = `/sites/${encodeURIComponent(siteId)}/products/${encodeURIComponent(productId)}/unit-contents`;
  const loaded = useLoad(() => api.get<ContentsAnswer>(path), [path]);
  const action = useAction();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  useEffect(() => {
    if (loaded.data) setRows(rowsOf(loaded.data.variants));
  }, [loaded.data]);
  // Until (or unless) the contents load, the panel stays away, as the other panels of the editor do.
  if (!loaded.data || !rows) return null;
  const { units, variants } = loaded.data;
  if (variants.length === 0) return null;

  const change = (i: number, field: 'amount' | 'unit', value: string) => {
    setNote('');
    setRows((current) => (current ?? []).map((row, j) => (j === i ? { ...row, [field]: value } : row)));
    setProblems((current) => {
      const { [`variants.${i}.${field}`]: _gone, ...rest } = current;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const found: Record<string, string> = {};
    rows.forEach((row, i) => {
      const parsed = parseUnitContentInput(row.amount, row.unit);
      if (!parsed.ok) found[`variants.${i}.${parsed.field}`] = parsed.message;
    });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const saved = await action.run(() => api.patch<ContentsAnswer>(path, { variants: rows }));
    if (saved) {
      loaded.set(saved);
      setNote(BASE_PRICE_TEXTS.saved);
    }
  };

  const fieldError = (key: string) => problems[key] ?? action.error?.fields?.[key];
  const hasProblems = Object.keys(problems).length > 0;

  return (
    <section className="card" aria-labelledby="base-price-title">
      <h2 id="base-price-title">{BASE_PRICE_TEXTS.title}</h2>
      <p className="muted">{BASE_PRICE_TEXTS.intro}</p>
      <ErrorBox error={hasProblems ? BASE_PRICE_TEXTS.fixFields : action.error} />
      <form onSubmit={submit} noValidate>
        {rows.map((row, i) => {
          const variant = variants.find((v) => v.id === row.id);
          const name = variant ? variantLabel(variant.attributes) : row.id;
          const parsed = parseUnitContentInput(row.amount, row.unit);
          const price = prices[row.id];
          const preview =
            parsed.ok && parsed.content && price !== undefined
              ? unitPriceText(price, parsed.content, currency, LOCALE)
              : undefined;
          return (
            <fieldset key={row.id} className="field-group">
              <legend>
                {name}
                {variant?.sku ? <span className="muted"> · {variant.sku}</span> : null}
              </legend>
              <div className="row-fields">
                <TextField
                  label={BASE_PRICE_TEXTS.amount}
                  hint={BASE_PRICE_TEXTS.amountHint}
                  inputMode="decimal"
                  autoComplete="off"
                  value={row.amount}
                  disabled={!canEdit || action.busy}
                  error={fieldError(`variants.${i}.amount`)}
                  onChange={(e) => change(i, 'amount', e.target.value)}
                />
                <SelectField
                  label={BASE_PRICE_TEXTS.unit}
                  value={row.unit}
                  disabled={!canEdit || action.busy}
                  error={fieldError(`variants.${i}.unit`) ?? fieldError(`variants.${i}.id`)}
                  onChange={(e) => change(i, 'unit', e.target.value)}
                >
                  <option value="">{BASE_PRICE_TEXTS.noUnit}</option>
                  {units.map((unit) => (
                    <option key={unit} value={unit}>
                      {unit}
                    </option>
                  ))}
                </SelectField>
              </div>
              {preview ? <p className="muted">{BASE_PRICE_TEXTS.preview(preview)}</p> : null}
            </fieldset>
          );
        })}
        {canEdit ? (
          <Button type="submit" variant="primary" busy={action.busy}>
            {BASE_PRICE_TEXTS.save}
          </Button>
        ) : null}
      </form>
      <StatusMessage>{note}</StatusMessage>
    </section>
  );
}
