import { type FormEvent, useState } from 'react';
import { api, apiUrl } from '../../api/api-client.js';
import { useAction } from '../../ui/async.js';
import { Button, ErrorBox, SelectField, StatusMessage, TextField } from '../../ui/controls.js';

/*
 * "Mehrere versenden" on the order list: the chosen orders each shipped in full with one carrier, with a
 * tracking number per order (optional). Each order is its own step on the server, so the answer says per
 * order what happened; the packing slips of all chosen orders come as one PDF.
 */

const CARRIERS = [
  { id: 'dhl', name: 'DHL' },
  { id: 'dpd', name: 'DPD' },
  { id: 'hermes', name: 'Hermes' },
  { id: 'gls', name: 'GLS' },
  { id: 'ups', name: 'UPS' },
  { id: 'deutsche-post', name: 'Deutsche Post' },
];

export const B = {
  title: (n: number) => `${n} Bestellung(en) versenden`,
  carrier: 'Versanddienstleister',
  tracking: (orderNumber: number) => `Sendungsnummer für #${orderNumber} (optional)`,
  submit: 'Ausgewählte versenden',
  slips: 'Lieferscheine (PDF)',
  result: (shipped: number, total: number) => `${shipped} von ${total} Bestellungen versandt.`,
  refused: (orderNumber: number | null, message: string) => `#${orderNumber ?? '?'}: ${message}`,
} as const;

interface BulkAnswer {
  results: { orderId: string; orderNumber: number | null; ok: boolean; message?: string }[];
  shipped: number;
}

export function BulkShip({
  siteId,
  orders,
  onDone,
}: {
  siteId: string;
  orders: { id: string; orderNumber: number }[];
  onDone: () => void;
}) {
  const action = useAction();
  const [carrier, setCarrier] = useState('dhl');
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<BulkAnswer>();
  const path = `/sites/${encodeURIComponent(siteId)}/orders`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await action.run(() =>
      api.post<BulkAnswer>(`${path}/bulk-ship`, {
        orderIds: orders.map((o) => o.id),
        carrier,
        trackingNumbers: Object.fromEntries(Object.entries(numbers).filter(([, v]) => v.trim() !== '')),
      }),
    );
    if (done) {
      setAnswer(done);
      onDone();
    }
  };
  return (
    <section className="card" aria-labelledby="bulk-ship-title">
      <h2 id="bulk-ship-title">{B.title(orders.length)}</h2>
      <StatusMessage>{answer ? B.result(answer.shipped, answer.results.length) : ''}</StatusMessage>
      {answer?.results.some((r) => !r.ok) ? (
        <ul className="field-error">
          {answer.results
            .filter((r) => !r.ok)
            .map((r) => (
              <li key={r.orderId}>{B.refused(r.orderNumber, r.message ?? '')}</li>
            ))}
        </ul>
      ) : null}
      <form className="form" onSubmit={submit} noValidate>
        <ErrorBox error={action.error} />
        <SelectField label={B.carrier} value={carrier} onChange={(e) => setCarrier(e.target.value)}>
          {CARRIERS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        {orders.map((o) => (
          <TextField
            key={o.id}
            label={B.tracking(o.orderNumber)}
            autoComplete="off"
            spellCheck={false}
            value={numbers[o.id] ?? ''}
            onChange={(e) => setNumbers({ ...numbers, [o.id]: e.target.value })}
          />
        ))}
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={action.busy}>
            {B.submit}
          </Button>
          <a
            className="button button--secondary"
            href={apiUrl(`${path}/packing-slips.pdf`, { ids: orders.map((o) => o.id).join(',') })}
            download
          >
            {B.slips}
          </a>
        </div>
      </form>
    </section>
  );
}
