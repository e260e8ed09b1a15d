import { type FormEvent, useState } from 'react';
import { api, apiUrl } from '../../api/api-client.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading, NotAvailable, StatusMessage, TextField } from '../../ui/controls.js';
import { date, money } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { Pager } from '../products/pager.js';

/*
 * /kunden — everyone who ordered (guests by e-mail address) and everyone with a customer account: orders,
 * total spent, newsletter. Per customer: the data download (Art. 15/20 DSGVO, JSON) and erasure (Art. 17),
 * which anonymises the orders and keeps invoices, as the law requires.
 */

interface CustomerRow {
  email: string;
  name: string | null;
  hasAccount: boolean;
  orderCount: number;
  totalSpentMinor: number;
  currency: string;
  lastOrderAt: number | null;
  since: number;
  newsletter: 'confirmed' | 'pending' | 'unsubscribed' | 'none';
}

export const C = {
  title: 'Kunden',
  search: 'Suche nach E-Mail oder Name',
  filter: 'Suchen',
  exportCsv: 'Als CSV exportieren',
  empty: 'Keine Kundinnen und Kunden gefunden.',
  email: 'E-Mail',
  name: 'Name',
  orders: 'Bestellungen',
  spent: 'Umsatz',
  lastOrder: 'Letzte Bestellung',
  newsletter: 'Newsletter',
  actions: 'Daten',
  account: 'Kundenkonto',
  newsletterTexts: { confirmed: 'angemeldet', pending: 'unbestätigt', unsubscribed: 'abgemeldet', none: '–' },
  download: (email: string) => `Daten von ${email} herunterladen (JSON)`,
  downloadShort: 'Daten herunterladen',
  erase: 'Löschen',
  eraseTitle: (email: string) => `Daten von ${email} löschen`,
  eraseExplain:
    'Gelöscht werden das Kundenkonto mit Anmeldungen und gespeicherten Adressen, Newsletter-Anmeldungen und Benachrichtigungen. ' +
    'Bestellungen bleiben für die Buchhaltung erhalten (§ 147 AO, 10 Jahre), aber ohne Name, E-Mail-Adresse und Anschrift. ' +
    'Bereits ausgestellte Rechnungen dürfen nicht geändert werden (§ 14b UStG) und bleiben unverändert aufbewahrt.',
  confirmEmail: 'Zur Bestätigung die E-Mail-Adresse eingeben',
  eraseNow: 'Endgültig löschen',
  cancel: 'Abbrechen',
  erased: (n: number) => `Gelöscht. ${n} Bestellung(en) wurden anonymisiert.`,
} as const;

const PAGE = 50;

export function CustomerList() {
  const { site, can } = useSite();
  const [query, setQuery] = useState('');
  const [draft, setDraft] = useState('');
  // Pages of 50, paged and searched by the database (issue 23): any number of customers stays reachable.
  const [offset, setOffset] = useState(0);
  const path = `/sites/${encodeURIComponent(site.id)}/customers`;
  const loaded = useLoad(
    () =>
      api.get<{ customers: CustomerRow[]; total: number }>(path, {
        query: { q: query, limit: PAGE, ...(offset > 0 ? { offset } : {}) },
      }),
    [path, query, offset],
  );
  const [erasing, setErasing] = useState<string>();
  const [note, setNote] = useState('');
  if (isMissingRoute(loaded.error)) return <NotAvailable title={C.title} />;
  const list = loaded.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
    setOffset(0);
  };
  return (
    <div>
      <div className="title-row">
        <PageTitle>{C.title}</PageTitle>
        <a className="button button--secondary" href={apiUrl(`${path}/export.csv`, { q: query })} download>
          {C.exportCsv}
        </a>
      </div>
      <form className="filters" onSubmit={submit} aria-label={C.filter}>
        <TextField label={C.search} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit">{C.filter}</Button>
      </form>
      <StatusMessage>{note}</StatusMessage>
      <ErrorBox error={loaded.error} />
      {loaded.loading && !list ? <Loading /> : null}
      {list && list.customers.length === 0 ? <p className="empty">{C.empty}</p> : null}
      {list && list.customers.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{C.title}</caption>
            <thead>
              <tr>
                <th scope="col">{C.email}</th>
                <th scope="col">{C.name}</th>
                <th scope="col" className="numeric">
                  {C.orders}
                </th>
                <th scope="col" className="numeric">
                  {C.spent}
                </th>
                <th scope="col">{C.lastOrder}</th>
                <th scope="col">{C.newsletter}</th>
                {can('commerce.orders') ? <th scope="col">{C.actions}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.customers.map((c) => (
                <tr key={c.email}>
                  <th scope="row">
                    {c.email}
                    {c.hasAccount ? <span className="badge">{C.account}</span> : null}
                  </th>
                  <td>{c.name ?? ''}</td>
                  <td className="numeric">{c.orderCount}</td>
                  <td className="numeric">{money(c.totalSpentMinor, c.currency)}</td>
                  <td>{c.lastOrderAt ? date(c.lastOrderAt, site.timeZone) : '–'}</td>
                  <td>{C.newsletterTexts[c.newsletter]}</td>
                  {can('commerce.orders') ? (
                    <td>
                      <a
                        href={apiUrl(`${path}/data`, { email: c.email })}
                        download
                        aria-label={C.download(c.email)}
                      >
                        {C.downloadShort}
                      </a>{' '}
                      <Button
                        variant="quiet"
                        onClick={() => setErasing(c.email)}
                        aria-label={C.eraseTitle(c.email)}
                      >
                        {C.erase}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list ? <Pager total={list.total} limit={PAGE} offset={offset} onOffset={setOffset} /> : null}
      {erasing ? (
        <EraseCustomer
          path={path}
          email={erasing}
          onDone={(text) => {
            setErasing(undefined);
            if (text) {
              setNote(text);
              loaded.reload();
            }
          }}
        />
      ) : null}
    </div>
  );
}

function EraseCustomer({
  path,
  email,
  onDone,
}: {
  path: string;
  email: string;
  onDone: (note?: string) => void;
}) {
  const action = useAction();
  const [confirmEmail, setConfirmEmail] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await action.run(() =>
      api.post<{ erasure: { ordersAnonymised: number } }>(`${path}/erase`, { email, confirmEmail }),
    );
    if (answer) onDone(C.erased(answer.erasure.ordersAnonymised));
  };
  return (
    <section className="card" aria-labelledby="erase-title">
      <h2 id="erase-title">{C.eraseTitle(email)}</h2>
      <p>{C.eraseExplain}</p>
      <form className="form" onSubmit={submit} noValidate>
        <ErrorBox error={action.error} />
        <TextField
          label={C.confirmEmail}
          type="email"
          autoComplete="off"
          value={confirmEmail}
          onChange={(e) => setConfirmEmail(e.target.value)}
          autoFocus
        />
        <div className="form-actions">
          <Button type="submit" variant="danger" busy={action.busy}>
            {C.eraseNow}
          </Button>
          <Button onClick={() => onDone()}>{C.cancel}</Button>
        </div>
      </form>
    </section>
  );
}
