import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_KEY_CODES,
  ADD_TO_CART_ERROR_TYPES,
  ADD_TO_CART_PAGE_TYPES,
  ADD_TO_CART_TIMINGS,
  addToCartFailure,
  checkFormProductStock,
  checkQuantity,
  validateAddToCart,
} from './add-to-cart.js';
import type { ProductLike } from './product-display.js';

const shirt: ProductLike = {
  productType: 1,
  variantOptionOrdering: ['Größe', 'Farbe', 'Material'],
  variants: [
    { sku: 'S-R-B', attributes: { Größe: 'S', Farbe: 'Rot', Material: 'Baumwolle' }, qtyInStock: 3 },
    { sku: 'M-R-B', attributes: { Größe: 'M', Farbe: 'Rot', Material: 'Baumwolle' }, qtyInStock: 0 },
    { sku: 'L-B-L', attributes: { Größe: 'L', Farbe: 'Blau', Material: 'Leinen' }, unlimited: true },
  ],
};
const item = { structuredContent: shirt };
const all = { Größe: 'S', Farbe: 'Rot', Material: 'Baumwolle' };

function errorOf(result: ReturnType<typeof validateAddToCart>) {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('validateAddToCart: options', () => {
  it('R5.1.1 R5.1.2 R8.1.4 names the one missing option', () => {
    const error = errorOf(
      validateAddToCart({ product: item, chosenOptions: { Größe: 'S', Farbe: 'Rot' }, quantity: 1 }),
    );
    expect(error).toEqual({
      type: 'NO_VARIANT_SELECTED',
      message: 'Bitte wähle die Option Material.',
      title: 'Artikel kann nicht hinzugefügt werden',
    });
  });

  it('R5.1.3 R8.1.5 names both of two missing options', () => {
    const error = errorOf(
      validateAddToCart({ product: item, chosenOptions: { Größe: 'S', Farbe: '' }, quantity: 1 }),
    );
    expect(error.message).toBe('Bitte wähle die Optionen Farbe und Material.');
  });

  it('R5.1.4 R8.1.6 lists three missing options in the product order', () => {
    const error = errorOf(validateAddToCart({ product: item, quantity: 1 }));
    expect(error.message).toBe('Bitte wähle die Optionen Größe, Farbe und Material.');
  });

  it('R5.1.5 R8.1.7 a combination that does not exist is unavailable', () => {
    const error = errorOf(
      validateAddToCart({
        product: item,
        chosenOptions: { Größe: 'S', Farbe: 'Blau', Material: 'Leinen' },
        quantity: 1,
      }),
    );
    expect(error.type).toBe('VARIANT_UNAVAILABLE');
    expect(error.message).toBe(
      'Diese Artikelvariante ist leider nicht verfügbar. Bitte eine andere Variante wählen.',
    );
  });

  it('R5.1.6 R8.1.7 a sold-out variant is unavailable', () => {
    const error = errorOf(
      validateAddToCart({ product: item, chosenOptions: { ...all, Größe: 'M' }, quantity: 1 }),
    );
    expect(error.type).toBe('VARIANT_UNAVAILABLE');
  });

  it('R5.1.6 R8.1.8 a sold-out single-variant product is out of stock', () => {
    const error = errorOf(
      validateAddToCart({
        product: { productType: 1, variants: [{ sku: 'X', qtyInStock: 0 }] },
        quantity: 1,
      }),
    );
    expect(error).toMatchObject({
      type: 'OUT_OF_STOCK',
      message: 'Leider sind derzeit nicht genügend Artikel verfügbar.',
    });
  });

  it('R5.1.5 an unknown SKU is unavailable; a known one needs no options', () => {
    expect(errorOf(validateAddToCart({ product: item, sku: 'NOPE', quantity: 1 })).type).toBe(
      'VARIANT_UNAVAILABLE',
    );
    const ok = validateAddToCart({ product: item, sku: 'L-B-L', quantity: 5 });
    expect(ok).toMatchObject({ ok: true, quantity: 5, variant: { sku: 'L-B-L' } });
  });

  it('R5.1.1 all options chosen and in stock goes ahead', () => {
    expect(validateAddToCart({ product: item, chosenOptions: all, quantity: '2' })).toMatchObject({
      ok: true,
      quantity: 2,
      variant: { sku: 'S-R-B' },
    });
  });
});

describe('validateAddToCart: quantity and stock', () => {
  it.each([['abc'], [''], [Number.NaN], [null], ['1e'], [{}]])(
    'R5.1.7 R8.1.9 %j is not a number',
    (quantity) => {
      const error = errorOf(validateAddToCart({ product: item, chosenOptions: all, quantity }));
      expect(error).toMatchObject({ type: 'QUANTITY_NOT_A_NUMBER', message: 'Anzahl muss eine Zahl sein.' });
    },
  );

  it.each([[1.5], ['2.5']])('R5.1.8 R8.1.10 %j is not a whole number', (quantity) => {
    const error = errorOf(validateAddToCart({ product: item, chosenOptions: all, quantity }));
    expect(error.message).toBe('Die Menge muss eine ganze Zahl sein');
  });

  it('R5.1.9 subscriptions need a whole number too, with their own tracked type', () => {
    const sub = { productType: 1, isSubscribable: true, variants: [{ sku: 'A', unlimited: true }] };
    expect(errorOf(validateAddToCart({ product: sub, quantity: 1.5 }))).toMatchObject({
      type: 'SUB_QUANTITY_NOT_A_WHOLE_NUMBER',
      message: 'Die Menge muss eine ganze Zahl sein',
    });
    expect(errorOf(validateAddToCart({ product: sub, quantity: 'x' })).type).toBe('QUANTITY_NOT_A_NUMBER');
    expect(validateAddToCart({ product: sub })).toMatchObject({ ok: true, quantity: 1 });
  });

  it('R5.2.1 R5.2.2 quantities outside 1 to 9999 are refused', () => {
    expect(checkQuantity(0)).toMatchObject({
      ok: false,
      message: 'Die Menge muss zwischen 1 und 9999 liegen.',
    });
    expect(checkQuantity(10000).ok).toBe(false);
    expect(checkQuantity('9999')).toEqual({ ok: true, quantity: 9999 });
  });

  it('R5.1.6 R8.1.8 request plus cart may not exceed the stock', () => {
    expect(validateAddToCart({ product: item, chosenOptions: all, quantity: 3 }).ok).toBe(true);
    const error = errorOf(
      validateAddToCart({ product: item, chosenOptions: all, quantity: 2, quantityInCart: 2 }),
    );
    expect(error).toMatchObject({
      type: 'OUT_OF_STOCK',
      message: 'Leider sind derzeit nicht genügend Artikel verfügbar.',
    });
  });
});

describe('validateAddToCart: gift cards, titles', () => {
  const giftCard = {
    productType: 4,
    variantOptionOrdering: ['Wert'],
    variants: [
      { sku: 'G25', attributes: { Wert: '25' } },
      { sku: 'G50', attributes: { Wert: '50' } },
    ],
  };

  it('R5.1.10 R8.1.11 R8.1.3 a gift card needs a denomination', () => {
    expect(errorOf(validateAddToCart({ product: giftCard, quantity: 1 }))).toEqual({
      type: 'NO_VARIANT_SELECTED',
      message: 'Eine Bezeichnung für den Gutschein auswählen',
      title: 'Gutschein kann nicht gekauft werden',
    });
    expect(
      validateAddToCart({ product: giftCard, chosenOptions: { Wert: '50' }, quantity: 1 }),
    ).toMatchObject({
      ok: true,
      variant: { sku: 'G50' },
    });
  });

  it('R8.1.2 express checkout uses its own title', () => {
    const error = errorOf(validateAddToCart({ product: item, quantity: 1, mode: 'express-checkout' }));
    expect(error.title).toBe('Artikel kann nicht gekauft werden');
  });

  it('R4.7.4 a digital product has no variant to choose and no stock to check', () => {
    expect(validateAddToCart({ product: { productType: 2 }, quantity: 4 })).toEqual({
      ok: true,
      variant: null,
      quantity: 4,
    });
  });
});

describe('form-based products', () => {
  it('R5.1.11 passes when some record is unlimited or holds more than the cart has', () => {
    expect(checkFormProductStock(item, [{ qtyInStock: 0 }, { qtyInStock: 3 }], 2)).toBeNull();
    expect(checkFormProductStock(item, [{ qtyInStock: 0 }, { unlimited: true }], 50)).toBeNull();
    expect(checkFormProductStock(item, [{ qtyInStock: 2 }], 2)).toEqual({
      type: 'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK',
      message: 'Leider sind derzeit nicht genügend Artikel verfügbar.',
      title: 'Artikel kann nicht hinzugefügt werden',
    });
    expect(checkFormProductStock(item, [], 0)?.type).toBe('CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK');
  });
});

describe('API failures', () => {
  it('R8.1.12 a crumb failure says the session expired', () => {
    expect(addToCartFailure(item, { status: 403, crumbFailed: true }).message).toBe(
      'Deine Sitzung ist abgelaufen. Bitte aktualisiere die Seite und versuche es erneut.',
    );
  });

  it('R8.1.13 a crumb failure with cookies off asks to enable cookies', () => {
    expect(addToCartFailure(item, { status: 403, crumbFailed: true, cookiesEnabled: false }).message).toBe(
      'Bitte aktiviere Cookies in deinem Browser, aktualisiere die Seite und versuche es erneut.',
    );
  });

  it('R8.1.14 HTTP 429 asks to retry in a few seconds', () => {
    expect(addToCartFailure(item, { status: 429 })).toEqual({
      type: 'API_FAILURE',
      message: 'Bitte versuche es in einigen Sekunden erneut.',
      title: 'Artikel kann nicht hinzugefügt werden',
    });
  });

  it('R8.2.1 subscription and express-checkout failures have their tracked types', () => {
    expect(addToCartFailure(item, { status: 500, subscription: true }).type).toBe('SUB_API_FAILURE');
    expect(addToCartFailure(item, { status: 500, mode: 'express-checkout' }).type).toBe(
      'EXPRESS_CHECKOUT_FAILURE',
    );
    expect(addToCartFailure(item, { status: 409, serverMessage: 'Nur noch 1 Stück.' }).message).toBe(
      'Nur noch 1 Stück.',
    );
  });

  it('R8.2.1 the tracked types are exactly the spec list', () => {
    expect(ADD_TO_CART_ERROR_TYPES).toEqual([
      'NO_VARIANT_SELECTED',
      'VARIANT_UNAVAILABLE',
      'OUT_OF_STOCK',
      'QUANTITY_NOT_A_NUMBER',
      'SUB_WITH_FORM_FAILURE',
      'SUB_QUANTITY_NOT_A_WHOLE_NUMBER',
      'SUB_API_FAILURE',
      'EXPRESS_CHECKOUT_FAILURE',
      'CUSTOM_FORM_RENDER_ERROR',
      'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK',
      'API_FAILURE',
    ]);
  });

  it('R2.4.1 R4.1.2 R4.1.3 R4.1.5 R4.1.6 R9.1.2 R9.1.3 R9.1.4 R9.1.5 tracking page types, keys and button timings', () => {
    expect(ADD_TO_CART_PAGE_TYPES).toEqual(['plp', 'pdp', 'add-on', 'product_block', 'quick view']);
    expect(ACTIVATION_KEY_CODES).toEqual([13, 32]);
    expect(ADD_TO_CART_TIMINGS).toMatchObject({
      addedStateMs: 2000,
      errorResetMs: 1000,
      addedPopoverMs: 3000,
      scrollThrottleMs: 100,
    });
  });
});
