import { describe, expect, it } from 'vitest';
import {
  coffeeItem,
  itemContext,
  mugItem,
  propsOptions,
  purchaseProps,
  shirtItem,
  variantContext,
} from './fixtures.js';
import { productPurchaseProps } from './product-page-props.js';

const plain = (text: string | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

describe('productPurchaseProps', () => {
  it('R3.5.3 R3.6.1 takes ids, options and variants from the item context, with prices formatted for the locale', () => {
    const props = purchaseProps(shirtItem);
    expect(props).toMatchObject({
      itemId: 'item-bio-t-shirt',
      title: 'Bio-T-Shirt „Baukasten“',
      productUrl: '/shop/p/bio-t-shirt',
      productType: 1,
      subscribable: false,
      variantOptionOrdering: ['Größe', 'Farbe'],
      buttonText: 'Add To Cart',
      showQuantity: true,
      crumb: 'crumb-from-page',
      returnTo: '/shop/p/bio-t-shirt',
    });
    expect(props.variants).toHaveLength(4);
    expect(props.variants[0]).toEqual({
      sku: 'TS-S-BLAU',
      attributes: { Größe: 'S', Farbe: 'Blau' },
      unlimited: false,
      qtyInStock: 5,
      onSale: false,
      priceText: expect.any(String),
    });
    expect(plain(props.variants[0].priceText)).toBe('24,90 €');
    const sale = props.variants[3];
    expect(plain(sale.priceText)).toBe('19,90 €');
    expect(plain(sale.originalPriceText)).toBe('24,90 €');
    expect(props.texts).toBeUndefined();
    expect(props.expressCheckout).toBeUndefined();
  });

  it('formats for the site locale and currency, also legacy cents without priceMoney', () => {
    const legacy = itemContext('alt', 'Alt', {
      variants: [{ sku: 'A', price: 123456, qtyInStock: 3 }],
    });
    expect(
      plain(
        productPurchaseProps(legacy, { ...propsOptions, locale: 'en-US', currency: 'USD' }).variants[0]
          .priceText,
      ),
    ).toBe('$1,234.56');
    const yen = itemContext('yen', 'Yen', {
      variants: [variantContext('Y', {}, 0, 3, { priceMoney: { value: '1500', currency: 'JPY' } })],
    });
    expect(
      plain(
        productPurchaseProps(yen, { ...propsOptions, locale: 'de-DE', currency: 'EUR' }).variants[0]
          .priceText,
      ),
    ).toBe('1.500 ¥');
  });

  it('R5.2.11 R3.3.2 a subscription: no quantity input, its first subscription option, Subscribe by default', () => {
    const props = purchaseProps(coffeeItem);
    expect(props.subscribable).toBe(true);
    expect(props.showQuantity).toBe(false);
    expect(props.subscriptionOptionId).toBe('abo-monatlich-12');
    expect(props.buttonText).toBe('Subscribe');
  });

  it('R5.2.8 R5.2.9 a service gets a quantity input unless the store allows only one', () => {
    const service = itemContext('beratung', 'Beratung', {
      productType: 3,
      variants: [variantContext('B', {}, 9900, 0, { unlimited: true })],
    });
    expect(purchaseProps(service).showQuantity).toBe(true);
    expect(
      purchaseProps(service, { storeSettings: { multipleQuantityAllowedForServices: false } }).showQuantity,
    ).toBe(false);
  });

  it('R5.2.12 no quantity input when at most one unit is left', () => {
    const last = itemContext('unikat', 'Unikat', { variants: [variantContext('U', {}, 100, 1)] });
    expect(purchaseProps(last).showQuantity).toBe(false);
    expect(purchaseProps(mugItem).showQuantity).toBe(true);
  });

  it("the store's custom button text wins; site translations replace the defaults", () => {
    const engraving = itemContext('gravur', 'Schlüsselanhänger', {
      useCustomAddButtonText: true,
      customAddButtonText: 'Gravur bestellen',
      variants: [variantContext('G', {}, 1900, 25)],
    });
    expect(purchaseProps(engraving).buttonText).toBe('Gravur bestellen');
    const german = {
      localizedStrings: {
        productAddToCartText: 'In den Warenkorb',
        productSubscribeText: 'Abonnieren',
        productAddingText: 'Wird hinzugefügt …',
        productAddedText: 'Hinzugefügt!',
      },
    };
    const props = purchaseProps(mugItem, german);
    expect(props.buttonText).toBe('In den Warenkorb');
    expect(props.texts).toEqual({ adding: 'Wird hinzugefügt …', added: 'Hinzugefügt!' });
    expect(purchaseProps(coffeeItem, german).buttonText).toBe('Abonnieren');
    expect(purchaseProps(engraving, german).buttonText).toBe('Gravur bestellen');
  });

  it('R4.1.10 passes express checkout on from the store settings', () => {
    expect(purchaseProps(mugItem, { storeSettings: { expressCheckout: true } }).expressCheckout).toBe(true);
  });

  it('survives a record without product fields', () => {
    const props = productPurchaseProps({ id: 'x' }, propsOptions);
    expect(props).toMatchObject({ itemId: 'x', variants: [], productType: 0, showQuantity: false });
    expect(productPurchaseProps(null, propsOptions).variants).toEqual([]);
  });
});
