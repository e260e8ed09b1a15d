import { api, apiUrl } from '../../api/api-client.js';
import { useLoad } from '../../ui/async.js';
import { dateTime } from '../../ui/format.js';

/*
 * The order's invoices on the order page (GET /sites/:id/orders/:id/invoices, commerce.orders): the invoice
 * issued when the order was paid, and any Stornorechnung or correcting invoice after a cancellation or
 * refund, each as its PDF rendered from the frozen invoice (§ 14 UStG).
 */

interface InvoicesAnswer {
  invoices: { number: number; numberText: string; kind: string; label: string; issuedAt: number }[];
}

export const INVOICE_TEXTS = {
  title: 'Rechnungen',
  none: 'Noch keine Rechnung. Sie wird ausgestellt, sobald die Bestellung bezahlt ist.',
  download: (label: string) => `${label} herunterladen (PDF)`,
} as const;

export function InvoiceList({
  siteId,
  orderId,
  round,
  timeZone,
}: {
  siteId: string;
  orderId: string;
  /** Changes when a refund or cancellation may have issued a new document. */
  round: unknown;
  timeZone?: string;
}) {
  const base = `/sites/${siteId}/orders/${orderId}/invoices`;
  const loaded = useLoad(() => api.get<InvoicesAnswer>(base), [base, round]);
  if (!loaded.data) return loaded.error ? <p className="muted">{loaded.error.message}</p> : null;
  return (
    <section className="card" aria-labelledby="invoices-title">
      <h2 id="invoices-title">{INVOICE_TEXTS.title}</h2>
      {loaded.data.invoices.length === 0 ? (
        <p className="muted">{INVOICE_TEXTS.none}</p>
      ) : (
        <ul>
          {loaded.data.invoices.map((invoice) => (
            <li key={invoice.number}>
              <a href={apiUrl(`${base}/${invoice.number}.pdf`)} download>
                {INVOICE_TEXTS.download(invoice.label)}
              </a>{' '}
              <span className="muted">{dateTime(invoice.issuedAt, timeZone)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
