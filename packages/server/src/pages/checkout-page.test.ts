import { ADD_TO_CART_MESSAGES, FORM_MESSAGES, formatMoney, SESSION_MESSAGES } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { giftCardMessages } from '../gift-cards/gift-card-messages.js';
import { serverMessages } from '../messages.js';
import { commercePageTexts } from './commerce-page-messages.js';
import {
  createMinimumOrderShop,
  fieldValue,
  postForm,
  unlabelledControls,
} from './commerce-page-test-kit.js';

const euro = (minor: number) => formatMoney(minor, 'EUR', 'de-DE');

/** The names the checkout API reads from a url-encoded post. */
const CHECKOUT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'line1',
  'line2',
  'city',
  'postalCode',
  'region',
  'country',
  'shippingOptionId',
  'shippingQuote',
  'couponCodes',
  'giftCardCodes',
  'paymentMethod',
  'cardNumber',
  'crumb',
];

const fieldNames = (html: string) =>
  new Set([...html.matchAll(/<(?:input|select)\b[^>]*\sname="([^"]+)"/g)].map((m) => m[1]));

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let minimumShop: Awaited<ReturnType<typeof createMinimumOrderShop>>;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'kassenseite.test');
    minimumShop = await createMinimumOrderShop(storage, 'kasse-mindest.test', 1000);
    // The test card pays in these tests: the server runs in test mode, as with NODE_ENV other than production.
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = (host = shop.hostname) => new Visitor(app, host).start();
  const sku = (suffix: string) => `${shop.hostname}-${suffix}`;

  describe('the checkout page', () => {
    it('sends a visitor without a cart, or with an empty one, to the cart page', async () => {
      const v = await visitor();
      const none = await v.request('GET', '/checkout');
      expect(none.statusCode).toBe(303);
      expect(none.headers.location).toBe('/cart');

      await v.add(shop.mug.id, sku('TASSE'), 1);
      const entryId = (await v.request('GET', '/api/commerce/shopping-cart')).json().entries[0].id;
      await v.request('DELETE', `/api/commerce/shopping-cart/entries/${entryId}`);
      const empty = await v.request('GET', '/checkout');
      expect(empty.statusCode).toBe(303);
      expect(empty.headers.location).toBe('/cart');
    });

    it('R2.3.1 R2.5.1 renders page type 201 with a script-free form that posts every checkout field to the API', async () => {
      const v = await visitor();
      await v.add(shop.shirt.id, sku('M'), 2);
      const res = await v.request('GET', '/checkout');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const html = res.body;
      expect(html).toContain('data-page-type="201"');
      expect(html).not.toContain('<script');
      expect(html).toContain('<form class="checkout-form" method="post" action="/api/commerce/checkout">');
      expect([...fieldNames(html)].sort()).toEqual([...CHECKOUT_FIELDS].sort());
      expect(fieldValue(html, 'crumb')).toBe(v.crumb);
      expect(unlabelledControls(html)).toEqual([]);
      // Country is a select of the supported countries, the shop's own first and chosen.
      expect(html).toMatch(
        /<select id="country" name="country"[^>]*>\s*<option value="DE" selected>Deutschland<\/option>/,
      );
      expect(html).toContain('<option value="AT">Österreich</option>');
      // Shipping options with their costs, the cart's choice checked; both payment methods.
      expect(html).toMatch(
        // 50 € of shirts: standard shipping is free from 50 € and, the cheapest, checked (issue 23).
        /value="standard" checked aria-describedby="versand-standard-zeit">\s*<label for="versand-standard">Standardversand – 0,00\s€<\/label>/,
      );
      expect(html).toContain(
        '<small class="choice__hint" id="versand-standard-zeit">Lieferzeit: 2–4 Werktage</small>',
      );
      expect(html).toContain(`Expressversand – ${euro(990)}`);
      expect(html).toMatch(
        /value="bank-transfer" checked required>\s*<label for="zahlung-bank-transfer">Vorkasse/,
      );
      expect(html).toContain('<label for="zahlung-test-card">Kreditkarte (Testmodus)</label>');
      expect(html).toContain('<label for="cardNumber">');
      // The order summary.
      expect(html).toContain('2 × T-Shirt');
      expect(html).toMatch(new RegExp(`Gesamtsumme</dt><dd>${euro(5000)}`));
      expect((await v.request('GET', '/checkout?format=json')).json()).toMatchObject({
        pageType: 201,
        shoppingCart: { subtotalCents: 5000, requiresShipping: true },
        checkoutForm: { action: '/api/commerce/checkout', requiresShipping: true },
      });
    });

    it('asks no address and offers no shipping for a purely digital cart', async () => {
      const v = await visitor();
      await v.add(shop.ebook.id, sku('EBOOK'), 1);
      const html = (await v.request('GET', '/checkout')).body;
      expect(html).toContain('name="email"');
      expect(html).not.toContain('name="line1"');
      expect(html).not.toContain('name="shippingOptionId"');
      expect(html).toContain('name="paymentMethod"');
    });

    it('R8.1.8 R8.1.12 R8.4.13 R8.4.14 shows the German message of each known error type in an alert', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const cases: [string, string][] = [
        ['PAYMENT_DECLINED', serverMessages.paymentDeclined],
        ['INVALID_EMAIL', FORM_MESSAGES.emailInvalid],
        ['INVALID_ADDRESS', serverMessages.addressInvalid],
        ['OUT_OF_STOCK', ADD_TO_CART_MESSAGES.notEnoughStock],
        ['CRUMB_FAILED', SESSION_MESSAGES.sessionExpired],
        ['CHECKOUT_UNAVAILABLE', SESSION_MESSAGES.checkoutUnavailable],
        ['GIFT_CARD_NOT_FOUND', giftCardMessages.codeNotFound],
        ['SHIPPING_OPTION_UNKNOWN', serverMessages.shippingOptionUnknown],
      ];
      for (const [type, message] of cases) {
        const html = (await v.request('GET', `/checkout?fehler=${type}`)).body;
        expect(html).toContain(`<div class="notice notice--error" role="alert">${message}</div>`);
        expect(html).not.toContain(type);
      }
      expect((await v.request('GET', '/checkout')).body).not.toContain('role="alert"');
    });

    it('R8.9.1 words a minimum-order refusal with the formatted minimum', async () => {
      const v = await visitor(minimumShop.hostname);
      await v.add(minimumShop.mug.id, `${minimumShop.hostname}-TASSE`, 1);
      const html = (await v.request('GET', '/checkout?fehler=MINIMUM_ORDER')).body;
      expect(html).toContain(
        `Du kannst erst zur Kasse gehen, wenn die Zwischensumme deiner Bestellung ${euro(1000)} oder mehr beträgt.`,
      );
    });

    it('shows a generic German message for unknown types and never the raw query value', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      for (const raw of ['UNBEKANNT_NEU', '<img src=x onerror=alert(1)>', 'constructor', '__proto__']) {
        const html = (await v.request('GET', `/checkout?fehler=${encodeURIComponent(raw)}`)).body;
        expect(html).toContain(`role="alert">${commercePageTexts.genericCheckoutError}</div>`);
        expect(html).not.toContain(raw);
        expect(html).not.toContain('onerror');
      }
    });

    it('sends the visitor of a bought cart to the confirmation of its order', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const order = (await v.checkout()).json().order;
      const res = await v.request('GET', '/checkout');
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/checkout/bestaetigt?orderId=${order.id}`);
    });

    it('WCAG 3.3.1 3.3.3 a refused checkout form comes back with what was typed, each problem at its field and a focused summary', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const crumb = fieldValue((await v.request('GET', '/checkout')).body, 'crumb')!;
      const refused = await postForm(app, v, shop.hostname, '/api/commerce/checkout', {
        email: 'gast@example',
        firstName: 'Erika',
        lastName: 'Mustermann',
        line1: 'Hauptstraße 1',
        city: 'Berlin',
        postalCode: '1',
        country: 'DE',
        couponCodes: 'SOMMER',
        paymentMethod: 'bank-transfer',
        crumb,
      });
      expect(refused.statusCode).toBe(422);
      const html = refused.body;
      // WCAG 2.4.2: the title says first that something went wrong.
      expect(html).toMatch(/<title>Fehler: Kasse – /);
      // Nothing typed is lost.
      expect(fieldValue(html, 'email')).toBe('gast@example');
      expect(fieldValue(html, 'firstName')).toBe('Erika');
      expect(fieldValue(html, 'postalCode')).toBe('1');
      expect(fieldValue(html, 'couponCodes')).toBe('SOMMER');
      // Both wrong fields are marked and described by their own message, in one round.
      for (const id of ['email', 'postalCode']) {
        expect(html).toMatch(
          new RegExp(`<input id="${id}" aria-invalid="true" aria-describedby="${id}-fehler"`),
        );
        expect(html).toContain(`<li><a href="#${id}">`);
      }
      expect(html).toContain(`id="email-fehler">${FORM_MESSAGES.emailInvalid}</p>`);
      expect(html).not.toMatch(/<input id="city" aria-invalid/);
      // The summary takes focus without any script.
      expect(html).toMatch(/<div class="error-summary" id="fehler" tabindex="-1" autofocus/);
      expect((await storage.carts.find(shop.websiteId, v.cookies.get('cart')!))!.isPurchased).toBe(false);
    });

    it('R2.5.1 a shopper without JavaScript orders through the form: confirmation on success, the form again on failure', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const page = (await v.request('GET', '/checkout')).body;
      const crumb = fieldValue(page, 'crumb')!;
      const address = {
        firstName: 'Erika',
        lastName: 'Mustermann',
        line1: 'Hauptstraße 1',
        line2: '',
        city: 'Berlin',
        postalCode: '10115',
        region: '',
        country: 'DE',
        shippingOptionId: 'express',
        couponCodes: '',
        giftCardCodes: '',
        paymentMethod: 'bank-transfer',
        cardNumber: '',
        crumb,
      };
      const refused = await postForm(app, v, shop.hostname, '/api/commerce/checkout', {
        ...address,
        email: 'keine-adresse',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain(`id="email-fehler">${FORM_MESSAGES.emailInvalid}</p>`);

      const placed = await postForm(app, v, shop.hostname, '/api/commerce/checkout', {
        ...address,
        email: 'erika@example.de',
      });
      expect(placed.statusCode).toBe(303);
      const location = placed.headers.location as string;
      expect(location).toMatch(/^\/checkout\/bestaetigt\?orderId=/);
      const confirmation = (await v.request('GET', location)).body;
      expect(confirmation).toContain('data-page-type="207"');
      expect(confirmation).toContain('1 × Tasse');
      expect(confirmation).toContain(`Versand (Expressversand)</dt><dd>${euro(990)}`);
    });

    it('answers unknown hosts with the German not-found page', async () => {
      const res = await app.inject({ method: 'GET', url: '/checkout', headers: { host: 'niemand.test' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(serverMessages.unknownWebsite);
    });
  });
});
