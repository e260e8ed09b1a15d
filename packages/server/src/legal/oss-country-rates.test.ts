import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';
import type { InvoiceData } from '../invoices/invoice-data.js';
import { whenOrderPaid } from '../payments/order-paid.js';

/*
 * § 3c UStG (OSS): a consumer in another member state pays that state's VAT. The EU table's one reduced
 * rate per country does not fit every good (books are 0 % in Ireland), so the owner sets their own rate per
 * member state and tax class; cart, checkout, order and invoice all take it.
 */

const card = { paymentMethod: 'test-card', paymentDetails: { cardNumber: '4242 4242 4242 4242' } };
const irish = {
  ...germanAddress,
  line1: '1 Main Street',
  city: 'Dublin',
  postalCode: 'D02 AF30',
  country: 'IE',
};
const austrian = { ...germanAddress, line1: 'Ringstraße 1', city: 'Wien', postalCode: '1010', country: 'AT' };

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let url: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `oss-${db.name}.test`, 50, {
      vat: { oss: true },
      legal: { companyName: 'Buchladen Muster GmbH', country: 'DE', vatId: 'DE123456789' },
    });
    // The e-book takes the reduced rate (§ 12 Abs. 2 Nr. 14 UStG): 7 % at home, the table's reduced abroad.
    await storage.pricing.setTaxClass(shop.websiteId, shop.ebook.id, 'reduced');
    app = await buildApp({
      storage,
      logLevel: 'silent',
      serverTestMode: true,
      shared: sharedStateWithLimits(),
    });
    team = await shopTeam(app, storage, shop.websiteId);
    url = `/api/admin/sites/${shop.websiteId}/vat`;
  });
  afterAll(() => app?.close());

  const buyEbook = async (address: object) => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.ebook.id, `${shop.hostname}-EBOOK`, 1);
    const placed = await v.checkout({ ...card, shippingAddress: address });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    const [invoice] = await storage.invoices.forOrder(shop.websiteId, order.id);
    return { order, invoice: invoice.data as unknown as InvoiceData };
  };

  describe("§ 3c UStG: the owner's rate per member state and tax class", () => {
    it("books at 0 % in Ireland: checkout, order VAT lines and invoice lines take the owner's rate", async () => {
      const before = await buyEbook(irish);
      // The table's reduced rate for Ireland is 13,5 %.
      expect(before.invoice.lines.map((l) => l.ratePercent)).toEqual([13.5]);

      const saved = await team.admin.patch(url, {
        countryRates: [{ country: 'IE', taxClass: 'reduced', ratePercent: '0' }],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.vat.countryRates).toEqual([{ country: 'IE', taxClass: 'reduced', ratePercent: 0 }]);

      const { order, invoice } = await buyEbook(irish);
      expect(order.taxTotalCents).toBe(0);
      expect(invoice.vatLines.map((l) => [l.ratePercent, l.vatMinor])).toEqual([[0, 0]]);
      expect(invoice.lines.map((l) => [l.description, l.ratePercent])).toEqual([['E-Book', 0]]);
      expect(invoice.grandTotalMinor).toBe(999);
    });

    it("other member states keep the table: Austria's reduced 10 %, and the invoice prints what the checkout charged even after the owner changes the rate", async () => {
      const { invoice } = await buyEbook(austrian);
      expect(invoice.lines.map((l) => l.ratePercent)).toEqual([10]);
      expect(invoice.vatLines.map((l) => l.ratePercent)).toEqual([10]);
      // A Vorkasse order placed at 10 %, paid (and so invoiced) only after the owner's change below.
      const v = await new Visitor(app, shop.hostname).start();
      await v.add(shop.ebook.id, `${shop.hostname}-EBOOK`, 1);
      const waiting = (await v.checkout({ shippingAddress: austrian })).json().order;
      // A class standard-rated in a country: the owner sets 20 % for the reduced class in Austria.
      await team.admin.patch(url, {
        countryRates: [
          { country: 'IE', taxClass: 'reduced', ratePercent: 0 },
          { country: 'AT', taxClass: 'reduced', ratePercent: '20' },
        ],
      });
      const later = await buyEbook(austrian);
      expect(later.invoice.vatLines.map((l) => [l.ratePercent, l.vatMinor])).toEqual([[20, 167]]);
      expect(later.invoice.lines.map((l) => l.ratePercent)).toEqual([20]);

      await storage.transaction(async (tx) => {
        const marked = await tx.orders.markPaid(shop.websiteId, waiting.id);
        const website = (await tx.websites.findById(shop.websiteId))!;
        if (marked.outcome === 'changed') await whenOrderPaid(tx, website, marked.order, 'http://oss.test');
      });
      const [paidLater] = await storage.invoices.forOrder(shop.websiteId, waiting.id);
      const data = paidLater.data as unknown as InvoiceData;
      expect(data.vatLines.map((l) => l.ratePercent)).toEqual([10]);
      expect(data.lines.map((l) => l.ratePercent)).toEqual([10]);
    });

    it('refuses a country outside the EU, a rate above 30 % and a doubled row, with German messages per field', async () => {
      const refused = await team.admin.patch(url, {
        countryRates: [
          { country: 'US', taxClass: 'reduced', ratePercent: 0 },
          { country: 'FR', taxClass: 'reduced', ratePercent: '190' },
          { country: 'IE', taxClass: 'reduced', ratePercent: '0' },
          { country: 'IE', taxClass: 'reduced', ratePercent: '4,8' },
        ],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({
        'countryRates.0.country': 'Bitte wähle einen Mitgliedstaat der EU.',
        'countryRates.1.ratePercent': expect.stringContaining('zwischen 0 und 30'),
        'countryRates.3.country': expect.stringContaining('schon eine Zeile'),
      });
      // Nothing of it was stored.
      expect((await team.admin.get(url)).body.vat.countryRates).toHaveLength(2);
      expect((await team.viewer.patch(url, { countryRates: [] })).status).toBe(403);
    });
  });
});
