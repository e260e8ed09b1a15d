import { type FormEvent, useState } from 'react';
import { orders as ordersApi } from '../../api/admin-api.js';
import type { OrderFilter, OrderStatus } from '../../api/admin-types.js';
import { t } from '../../messages.js';
import { Link, navigate, useLocation } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading, NotAvailable, SelectField, TextField } from '../../ui/controls.js';
import { dateTime, money } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { Pager } from '../products/pager.js';
import { BulkShip } from './bulk-ship.js';

/*
 * /bestellungen — orders newest first, filtered by status, days (in the website's time zone) and an
 * order number or email. The filters live in the address, so a filtered list can be bookmarked, and
 * the CSV export link carries the same filters.
 */

const STATUSES: OrderStatus[] = ['open', 'fulfilled', 'cancelled'];

export function filterOf(search: string): OrderFilter {
  const params = new URLSearchParams(search);
  const status = params.get('status') ?? '';
  return {
    status: (STATUSES as string[]).includes(status) ? (status as OrderStatus) : '',
    from: params.get('von') ?? '',
    to: params.get('bis') ?? '',
    q: params.get('suche') ?? '',
    offset: Number(params.get('ab')) || 0,
  };
}

export function searchOf(filter: OrderFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.from) params.set('von', filter.from);
  if (filter.to) params.set('bis', filter.to);
  if (filter.q) params.set('suche', filter.q);
  if (filter.offset) params.set('ab', String(filter.offset));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function OrderList() {
  const { site, can } = useSite();
  const { search } = useLocation();
  // Orders ticked for "Mehrere versenden" (issue #23).
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const filter = filterOf(search);
  const [draft, setDraft] = useState(filter);
  const loaded = useLoad(() => ordersApi.list(site.id, filter), [site.id, search]);
  if (isMissingRoute(loaded.error)) return <NotAvailable title={t.ordersTitle} />;

  const apply = (next: OrderFilter) =>
    navigate(`${paths.orders(site.id)}${searchOf(next)}`, { replace: true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...draft, offset: 0 });
  };
  const list = loaded.data;
  const fields = loaded.error?.fields ?? {};

  return (
    <div>
      <div className="title-row">
        <PageTitle>{t.ordersTitle}</PageTitle>
        <a className="button button--secondary" href={ordersApi.exportUrl(site.id, filter)} download>
          {t.exportCsv}
        </a>
      </div>
      <form className="filters" onSubmit={submit} aria-label={t.filter}>
        <SelectField
          label={t.status}
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value as OrderStatus | '' })}
        >
          <option value="">{t.allStatuses}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t.statuses[status]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t.from}
          type="date"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          error={fields.from}
        />
        <TextField
          label={t.to}
          type="date"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          error={fields.to}
        />
        <TextField
          label={t.orderSearch}
          type="search"
          value={draft.q}
          onChange={(e) => setDraft({ ...draft, q: e.target.value })}
        />
        <Button type="submit">{t.filter}</Button>
      </form>
      <ErrorBox error={loaded.error} />
      {list && chosen.size > 0 && can('commerce.orders') ? (
        <BulkShip
          siteId={site.id}
          orders={list.orders.filter((o) => chosen.has(o.id))}
          onDone={() => {
            setChosen(new Set());
            loaded.reload();
          }}
        />
      ) : null}
      {loaded.loading && !list ? <Loading /> : null}
      {list && list.orders.length === 0 ? <p className="empty">{t.noResults}</p> : null}
      {list && list.orders.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{t.ordersTitle}</caption>
            <thead>
              <tr>
                {can('commerce.orders') ? (
                  <th scope="col">
                    <span className="visually-hidden">Zum Versenden auswählen</span>
                  </th>
                ) : null}
                <th scope="col">{t.orderNumber}</th>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.customer}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.payment}</th>
                <th scope="col">{t.items}</th>
                <th scope="col" className="numeric">
                  {t.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.orders.map((order) => (
                <tr key={order.id}>
                  {can('commerce.orders') ? (
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Bestellung #${order.orderNumber} zum Versenden auswählen`}
                        checked={chosen.has(order.id)}
                        disabled={order.status !== 'open'}
                        onChange={(e) => {
                          const next = new Set(chosen);
                          if (e.target.checked) next.add(order.id);
                          else next.delete(order.id);
                          setChosen(next);
                        }}
                      />
                    </td>
                  ) : null}
                  <th scope="row">
                    <Link to={paths.order(site.id, order.id)}>#{order.orderNumber}</Link>
                    {order.testMode ? <span className="badge">{t.testOrder}</span> : null}
                  </th>
                  <td>{dateTime(order.createdAt, site.timeZone)}</td>
                  <td>
                    {order.customerName ?? ''}
                    {order.customerEmail ? <span className="muted"> {order.customerEmail}</span> : null}
                  </td>
                  <td>
                    <span className={`status status--${order.status}`}>{order.statusText}</span>
                  </td>
                  <td>{order.paymentStatusText ?? ''}</td>
                  <td>{order.itemCount}</td>
                  <td className="numeric">{money(order.grandTotalMinor, order.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list ? (
        <Pager
          total={list.total}
          limit={list.limit}
          offset={list.offset}
          onOffset={(offset) => apply({ ...filter, offset })}
        />
      ) : null}
    </div>
  );
}
