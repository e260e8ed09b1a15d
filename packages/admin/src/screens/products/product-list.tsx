import { type FormEvent, useState } from 'react';
import { products as productsApi } from '../../api/admin-api.js';
import type { ProductSummary } from '../../api/admin-types.js';
import { apiUrl } from '../../api/api-client.js';
import { t } from '../../messages.js';
import { Link } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading, NotAvailable, TextField } from '../../ui/controls.js';
import { money } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { Pager } from './pager.js';

const priceText = (p: ProductSummary) =>
  p.priceMinor.from === p.priceMinor.to
    ? money(p.priceMinor.from, p.currency)
    : `${money(p.priceMinor.from, p.currency)} – ${money(p.priceMinor.to, p.currency)}`;

const stockText = (p: ProductSummary) =>
  p.soldOut ? t.soldOut : p.stock.unlimited ? t.unlimited : t.inStock(p.stock.total);

export function ProductList() {
  const { site, can } = useSite();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const loaded = useLoad(() => productsApi.list(site.id, { q: search, offset }), [site.id, search, offset]);

  if (isMissingRoute(loaded.error)) return <NotAvailable title={t.productsTitle} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOffset(0);
    setSearch(query.trim());
  };
  const list = loaded.data;
  return (
    <div>
      <div className="title-row">
        <PageTitle>{t.productsTitle}</PageTitle>
        {can('commerce.products') ? (
          <span className="import-actions">
            <Link className="button" to={paths.productImport(site.id)}>
              Produkte importieren
            </Link>
            <a
              className="button"
              href={apiUrl(`/sites/${encodeURIComponent(site.id)}/products/export.csv`)}
              download
            >
              Als Shopify-CSV exportieren
            </a>
            <Link className="button button--primary" to={paths.newProduct(site.id)}>
              {t.newProduct}
            </Link>
          </span>
        ) : null}
      </div>
      <form className="filters" onSubmit={submit}>
        <TextField
          label={t.searchProducts}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit">{t.search}</Button>
      </form>
      <ErrorBox error={loaded.error} />
      {loaded.loading && !list ? <Loading /> : null}
      {list && list.products.length === 0 ? <p className="empty">{t.noResults}</p> : null}
      {list && list.products.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{t.productsTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{t.product}</th>
                <th scope="col">{t.productType}</th>
                <th scope="col">{t.price}</th>
                <th scope="col">{t.stock}</th>
                <th scope="col">{t.variants}</th>
              </tr>
            </thead>
            <tbody>
              {list.products.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <Link to={paths.product(site.id, p.id)}>{p.title}</Link>
                    {p.onSale ? <span className="badge">Angebot</span> : null}
                  </th>
                  <td>{t.productTypes[p.productType] ?? p.productType}</td>
                  <td>{priceText(p)}</td>
                  <td>{stockText(p)}</td>
                  <td>{t.variantCount(p.variantCount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list ? (
        <Pager total={list.total} limit={list.limit} offset={list.offset} onOffset={setOffset} />
      ) : null}
    </div>
  );
}
