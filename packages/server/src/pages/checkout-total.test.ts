import { formatMoney } from '@baukasten/commerce';
import type { Item, Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { germanAddress, Visitor } from '../commerce/test-shop.js';
import { serverMessages } from '../messages.js';
import { postForm } from './commerce-page-test-kit.js';

/*
 * § 1 PAngV and § 312j Abs. 2 BGB: directly above "Zahlungspflichtig bestellen" the shopper sees the final
 * total and every line that makes it, for the shipping method, country and code they chose; and the order
 * then costs exactly that. § 356 Abs. 5 BGB: digital content only with the unticked consent box ticked.
 */

const euro = (minor: number) => formatMoney(minor, 'EUR', 'de-DE');
const CHECKOUT = '/api/commerce/checkout';

/** The block directly before the order button, as the shopper reads it from top to bottom. */
function blockAboveButton(html: string): string {
  const button = html.indexOf('Zahlungspflichtig bestellen</button>');
  const start = html.lastIndexOf('<section class="order-total"', button);
  expect(start).toBeGreaterThan(0);
  return html.slice(start, button);
}

/** The lines of the set the page shows (the checked rate's; CSS picks it without a script). */
function shownLines(html: string): Record<string, string> {
  const block = blockAboveButton(html);
  const set = /<dl class="totals totals__option totals__option--checked"[^>]*>([\s\S]*?)<\/dl>/.exec(block);
  expect(set, 'one set of totals is shown').not.toBeNull();
  const lines: Record<string, string> = {};
  for (const m of set![1].matchAll(/<dt>([\s\S]*?)<\/dt><dd>([\s\S]*?)<\/dd>/g)) {
    lines[m[1].replace(/<br><small>[\s\S]*?<\/small>/, '').trim()] = m[2].trim();
  }
  return lines;
}

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  const host = 'endsumme.test';
  let websiteId: string;
  let products: { item: Item; sku: string }[];

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const website = await storage.websites.create({
      title: 'Endsummenladen',
      hostnames: [host],
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
      settings: {
        storeSettings: { selectedCurrency: 'EUR' },
        coupons: [
          { code: 'ZEHN', percentOff: 10 },
          { code: 'FUENF', amountOffMinor: 500, minimumSubtotalMinor: 3000 },
        ],
        // Destination rates (OSS): the country changes the VAT lines; the zones change the shipping.
        vat: { oss: true },
        shippingZones: [
          {
            id: 'inland',
            name: 'Deutschland',
            countries: ['DE'],
            rates: [
              {
                id: 'standard',
                name: 'Standardversand',
                kind: 'weight',
                priceMinor: 490,
                brackets: [
                  { upTo: 2000, priceMinor: 490 },
                  { upTo: 10000, priceMinor: 690 },
                  { priceMinor: 1490 },
                ],
                freeFromMinor: 5000,
                deliveryTime: '2–4 Werktage',
              },
              {
                id: 'express',
                name: 'Expressversand',
                kind: 'flat',
                priceMinor: 990,
                deliveryTime: '1–2 Werktage',
              },
            ],
          },
          {
            id: 'eu',
            name: 'EU',
            countries: ['AT', 'FR', 'NL', 'IT'],
            rates: [
              {
                id: 'standard',
                name: 'Standardversand EU',
                kind: 'flat',
                priceMinor: 1290,
                deliveryTime: '4–7 Werktage',
              },
              {
                id: 'express',
                name: 'Expressversand EU',
                kind: 'flat',
                priceMinor: 2490,
                deliveryTime: '2–3 Werktage',
              },
            ],
          },
        ],
      },
    });
    websiteId = website.id;
    const shop = await storage.collections.create(websiteId, { type: 13, urlId: 'laden', title: 'Laden' });
    const create = async (
      urlId: string,
      title: string,
      productType: 1 | 2,
      priceMinor: number,
      weightGrams?: number,
    ) => {
      const sku = `${host}-${urlId}`;
      const item = await storage.items.create(websiteId, {
        collectionId: shop.id,
        urlId,
        title,
        product: {
          productType,
          variants: [{ sku, priceMinor, unlimited: true, ...(weightGrams ? { weightGrams } : {}) }],
        },
      });
      return { item, sku };
    };
    const coffee = await create('kaffee', 'Kaffee 500 g', 1, 1290, 500);
    // Coffee is food: 7 % (§ 12 Abs. 2 UStG), so a cart can carry two VAT rates.
    await storage.pricing.setTaxClass(websiteId, coffee.item.id, 'reduced');
    products = [
      coffee,
      await create('muehle', 'Kaffeemühle', 1, 4990, 2500),
      await create('becher', 'Becher', 1, 899, 300),
      await create('rezepte', 'Rezepte (PDF)', 2, 799),
    ];
    // The property places many orders from one test address: the per-visitor limit is not under test here.
    app = await buildApp({
      storage,
      logLevel: 'silent',
      serverTestMode: true,
      commerce: { rateLimiter: { hit: async () => true } },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitorWith = async (cart: readonly { product: number; quantity: number }[]) => {
    const v = await new Visitor(app, host).start();
    for (const { product, quantity } of cart) {
      const { item, sku } = products[product];
      const res = await v.request('POST', '/api/commerce/shopping-cart/entries', {
        itemId: item.id,
        sku,
        quantity,
      });
      expect(res.statusCode).toBeLessThan(300);
    }
    return v;
  };

  /** A postal code of the right form for each country the tests ship to. */
  const POSTAL_CODES: Record<string, string> = {
    DE: '10115',
    AT: '1010',
    FR: '75008',
    NL: '1011 AB',
    IT: '00184',
  };
  const orderFields = (v: Visitor, extra: Record<string, string>) => ({
    crumb: v.crumb ?? '',
    email: 'erika@example.de',
    ...germanAddress,
    paymentMethod: 'bank-transfer',
    ...extra,
    postalCode: POSTAL_CODES[extra.country ?? 'DE'],
  });

  describe('§ 1 PAngV / § 312j Abs. 2 BGB: the total directly above "Zahlungspflichtig bestellen"', () => {
    it('lists items, code, shipping with its delivery time, VAT per rate and the total, right before the button', async () => {
      const v = await visitorWith([
        { product: 0, quantity: 2 },
        { product: 2, quantity: 1 },
      ]);
      const res = await postForm(
        app,
        v,
        host,
        CHECKOUT,
        orderFields(v, { couponCodes: 'ZEHN', aktualisieren: '1' }),
      );
      expect(res.statusCode).toBe(200);
      const block = blockAboveButton(res.body);
      // Nothing to fill in between the total and the button: it is the last thing read before ordering.
      expect(block).not.toMatch(/<(input|select|fieldset)\b/);
      expect(block).toContain('2 × Kaffee 500 g');
      expect(block).toContain('1 × Becher');
      expect(shownLines(res.body)).toEqual({
        Zwischensumme: euro(3479),
        'Rabatt (ZEHN)': `−${euro(347)}`,
        'Versand (Standardversand)': euro(490),
        'enthaltene MwSt. (7 %)': expect.any(String),
        'enthaltene MwSt. (19 %)': expect.any(String),
        Gesamtsumme: euro(3479 - 347 + 490),
      });
      expect(block).toContain('Lieferzeit: 2–4 Werktage');
      // Each rate's set is there for the CSS switch, the chosen one marked.
      expect(block.match(/<dl class="totals totals__option/g)).toHaveLength(2);
    });

    it('follows the method, the country and the code, and the order costs what was shown', async () => {
      const v = await visitorWith([{ product: 1, quantity: 1 }]);
      const shown = async (fields: Record<string, string>) =>
        shownLines(
          (await postForm(app, v, host, CHECKOUT, orderFields(v, { ...fields, aktualisieren: '1' }))).body,
        );
      const standard = await shown({ shippingOptionId: 'standard' });
      const express = await shown({ shippingOptionId: 'express' });
      expect(standard['Versand (Standardversand)']).toBe(euro(690));
      expect(express['Versand (Expressversand)']).toBe(euro(990));
      expect(express.Gesamtsumme).not.toBe(standard.Gesamtsumme);
      const withCode = await shown({ shippingOptionId: 'express', couponCodes: 'FUENF' });
      expect(withCode['Rabatt (FUENF)']).toBe(`−${euro(500)}`);
      // Austria under OSS: 20 % Austrian VAT on the net price.
      const austria = await shown({ shippingOptionId: 'express', couponCodes: 'FUENF', country: 'AT' });
      // Austria: the EU zone's express rate, and under OSS Austrian VAT (20 %) instead of German.
      expect(austria['Versand (Expressversand EU)']).toBe(euro(2490));
      expect(austria).toHaveProperty('enthaltene MwSt. (20 %)');
      expect(austria).not.toHaveProperty('enthaltene MwSt. (19 %)');
      expect(austria.Gesamtsumme).not.toBe(withCode.Gesamtsumme);

      const res = await postForm(
        app,
        v,
        host,
        CHECKOUT,
        orderFields(v, { shippingOptionId: 'express', couponCodes: 'FUENF', country: 'AT' }),
      );
      expect(res.statusCode).toBe(303);
      const orderId = new URL(res.headers.location as string, 'http://x').searchParams.get('orderId')!;
      const order = await storage.orders.findById(websiteId, orderId);
      expect(euro(order!.grandTotalMinor)).toBe(austria.Gesamtsumme);
    });

    it('shows a code that does not count as not counted, and leaves it out of the total', async () => {
      const v = await visitorWith([{ product: 2, quantity: 1 }]);
      const res = await postForm(
        app,
        v,
        host,
        CHECKOUT,
        orderFields(v, { couponCodes: 'GIBTSNICHT', aktualisieren: '1' }),
      );
      expect(res.body).toContain('Nicht eingerechnet, weil nicht gültig: GIBTSNICHT');
      expect(shownLines(res.body)).not.toHaveProperty('Rabatt (GIBTSNICHT)');
    });

    it('property: over random carts, codes, countries and methods the shown total is the order total', async () => {
      const line = fc.record({
        product: fc.integer({ min: 0, max: products.length - 1 }),
        quantity: fc.integer({ min: 1, max: 4 }),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(line, { minLength: 1, maxLength: 4 }),
          fc.constantFrom('', 'ZEHN', 'FUENF', 'ZEHN, FUENF', 'FALSCH'),
          // The countries the select offers (the shop's and those of its tax rules).
          fc.constantFrom('DE', 'AT', 'FR', 'NL'),
          fc.constantFrom('standard', 'express'),
          async (cart, codes, country, method) => {
            const v = await visitorWith(cart);
            // A purely digital cart has no shipping method to choose.
            const physical = cart.some((c) => c.product !== 3);
            const choice = { couponCodes: codes, country, ...(physical ? { shippingOptionId: method } : {}) };
            const page = await postForm(
              app,
              v,
              host,
              CHECKOUT,
              orderFields(v, { ...choice, aktualisieren: '1' }),
            );
            const shown = shownLines(page.body).Gesamtsumme;
            const digital = cart.some((c) => c.product === 3);
            const res = await postForm(
              app,
              v,
              host,
              CHECKOUT,
              orderFields(v, { ...choice, ...(digital ? { digitalConsent: '1' } : {}) }),
            );
            expect(
              res.statusCode,
              res.statusCode === 422 ? /<h2 id="fehler-titel">(.*?)</.exec(res.body)?.[1] : '',
            ).toBe(303);
            const orderId = new URL(res.headers.location as string, 'http://x').searchParams.get('orderId')!;
            const order = await storage.orders.findById(websiteId, orderId);
            expect(euro(order!.grandTotalMinor)).toBe(shown);
          },
        ),
        { numRuns: 25 },
      );
    }, 120_000);
  });

  describe('§ 356 Abs. 5 BGB: consent before digital content is delivered', () => {
    it('asks with an unticked box only for a cart with digital content', async () => {
      const physical = await visitorWith([{ product: 2, quantity: 1 }]);
      expect((await physical.request('GET', '/checkout')).body).not.toContain('name="digitalConsent"');
      const digital = await visitorWith([{ product: 3, quantity: 1 }]);
      const html = (await digital.request('GET', '/checkout')).body;
      const box = /<input id="digitalConsent"[^>]*>/.exec(html)?.[0];
      expect(box).toBeDefined();
      expect(box).not.toContain('checked');
      expect(box).toContain('required');
      expect(html).toContain(
        'Ich stimme ausdrücklich zu, dass ihr vor Ablauf der Widerrufsfrist mit der Ausführung beginnt, und weiß, dass ich dadurch mein Widerrufsrecht verliere.',
      );
    });

    it('refuses the order without the tick, and records the moment of the tick on the digital item', async () => {
      const v = await visitorWith([
        { product: 3, quantity: 1 },
        { product: 2, quantity: 1 },
      ]);
      const refused = await postForm(app, v, host, CHECKOUT, orderFields(v, {}));
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain(serverMessages.digitalConsentMissing);
      expect(/<input id="digitalConsent"[^>]*>/.exec(refused.body)?.[0]).not.toContain('checked');

      const before = Date.now();
      const res = await postForm(app, v, host, CHECKOUT, orderFields(v, { digitalConsent: '1' }));
      expect(res.statusCode).toBe(303);
      const orderId = new URL(res.headers.location as string, 'http://x').searchParams.get('orderId')!;
      const order = await storage.orders.findById(websiteId, orderId);
      const [pdf, mug] = [
        order!.items.find((i) => i.productName.startsWith('Rezepte')),
        order!.items.find((i) => i.productName === 'Becher'),
      ];
      expect(pdf!.data.digitalConsentAt).toBeGreaterThanOrEqual(before);
      expect(mug!.data.digitalConsentAt).toBeUndefined();
    });
  });
});
