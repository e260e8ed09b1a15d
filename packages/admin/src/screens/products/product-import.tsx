import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api, apiUrl } from '../../api/api-client.js';
import { Link } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading, NotAvailable, StatusMessage, TextField } from '../../ui/controls.js';
import { money } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import {
  CustomerExportLink,
  CustomerImport,
  type CustomerImportReport,
  sendCustomers,
} from './customer-import.js';
import { type Refusal, RefusedTable, sendCsv } from './import-parts.js';

/*
 * /produkte/import — "Produkte importieren": upload a Shopify, WooCommerce or Squarespace product CSV
 * (the server recognises the format from the header row), look at the preview (what is created or
 * updated, every refused line with its reason), start; a progress bar follows the import and then the
 * images. The job lives on the server, so after a reload the screen picks up the newest one again.
 * A Shopify customer export chosen here is recognised by the server and continues in customer-import.tsx.
 */

const T = {
  title: 'Produkte importieren',
  intro:
    'Lade den Produkt-Export deines bisherigen Shops hoch (CSV von Shopify, WooCommerce oder Squarespace) oder den Kunden-Export von Shopify. Du siehst zuerst eine Vorschau; erst danach wird etwas angelegt. Produkte mit demselben Handle oder derselben Artikelnummer werden aktualisiert, nicht doppelt angelegt.',
  file: 'CSV-Datei',
  fileHint: 'Höchstens 20 MB, in UTF-8 gespeichert.',
  check: 'Datei prüfen',
  noFile: 'Wähle zuerst eine Datei aus.',
  tooLarge: 'Die Datei ist größer als 20 MB.',
  formats: { shopify: 'Shopify', woocommerce: 'WooCommerce', squarespace: 'Squarespace' } as Record<
    string,
    string
  >,
  previewTitle: 'Vorschau',
  detected: (format: string, file: string) => `${file}: erkannt als ${format}-Export.`,
  counts: (create: number, update: number, refused: number) =>
    `${create} neu, ${update} aktualisiert, ${refused} nicht übernommen.`,
  variantsAndImages: (variants: number, images: number) => `${variants} Varianten, ${images} Bilder.`,
  line: 'Zeile',
  action: 'Aktion',
  product: 'Produkt',
  variants: 'Varianten',
  price: 'Preis ab',
  create: 'Neu',
  update: 'Aktualisieren',
  moreRows: (n: number) => `… und ${n} weitere Produkte.`,
  start: (n: number) => `${n} Produkte importieren`,
  progressLabel: 'Fortschritt des Imports',
  imagesLabel: 'Bilder',
  running: (done: number, total: number) => `${done} von ${total} Produkten importiert …`,
  done: (created: number, updated: number) =>
    `Import abgeschlossen: ${created} Produkte angelegt, ${updated} aktualisiert.`,
  images: (done: number, total: number, failed: number) =>
    `Bilder: ${done} von ${total} geladen${failed ? `, ${failed} nicht ladbar` : ''}.`,
  anotherFile: 'Weitere Datei importieren',
  noAnswer: 'Der Server hat nicht geantwortet. Bitte versuche es noch einmal.',
  toProducts: 'Zu den Produkten',
};

const MAX_BYTES = 20 * 1024 * 1024;
/** A finished import stays on screen after a reload for this long. */
const RECENT_MS = 10 * 60_000;

export interface ImportJobView {
  id: string;
  format: string;
  filename: string;
  status: 'previewed' | 'running' | 'done' | 'failed';
  error: string | null;
  total: number;
  processed: number;
  percent: number;
  preview: {
    create: number;
    update: number;
    variants: number;
    images: number;
    refusedProducts: number;
    refusedCount: number;
    refused: Refusal[];
    rows: {
      line: number;
      action: 'create' | 'update';
      handle: string;
      title: string;
      variants: number;
      priceMinor: number;
    }[];
  };
  result: { created: number; updated: number; refused: Refusal[] } | null;
  images: { total: number; done: number; failed: number; pending: number };
  updatedAt: number;
}

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/imports`;

async function uploadFile(siteId: string, file: File): Promise<ImportJobView> {
  const body = await sendCsv<{ job?: ImportJobView }>(apiUrl(base(siteId), { filename: file.name }), file);
  if (!body.job) throw new ApiError(500, 'UPLOAD_FAILED', T.noAnswer);
  return body.job;
}

function Progress({ label, value, text }: { label: string; value: number; text: string }) {
  return (
    <div className="import-progress">
      <div
        className="import-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
      >
        <div className="import-progress__fill" style={{ width: `${value}%` }} />
      </div>
      <p>{text}</p>
    </div>
  );
}

export function ProductImport() {
  const { site, can } = useSite();
  const upload = useAction();
  const start = useAction();
  const [file, setFile] = useState<File>();
  const [fileProblem, setFileProblem] = useState<string>();
  const [job, setJob] = useState<ImportJobView | null>();
  const [customers, setCustomers] = useState<{ file: File; preview: CustomerImportReport } | null>(null);
  const latest = useLoad(() => api.get<{ job: ImportJobView | null }>(`${base(site.id)}/latest`), [site.id]);
  useEffect(() => {
    // After a reload: a running or recently finished import is shown again; an old finished one is not.
    const found = latest.data?.job;
    const recent = found && Date.now() - found.updatedAt < RECENT_MS;
    if (
      found &&
      found.status !== 'previewed' &&
      (found.status === 'running' || found.images.pending > 0 || recent)
    )
      setJob(found);
  }, [latest.data]);

  const polling = job && (job.status === 'running' || (job.status === 'done' && job.images.pending > 0));
  useEffect(() => {
    if (!polling || !job) return;
    const timer = setTimeout(async () => {
      try {
        const next = await api.get<{ job: ImportJobView }>(`${base(site.id)}/${job.id}`);
        setJob(next.job);
      } catch {
        setJob({ ...job });
      }
    }, 700);
    return () => clearTimeout(timer);
  }, [polling, job, site.id]);

  if (isMissingRoute(latest.error)) return <NotAvailable title={T.title} />;
  if (latest.loading) return <Loading />;

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !file ? T.noFile : file.size > MAX_BYTES ? T.tooLarge : undefined;
    setFileProblem(problem);
    if (problem || !file) return;
    const answer = await upload.run(async () => {
      // Who may not touch products but may see customers can only mean a customers file.
      if (!can('commerce.products'))
        return { customers: { file, preview: await sendCustomers(site.id, file, true) } };
      try {
        return { job: await uploadFile(site.id, file) };
      } catch (error) {
        // The server recognised a Shopify customer export: the same file goes to the customer preview.
        if (!(error instanceof ApiError) || error.type !== 'CUSTOMERS_FILE') throw error;
        return { customers: { file, preview: await sendCustomers(site.id, file, true) } };
      }
    });
    if (answer?.job) setJob(answer.job);
    if (answer?.customers) setCustomers(answer.customers);
  };
  const begin = async () => {
    if (!job) return;
    const answer = await start.run(() =>
      api.post<{ job: ImportJobView }>(`${base(site.id)}/${job.id}/start`),
    );
    if (answer) setJob(answer.job);
  };

  const preview = job?.preview;
  const shownRows = preview?.rows ?? [];
  const productsDone = job?.status === 'done';
  const status = !job
    ? ''
    : job.status === 'running'
      ? T.running(job.processed, job.total)
      : productsDone && job.result
        ? T.done(job.result.created, job.result.updated)
        : '';

  return (
    <div className="product-import">
      <div className="title-row">
        <PageTitle>{T.title}</PageTitle>
        <Link to={paths.products(site.id)}>{T.toProducts}</Link>
      </div>
      <p>{T.intro}</p>

      {customers ? (
        <CustomerImport
          file={customers.file}
          preview={customers.preview}
          onReset={() => setCustomers(null)}
        />
      ) : null}

      {!customers && (!job || job.status === 'previewed') ? (
        <form className="import-stack" onSubmit={check} noValidate>
          <TextField
            label={T.file}
            hint={T.fileHint}
            type="file"
            accept=".csv,text/csv"
            error={fileProblem}
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              setFileProblem(undefined);
            }}
          />
          <ErrorBox error={upload.error} />
          <div>
            <Button
              type="submit"
              busy={upload.busy}
              disabled={!can('commerce.products') && !can('commerce.orders')}
            >
              {T.check}
            </Button>
          </div>
        </form>
      ) : null}

      {job && preview ? (
        <section aria-labelledby="import-preview" className="import-stack">
          <h2 id="import-preview">{T.previewTitle}</h2>
          <p>{T.detected(T.formats[job.format] ?? job.format, job.filename)}</p>
          <p>
            <strong>{T.counts(preview.create, preview.update, preview.refusedProducts)}</strong>{' '}
            {T.variantsAndImages(preview.variants, preview.images)}
          </p>
          {shownRows.length > 0 ? (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{T.line}</th>
                    <th scope="col">{T.action}</th>
                    <th scope="col">{T.product}</th>
                    <th scope="col">{T.variants}</th>
                    <th scope="col">{T.price}</th>
                  </tr>
                </thead>
                <tbody>
                  {shownRows.map((row) => (
                    <tr key={row.line}>
                      <td>{row.line}</td>
                      <td>{row.action === 'create' ? T.create : T.update}</td>
                      <td>{row.title}</td>
                      <td>{row.variants}</td>
                      <td>{money(row.priceMinor, site.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {job.total > shownRows.length ? <p>{T.moreRows(job.total - shownRows.length)}</p> : null}
          <RefusedTable
            refused={preview.refused}
            more={preview.refusedCount - preview.refused.length}
            subject={T.product}
          />
          {job.status === 'previewed' && job.total > 0 && can('commerce.products') ? (
            <div>
              <Button variant="primary" busy={start.busy} onClick={begin}>
                {T.start(job.total)}
              </Button>
            </div>
          ) : null}
          <ErrorBox error={start.error} />
        </section>
      ) : null}

      {job && job.status !== 'previewed' ? (
        <section className="import-stack" aria-label={T.progressLabel}>
          <Progress
            label={T.progressLabel}
            value={job.percent}
            text={status || T.running(job.processed, job.total)}
          />
          {job.images.total > 0 ? (
            <Progress
              label={T.imagesLabel}
              value={Math.floor(((job.images.done + job.images.failed) / job.images.total) * 100)}
              text={T.images(job.images.done, job.images.total, job.images.failed)}
            />
          ) : null}
          <ErrorBox error={job.status === 'failed' ? job.error : null} />
          {job.result ? <RefusedTable refused={job.result.refused} more={0} subject={T.product} /> : null}
          {productsDone || job.status === 'failed' ? (
            <div className="import-actions">
              <Link className="button button--primary" to={paths.products(site.id)}>
                {T.toProducts}
              </Link>
              <Button onClick={() => setJob(null)}>{T.anotherFile}</Button>
            </div>
          ) : null}
        </section>
      ) : null}
      <CustomerExportLink />
      <StatusMessage>{status}</StatusMessage>
    </div>
  );
}
