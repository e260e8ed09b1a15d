// Merchandising blocks fed by productMerchandisingContext[productId] (spec 3):
// `product-restock-notification` (the back-in-stock sign-up per sold-out variant) and
// `product-scarcity` ('Only 3 left!' per variant).

import type { Formatter } from '../../plugin-api.js';
import { escapeHtml, jsonAttribute, plainText } from './html-escaping.js';
import { fillPlaceholders } from './message-text.js';
import { asRecord, captchaSiteKey, isTruthy, itemId, merchandisingFor } from './template-context.js';

const objects = (value: unknown) => (Array.isArray(value) ? value.map((v) => asRecord(v) ?? {}) : []);

/**
 * `{item|product-restock-notification}`: one sign-up form per restock view (spec 5: email field,
 * optional mailing-list checkbox, captcha container when the site has a key). The restock island
 * validates and submits it.
 */
export const productRestockNotification: Formatter = (value, _args, scope) => {
  const productId = itemId(value);
  const context = merchandisingFor(scope, productId);
  const messages = asRecord(context?.restockNotificationMessages) ?? {};
  const text = (key: string) => escapeHtml(plainText(messages[key]));
  const mailingList = isTruthy(context?.mailingListSignUpEnabled)
    ? '  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"' +
      `${isTruthy(context?.mailingListOptInByDefault) ? ' checked' : ''}>${text('mailingListDescription')}</label>`
    : '';
  const captcha = captchaSiteKey(scope) ? '  <div class="captcha-container"></div>' : '';
  const views = objects(context?.restockNotificationViews).map(
    (view) =>
      `\n<div class="product-restock-notification" data-product-id="${escapeHtml(productId)}"` +
      ` data-variant-id="${escapeHtml(plainText(view.variantId))}"${isTruthy(view.hiddenByDefault) ? ' hidden' : ''}>` +
      `\n  <span class="product-restock-cta">${text('CTAText')}</span>` +
      '\n  <form class="product-restock-form" action="#">' +
      '\n    <input type="text" x-autocompletetype="email" spellcheck="false" name="email"' +
      ` placeholder="${text('placeholderText')}">` +
      `\n    <input class="sqs-editable-button" type="submit" value="${text('buttonText')}">` +
      `\n  </form>\n${mailingList}\n${captcha}\n</div>\n`,
  );
  return views.join('');
};

/**
 * `{item|product-scarcity}`: the store's scarcity text per variant view, filled with the stock
 * left. Views for a specific variant start hidden; the variant island shows the chosen one.
 */
export const productScarcity: Formatter = (value, _args, scope) => {
  const context = merchandisingFor(scope, itemId(value));
  if (!context || !isTruthy(context.scarcityEnabled)) return undefined;
  const template = plainText(context.scarcityText);
  return objects(context.scarcityTemplateViews)
    .map((view) => {
      const variant = isTruthy(view.attributes)
        ? ` data-variant-attributes="${jsonAttribute(view.attributes)}" hidden`
        : '';
      const qtyInStock = plainText(view.qtyInStock);
      const message = escapeHtml(fillPlaceholders(template, { qtyInStock }));
      return `\n  <div class="product-scarcity"${variant}>\n    ${message}\n  </div>\n`;
    })
    .join('');
};
