// Cart formatters: `cart-quantity` (the pill count), `cart-url`, and the retired `cart-subtotal`.

import { cartQuantityLabel } from '@baukasten/commerce';
import type { Formatter } from '../../plugin-api.js';
import { asRecord } from './template-context.js';

function totalQuantity(cart: unknown): number {
  const entries = asRecord(cart)?.entries;
  if (!Array.isArray(entries)) return 0;
  let total = 0;
  for (const entry of entries) {
    const quantity = Number(asRecord(entry)?.quantity ?? 0);
    if (Number.isFinite(quantity)) total += quantity;
  }
  return total;
}

/** `{cart|cart-quantity}`: the sum of entry quantities, '100+' above 100 like the cart pill (spec 9). */
export const cartQuantity: Formatter = (value) =>
  `<span class="sqs-cart-quantity">${cartQuantityLabel(totalQuantity(value))}</span>`;

export const cartFormatters: Record<string, Formatter> = {
  'cart-quantity': cartQuantity,
  // Retired in the legacy engine: a subtotal needs the cart's currency, use money on cart totals.
  'cart-subtotal': () => 'deprecated, do not use',
  'cart-url': () => '/cart',
};
