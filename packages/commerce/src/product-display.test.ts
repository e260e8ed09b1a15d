import { describe, expect, it } from 'vitest';
import {
  addButtonText,
  defaultAddButtonText,
  findVariant,
  fromPrice,
  fromPriceMinor,
  fromPriceText,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  itemVariantOptions,
  normalPriceMinor,
  type ProductLike,
  ProductType,
  priceDisplay,
  productMark,
  productMarkText,
  salePriceMinor,
  totalStockRemaining,
  UNLIMITED_STOCK,
  variantDescriptor,
} from './product-display.js';

const item = (structuredContent: ProductLike) => ({ structuredContent });

describe('ProductType', () => {
  it('R3.5.4 codes physical 1, digital 2, service 3, gift card 4, paywall 5', () => {
    expect(ProductType).toEqual({ PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 });
  });
});

describe('isSoldOut', () => {
  it.each([
    ['R4.7.1 physical, no stock', { productType: 1, variants: [{ qtyInStock: 0 }] }, true],
    ['R4.7.1 physical, no variants', { productType: 1, variants: [] }, true],
    ['R4.7.2 service, no stock', { productType: 3, variants: [{ qtyInStock: 0 }, { qtyInStock: 0 }] }, true],
    [
      'R4.7.3 physical, one unlimited',
      { productType: 1, variants: [{ qtyInStock: 0 }, { unlimited: true }] },
      false,
    ],
    ['R4.7.3 service, stock 3', { productType: 3, variants: [{ qtyInStock: 3 }] }, false],
    ['R4.7.4 digital', { productType: 2 }, false],
    ['R4.7.5 gift card', { productType: 4, variants: [{ qtyInStock: 0 }] }, false],
    ['R4.7.1 type given as text', { productType: '1', variants: [{ qtyInStock: 0 }] }, true],
    ['R4.7.1 unknown type (cannot be bought)', { productType: -1 }, true],
  ] as const)('%s', (_, product, soldOut) => {
    expect(isSoldOut(product as ProductLike)).toBe(soldOut);
    expect(isSoldOut(item(product as ProductLike))).toBe(soldOut);
  });
});

describe('isOnSale and productMark', () => {
  it.each([
    ['R4.7.6 a variant on sale', { productType: 1, variants: [{ onSale: false }, { onSale: true }] }, true],
    ['R4.7.6 no variant on sale', { productType: 1, variants: [{ onSale: false }] }, false],
    ['R4.7.7 digital uses its own flag', { productType: 2, onSale: true }, true],
    ['R4.7.7 digital not on sale', { productType: 2, onSale: false, variants: [{ onSale: true }] }, false],
    ['R4.7.6 gift card never', { productType: 4, variants: [{ onSale: true }] }, false],
    ['R4.7.6 unknown type never', { productType: -1 }, false],
  ] as const)('%s', (_, product, onSale) => {
    expect(isOnSale(item(product as ProductLike))).toBe(onSale);
  });

  it('R4.7.8 sold out wins over sale', () => {
    const p = item({ productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] });
    expect(productMark(p)).toBe('sold-out');
    expect(productMarkText('sold-out')).toBe('sold out');
  });

  it('R4.7.9 R8.8.2 on sale and in stock shows the sale mark', () => {
    expect(productMark(item({ productType: 1, variants: [{ onSale: true, qtyInStock: 4 }] }))).toBe('sale');
    expect(productMarkText('sale')).toBe('sale');
  });

  it('R4.7.10 neither shows no mark', () => {
    expect(productMark(item({ productType: 1, variants: [{ qtyInStock: 3 }] }))).toBeNull();
    expect(productMark(item({ productType: 2 }))).toBeNull();
  });

  it('R8.8.1 R3.10.1 the store custom sold-out text replaces the fallback', () => {
    expect(productMarkText('sold-out', 'Vergriffen')).toBe('Vergriffen');
    expect(productMarkText('sold-out', '  ')).toBe('sold out');
  });
});

describe('hasVariedPrices and price display', () => {
  it.each([
    [
      'R4.7.12 sale flags differ',
      { productType: 1, variants: [{ onSale: false }, { onSale: true, price: 200, salePrice: 124 }] },
      true,
    ],
    ['R4.7.11 prices differ (service)', { productType: 3, variants: [{ price: 200 }, { price: 100 }] }, true],
    [
      'R4.7.13 sale prices differ',
      {
        productType: 1,
        variants: [
          { onSale: true, salePrice: 100 },
          { onSale: true, salePrice: 200 },
        ],
      },
      true,
    ],
    ['R4.7.11 digital never', { productType: 2 }, false],
    ['R4.7.11 unknown type never', { productType: -1 }, false],
    ['R4.7.15 same prices', { productType: 1, variants: [{ price: 100 }, { price: 100 }] }, false],
    [
      'R4.7.14 same sale prices',
      {
        productType: 1,
        variants: [
          { onSale: true, salePrice: 100 },
          { onSale: true, salePrice: 100 },
        ],
      },
      false,
    ],
    [
      'R4.7.11 money objects differ',
      { productType: 1, variants: [{ priceMoney: { value: '1.00' } }, { priceMoney: { value: '2.00' } }] },
      true,
    ],
  ] as const)('%s', (_, product, varied) => {
    expect(hasVariedPrices(item(product as ProductLike))).toBe(varied);
  });

  it('R4.7.11 R8.8.11 the from price is the lowest price a shopper pays, sale prices included', () => {
    const p = item({
      productType: 1,
      variants: [
        { priceMoney: { value: '100', currency: 'EUR' } },
        {
          onSale: true,
          priceMoney: { value: '200', currency: 'EUR' },
          salePriceMoney: { value: '50', currency: 'EUR' },
        },
      ],
    });
    expect(fromPrice(p)).toEqual({ minor: 5000, currency: 'EUR' });
    expect(fromPriceMinor(p)).toBe(5000);
    expect(priceDisplay(p)).toEqual({ kind: 'from', price: { minor: 5000, currency: 'EUR' } });
    expect(fromPriceText('50,00 €')).toBe('from 50,00 €');
  });

  it('R4.7.14 same-priced variants on sale show the sale price and the original', () => {
    const variant = { onSale: true, priceMoney: { value: '200' }, salePriceMoney: { value: '150' } };
    const p = item({ productType: 1, variants: [variant, variant] });
    expect(priceDisplay(p)).toEqual({
      kind: 'sale',
      price: { minor: 15000, currency: 'USD' },
      original: { minor: 20000, currency: 'USD' },
    });
    expect(salePriceMinor(p)).toBe(15000);
    expect(normalPriceMinor(p)).toBe(20000);
  });

  it('R4.7.15 a product not on sale shows the normal price; legacy cents are read too', () => {
    expect(priceDisplay(item({ productType: 1, variants: [{ price: 10000 }] }))).toEqual({
      kind: 'normal',
      price: { minor: 10000, currency: 'USD' },
    });
    expect(priceDisplay(item({ productType: 2, priceMoney: { value: '9.99', currency: 'GBP' } }))).toEqual({
      kind: 'normal',
      price: { minor: 999, currency: 'GBP' },
    });
  });

  it('R3.7.3 products without prices show 0 USD', () => {
    expect(fromPrice(item({ productType: 1, variants: [] }))).toEqual({ minor: 0, currency: 'USD' });
    expect(fromPrice(item({ productType: -1 }))).toEqual({ minor: 0, currency: 'USD' });
  });
});

describe('stock and options', () => {
  it.each([
    ['unlimited physical', { productType: 1, variants: [{ unlimited: true }] }, UNLIMITED_STOCK],
    ['digital', { productType: 2, variants: [] }, UNLIMITED_STOCK],
    ['gift card', { productType: 4 }, UNLIMITED_STOCK],
    [
      'service 2+1+3',
      { productType: 3, variants: [{ qtyInStock: 2 }, { qtyInStock: 1 }, { qtyInStock: 3 }] },
      6,
    ],
    ['physical none left', { productType: 1, variants: [{ qtyInStock: 0 }] }, 0],
    ['physical no variants', { productType: 1, variants: [] }, 0],
    ['unknown type', { productType: -1 }, 0],
  ] as const)('R5.2.12 total stock remaining: %s', (_, product, total) => {
    expect(totalStockRemaining(item(product as ProductLike))).toBe(total);
  });

  it('R5.3.3 variant options follow variantOptionOrdering and only with more than one variant', () => {
    expect(
      itemVariantOptions(
        item({
          variants: [
            { attributes: { fit: 'loose', color: 'blue' } },
            { attributes: { fit: 'loose', color: 'green' } },
            { attributes: { fit: 'slim', color: 'red' } },
            {},
          ],
          variantOptionOrdering: ['fit', 'color'],
        }),
      ),
    ).toEqual([
      { name: 'fit', values: ['loose', 'slim'] },
      { name: 'color', values: ['blue', 'green', 'red'] },
    ]);
    expect(
      itemVariantOptions(
        item({ variants: [{ attributes: { fit: 'loose' } }], variantOptionOrdering: ['fit'] }),
      ),
    ).toEqual([]);
  });

  it('R5.3.3 hasVariants needs more than one variant and never for digital products', () => {
    expect(hasVariants(item({ productType: 1, variants: [{}, {}, {}] }))).toBe(true);
    expect(hasVariants(item({ productType: 1, variants: [{}] }))).toBe(false);
    expect(hasVariants(item({ productType: 2, variants: [{}, {}] }))).toBe(false);
  });

  it('R3.6.1 finds the variant matching every chosen option and names it by its option values', () => {
    const p = item({
      productType: 1,
      variants: [
        {
          sku: 'A',
          attributes: { Größe: 'M', Farbe: 'Rot' },
          optionValues: [{ value: 'M' }, { value: 'Rot' }],
        },
        { sku: 'B', attributes: { Größe: 'L', Farbe: 'Rot' } },
      ],
    });
    expect(findVariant(p, { Größe: 'L', Farbe: 'Rot' })?.sku).toBe('B');
    expect(findVariant(p, { Größe: 'XL', Farbe: 'Rot' })).toBeUndefined();
    expect(variantDescriptor(findVariant(p, { Größe: 'M', Farbe: 'Rot' }))).toBe('M / Rot');
  });
});

describe('add button text', () => {
  it('R8.8.10 defaults to Add To Cart, or Subscribe for subscriptions', () => {
    expect(defaultAddButtonText(item({ productType: 1 }))).toBe('Add To Cart');
    expect(defaultAddButtonText(item({ productType: 1, isSubscribable: true }))).toBe('Subscribe');
    expect(defaultAddButtonText(item({ productType: 1, isSubscribable: 'true' }))).toBe('Subscribe');
  });

  it('R3.5.3 uses the custom text only when switched on and filled in', () => {
    expect(
      addButtonText(item({ productType: 2, useCustomAddButtonText: true, customAddButtonText: 'Add This' })),
    ).toBe('Add This');
    expect(
      addButtonText(item({ productType: 2, useCustomAddButtonText: false, customAddButtonText: 'Add This' })),
    ).toBe('Add To Cart');
    expect(
      addButtonText(item({ productType: 2, useCustomAddButtonText: true, customAddButtonText: '' })),
    ).toBe('Add To Cart');
    expect(addButtonText(item({ productType: 2, isSubscribable: true }), 'SUBSCRIBE')).toBe('SUBSCRIBE');
  });
});
