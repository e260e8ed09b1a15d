// CSS classes of a content item in a list, so themes can style promoted, featured, tagged, on-sale
// and sold-out entries without logic in the template.

import { isOnSale, isSoldOut, RecordType } from '@baukasten/commerce';
import type { Formatter } from '../../plugin-api.js';
import { asNumber, asText, field, isTruthy } from './template-values.js';

/** Lower-case, letters, digits and dashes only; whitespace runs become one dash. */
export function slugify(text: string): string {
  return text
    .replace(/[^a-zA-Z0-9\s-]+/g, '')
    .replace(/\s+/g, '-')
    .toLowerCase();
}

const listClasses = (prefix: string, list: unknown) =>
  Array.isArray(list) ? list.map((entry) => ` ${prefix}-${slugify(asText(entry))}`).join('') : '';

export const itemClasses: Formatter = (value, _args, scope) => {
  let classes = 'hentry';
  const promoted = scope.resolve('promotedBlockType');
  if (isTruthy(promoted)) classes += ` promoted promoted-block-${slugify(asText(promoted))}`;
  classes += listClasses('category', scope.resolve('categories'));
  classes += listClasses('tag', scope.resolve('tags'));
  const displayName = field(scope.resolve('author'), 'displayName');
  if (isTruthy(displayName)) classes += ` author-${slugify(asText(displayName))}`;
  classes += ` post-type-${asText(scope.resolve('recordTypeLabel'))}`;
  const index = scope.resolve('@index');
  if (index !== undefined) classes += ` article-index-${asNumber(index)}`;
  if (isTruthy(scope.resolve('starred'))) classes += ' featured';
  if (asNumber(field(value, 'recordType')) === RecordType.STORE_ITEM) {
    // Product display rules are the shop's, so the shop package decides on-sale and sold-out.
    const product = value as Parameters<typeof isOnSale>[0];
    if (isOnSale(product)) classes += ' on-sale';
    if (isSoldOut(product)) classes += ' sold-out';
  }
  return classes;
};

/** A path relative to the site joined to the context's `base-url`. */
export const absUrl: Formatter = (value, _args, scope) =>
  `${asText(scope.resolve('base-url'))}/${asText(value)}`;

/** Upper-cases the whole text (the name is historical). */
export const capitalize: Formatter = (value) => asText(value).toUpperCase();
