import { useEffect, useState } from 'react';
import { api } from '../../api/api-client.js';
import { useAction, useLoad } from '../../ui/async.js';
import { Checkbox, ErrorBox, StatusMessage } from '../../ui/controls.js';

/*
 * A product made to the customer's specification (engraving, made-to-measure) can be excluded from
 * withdrawal (§312g Abs. 2 Nr. 1 BGB). The box saves at once; the shop's "Vertrag widerrufen" then
 * explains the exclusion to the shopper instead of offering the item.
 */

export const W = {
  title: 'Widerrufsrecht',
  label: 'Wird nach Vorgaben der Kundin oder des Kunden angefertigt (kein Widerrufsrecht)',
  hint: 'Nur ankreuzen, wenn das Produkt wirklich individuell hergestellt wird, z. B. mit Gravur oder nach Maß.',
  savedOn: 'Gespeichert: Das Produkt ist vom Widerruf ausgenommen.',
  savedOff: 'Gespeichert: Für das Produkt gilt das Widerrufsrecht.',
} as const;

export function WithdrawalExclusion({
  siteId,
  productId,
  canEdit,
}: {
  siteId: string;
  productId: string;
  canEdit: boolean;
}) {
  const path = `/sites/${encodeURIComponent(siteId)}/products/${encodeURIComponent(productId)}/withdrawal`;
  const loaded = useLoad(() => api.get<{ madeToOrder: boolean }>(path), [path]);
  const action = useAction();
  const [madeToOrder, setMadeToOrder] = useState(false);
  const [note, setNote] = useState('');
  useEffect(() => {
    if (loaded.data) setMadeToOrder(loaded.data.madeToOrder);
  }, [loaded.data]);
  // Until (or unless) the mark loads, the panel stays away: it must not put a second alert over the
  // product form's own messages.
  if (!loaded.data) return null;

  const change = async (value: boolean) => {
    setNote('');
    const saved = await action.run(() => api.patch<{ madeToOrder: boolean }>(path, { madeToOrder: value }));
    if (saved) {
      setMadeToOrder(saved.madeToOrder);
      setNote(saved.madeToOrder ? W.savedOn : W.savedOff);
    }
  };

  return (
    <section className="card" aria-labelledby="withdrawal-exclusion-title">
      <h2 id="withdrawal-exclusion-title">{W.title}</h2>
      <ErrorBox error={action.error} />
      <Checkbox
        label={W.label}
        checked={madeToOrder}
        disabled={!canEdit || action.busy}
        onChange={(e) => change(e.target.checked)}
      />
      <p className="muted">{W.hint}</p>
      <StatusMessage>{note}</StatusMessage>
    </section>
  );
}
