import { describe, expect, it } from 'vitest';
import { instalmentInfoUrl } from './instalments.js';
import { DEFAULT_SCARCITY_TEXT, SCARCITY_LOW_STOCK, scarcityQuantity, scarcityText } from './scarcity.js';

const physical = { productType: 1 };
const enabled = { scarcityEnabled: true, scarcityText: 'Nur noch {qty} da!' };
const shirt = [
  { sku: 'S', qtyInStock: 2 },
  { sku: 'M', qtyInStock: 9 },
];

describe('scarcity note', () => {
  it('R2.2.10 R1.6.1 shows the stock left of the chosen variant in the store text', () => {
    const quantity = scarcityQuantity(physical, shirt, shirt[0], enabled, 'PRODUCT_DETAIL');
    expect(quantity).toBe(2);
    expect(scarcityText(enabled.scarcityText, quantity!)).toBe('Nur noch 2 da!');
  });

  it('R2.2.10 stays away while stock is above the low mark, unless shown by default', () => {
    expect(scarcityQuantity(physical, shirt, shirt[1], enabled, 'PRODUCT_DETAIL')).toBeNull();
    const always = { ...enabled, scarcityShownByDefault: true };
    expect(scarcityQuantity(physical, shirt, shirt[1], always, 'PRODUCT_DETAIL')).toBe(9);
    const atMark = [{ qtyInStock: SCARCITY_LOW_STOCK }];
    expect(scarcityQuantity(physical, atMark, undefined, enabled, 'PRODUCT_DETAIL')).toBe(SCARCITY_LOW_STOCK);
  });

  it('R2.2.10 before a choice among variants it shows only by default, for all variants together', () => {
    expect(scarcityQuantity(physical, shirt, undefined, enabled, 'PRODUCT_DETAIL')).toBeNull();
    const always = { ...enabled, scarcityShownByDefault: true };
    expect(scarcityQuantity(physical, shirt, undefined, always, 'PRODUCT_DETAIL')).toBe(11);
  });

  it('R2.2.10 a single variant counts as chosen', () => {
    expect(scarcityQuantity(physical, [{ qtyInStock: 1 }], undefined, enabled, 'PRODUCT_DETAIL')).toBe(1);
  });

  it('R2.2.10 never for disabled notes, other views, unlimited, sold-out, digital or gift-card stock', () => {
    const one = [{ qtyInStock: 1 }];
    expect(
      scarcityQuantity(physical, one, undefined, { scarcityEnabled: false }, 'PRODUCT_DETAIL'),
    ).toBeNull();
    const detailOnly = { ...enabled, scarcityTemplateViews: ['PRODUCT_DETAIL'] };
    expect(scarcityQuantity(physical, one, undefined, detailOnly, 'PRODUCT_QUICK_VIEW')).toBeNull();
    expect(scarcityQuantity(physical, one, undefined, detailOnly, 'PRODUCT_DETAIL')).toBe(1);
    expect(
      scarcityQuantity(physical, [{ unlimited: true }], undefined, enabled, 'PRODUCT_DETAIL'),
    ).toBeNull();
    expect(scarcityQuantity(physical, [{ qtyInStock: 0 }], undefined, enabled, 'PRODUCT_DETAIL')).toBeNull();
    expect(scarcityQuantity({ productType: 2 }, one, undefined, enabled, 'PRODUCT_DETAIL')).toBeNull();
    expect(scarcityQuantity({ productType: 4 }, one, undefined, enabled, 'PRODUCT_DETAIL')).toBeNull();
    expect(scarcityQuantity({ productType: 3 }, one, undefined, enabled, 'PRODUCT_DETAIL')).toBe(1);
  });

  it('R2.2.10 an empty store text falls back to the default wording', () => {
    expect(scarcityText('', 3)).toBe(DEFAULT_SCARCITY_TEXT.replace('{qty}', '3'));
    expect(scarcityText('Nur {qtyInStock} übrig', 4)).toBe('Nur 4 übrig');
  });
});

describe('instalment info page', () => {
  it('R7.7.1 is chosen by shopper language and country, on the provider of that country', () => {
    expect(instalmentInfoUrl('US', 'en-US')).toBe('https://static.afterpay.com/modal/en_US.html');
    expect(instalmentInfoUrl('CA', 'fr-CA')).toBe('https://static.afterpay.com/modal/fr_CA.html');
    expect(instalmentInfoUrl('GB', 'en')).toBe('https://static.clearpay.co.uk/modal/en_GB.html');
    expect(instalmentInfoUrl('DE', 'de')).toBeNull();
  });
});
