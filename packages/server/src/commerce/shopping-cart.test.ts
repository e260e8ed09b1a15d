import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { InMemoryRateLimiter } from '../rate-limit.js';
import { createTestShop, type TestShop, Visitor } from './test-shop.js';

const NBSP = /\s/;

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'laden.test');
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = () => new Visitor(app, shop.hostname).start();
  const sku = (suffix: string) => `${shop.hostname}-${suffix}`;

  it('R7.1.1 answers an empty cart with every field at its default and issues a crumb cookie', async () => {
    const v = new Visitor(app, shop.hostname);
    const res = await v.request('GET', '/api/commerce/shopping-cart');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: null,
      isPurchased: false,
      entries: [],
      subtotalCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 0,
      totalQuantity: 0,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
      shippingOptions: [],
      validCoupons: [],
      invalidCoupons: [],
    });
    expect(v.crumb).toMatch(/^[\w-]{20,}$/);
    const crumbCookie = res.cookies.find((c) => c.name === 'crumb')!;
    expect(crumbCookie.httpOnly).toBeFalsy();
  });

  it('R6.1.1 R7.1.2 an anonymous visitor adds an entry: shoppingCart and newlyAdded, cart cookie httpOnly, hasCart readable', async () => {
    const v = await visitor();
    const res = await v.add(shop.mug.id, sku('TASSE'), 2);
    expect(res.statusCode).toBe(200);
    const { shoppingCart, newlyAdded } = res.json();
    expect(newlyAdded).toMatchObject({
      itemId: shop.mug.id,
      quantity: 2,
      chosenVariant: { sku: sku('TASSE'), attributes: {} },
      title: 'Tasse',
      purchasePriceCents: 1200,
      subTotal: { value: '24.00', currency: 'EUR' },
    });
    expect(shoppingCart).toMatchObject({ subtotalCents: 2400, totalQuantity: 2, requiresShipping: true });
    // 800 g ships for 4,90 €; 19 % VAT is contained in goods and shipping: 2890 * 19 / 119 = 461.43
    expect(shoppingCart.shippingCostCents).toBe(490);
    expect(shoppingCart.grandTotalCents).toBe(2890);
    expect(shoppingCart.taxCents).toBe(461);
    expect(shoppingCart.applicableTaxRules).toEqual([{ country: 'DE', ratePercent: 19, name: 'MwSt.' }]);
    expect(shoppingCart.subtotalText.replace(NBSP, ' ')).toBe('24,00 €');
    const cartCookie = res.cookies.find((c) => c.name === 'cart')!;
    expect(cartCookie.httpOnly).toBe(true);
    expect(res.cookies.find((c) => c.name === 'hasCart')).toMatchObject({ value: 'true' });
    expect(res.cookies.find((c) => c.name === 'hasCart')!.httpOnly).toBeFalsy();

    // The same variant again raises the quantity of the entry instead of adding a second one.
    const again = (await v.add(shop.mug.id, sku('TASSE'), 1)).json();
    expect(again.shoppingCart.entries).toHaveLength(1);
    expect(again.newlyAdded.quantity).toBe(3);
    const read = (await v.request('GET', '/api/commerce/shopping-cart')).json();
    expect(read.id).toBe(shoppingCart.id);
    expect(read.totalQuantity).toBe(3);
  });

  it('R3.1.1 a sale variant is priced at its sale price; a digital-only cart is purelyDigital', async () => {
    const v = await visitor();
    const sale = (await v.add(shop.shirt.id, sku('L'))).json();
    expect(sale.newlyAdded.purchasePriceCents).toBe(1900);
    const d = await visitor();
    const digital = (await d.add(shop.ebook.id, sku('EBOOK'))).json().shoppingCart;
    expect(digital).toMatchObject({
      hasDigital: true,
      purelyDigital: true,
      requiresShipping: false,
      shippingCostCents: 0,
    });
  });

  describe('add-to-cart errors carry the tracked type and the German text', () => {
    const cases: [string, () => [string, string | undefined, unknown], number, string, string][] = [
      [
        'R8.1.4 R5.1.2 missing option',
        () => [shop.shirt.id, undefined, 1],
        400,
        'NO_VARIANT_SELECTED',
        'Bitte wähle die Option Größe.',
      ],
      [
        'R8.1.7 R5.1.6 sold-out variant',
        () => [shop.shirt.id, sku('S'), 1],
        400,
        'VARIANT_UNAVAILABLE',
        'Diese Artikelvariante ist leider nicht verfügbar. Bitte eine andere Variante wählen.',
      ],
      [
        'R8.1.7 R5.1.5 unknown sku',
        () => [shop.shirt.id, 'GIBTSNICHT', 1],
        400,
        'VARIANT_UNAVAILABLE',
        'Diese Artikelvariante ist leider nicht verfügbar. Bitte eine andere Variante wählen.',
      ],
      [
        'R8.1.8 R5.1.6 more than in stock',
        () => [shop.shirt.id, sku('M'), 4],
        409,
        'OUT_OF_STOCK',
        'Leider sind derzeit nicht genügend Artikel verfügbar.',
      ],
      [
        'R8.1.9 R5.1.7 quantity not a number',
        () => [shop.mug.id, sku('TASSE'), 'viele'],
        400,
        'QUANTITY_NOT_A_NUMBER',
        'Anzahl muss eine Zahl sein.',
      ],
      [
        'R8.1.10 R5.1.8 quantity not whole',
        () => [shop.mug.id, sku('TASSE'), 1.5],
        400,
        'QUANTITY_NOT_A_NUMBER',
        'Die Menge muss eine ganze Zahl sein',
      ],
      [
        'R6.3.1 a gift card, even with its denomination, has its own checkout',
        () => [shop.giftCard.id, sku('GC25'), 1],
        400,
        'GIFT_CARD_CHECKOUT_REQUIRED',
        'Gutscheine können nicht in den Warenkorb gelegt werden. Bitte kaufe den Gutschein direkt auf seiner Seite.',
      ],
      [
        'R8.1.7 R5.1.5 unknown product',
        () => ['000000000000000000000000', undefined, 1],
        404,
        'VARIANT_UNAVAILABLE',
        'Diese Artikelvariante ist leider nicht verfügbar. Bitte eine andere Variante wählen.',
      ],
    ];
    for (const [title, args, status, type, message] of cases) {
      it(title, async () => {
        const v = await visitor();
        const res = await v.add(...args());
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ error: { type, message } });
      });
    }

    it('R5.1.6 stock counts what the cart already holds', async () => {
      const v = await visitor();
      expect((await v.add(shop.shirt.id, sku('M'), 3)).statusCode).toBe(200);
      const res = await v.add(shop.shirt.id, sku('M'), 1);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.type).toBe('OUT_OF_STOCK');
    });

    it('bad bodies get a German 400, never a 5xx', async () => {
      const v = await visitor();
      for (const payload of [{}, { itemId: 5 }, { itemId: 'x'.repeat(500) }, { itemId: 'a', sku: ['x'] }]) {
        const res = await v.request('POST', '/api/commerce/shopping-cart/entries', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual({ type: 'BAD_REQUEST', message: 'Die Anfrage ist ungültig.' });
      }
      const broken = await app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        headers: {
          host: shop.hostname,
          cookie: `crumb=${v.crumb}`,
          'x-csrf-token': v.crumb!,
          'content-type': 'application/json',
        },
        payload: '{"itemId":',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.message).toBe('Die Anfrage ist ungültig.');
    });
  });

  it('R8.1.12 refuses a state change without the crumb, with the session text', async () => {
    const v = await visitor();
    const res = await v
      .add(shop.mug.id, sku('TASSE'), 1, {})
      .then(() =>
        v.request('POST', '/api/commerce/shopping-cart/entries', { itemId: shop.mug.id }, { crumb: null }),
      );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: {
        type: 'CRUMB_FAILED',
        message: 'Deine Sitzung ist abgelaufen. Bitte aktualisiere die Seite und versuche es erneut.',
      },
    });
    const wrong = await v.request('POST', '/api/commerce/checkout', {}, { crumb: 'falsch' });
    expect(wrong.statusCode).toBe(403);
  });

  it('page answers issue the crumb cookie too, and keep a crumb the visitor already has', async () => {
    const page = await app.inject({ method: 'GET', url: '/', headers: { host: shop.hostname } });
    expect(page.cookies.find((c) => c.name === 'crumb')?.value).toMatch(/^[\w-]{20,}$/);
    const again = await app.inject({
      method: 'GET',
      url: '/',
      headers: { host: shop.hostname, cookie: 'crumb=abcdefghijklmnopqrstuvwx' },
    });
    expect(again.cookies.find((c) => c.name === 'crumb')).toBeUndefined();
  });

  it('Finding 4 (#18): a crumb cookie of any other shape is replaced by a fresh one and never accepted', async () => {
    for (const bad of [
      'e',
      'abc',
      'a'.repeat(23),
      'a'.repeat(25),
      `${'a'.repeat(23)}%21`,
      '%3Cscript%3E'.repeat(2),
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/',
        headers: { host: shop.hostname, cookie: `crumb=${bad}` },
      });
      expect(res.cookies.find((c) => c.name === 'crumb')?.value).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const echoed = await app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        headers: { host: shop.hostname, cookie: `crumb=${bad}`, 'x-csrf-token': decodeURIComponent(bad) },
        payload: { itemId: shop.mug.id, quantity: 1 },
      });
      expect(echoed.statusCode).toBe(403);
    }
  });

  it('R8.1.13 without any cookie the answer asks to enable cookies', async () => {
    const v = await visitor();
    const res = await v.request(
      'POST',
      '/api/commerce/shopping-cart/entries',
      { itemId: shop.mug.id },
      { cookies: false },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      type: 'COOKIES_DISABLED',
      message: 'Bitte aktiviere Cookies in deinem Browser, aktualisiere die Seite und versuche es erneut.',
    });
  });

  it('the crumb also comes as a form field (no-JavaScript fallback, answered with a redirect)', async () => {
    const v = await visitor();
    const res = await app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers: {
        host: shop.hostname,
        cookie: `crumb=${v.crumb}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `itemId=${shop.mug.id}&sku=${sku('TASSE')}&quantity=1&crumb=${v.crumb}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/cart');
    const cartId = res.cookies.find((c) => c.name === 'cart')!.value;
    expect((await storage.carts.find(shop.websiteId, cartId))!.entries).toMatchObject([{ quantity: 1 }]);
  });

  it('R8.1.14 answers 429 with the German retry text when a client sends too much', async () => {
    const limited = await buildApp({
      storage,
      logLevel: 'silent',
      commerce: { rateLimiter: new InMemoryRateLimiter({ limit: 2, windowMs: 60_000 }) },
    });
    try {
      const v = await new Visitor(limited, shop.hostname).start();
      expect((await v.add(shop.mug.id, sku('TASSE'))).statusCode).toBe(200);
      expect((await v.add(shop.mug.id, sku('TASSE'))).statusCode).toBe(200);
      const res = await v.add(shop.mug.id, sku('TASSE'));
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toEqual({
        type: 'RATE_LIMITED',
        message: 'Bitte versuche es in einigen Sekunden erneut.',
      });
    } finally {
      await limited.close();
    }
  });

  it('R5.1.6 R8.1.9 changes an entry quantity, checks it against the stock and as a number, and removes the entry', async () => {
    const v = await visitor();
    const entry = (await v.add(shop.shirt.id, sku('M'), 1)).json().newlyAdded;
    const url = `/api/commerce/shopping-cart/entries/${entry.id}`;
    const changed = await v.request('PATCH', url, { quantity: 3 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().updatedEntry.quantity).toBe(3);
    expect(changed.json().shoppingCart.subtotalCents).toBe(7500);
    const tooMany = await v.request('PATCH', url, { quantity: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.type).toBe('OUT_OF_STOCK');
    const notANumber = await v.request('PATCH', url, { quantity: 'zwei' });
    expect(notANumber.json().error).toEqual({
      type: 'QUANTITY_NOT_A_NUMBER',
      message: 'Anzahl muss eine Zahl sein.',
    });
    const removed = await v.request('DELETE', url);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().shoppingCart).toMatchObject({ entries: [], totalQuantity: 0, subtotalCents: 0 });
    const gone = await v.request('DELETE', url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.type).toBe('CART_ENTRY_NOT_FOUND');
  });

  it('R7.1.2 the compiled add answer is the cart exactly as JSON.stringify writes it, whatever the cart holds', async () => {
    // The add answer goes through a compiled serializer (cart-view.ts), the cart read does not: for carts
    // with sale, digital, engraved and multiple entries, coupons (valid and not), another shipping option
    // and country, both must be the same text, so no field is lost, renamed or re-typed on the way out.
    const v = await visitor();
    await v.add(shop.shirt.id, sku('L'));
    await v.add(shop.ebook.id, sku('EBOOK'));
    const cartId = v.cookies.get('cart')!;
    const cart = (await storage.carts.find(shop.websiteId, cartId))!;
    await storage.carts.saveTotals(shop.websiteId, cartId, cart, {
      couponCodes: ['ZEHN', 'GIBTSNICHT'],
      shippingOptionId: 'express',
      country: 'AT',
    });
    const addAndRead = async (who: Visitor, ...add: Parameters<Visitor['add']>) => {
      const answer = await who.add(...add);
      expect(answer.statusCode).toBe(200);
      return { answer, read: await who.request('GET', '/api/commerce/shopping-cart') };
    };
    const digitalOnly = await visitor();
    const seen = [
      await addAndRead(v, shop.mug.id, sku('TASSE'), 2, {
        additionalFields: '{"gravur":"Zoë & \\"Ben\\" <3"}',
      }),
      await addAndRead(v, shop.mug.id, sku('TASSE'), 1),
      await addAndRead(v, shop.shirt.id, sku('L'), 1),
      await addAndRead(digitalOnly, shop.ebook.id, sku('EBOOK')),
    ];
    for (const { answer, read } of seen) {
      const added = answer.json().newlyAdded.id;
      const entry = read.json().entries.find((e: { id: string }) => e.id === added);
      expect(answer.body).toBe(`{"shoppingCart":${read.body},"newlyAdded":${JSON.stringify(entry)}}`);
      // Sent as UTF-8 bytes (€, ë): the length a client reads is the length of those bytes.
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    }
    expect(seen[0]!.answer.json().shoppingCart).toMatchObject({
      validCoupons: ['ZEHN'],
      invalidCoupons: ['GIBTSNICHT'],
      shippingLocation: { country: 'AT' },
      selectedShippingOption: { id: 'express' },
    });
  });

  it("R7.1.3 replaces an entry's additional fields: shoppingCart and updatedEntry", async () => {
    const v = await visitor();
    const entry = (
      await v.add(shop.mug.id, sku('TASSE'), 1, { additionalFields: '{"gravur":"Anna"}' })
    ).json().newlyAdded;
    expect(entry.additionalFields).toBe('{"gravur":"Anna"}');
    const res = await v.request('PUT', `/api/commerce/shopping-cart/entries/${entry.id}/additionalFields`, {
      itemId: shop.mug.id,
      sku: sku('TASSE'),
      additionalFields: '{"gravur":"Ben"}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedEntry).toMatchObject({ id: entry.id, additionalFields: '{"gravur":"Ben"}' });
    expect(res.json().shoppingCart.entries[0].additionalFields).toBe('{"gravur":"Ben"}');
    const other = await (await visitor()).request(
      'PUT',
      `/api/commerce/shopping-cart/entries/${entry.id}/additionalFields`,
      { additionalFields: '{}' },
    );
    expect(other.statusCode).toBe(404);
  });

  it('R7.1.2 accepts additionalFields as null, absent, a JSON string or an object, and null sku and option', async () => {
    const v = await visitor();
    const add = (extra: Record<string, unknown>) =>
      v.request('POST', '/api/commerce/shopping-cart/entries', {
        itemId: shop.mug.id,
        quantity: 1,
        ...extra,
      });
    // What a client without a product form sends: every field it has no value for as null.
    const withNull = await add({ sku: null, additionalFields: null, subscriptionOptionId: null });
    expect(withNull.statusCode).toBe(200);
    expect(withNull.json().newlyAdded.additionalFields).toBeNull();
    // Null and absent are the same "no answers": the second add raises the same entry.
    const absent = await add({ sku: sku('TASSE') });
    expect(absent.statusCode).toBe(200);
    expect(absent.json().newlyAdded).toMatchObject({ id: withNull.json().newlyAdded.id, quantity: 2 });
    const text = await add({ sku: sku('TASSE'), additionalFields: '{"gravur":"Anna"}' });
    expect(text.statusCode).toBe(200);
    expect(text.json().newlyAdded.additionalFields).toBe('{"gravur":"Anna"}');
    // An object is stored as its JSON text, so it is the same answers as that string.
    const object = await add({ sku: sku('TASSE'), additionalFields: { gravur: 'Anna' } });
    expect(object.statusCode).toBe(200);
    expect(object.json().newlyAdded).toMatchObject({ id: text.json().newlyAdded.id, quantity: 2 });
    expect(object.json().shoppingCart.entries).toHaveLength(2);
    for (const additionalFields of [5, true, ['a'], 'x'.repeat(20_001), { gravur: 'x'.repeat(20_000) }]) {
      const refused = await add({ additionalFields });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('Die Anfrage ist ungültig.');
    }
  });

  it('R7.1.3 null or absent additionalFields clear the answers; itemId and sku may be null', async () => {
    const v = await visitor();
    const entry = (
      await v.add(shop.mug.id, sku('TASSE'), 1, { additionalFields: '{"gravur":"Anna"}' })
    ).json().newlyAdded;
    const put = (body: Record<string, unknown>) =>
      v.request('PUT', `/api/commerce/shopping-cart/entries/${entry.id}/additionalFields`, body);
    const cleared = await put({ itemId: null, sku: null, additionalFields: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().updatedEntry).toMatchObject({ id: entry.id, additionalFields: null });
    const object = await put({ additionalFields: { gravur: 'Ben' } });
    expect(object.json().updatedEntry.additionalFields).toBe('{"gravur":"Ben"}');
    const absent = await put({ itemId: shop.mug.id, sku: sku('TASSE') });
    expect(absent.statusCode).toBe(200);
    expect(absent.json().updatedEntry.additionalFields).toBeNull();
    expect((await put({ additionalFields: 7 })).statusCode).toBe(400);
  });

  it('R7.1.6 reports stock per variant with unlimited and qtyInStock', async () => {
    const v = await visitor();
    const res = await v.request('GET', `/api/commerce/inventory/stock/?itemId=${shop.shirt.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({ sku: sku('S'), unlimited: false, qtyInStock: 0 }),
      expect.objectContaining({ sku: sku('M'), unlimited: false, qtyInStock: 3 }),
      expect.objectContaining({ sku: sku('L'), unlimited: true }),
    ]);
    const ebook = (await v.request('GET', `/api/commerce/inventory/stock/?itemId=${shop.ebook.id}`)).json();
    expect(ebook.results[0].unlimited).toBe(true);
    expect((await v.request('GET', '/api/commerce/inventory/stock/')).statusCode).toBe(400);
    expect((await v.request('GET', '/api/commerce/inventory/stock/?itemId=nix')).statusCode).toBe(404);
  });

  it('a cart of one website is invisible on another', async () => {
    const other = await createTestShop(storage, 'zweiter.test');
    const v = await visitor();
    await v.add(shop.mug.id, sku('TASSE'));
    const elsewhere = new Visitor(app, other.hostname);
    for (const [k, val] of v.cookies) elsewhere.cookies.set(k, val);
    const res = await elsewhere.request('GET', '/api/commerce/shopping-cart');
    expect(res.json()).toMatchObject({ id: null, entries: [], totalQuantity: 0 });
    const add = await elsewhere.add(shop.mug.id, sku('TASSE'));
    expect(add.statusCode).toBe(404);
  });
});
