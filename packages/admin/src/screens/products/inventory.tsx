import { type FormEvent, useState } from 'react';
import { inventory as inventoryApi } from '../../api/admin-api.js';
import type { StockLevel, StockRow } from '../../api/admin-types.js';
import { ApiError, api } from '../../api/api-client.js';
import { t } from '../../messages.js';
import { Link } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading, NotAvailable, StatusMessage, TextField } from '../../ui/controls.js';
import { variantLabel } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { L, LowStockThresholdCell, thresholdsPath } from './low-stock-threshold.js';
import { Pager } from './pager.js';
import { RestockPanel } from './restock-panel.js';

/*
 * /lager — every variant's stock, editable in place. Each save names the value the owner saw
 * (`expected`); when an order changed it meanwhile the server refuses with the current value, which
 * the row then shows. Below: who waits for a sold-out variant, with the restock mails (restock-panel.tsx).
 */

const fixedUnlimited = (row: StockRow) => row.productType === 'digital' || row.productType === 'giftCard';

function StockCells({
  row,
  canEdit,
  onSaved,
}: {
  row: StockRow;
  canEdit: boolean;
  onSaved: (level: StockLevel, note: string) => void;
}) {
  const { site } = useSite();
  const action = useAction();
  const [seen, setSeen] = useState<StockLevel>({ unlimited: row.unlimited, qtyInStock: row.qtyInStock });
  const [stock, setStock] = useState(String(row.qtyInStock));
  const [unlimited, setUnlimited] = useState(row.unlimited);
  const [invalid, setInvalid] = useState(false);
  const label = `${row.productTitle} – ${variantLabel(row.attributes)}`;
  const changed = unlimited !== seen.unlimited || stock.trim() !== String(seen.qtyInStock);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const quantity = /^\d+$/.test(stock.trim()) ? Number(stock.trim()) : Number.NaN;
    setInvalid(!unlimited && Number.isNaN(quantity));
    if (!unlimited && Number.isNaN(quantity)) return;
    const next: Partial<StockLevel> = { unlimited };
    if (!Number.isNaN(quantity)) next.qtyInStock = quantity;
    const answer = await action.run(async () => {
      try {
        return await inventoryApi.setStock(site.id, row.variantId, seen, next);
      } catch (error) {
        // Refused because the stock moved (an order, another person): the refusal carries the current
        // value, which the row shows so the next save is made knowing it.
        const current =
          error instanceof ApiError ? (error.body as { current?: StockLevel })?.current : undefined;
        if (current) {
          setSeen(current);
          setStock(String(current.qtyInStock));
          setUnlimited(current.unlimited);
        }
        throw error;
      }
    });
    if (answer) {
      const level = { unlimited: answer.unlimited, qtyInStock: answer.qtyInStock };
      setSeen(level);
      setStock(String(level.qtyInStock));
      setUnlimited(level.unlimited);
      onSaved(level, t.stockSaved(label));
    }
  };

  if (!canEdit || fixedUnlimited(row))
    return (
      <>
        <td>{row.unlimited ? '–' : row.qtyInStock}</td>
        <td>{row.unlimited ? t.unlimited : ''}</td>
        <td />
      </>
    );
  return (
    <>
      <td>
        <form id={`stock-${row.variantId}`} onSubmit={save} className="inline-form">
          <TextField
            className="compact"
            label={<span className="visually-hidden">{t.stockOf(label)}</span>}
            inputMode="numeric"
            value={stock}
            disabled={unlimited || action.busy}
            onChange={(e) => setStock(e.target.value)}
            error={invalid ? 'Bitte gib eine ganze Zahl ein.' : undefined}
          />
        </form>
      </td>
      <td>
        <input
          type="checkbox"
          form={`stock-${row.variantId}`}
          aria-label={t.unlimitedOf(label)}
          checked={unlimited}
          disabled={action.busy}
          onChange={(e) => setUnlimited(e.target.checked)}
        />
      </td>
      <td>
        <Button
          type="submit"
          form={`stock-${row.variantId}`}
          busy={action.busy}
          disabled={!changed}
          aria-label={`${t.save}: ${t.stockOf(label)}`}
        >
          {t.save}
        </Button>
        <ErrorBox error={action.error} />
      </td>
    </>
  );
}

export function Inventory() {
  const { site, can } = useSite();
  const [offset, setOffset] = useState(0);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [note, setNote] = useState('');
  const loaded = useLoad(() => inventoryApi.list(site.id, { q: search, offset }), [site.id, search, offset]);
  const alerts = useLoad(
    () => api.get<{ thresholds: Record<string, number> }>(thresholdsPath(site.id)),
    [site.id],
  );
  if (isMissingRoute(loaded.error)) return <NotAvailable title={t.inventoryTitle} />;
  const list = loaded.data;
  const canEdit = can('commerce.inventory');
  return (
    <div>
      <PageTitle>{t.inventoryTitle}</PageTitle>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setOffset(0);
          setSearch(query.trim());
        }}
      >
        <TextField
          label={t.searchProducts}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit">{t.search}</Button>
      </form>
      <ErrorBox error={loaded.error} />
      <StatusMessage>{note}</StatusMessage>
      {loaded.loading && !list ? <Loading /> : null}
      {list && list.variants.length === 0 ? <p className="empty">{t.noResults}</p> : null}
      {list && list.variants.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{t.inventoryTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{t.product}</th>
                <th scope="col">{t.variant}</th>
                <th scope="col">{t.sku}</th>
                <th scope="col">{t.stock}</th>
                <th scope="col">{t.unlimited}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.save}</span>
                </th>
                {alerts.data ? <th scope="col">{L.column}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.variants.map((row) => (
                <tr key={row.variantId}>
                  <th scope="row">
                    <Link to={paths.product(site.id, row.productId)}>{row.productTitle}</Link>
                  </th>
                  <td>{variantLabel(row.attributes)}</td>
                  <td>
                    <code>{row.sku}</code>
                  </td>
                  <StockCells row={row} canEdit={canEdit} onSaved={(_, message) => setNote(message)} />
                  {alerts.data ? (
                    fixedUnlimited(row) ? (
                      <td />
                    ) : (
                      <LowStockThresholdCell
                        siteId={site.id}
                        variantId={row.variantId}
                        label={`${row.productTitle} – ${variantLabel(row.attributes)}`}
                        threshold={alerts.data.thresholds[row.variantId]}
                        canEdit={canEdit}
                        onSaved={setNote}
                      />
                    )
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list ? (
        <Pager total={list.total} limit={list.limit} offset={list.offset} onOffset={setOffset} />
      ) : null}
      <RestockPanel />
    </div>
  );
}
