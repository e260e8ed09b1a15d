import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { catalogMessages } from '../admin/catalog/catalog-messages.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { serverMessages } from '../messages.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from './test-shop.js';

/*
 * Issue 23: the owner's shipping zones decide which rates a shopper sees for the address's country,
 * the cheapest is preselected, and the order keeps exactly the shipping cost the page showed.
 */

const ZONES = [
  {
    name: 'Deutschland',
    countries: ['DE'],
    rates: [
      {
        name: 'Standardversand',
        kind: 'flat',
        priceMinor: 690,
        freeFromMinor: 5000,
        deliveryTime: '2–4 Werktage',
      },
      { name: 'Express', kind: 'flat', priceMinor: 1290, deliveryTime: '1 Werktag' },
    ],
  },
  {
    name: 'EU',
    countries: ['AT', 'fr'],
    rates: [
      {
        name: 'Paket',
        kind: 'weight',
        brackets: [
          { upTo: 2000, priceMinor: 1290 },
          { upTo: 31500, priceMinor: 1990 },
        ],
      },
    ],
  },
  { name: 'Schweiz', countries: ['CH'], rates: [] },
  {
    name: 'Welt',
    countries: [],
    restOfWorld: true,
    rates: [
      { name: 'Weltpaket', kind: 'value', brackets: [{ upTo: 9999, priceMinor: 2990 }, { priceMinor: 0 }] },
    ],
  },
];

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let url: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `zonen-${db.name}.test`, 50);
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, shop.websiteId);
    url = `/api/admin/sites/${shop.websiteId}/store-settings`;
  });
  afterAll(() => app?.close());

  const mugs = async (quantity: number) => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.mug.id, `${shop.hostname}-TASSE`, quantity);
    return v;
  };
  const POSTAL: Record<string, string> = { DE: '10115', AT: '1010', CH: '8001', ES: '28013' };
  const address = (country: string) => ({ ...germanAddress, country, postalCode: POSTAL[country] });

  describe('shipping zones', () => {
    it('the owner saves zones; refusals name the field in German', async () => {
      const saved = await team.storeManager.patch(url, { shippingZones: ZONES });
      expect(saved.status).toBe(200);
      expect(saved.body.storeSettings.shippingZones.map((z: { id: string }) => z.id)).toEqual([
        'deutschland',
        'eu',
        'schweiz',
        'welt',
      ]);
      expect(saved.body.storeSettings.shippingZones[1]).toMatchObject({
        countries: ['AT', 'FR'],
        rates: [{ id: 'eu-paket', kind: 'weight', priceMinor: 1290 }],
      });

      const cases: [unknown, string, string][] = [
        [
          [ZONES[0], { name: 'Nochmal', countries: ['DE'], rates: [] }],
          'shippingZones.1.countries',
          catalogMessages.countryInTwoZones('Deutschland', 'Deutschland'),
        ],
        [
          [{ name: 'Leer', countries: [], rates: [] }],
          'shippingZones.0.countries',
          catalogMessages.zoneWithoutCountries('Leer'),
        ],
        [
          [{ name: 'X', countries: ['XX'], rates: [] }],
          'shippingZones.0.countries.0',
          catalogMessages.countryInvalid,
        ],
        [
          [
            {
              name: 'X',
              countries: ['DE'],
              rates: [
                { name: 'W', kind: 'weight', brackets: [{ priceMinor: 1 }, { upTo: 5, priceMinor: 2 }] },
              ],
            },
          ],
          'shippingZones.0.rates.0.brackets',
          catalogMessages.bracketsInvalid,
        ],
        [
          [
            {
              name: 'X',
              countries: ['DE'],
              rates: [{ name: 'F', kind: 'flat', priceMinor: 1, minMinor: 500, maxMinor: 100 }],
            },
          ],
          'shippingZones.0.rates.0.maxMinor',
          catalogMessages.rateBoundsInvalid,
        ],
      ];
      for (const [shippingZones, field, message] of cases) {
        const refused = await team.storeManager.patch(url, { shippingZones });
        expect(refused.status, field).toBe(400);
        expect(refused.body.error.fields[field], field).toBe(message);
      }
      // Nothing refused was stored.
      expect((await team.storeManager.get(url)).body.storeSettings.shippingZones).toHaveLength(4);
    });

    it('the same rate id may serve two zones (the method stays when the country changes); twice in one zone is refused', async () => {
      const rate = (id: string, priceMinor: number) => ({ id, name: id, kind: 'flat', priceMinor });
      const twoZones = [
        { name: 'Deutschland', countries: ['DE'], rates: [rate('standard', 490), rate('express', 990)] },
        {
          name: 'Ausland',
          countries: [],
          restOfWorld: true,
          rates: [rate('standard', 1290), rate('express', 2490)],
        },
      ];
      const saved = await team.storeManager.patch(url, { shippingZones: twoZones });
      expect(saved.status).toBe(200);
      expect(
        saved.body.storeSettings.shippingZones.map((z: { rates: { id: string }[] }) =>
          z.rates.map((r) => r.id),
        ),
      ).toEqual([
        ['standard', 'express'],
        ['standard', 'express'],
      ]);
      const twice = await team.storeManager.patch(url, {
        shippingZones: [
          { name: 'Deutschland', countries: ['DE'], rates: [rate('standard', 490), rate('standard', 990)] },
        ],
      });
      expect(twice.status).toBe(400);
      expect(twice.body.error.fields['shippingZones.0.rates.1.id']).toBe(
        catalogMessages.shippingIdTwice('standard'),
      );
      await team.storeManager.patch(url, { shippingZones: ZONES });
    });

    it('offers each country only its rates, the cheapest preselected, with delivery times', async () => {
      const v = await mugs(5); // 60,00 €, 2 kg
      const quote = async (country: string) => {
        const res = await v.checkout({ shippingAddress: address(country), paymentMethod: 'nichts' });
        // An unknown payment method stops the order after shipping was checked: the cart stays open.
        expect(res.statusCode).toBe(400);
        return res.json().error.type;
      };
      expect(await quote('DE')).toBe('PAYMENT_METHOD_UNKNOWN');

      // Germany, 60 € of mugs: standard is free and preselected; the order keeps 0 € shipping.
      const placed = await v.checkout({ shippingAddress: address('DE') });
      expect(placed.statusCode).toBe(201);
      expect(placed.json().order).toMatchObject({ shippingTotalCents: 0, grandTotalCents: 6000 });
      expect(placed.json().order.shippingOption).toMatchObject({
        id: 'deutschland-standardversand',
        deliveryTime: '2–4 Werktage',
      });

      // Austria, 24 € (800 g): only the EU parcel, by weight.
      const at = await mugs(2);
      const refused = await at.checkout({
        shippingAddress: address('AT'),
        shippingOptionId: 'deutschland-express',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(serverMessages.shippingOptionUnknown);
      const atOrder = await at.checkout({ shippingAddress: address('AT') });
      expect(atOrder.json().order).toMatchObject({ shippingTotalCents: 1290, grandTotalCents: 2400 + 1290 });

      // Switzerland has a zone without rates: the shopper is told in German, nothing is ordered.
      const ch = await mugs(1);
      const none = await ch.checkout({ shippingAddress: address('CH') });
      expect(none.statusCode).toBe(400);
      expect(none.json().error).toMatchObject({
        type: 'SHIPPING_NOT_AVAILABLE',
        message: serverMessages.noShippingTo('Schweiz'),
      });

      // Anywhere else: the rest-of-the-world zone, by order value.
      const es = await mugs(1);
      expect((await es.checkout({ shippingAddress: address('ES') })).json().order.shippingTotalCents).toBe(
        2990,
      );
    });

    it('the form shows the rates and totals for the chosen country, and refuses a cost it did not show', async () => {
      const v = await mugs(2); // 24,00 €
      const page = await v.request('GET', '/checkout');
      expect(page.body).toContain('Standardversand – 6,90');
      expect(page.body).toContain('Lieferzeit: 2–4 Werktage');
      expect(page.body).not.toContain('Paket');
      // Each rate's total is on the page; the checked one is shown (CSS picks by the checked radio).
      expect(page.body).toMatch(
        /totals__option totals__option--checked">\s*<div><dt>Versand \(Standardversand\)/,
      );
      expect(page.body).toContain('30,90');
      expect(page.body).toContain('36,90');
      const quote = /name="shippingQuote" value="([^"]*)"/.exec(page.body)?.[1];
      expect(quote).toBe('deutschland-standardversand:690,deutschland-express:1290');

      const form = {
        email: 'erika@example.de',
        ...germanAddress,
        paymentMethod: 'bank-transfer',
        shippingQuote: quote!,
      };
      // "Aktualisieren" with Austria: no order, the same form with the EU rate and its total.
      const updated = await v.form('/api/commerce/checkout', {
        ...form,
        country: 'AT',
        postalCode: '1010',
        aktualisieren: '1',
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.body).toContain('Paket – 12,90');
      expect(updated.body).not.toContain('Standardversand');
      expect(updated.body).toContain('value="Erika"');
      expect(
        await storage.orders.findByCart(
          shop.websiteId,
          (await v.request('GET', '/api/commerce/shopping-cart')).json().id,
        ),
      ).toBeUndefined();

      // Ordering to Austria with the German page's costs: the parcel costs something else than shown.
      const stale = await v.form('/api/commerce/checkout', {
        ...form,
        country: 'AT',
        postalCode: '1010',
        shippingQuote: 'eu-paket:690',
        shippingOptionId: 'eu-paket',
      });
      expect(stale.statusCode).toBe(422);
      expect(stale.body).toContain('haben sich geändert und betragen jetzt 12,90');

      const placed = await v.form('/api/commerce/checkout', {
        ...form,
        shippingOptionId: 'deutschland-express',
      });
      expect(placed.statusCode).toBe(303);
      const cartId = (await v.request('GET', '/api/commerce/shopping-cart')).json().id;
      const order = await storage.orders.findByCart(shop.websiteId, cartId);
      expect(order).toMatchObject({ shippingMinor: 1290, grandTotalMinor: 2400 + 1290 });
    });
  });
});
