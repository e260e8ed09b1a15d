import { SHOPPING_CART_URL } from '../product/cart-request.js';

/*
 * What happens between the add button and the custom product form (spec 5): reading the stock and what
 * the cart already holds. It lives in the form's own chunk, fetched on the first add of a product with a
 * form, so product pages without one carry none of it.
 */

export const STOCK_URL = '/api/commerce/inventory/stock/';

export interface StockAnswer {
  /** Stock records of the item (one per variant) and how many of it the cart holds already. */
  records: { sku?: string; unlimited?: boolean; qtyInStock?: number }[];
  quantityInCart: number;
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/**
 * The stock check before a custom form opens (spec 5): the item's stock call, and the visitor's cart
 * when there is one. `sku` narrows both to the chosen variant. Rejects when the stock cannot be read.
 */
export async function fetchFormProductStock(
  itemId: string,
  sku: string | undefined,
  hasCart: boolean,
): Promise<StockAnswer> {
  const [stock, cart] = await Promise.all([
    getJson(`${STOCK_URL}?itemId=${encodeURIComponent(itemId)}`),
    hasCart ? getJson(SHOPPING_CART_URL).catch(() => null) : Promise.resolve(null),
  ]);
  const results = (stock as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new Error('no stock results');
  const records = (results as StockAnswer['records']).filter((r) => !sku || r?.sku === sku);
  const entries = (cart as { entries?: unknown } | null)?.entries;
  let quantityInCart = 0;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const e = entry as { itemId?: unknown; quantity?: unknown; chosenVariant?: { sku?: unknown } };
    if (e?.itemId !== itemId || (sku && e.chosenVariant?.sku !== sku)) continue;
    quantityInCart += typeof e.quantity === 'number' ? e.quantity : 0;
  }
  return { records, quantityInCart };
}
