// `quantity-input`: the quantity field of a product, where the store lets shoppers pick a quantity
// (spec 5; the rule is showsQuantityInput in @baukasten/commerce).

import { type ProductInput, QUANTITY_INPUT, showsQuantityInput } from '@baukasten/commerce';
import type { Formatter, RenderScope } from '../../plugin-api.js';
import { escapeHtml } from './html-escaping.js';
import { itemId, localizedOr, storeSettings } from './template-context.js';

/** The input markup, or '' when the product gets none. */
export function quantityInputMarkup(item: ProductInput, scope: RenderScope): string {
  if (!showsQuantityInput(item, storeSettings(scope))) return '';
  const label = escapeHtml(localizedOr(scope, 'productQuantityInputLabel', 'Quantity'));
  const { min, max, step, width } = QUANTITY_INPUT;
  return (
    `<div class="product-quantity-input" data-item-id="${escapeHtml(itemId(item))}" data-animation-role="content">` +
    `\n  <div class="quantity-label">${label}:</div>` +
    `\n  <input aria-label="${label}" size="${width}" max="${max}" min="${min}" value="${QUANTITY_INPUT.default}" type="number" step="${step}"></input>` +
    '\n</div>'
  );
}

/** `{item|quantity-input}`. */
export const quantityInput: Formatter = (value, _args, scope) =>
  quantityInputMarkup(value as ProductInput, scope) || undefined;
