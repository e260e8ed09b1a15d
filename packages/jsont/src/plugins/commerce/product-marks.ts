// `product-status`: the sold-out or sale mark of a product (precedence sold-out, sale, nothing;
// spec 4), and `product-quick-view`, the button that opens the quick view.

import { type ProductInput, productMark, productMarkText } from '@baukasten/commerce';
import type { Formatter } from '../../plugin-api.js';
import { escapeHtml, plainText } from './html-escaping.js';
import { asRecord, itemId, localizedString, merchandisingFor } from './template-context.js';

/** `{item|product-status}`: the store's custom sold-out text wins over the site's translation. */
export const productStatus: Formatter = (value, _args, scope) => {
  const item = value as ProductInput;
  const mark = productMark(item);
  if (!mark) return undefined;
  if (mark === 'sold-out') {
    const custom = plainText(merchandisingFor(scope, itemId(item))?.customSoldOutText);
    const text = productMarkText(mark, custom || localizedString(scope, 'productSoldOutText'));
    return `<div class="product-mark sold-out">${escapeHtml(text)}</div>`;
  }
  const text = localizedString(scope, 'productSaleText') || productMarkText(mark);
  return `<div class="product-mark sale">${escapeHtml(text)}</div>`;
};

/**
 * `{item|product-quick-view group}`: the argument names the group, read from the item first, then
 * from the context; a name found in neither is the group itself.
 */
export const productQuickView: Formatter = (value, args, scope) => {
  const name = args[0] ?? '';
  let group = name;
  if (name) {
    const own = asRecord(value)?.[name];
    const found = own !== undefined ? own : scope.resolve(name);
    if (found !== undefined && found !== null) group = plainText(found);
  }
  const label = escapeHtml(localizedString(scope, 'productQuickViewText') || 'Quick View');
  return (
    `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${escapeHtml(itemId(value))}"` +
    ` data-group="${escapeHtml(group)}">${label}</span>`
  );
};
