import { useEffect, useState } from 'react';
import { api } from '../../api/api-client.js';
import { useAction, useLoad } from '../../ui/async.js';
import { ErrorBox, SelectField, StatusMessage } from '../../ui/controls.js';

/*
 * The product's tax class (issue 21): Regelsteuersatz, ermäßigt or steuerfrei. The choice saves at once
 * (PATCH /sites/:id/products/:id/tax-class, commerce.settings); cart, checkout and invoices take the rate of
 * the class in the country whose VAT applies.
 */

export const TAX_CLASS_TEXTS = {
  title: 'Umsatzsteuer',
  label: 'Steuersatz',
  hint: 'Ermäßigt (7 %) z. B. für Lebensmittel, Bücher und E-Books. Im Zweifel frag deine Steuerberatung.',
  saved: (label: string) => `Gespeichert: ${label}.`,
} as const;

interface TaxClassAnswer {
  taxClass: string;
  taxClasses?: { id: string; label: string }[];
}

export function TaxClassPanel({
  siteId,
  productId,
  canEdit,
}: {
  siteId: string;
  productId: string;
  canEdit: boolean;
}) {
  const path = `/sites/${encodeURIComponent(siteId)}/products/${encodeURIComponent(productId)}/tax-class`;
  const loaded = useLoad(() => api.get<TaxClassAnswer>(path), [path]);
  const action = useAction();
  const [taxClass, setTaxClass] = useState('standard');
  const [note, setNote] = useState('');
  useEffect(() => {
    if (loaded.data) setTaxClass(loaded.data.taxClass);
  }, [loaded.data]);
  // Without the permission to read it (or before it loads), the panel stays away.
  if (!loaded.data) return null;
  const choices = loaded.data.taxClasses ?? [];

  const change = async (value: string) => {
    setNote('');
    const saved = await action.run(() => api.patch<TaxClassAnswer>(path, { taxClass: value }));
    if (saved) {
      setTaxClass(saved.taxClass);
      setNote(TAX_CLASS_TEXTS.saved(choices.find((c) => c.id === saved.taxClass)?.label ?? saved.taxClass));
    }
  };

  return (
    <section className="card" aria-labelledby="tax-class-title">
      <h2 id="tax-class-title">{TAX_CLASS_TEXTS.title}</h2>
      <ErrorBox error={action.error} />
      <SelectField
        label={TAX_CLASS_TEXTS.label}
        hint={TAX_CLASS_TEXTS.hint}
        value={taxClass}
        disabled={!canEdit || action.busy}
        error={action.error?.fields?.taxClass}
        onChange={(e) => change(e.target.value)}
      >
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <StatusMessage>{note}</StatusMessage>
    </section>
  );
}
