import { DEFAULT_SHIPPING_ZONES, DEFAULT_TAX_RULES } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestShop, type TestShop, Visitor } from '../../commerce/test-shop.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { catalogMessages } from './catalog-messages.js';
import { type ShopTeam, shopTeam } from './shop-admin-test-kit.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let url: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `einstellungen-${db.name}.test`, 50);
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, shop.websiteId);
    url = `/api/admin/sites/${shop.websiteId}/store-settings`;
  });
  afterAll(() => app?.close());

  const visitorWithMug = async () => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
    return v;
  };

  it('shows the defaults the cart uses until the owner sets their own; only store managers may', async () => {
    const read = await team.storeManager.get(url);
    expect(read.status).toBe(200);
    expect(read.body.storeSettings).toMatchObject({
      currency: 'EUR',
      taxRates: DEFAULT_TAX_RULES,
      taxRatesAreDefaults: true,
      shippingZones: DEFAULT_SHIPPING_ZONES,
      shippingZonesAreDefaults: true,
      coupons: [{ code: 'ZEHN', percentOff: 10, validFrom: null, validUntil: null, activeNow: true }],
    });
    expect((await team.viewer.get(url)).status).toBe(403);
    expect((await team.editor.patch(url, { coupons: [] })).status).toBe(403);
    expect((await team.outsider.get(url)).status).toBe(404);
    expect(
      (await team.outsider.get(`/api/admin/sites/${team.outsiderSiteId}/store-settings`)).body.storeSettings
        .coupons,
    ).toEqual([]);
  });

  it('tax rates, shipping options and coupons the owner sets are what carts and checkout use', async () => {
    const saved = await team.websiteManager.patch(url, {
      taxRates: [
        { country: 'de', ratePercent: 7, name: 'MwSt. ermäßigt' },
        { country: 'AT', ratePercent: 10, name: 'USt.' },
      ],
      shippingOptions: [
        {
          name: 'Päckchen',
          kind: 'weight',
          costMinor: 1500,
          tiers: [
            { maxGrams: 500, costMinor: 390 },
            { maxGrams: 2000, costMinor: 590 },
          ],
        },
        { name: 'Abholung', kind: 'flat', costMinor: 0 },
        { id: 'ab-30', name: 'Frei ab 30 €', kind: 'price', costMinor: 490, freeFromMinor: 3000 },
      ],
      coupons: [{ code: 'sommer-5', amountOffMinor: 500, minimumSubtotalMinor: 1000 }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.storeSettings).toMatchObject({
      taxRates: [
        { country: 'DE', ratePercent: 7, name: 'MwSt. ermäßigt' },
        { country: 'AT', ratePercent: 10, name: 'USt.' },
      ],
      taxRatesAreDefaults: false,
      // Options sent the way of before zones become the zone "Alle Länder" at the same prices.
      shippingZones: [
        {
          name: 'Alle Länder',
          restOfWorld: true,
          rates: [
            { id: 'paeckchen', kind: 'weight' },
            { id: 'abholung', kind: 'flat', priceMinor: 0 },
            { id: 'ab-30', kind: 'flat', priceMinor: 490, freeFromMinor: 3000 },
          ],
        },
      ],
      shippingZonesAreDefaults: false,
      coupons: [{ code: 'SOMMER-5', amountOffMinor: 500 }],
    });

    const v = await visitorWithMug();
    const cart = (await v.request('GET', '/api/commerce/shopping-cart')).json();
    // The mug weighs 400 g: the first tier.
    expect(cart.shippingOptions.map((o: { id: string; costMinor: number }) => [o.id, o.costMinor])).toEqual([
      ['paeckchen', 390],
      ['abholung', 0],
      ['ab-30', 490],
    ]);
    expect(cart.applicableTaxRules).toEqual([{ country: 'DE', ratePercent: 7, name: 'MwSt. ermäßigt' }]);

    const placed = await v.checkout({ couponCodes: ['SOMMER-5', 'ZEHN'], shippingOptionId: 'abholung' });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    // 12,00 € mug, 5,00 € off; ZEHN is no longer a coupon of this shop. 7,00 € incl. 7 % = 0,46 €.
    expect(order.subtotalCents).toBe(1200);
    expect(order.discountTotalCents).toBe(500);
    expect(order.grandTotalCents).toBe(700);
    expect(order.taxTotalCents).toBe(46);
  });

  it('checks every entry with German messages; a refused change leaves all three lists as they were', async () => {
    const before = (await team.admin.get(url)).body.storeSettings;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { taxRates: [{ country: 'Deutschland', ratePercent: 19, name: 'MwSt.' }] },
        'taxRates.0.country',
        catalogMessages.countryInvalid,
      ],
      [
        { taxRates: [{ country: 'CH', ratePercent: 7.7, name: 'MWST' }] },
        'taxRates.0.ratePercent',
        catalogMessages.ratePercentInvalid,
      ],
      [
        {
          taxRates: [
            { country: 'DE', ratePercent: 19, name: 'MwSt.' },
            { country: 'de', ratePercent: 7, name: 'ermäßigt' },
          ],
        },
        'taxRates.1.country',
        catalogMessages.countryTwice('DE'),
      ],
      [
        { shippingOptions: [{ name: 'Frei', kind: 'price', costMinor: 490 }] },
        'shippingOptions.0.freeFromMinor',
        catalogMessages.freeFromMissing,
      ],
      [
        {
          shippingOptions: [
            {
              name: 'Stufen',
              kind: 'weight',
              costMinor: 900,
              tiers: [
                { maxGrams: 2000, costMinor: 500 },
                { maxGrams: 1000, costMinor: 300 },
              ],
            },
          ],
        },
        'shippingOptions.0.tiers',
        catalogMessages.tiersInvalid,
      ],
      [
        { shippingOptions: [{ name: 'Boot', kind: 'ship', costMinor: 1 }] },
        'shippingOptions.0.kind',
        catalogMessages.notAnExpectedOption('ship'),
      ],
      [{ coupons: [{ code: 'AB', percentOff: 10 }] }, 'coupons.0.code', catalogMessages.couponCodeInvalid],
      [
        { coupons: [{ code: 'BEIDES', percentOff: 10, amountOffMinor: 100 }] },
        'coupons.0.percentOff',
        catalogMessages.couponDiscountMissing,
      ],
      [
        { coupons: [{ code: 'ZUVIEL', percentOff: 120 }] },
        'coupons.0.percentOff',
        catalogMessages.couponPercentInvalid,
      ],
      [
        {
          coupons: [
            { code: 'RUECKWAERTS', percentOff: 5, validFrom: '2025-06-30', validUntil: '2025-06-01' },
          ],
        },
        'coupons.0.validUntil',
        catalogMessages.couponEndsBeforeStart,
      ],
      [
        { coupons: [{ code: 'DATUM', percentOff: 5, validFrom: '30.06.2025' }] },
        'coupons.0.validFrom',
        catalogMessages.couponDatesInvalid,
      ],
      [
        {
          coupons: [
            { code: 'DOPPELT', percentOff: 5 },
            { code: 'doppelt', percentOff: 6 },
          ],
        },
        'coupons.1.code',
        catalogMessages.couponCodeTwice('DOPPELT'),
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await team.admin.patch(url, {
        taxRates: [{ country: 'FR', ratePercent: 20, name: 'TVA' }],
        ...body,
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.fields[field], field).toBe(message);
    }
    expect((await team.admin.patch(url, { payment: 'x' })).status).toBe(400);
    expect((await team.admin.patch(url, {})).body.error.message).toBe(catalogMessages.nothingToChange);
    expect((await team.admin.get(url)).body.storeSettings).toEqual(before);
  });

  it('coupon validity: whole days in the shop’s time zone, shown as active only inside them', async () => {
    const saved = await team.admin.patch(url, {
      coupons: [
        { code: 'WINTER', percentOff: 15, validFrom: '2020-12-01', validUntil: '2021-02-28' },
        { code: 'IMMER', percentOff: 5, validFrom: '2020-01-01T08:00:00+01:00' },
      ],
    });
    const [winter, always] = saved.body.storeSettings.coupons;
    // The test shop runs on Europe/Berlin time: midnight there is 23:00 UTC in winter.
    expect(new Date(winter.validFrom).toISOString()).toBe('2020-11-30T23:00:00.000Z');
    expect(new Date(winter.validUntil).toISOString()).toBe('2021-02-28T23:00:00.000Z');
    expect(winter.activeNow).toBe(false);
    expect(always).toMatchObject({
      validFrom: Date.parse('2020-01-01T07:00:00Z'),
      validUntil: null,
      activeNow: true,
    });
  });

  it('Finding 5 (#18): case variants of one code give its discount once; two codes only when the owner allows it', async () => {
    const saved = await team.admin.patch(url, {
      coupons: [
        { code: 'SALE10', percentOff: 10 },
        { code: 'FUENF', amountOffMinor: 500 },
      ],
    });
    expect(saved.body.storeSettings.allowCombiningCoupons).toBe(false);
    const variants = [
      'SALE10',
      'sale10',
      'Sale10',
      'sAlE10',
      ' sale10 ',
      'ｓａｌｅ１０',
      'SALE10',
      'sale\u200b10',
      'SaLe10',
      'salE10',
    ];
    const first = await visitorWithMug();
    const once = await first.checkout({ couponCodes: variants });
    expect(once.statusCode).toBe(201);
    // 12,00 € mug: 10 % once is 1,20 €, not 100 %.
    expect(once.json().order.discountTotalCents).toBe(120);

    const two = await visitorWithMug();
    const single = await two.checkout({ couponCodes: ['sale10', 'fuenf'] });
    expect(single.json().order.discountTotalCents).toBe(120);

    const allowed = await team.admin.patch(url, { allowCombiningCoupons: true });
    expect(allowed.body.storeSettings.allowCombiningCoupons).toBe(true);
    const three = await visitorWithMug();
    const combined = await three.checkout({ couponCodes: ['sale10', 'Sale10', 'fuenf', 'FUENF'] });
    expect(combined.json().order.discountTotalCents).toBe(620);
    expect((await team.admin.patch(url, { allowCombiningCoupons: 'ja' })).status).toBe(400);
    await team.admin.patch(url, { allowCombiningCoupons: false });
  });
});
