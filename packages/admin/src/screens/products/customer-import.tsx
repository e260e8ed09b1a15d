import { useState } from 'react';
import { apiUrl } from '../../api/api-client.js';
import { Link } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { useAction } from '../../ui/async.js';
import { Button, ErrorBox } from '../../ui/controls.js';
import { type Refusal, RefusedTable, sendCsv } from './import-parts.js';

/*
 * The customers part of "Importieren": a Shopify customer export dropped on the import screen is shown
 * here (the server told the product upload it is a customers file). First what the import would do (a dry
 * run on the server: new, merged, consents, refused lines), then the import itself. The newsletter consent
 * is carried over only where the customer accepted e-mail marketing, and the screen says so.
 */

const T = {
  title: 'Vorschau: Kunden aus Shopify',
  intro:
    'Die Datei ist ein Kunden-Export von Shopify. Kundinnen und Kunden mit derselben E-Mail-Adresse werden zusammengeführt, nicht doppelt angelegt.',
  counts: (created: number, merged: number, unchanged: number) =>
    `${created} neu, ${merged} ergänzt, ${unchanged} unverändert.`,
  consents: (subscribed: number) =>
    subscribed === 1
      ? '1 Person hat Werbe-E-Mails zugestimmt und wird als bestätigte Newsletter-Adresse übernommen (Quelle „Import aus Shopify“ mit dem Datum des Imports).'
      : `${subscribed} Personen haben Werbe-E-Mails zugestimmt und werden als bestätigte Newsletter-Adressen übernommen (Quelle „Import aus Shopify“ mit dem Datum des Imports).`,
  noConsentNote: 'Wer nicht zugestimmt hat, bekommt keinen Newsletter.',
  customer: 'Kunde',
  notesTitle: 'Übernommen mit Hinweis',
  start: (n: number) => `${n} Kunden importieren`,
  done: (created: number, merged: number, subscribed: number) =>
    `Import abgeschlossen: ${created} Kunden angelegt, ${merged} ergänzt, ${subscribed} Newsletter-Einwilligungen übernommen.`,
  toCustomers: 'Zu den Kunden',
  anotherFile: 'Weitere Datei importieren',
  export: 'Kunden als Shopify-CSV exportieren',
};

export interface CustomerImportReport {
  dryRun: boolean;
  rows: number;
  created: number;
  merged: number;
  unchanged: number;
  subscribed: number;
  newsletterKept: number;
  addressesAdded: number;
  refused: Refusal[];
  notes: Refusal[];
}

export async function sendCustomers(
  siteId: string,
  file: File,
  dryRun: boolean,
): Promise<CustomerImportReport> {
  const body = await sendCsv<{ report?: CustomerImportReport }>(
    apiUrl(`/sites/${encodeURIComponent(siteId)}/customer-imports`, { dryRun: String(dryRun) }),
    file,
  );
  return body.report!;
}

/** The link out again: the shop's customers in Shopify's customer CSV. */
export function CustomerExportLink() {
  const { site, can } = useSite();
  if (!can('commerce.orders')) return null;
  return (
    <p>
      <a href={apiUrl(`/sites/${encodeURIComponent(site.id)}/customers/shopify-export.csv`)} download>
        {T.export}
      </a>
    </p>
  );
}

export function CustomerImport({
  file,
  preview,
  onReset,
}: {
  file: File;
  preview: CustomerImportReport;
  onReset: () => void;
}) {
  const { site, can } = useSite();
  const start = useAction();
  const [result, setResult] = useState<CustomerImportReport>();
  const total = preview.created + preview.merged + preview.unchanged;
  const begin = async () => {
    const answer = await start.run(() => sendCustomers(site.id, file, false));
    if (answer) setResult(answer);
  };
  const shown = result ?? preview;

  return (
    <section aria-labelledby="customer-import-preview" className="import-stack">
      <h2 id="customer-import-preview">{T.title}</h2>
      <p>{T.intro}</p>
      <p>
        <strong>{T.counts(shown.created, shown.merged, shown.unchanged)}</strong>
      </p>
      <p>
        {T.consents(shown.subscribed)} {T.noConsentNote}
      </p>
      <RefusedTable refused={shown.refused} more={0} subject={T.customer} />
      <RefusedTable refused={shown.notes} more={0} subject={T.customer} title={T.notesTitle} />
      {result ? (
        <>
          <p role="status">{T.done(result.created, result.merged, result.subscribed)}</p>
          <div className="import-actions">
            <Link className="button button--primary" to={paths.customers(site.id)}>
              {T.toCustomers}
            </Link>
            <Button onClick={onReset}>{T.anotherFile}</Button>
          </div>
        </>
      ) : (
        <div className="import-actions">
          {total > 0 && can('commerce.orders') ? (
            <Button variant="primary" busy={start.busy} onClick={begin}>
              {T.start(total)}
            </Button>
          ) : null}
          <Button onClick={onReset}>{T.anotherFile}</Button>
        </div>
      )}
      <ErrorBox error={start.error} />
    </section>
  );
}
