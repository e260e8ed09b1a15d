// The price block of a product (`product-price`) and the bare price numbers (`from-price`,
// `normal-price`, `sale-price`). Which price shows is decided by @baukasten/commerce.

import {
  fromPrice,
  isSubscribable,
  normalPrice,
  type PriceMinor,
  type ProductInput,
  priceDisplay,
  productTypeOf,
  salePrice,
} from '@baukasten/commerce';
import type { Formatter, RenderScope } from '../../plugin-api.js';
import {
  fromLine,
  legacyHundredths,
  type PriceBlock,
  priceBlockMarkup,
  priceMarkup,
} from './price-markup.js';
import { subscriptionProductPriceBlock } from './subscription-price.js';

function oneTimePriceBlock(item: ProductInput, scope: RenderScope): PriceBlock {
  // A record whose type we do not know shows an empty block rather than a made-up 0.00.
  if (productTypeOf(item) === null) return {};
  const display = priceDisplay(item);
  const text = (price: PriceMinor) => priceMarkup(price, scope);
  if (display.kind === 'from') return { from: fromLine(text(display.price), scope) };
  if (display.kind === 'sale')
    return { sale: { price: text(display.price), original: text(display.original) } };
  return { normal: text(display.price) };
}

/** `{item|product-price}`: from price, sale price with the original struck, or the normal price. */
export const productPrice: Formatter = (value, _args, scope) => {
  const item = value as ProductInput;
  const block = isSubscribable(item)
    ? subscriptionProductPriceBlock(item, scope)
    : oneTimePriceBlock(item, scope);
  return priceBlockMarkup('product-price', block, scope);
};

/** The legacy price numbers print hundredths of the currency unit: 1.00 -> 100. */
const hundredths =
  (price: (item: ProductInput) => PriceMinor): Formatter =>
  (value) =>
    String(legacyHundredths(price(value as ProductInput)));

export const productPriceFormatters: Record<string, Formatter> = {
  'product-price': productPrice,
  'from-price': hundredths(fromPrice),
  'normal-price': hundredths(normalPrice),
  'sale-price': hundredths(salePrice),
};
