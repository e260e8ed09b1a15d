// How a price is printed inside the product blocks: the legacy '<span class="sqs-money-native">'
// with a plain 1,234.56 (the storefront script localises it), or, when the site switched on
// locale money formats (featureFlags.useCLDRMoneyFormat), the finished text in the site locale.

import {
  currencyFractionDigits,
  FROM_PRICE_TEXT,
  formatLegacyMoney,
  formatMoney,
  fromPriceText,
  type MoneyLike,
  moneyToMinor,
  type PriceMinor,
} from '@baukasten/commerce';
import type { RenderScope } from '../../plugin-api.js';
import { escapeHtml } from './html-escaping.js';
import { asRecord, isTruthy, localizedOr } from './template-context.js';

export function usesLocaleMoneyFormat(scope: RenderScope): boolean {
  return isTruthy(scope.resolve('featureFlags.useCLDRMoneyFormat'));
}

/** The legacy texts count in hundredths whatever the currency: 2500 JPY is 250000 there. */
export function legacyHundredths(price: PriceMinor): number {
  return price.minor * 10 ** (2 - currencyFractionDigits(price.currency));
}

export function priceMarkup(price: PriceMinor, scope: RenderScope): string {
  if (usesLocaleMoneyFormat(scope)) return formatMoney(price.minor, price.currency, scope.locale);
  return `<span class="sqs-money-native">${formatLegacyMoney(legacyHundredths(price))}</span>`;
}

/** A money object of the context ({value, currency}); anything else counts as 0 USD (spec 3). */
export function moneyMarkup(money: unknown, scope: RenderScope): string {
  return priceMarkup(moneyToMinor(asRecord(money) as MoneyLike | undefined), scope);
}

/** What a price block shows; the first present part wins (spec 4: from, else sale, else normal). */
export interface PriceBlock {
  /** The whole 'from …' line, placeholders filled. */
  from?: string;
  sale?: { price: string; original: string };
  normal?: string;
}

/**
 * The price block markup shared by product-price and subscription-price. The sale price carries a
 * hidden label for the sale price and one for the original price (spec 9), translatable by the site.
 */
export function priceBlockMarkup(className: string, block: PriceBlock, scope: RenderScope): string {
  let body = '';
  if (block.from !== undefined) {
    body = `${block.from}\n`;
  } else if (block.sale) {
    const saleLabel = escapeHtml(localizedOr(scope, 'salePriceText', 'Sale Price:'));
    const originalLabel = escapeHtml(localizedOr(scope, 'originalPriceText', 'Original Price:'));
    body =
      `<span class="visually-hidden v6-visually-hidden">${saleLabel}</span>${block.sale.price} ` +
      `<span class="visually-hidden v6-visually-hidden">${originalLabel}</span>` +
      `<span class="original-price">${block.sale.original}</span>\n`;
  } else if (block.normal !== undefined) {
    body = block.normal;
  }
  return `<div class="${className}">\n${body}\n</div>`;
}

/** The site's 'from {fromPrice}' text (spec 8) with the price filled in. */
export function fromLine(price: string, scope: RenderScope): string {
  return fromPriceText(price, localizedOr(scope, 'productPriceFromText', FROM_PRICE_TEXT));
}
