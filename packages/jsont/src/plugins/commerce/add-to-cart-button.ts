// `add-to-cart-btn`: the add-to-cart (or subscribe) button of a product. The island
// (storefront) takes it over; the data attributes carry what it needs.

import {
  addButtonText,
  DEFAULT_ADD_TO_CART_TEXT,
  DEFAULT_SUBSCRIBE_TEXT,
  isSubscribable,
  type ProductInput,
  productContent,
} from '@baukasten/commerce';
import type { Formatter, RenderScope } from '../../plugin-api.js';
import { escapeHtml, jsonAttribute, plainText } from './html-escaping.js';
import { asRecord, localizedOr } from './template-context.js';

/** The button label: the store's custom text, else the site's translation of the default (spec 8). */
export function addToCartLabel(item: ProductInput, scope: RenderScope): string {
  const fallback = isSubscribable(item)
    ? localizedOr(scope, 'productSubscribeText', DEFAULT_SUBSCRIBE_TEXT)
    : localizedOr(scope, 'productAddToCartText', DEFAULT_ADD_TO_CART_TEXT);
  return addButtonText(item, fallback);
}

/**
 * The subscription option the button subscribes to: the product's first one, for subscribable
 * products only.
 */
function subscriptionOptionId(item: ProductInput): string {
  if (!isSubscribable(item)) return '';
  const options = productContent(item).productSubscriptionOptions;
  return Array.isArray(options) && options.length > 0 ? plainText(asRecord(options[0])?.id) : '';
}

export function addToCartButtonMarkup(item: ProductInput, scope: RenderScope): string {
  const record = asRecord(item) ?? {};
  const content = productContent(item);
  // The island can only open the additional-fields form when the page carries its definition too.
  const withForm = !!content.additionalFieldsFormId && !!content.additionalFieldsForm;
  const label = escapeHtml(addToCartLabel(item, scope));
  const optionId = subscriptionOptionId(item);
  const attributes = [
    `class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ${withForm ? 'use-form' : ''}"`,
    'role="button" tabindex="0" data-dynamic-strings',
    `data-collection-id="${escapeHtml(plainText(record.collectionId))}"`,
    `data-item-id="${escapeHtml(plainText(record.id))}"`,
    `data-product-type="${escapeHtml(plainText(content.productType))}"`,
    `data-use-custom-label="${escapeHtml(plainText(content.useCustomAddButtonText))}"`,
    ...(isSubscribable(item) ? ['data-is-subscription="true"'] : []),
    `data-original-label="${label}"`,
  ];
  const form = withForm ? `data-form="${jsonAttribute(content.additionalFieldsForm)}"` : '';
  const option = optionId ? `data-subscription-option-id="${escapeHtml(optionId)}"` : '';
  return (
    '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
    `  <div ${attributes.join(' ')} ${[form, option].filter(Boolean).join(' ')}>\n` +
    `    <div class="sqs-add-to-cart-button-inner">${label}</div>\n` +
    '  </div>\n</div>'
  );
}

/** `{item|add-to-cart-btn}`. */
export const addToCartButton: Formatter = (value, _args, scope) =>
  addToCartButtonMarkup(value as ProductInput, scope);
