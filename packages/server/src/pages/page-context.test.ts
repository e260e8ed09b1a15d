import type { Item, Website } from '@baukasten/storage';
import { describe, expect, it } from 'vitest';
import { productPageOptions } from './page-context.js';

/* The per-item contexts a product page hands to its islands, built without a database. */

const product = {
  merchandising: {
    scarcityEnabled: false,
    scarcityTemplateViews: [],
    scarcityText: '',
    scarcityShownByDefault: false,
  },
};
const item = (withProduct = true) =>
  ({ id: 'becher', product: withProduct ? product : null }) as unknown as Item;
const website = (instalments: Record<string, unknown> | undefined, locale = 'de-DE') =>
  ({ locale, settings: { instalments } }) as unknown as Website;
const afterpay = {
  afterPayAvailable: true,
  afterPayMin: 100,
  afterPayMax: 200_000,
  stripeAccountCountry: 'US',
};

describe('instalment context', () => {
  it('R3.14.1 is kept per item with afterPayAvailable, afterPayMin, afterPayMax, shopperLanguage and stripeAccountCountry', () => {
    expect(productPageOptions(item(), website(afterpay), 'fr-CA,fr;q=0.9').instalmentContext).toEqual({
      afterPayAvailable: true,
      afterPayMin: 100,
      afterPayMax: 200_000,
      shopperLanguage: 'fr-CA',
      stripeAccountCountry: 'US',
    });
    // Without an Accept-Language the shopper is taken to speak the site's language.
    expect(productPageOptions(item(), website(afterpay, 'de-DE')).instalmentContext?.shopperLanguage).toBe(
      'de',
    );
    // Only items with a product on a site that offers instalments get one.
    expect(productPageOptions(item(false), website(afterpay)).instalmentContext).toBeUndefined();
    expect(
      productPageOptions(item(), website({ ...afterpay, afterPayAvailable: false })).instalmentContext,
    ).toBeUndefined();
    expect(productPageOptions(item(), website(undefined)).instalmentContext).toBeUndefined();
  });
});
