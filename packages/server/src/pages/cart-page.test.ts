import { ADD_TO_CART_MESSAGES, formatMoney, SESSION_MESSAGES } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { serverMessages } from '../messages.js';
import { commercePageTexts } from './commerce-page-messages.js';
import {
  createMinimumOrderShop,
  fieldValue,
  postForm,
  unlabelledControls,
} from './commerce-page-test-kit.js';

const euro = (minor: number) => formatMoney(minor, 'EUR', 'de-DE');

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let minimumShop: Awaited<ReturnType<typeof createMinimumOrderShop>>;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'warenkorb.test');
    minimumShop = await createMinimumOrderShop(storage, 'mindest.test', 5000);
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = (host = shop.hostname) => new Visitor(app, host).start();
  const sku = (suffix: string) => `${shop.hostname}-${suffix}`;
  const cartPage = (v: Visitor, query = '') => v.request('GET', `/cart${query}`);
  const cartJson = async (v: Visitor) => (await v.request('GET', '/api/commerce/shopping-cart')).json();
  const entryIdOf = async (v: Visitor, title: string) =>
    (await cartJson(v)).entries.find((e: { title: string }) => e.title === title).id as string;

  describe('the cart page', () => {
    it('R2.1.1 R2.3.1 shows an empty cart in German, as page type 200, without scripts', async () => {
      const v = await visitor();
      const res = await cartPage(v);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<html lang="de">');
      expect(res.body).toContain('data-page-type="200"');
      expect(res.body).toContain('Dein Warenkorb ist leer.');
      expect(res.body).not.toContain('<script');
      expect(res.body).not.toContain('href="/checkout"');
      const json = (await cartPage(v, '?format=json')).json();
      expect(json.pageType).toBe(200);
      expect(json.shoppingCart).toMatchObject({ entries: [], subtotalCents: 0, isPurchased: false });
    });

    it('R2.1.1 R3.1.1 R3.2.1 lists each line with title, variant, unit price, quantity form and line total, and the totals', async () => {
      const v = await visitor();
      await v.add(shop.shirt.id, sku('M'), 2);
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const res = await cartPage(v);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain('<a href="/laden/p/shirt">T-Shirt</a>');
      expect(html).toContain('Größe: M');
      expect(html).toContain(`Stückpreis: ${euro(2500)}`);
      expect(html).toContain(euro(5000));
      // 2 × 25 € + 12 €: standard shipping is free from 50 € and, the cheapest, preselected (issue 23);
      // 19 % VAT included in 62,00 €
      expect(html).toMatch(new RegExp(`Zwischensumme</dt><dd>${euro(6200)}`));
      expect(html).toMatch(new RegExp(`Versand \\(Standardversand\\)</dt><dd>${euro(0)}`));
      expect(html).toMatch(new RegExp(`enthaltene MwSt. \\(19 %\\)</dt><dd>${euro(990)}`));
      expect(html).toMatch(new RegExp(`Gesamtsumme</dt><dd>${euro(6200)}`));
      expect(html).toContain('href="/checkout"');
      expect(unlabelledControls(html)).toEqual([]);

      const json = (await cartPage(v, '?format=json')).json();
      const shirt = json.shoppingCart.entries.find((e: { title: string }) => e.title === 'T-Shirt');
      expect(shirt).toMatchObject({
        quantity: 2,
        chosenVariant: { sku: sku('M'), attributes: { Größe: 'M' } },
        purchasePriceCents: 2500,
        subTotal: { value: '50.00', currency: 'EUR' },
      });
      expect(html).toContain(`action="/cart/positionen/${shirt.id}"`);
      expect(html).toContain(`action="/cart/positionen/${shirt.id}/entfernen"`);
      // Every form carries the visitor's crumb, so it passes the CSRF check without JavaScript.
      expect(fieldValue(html, 'crumb')).toBe(v.crumb);
      expect(json.shoppingCart).toMatchObject({
        subtotalCents: 6200,
        grandTotalCents: 6200,
        totalQuantity: 3,
      });
    });

    it('R2.1.1 changes a quantity with the plain form and answers 303 to /cart', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const entryId = await entryIdOf(v, 'Tasse');
      const res = await postForm(app, v, shop.hostname, `/cart/positionen/${entryId}`, {
        quantity: '3',
        crumb: v.crumb!,
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/cart');
      const cart = await cartJson(v);
      expect(cart.entries[0].quantity).toBe(3);
      expect(cart.subtotalCents).toBe(3600);
      const page = (await cartPage(v)).body;
      expect(page).toContain('value="3"');
    });

    it('R2.1.1 a quantity of 0 and the remove button each take a line out of the cart', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 2);
      await v.add(shop.ebook.id, sku('EBOOK'), 1);
      const mugId = await entryIdOf(v, 'Tasse');
      const zero = await postForm(app, v, shop.hostname, `/cart/positionen/${mugId}`, {
        quantity: '0',
        crumb: v.crumb!,
      });
      expect(zero.statusCode).toBe(303);
      expect((await cartJson(v)).entries.map((e: { title: string }) => e.title)).toEqual(['E-Book']);

      const ebookId = await entryIdOf(v, 'E-Book');
      const removed = await postForm(app, v, shop.hostname, `/cart/positionen/${ebookId}/entfernen`, {
        crumb: v.crumb!,
      });
      expect(removed.statusCode).toBe(303);
      expect(removed.headers.location).toBe('/cart');
      expect((await cartJson(v)).entries).toEqual([]);
      expect((await cartPage(v)).body).toContain('Dein Warenkorb ist leer.');
    });

    it('R8.1.12 a form post without the crumb changes nothing and the page says the session expired', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const entryId = await entryIdOf(v, 'Tasse');
      const res = await postForm(app, v, shop.hostname, `/cart/positionen/${entryId}`, { quantity: '5' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/cart?fehler=CRUMB_FAILED');
      expect((await cartJson(v)).entries[0].quantity).toBe(1);
      const forged = await postForm(app, v, shop.hostname, `/cart/positionen/${entryId}/entfernen`, {
        crumb: 'nicht-der-richtige',
      });
      expect(forged.headers.location).toBe('/cart?fehler=CRUMB_FAILED');
      expect((await cartJson(v)).entries).toHaveLength(1);
      const page = (await cartPage(v, '?fehler=CRUMB_FAILED')).body;
      expect(page).toContain(`role="alert">${SESSION_MESSAGES.sessionExpired}</div>`);
    });

    it('R8.1.8 R8.1.9 R8.1.10 refuses too many, non-numbers and fractions with the shop texts', async () => {
      const v = await visitor();
      await v.add(shop.shirt.id, sku('M'), 1);
      const entryId = await entryIdOf(v, 'T-Shirt');
      const post = (quantity: string) =>
        postForm(app, v, shop.hostname, `/cart/positionen/${entryId}`, { quantity, crumb: v.crumb! });
      const cases: [string, string, string][] = [
        ['4', 'OUT_OF_STOCK', ADD_TO_CART_MESSAGES.notEnoughStock],
        ['viele', 'QUANTITY_NOT_A_NUMBER', ADD_TO_CART_MESSAGES.quantityNotANumber],
        ['1.5', 'QUANTITY_NOT_WHOLE', ADD_TO_CART_MESSAGES.quantityNotWhole],
        ['10000', 'QUANTITY_OUT_OF_RANGE', ADD_TO_CART_MESSAGES.quantityOutOfRange],
      ];
      for (const [quantity, type, message] of cases) {
        const res = await post(quantity);
        expect(res.headers.location).toBe(`/cart?fehler=${type}`);
        expect((await cartPage(v, `?fehler=${type}`)).body).toContain(`role="alert">${message}</div>`);
      }
      expect((await cartJson(v)).entries[0].quantity).toBe(1);
    });

    it('R8.1.7 shows the error of an add-to-cart form that returned to the cart', async () => {
      const v = await visitor();
      const res = await postForm(app, v, shop.hostname, '/api/commerce/shopping-cart/entries', {
        itemId: shop.shirt.id,
        sku: sku('S'),
        quantity: '1',
        returnTo: '/cart',
        crumb: v.crumb!,
      });
      expect(res.statusCode).toBe(303);
      // Size S is sold out.
      expect(res.headers.location).toBe('/cart?warenkorbFehler=VARIANT_UNAVAILABLE');
      const page = (await cartPage(v, '?warenkorbFehler=VARIANT_UNAVAILABLE')).body;
      expect(page).toContain(`role="alert">${ADD_TO_CART_MESSAGES.variantUnavailable}</div>`);
    });

    it('says a line is gone when the form names an entry that is not in the cart', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const res = await postForm(app, v, shop.hostname, '/cart/positionen/gibt-es-nicht', {
        quantity: '2',
        crumb: v.crumb!,
      });
      expect(res.headers.location).toBe('/cart?fehler=CART_ENTRY_NOT_FOUND');
      expect((await cartPage(v, '?fehler=CART_ENTRY_NOT_FOUND')).body).toContain(
        serverMessages.cartEntryNotFound,
      );
    });

    it('shows a generic German notice for unknown error types and never prints the query value', async () => {
      const v = await visitor();
      const page = (await cartPage(v, `?fehler=${encodeURIComponent('<script>alert(1)</script>')}`)).body;
      expect(page).toContain(`role="alert">${commercePageTexts.genericCartError}</div>`);
      expect(page).not.toContain('alert(1)');
      const unknown = (await cartPage(v, '?fehler=ETWAS_NEUES')).body;
      expect(unknown).toContain(commercePageTexts.genericCartError);
      expect(unknown).not.toContain('ETWAS_NEUES');
    });

    it('R8.9.1 below the minimum order shows the spec text and no checkout button, above it the button', async () => {
      const v = await visitor(minimumShop.hostname);
      await v.add(minimumShop.mug.id, `${minimumShop.hostname}-TASSE`, 1);
      const below = (await cartPage(v)).body;
      expect(below).toContain(
        `Du kannst erst zur Kasse gehen, wenn die Zwischensumme deiner Bestellung ${euro(5000)} oder mehr beträgt.`,
      );
      expect(below).not.toContain('href="/checkout"');
      expect((await cartPage(v, '?format=json')).json()).toMatchObject({
        canCheckout: false,
        minimumOrder: { met: false, minimumCents: 5000 },
      });
      // The checkout itself sends such a cart back to the cart page.
      const checkout = await v.request('GET', '/checkout');
      expect(checkout.statusCode).toBe(303);
      expect(checkout.headers.location).toBe('/cart');

      const entryId = (await cartJson(v)).entries[0].id;
      await postForm(app, v, minimumShop.hostname, `/cart/positionen/${entryId}`, {
        quantity: '5',
        crumb: v.crumb!,
      });
      const above = (await cartPage(v)).body;
      expect(above).not.toContain('Du kannst erst zur Kasse gehen');
      expect(above).toContain('href="/checkout"');
    });

    it('shows a bought cart as empty and links its order', async () => {
      const v = await visitor();
      await v.add(shop.ebook.id, sku('EBOOK'), 1);
      const order = (await v.checkout({ shippingAddress: undefined })).json().order;
      const page = (await cartPage(v)).body;
      expect(page).toContain('Dein Warenkorb ist leer.');
      expect(page).toContain(`href="/checkout/bestaetigt?orderId=${order.id}"`);
    });
  });

  describe('express checkout redirect', () => {
    it('R2.1.6 R2.1.7 goes to the checkout only with a cart cookie, else to the cart', async () => {
      const without = await app.inject({
        method: 'GET',
        url: '/commerce/goto-checkout',
        headers: { host: shop.hostname },
      });
      expect(without.statusCode).toBe(302);
      expect(without.headers.location).toBe('/cart');

      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      expect(v.cookies.get('cart')).toBeTruthy();
      const withCookie = await v.request('GET', '/commerce/goto-checkout');
      expect(withCookie.statusCode).toBe(302);
      expect(withCookie.headers.location).toBe('/checkout');
      expect((await v.request('GET', '/checkout')).statusCode).toBe(200);
    });
  });
});
