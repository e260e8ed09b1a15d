import { t } from '../../messages.js';
import { variantLabel } from '../../ui/format.js';
import type { VariantRow } from './variant-grid.js';

/*
 * The grid of a product's variants: one row per combination, with price, sale price, sale flag, stock
 * and SKU as the owner types them. Every input is named by its variant ("Preis: M / Rot"), and the
 * server's messages for a variant show in its row.
 */

export interface VariantTableProps {
  rows: VariantRow[];
  /** The product's price, shown where a row's price is left empty. */
  basePrice: string;
  currency: string;
  showStock: boolean;
  /** Field messages by request path ("variants.2.salePriceMinor"). */
  fields: Record<string, string | undefined>;
  onChangeRow: (index: number, change: Partial<VariantRow>) => void;
}

export function VariantTable({
  rows,
  basePrice,
  currency,
  showStock,
  fields,
  onChangeRow: changeRow,
}: VariantTableProps) {
  return (
    <div className="table-scroll">
      <table className="variant-grid">
        <caption className="visually-hidden">{t.variants}</caption>
        <thead>
          <tr>
            <th scope="col">{t.variant}</th>
            <th scope="col">
              {t.price} ({currency})
            </th>
            <th scope="col">
              {t.salePrice} ({currency})
            </th>
            <th scope="col">{t.onSale}</th>
            {showStock ? <th scope="col">{t.stock}</th> : null}
            {showStock ? <th scope="col">{t.unlimited}</th> : null}
            <th scope="col">{t.sku}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const label = variantLabel(row.attributes);
            const error = (field: string) => fields[`variants.${i}.${field}`];
            const rowErrors = ['priceMinor', 'salePriceMinor', 'qtyInStock', 'sku', 'id']
              .map(error)
              .concat(fields[`variants.${i}`])
              .filter(Boolean);
            return (
              <tr key={JSON.stringify(row.attributes)} aria-invalid={rowErrors.length > 0 || undefined}>
                <th scope="row">
                  {label}
                  {rowErrors.map((message) => (
                    <span key={message} className="field-error">
                      {message}
                    </span>
                  ))}
                </th>
                <td>
                  <input
                    aria-label={`${t.price}: ${label}`}
                    inputMode="decimal"
                    value={row.price}
                    placeholder={basePrice}
                    aria-invalid={error('priceMinor') ? true : undefined}
                    onChange={(e) => changeRow(i, { price: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`${t.salePrice}: ${label}`}
                    inputMode="decimal"
                    value={row.salePrice}
                    aria-invalid={error('salePriceMinor') ? true : undefined}
                    onChange={(e) => changeRow(i, { salePrice: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${t.onSale}: ${label}`}
                    checked={row.onSale}
                    onChange={(e) => changeRow(i, { onSale: e.target.checked })}
                  />
                </td>
                {showStock ? (
                  <td>
                    <input
                      aria-label={`${t.stock}: ${label}`}
                      inputMode="numeric"
                      value={row.stock}
                      disabled={row.unlimited}
                      aria-invalid={error('qtyInStock') ? true : undefined}
                      onChange={(e) => changeRow(i, { stock: e.target.value, stockTouched: true })}
                    />
                  </td>
                ) : null}
                {showStock ? (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${t.unlimited}: ${label}`}
                      checked={row.unlimited}
                      onChange={(e) => changeRow(i, { unlimited: e.target.checked, stockTouched: true })}
                    />
                  </td>
                ) : null}
                <td>
                  <input
                    aria-label={`${t.sku}: ${label}`}
                    value={row.sku}
                    placeholder="automatisch"
                    aria-invalid={error('sku') ? true : undefined}
                    onChange={(e) => changeRow(i, { sku: e.target.value })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
