import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMoney } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import { browserBundleDir } from '@baukasten/storefront';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { serverMessages } from '../messages.js';
import { unlabelledControls } from './commerce-page-test-kit.js';

/** The built browser bundle's manifest: which entry a page without islands loads. */
const browserManifest = (): { analytics?: string } =>
  JSON.parse(readFileSync(join(browserBundleDir, 'islands.json'), 'utf8'));
const euro = (minor: number) => formatMoney(minor, 'EUR', 'de-DE');
const paidByCard = { paymentMethod: 'test-card', paymentDetails: { cardNumber: '4242 4242 4242 4242' } };

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let otherShop: TestShop;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'bestellung.test');
    otherShop = await createTestShop(storage, 'anderer-laden.test');
    // The test card pays in these tests: the server runs in test mode, as with NODE_ENV other than production.
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = (host = shop.hostname) => new Visitor(app, host).start();
  const sku = (suffix: string) => `${shop.hostname}-${suffix}`;
  const order = async (v: Visitor, body: Record<string, unknown> = {}) => {
    const res = await v.checkout(body);
    expect(res.statusCode).toBe(201);
    const placedOrder = res.json().order;
    return placedOrder;
  };

  describe('the confirmation page', () => {
    it('R2.3.1 shows a bank-transfer order as received (207) with amount, reference, items and totals', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 2);
      await v.add(shop.ebook.id, sku('EBOOK'), 1);
      const placedOrder = await order(v);
      const res = await v.request('GET', `/checkout/bestaetigt?orderId=${placedOrder.id}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain('data-page-type="207"');
      expect(html).toContain('<h1 id="bestellung-titel">Bestellung eingegangen</h1>');
      // No island and no React here: only the analytics runtime, for the visit and the purchase pixel.
      expect(html).not.toContain('data-island');
      const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts).toEqual([`/assets/${browserManifest().analytics}`]);
      // What the purchase pixel reports: order number, grand total in euros, currency and products.
      const purchase = /data-purchase="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(JSON.parse(purchase.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))).toEqual({
        orderId: placedOrder.id,
        orderNumber: String(placedOrder.orderNumber),
        value: placedOrder.grandTotalCents / 100,
        currency: 'EUR',
        itemIds: [shop.mug.id, shop.ebook.id],
      });
      expect(html).toContain(`<div><dt>Betrag</dt><dd>${euro(placedOrder.grandTotalCents)}</dd></div>`);
      expect(html).toContain(`<dd>Bestellung ${placedOrder.orderNumber}</dd>`);
      expect(html).toContain('2 × Tasse');
      expect(html).toContain('1 × E-Book');
      expect(html).toContain(`Gesamtsumme</dt><dd>${euro(placedOrder.grandTotalCents)}`);
      // Digital goods are handed out only once the money arrived.
      expect(html).not.toContain('Herunterladen');
      expect(html).toContain('Die Download-Links erhältst du, sobald deine Zahlung eingegangen ist.');
      const json = (
        await v.request('GET', `/checkout/bestaetigt?orderId=${placedOrder.id}&format=json`)
      ).json();
      expect(json.pageType).toBe(207);
      expect(json.order.items.every((i: { downloadUrl: unknown }) => i.downloadUrl === null)).toBe(true);
      expect(json.bankTransfer).toMatchObject({ reference: `Bestellung ${placedOrder.orderNumber}` });
    });

    it('R2.3.1 shows a paid order as confirmed (202) and links its downloads', async () => {
      const v = await visitor();
      await v.add(shop.ebook.id, sku('EBOOK'), 1);
      const placedOrder = await order(v, { ...paidByCard, shippingAddress: undefined });
      const html = (await v.request('GET', `/checkout/bestaetigt?orderId=${placedOrder.id}`)).body;
      expect(html).toContain('data-page-type="202"');
      expect(html).toContain('<h1 id="bestellung-titel">Bestellung bestätigt</h1>');
      expect(html).not.toContain('Bitte überweise');
      const download = placedOrder.items[0].downloadUrl as string;
      expect(download).toBeTruthy();
      expect(html).toContain(`<a class="download-link" href="${download}">Herunterladen`);
    });

    it('answers an unknown, missing or foreign order with the German 404 page', async () => {
      const v = await visitor();
      for (const url of ['/checkout/bestaetigt?orderId=gibtesnicht', '/checkout/bestaetigt']) {
        const res = await v.request('GET', url);
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('data-page-type="100"');
        expect(res.body).toContain(serverMessages.orderNotFound);
      }
      // An order of another shop is not found under this shop's address.
      const foreign = await visitor(otherShop.hostname);
      await foreign.add(otherShop.mug.id, `${otherShop.hostname}-TASSE`, 1);
      const foreignOrder = await order(foreign);
      const res = await v.request('GET', `/checkout/bestaetigt?orderId=${foreignOrder.id}`);
      expect(res.statusCode).toBe(404);
    });
  });

  describe('the order status page', () => {
    it('R2.3.1 opens with the order email (211) and shows the payment status', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const placedOrder = await order(v);
      const confirmation = (await v.request('GET', `/checkout/bestaetigt?orderId=${placedOrder.id}`)).body;
      const link = /href="(\/bestellung\/[^"]+)">Bestellstatus ansehen/.exec(confirmation)?.[1];
      expect(link).toBeTruthy();
      const res = await v.request('GET', link!.replace(/&amp;/g, '&'));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-page-type="211"');
      expect(res.body).toContain(`<dt>Bestellnummer</dt><dd>${placedOrder.orderNumber}</dd>`);
      expect(res.body).toContain('<dt>Status</dt><dd>Zahlung ausstehend</dd>');
      expect(res.body).toContain('1 × Tasse');
      // The email matches whatever its case.
      const upper = await v.request('GET', `/bestellung/${placedOrder.id}?email=ERIKA@EXAMPLE.DE`);
      expect(upper.statusCode).toBe(200);
    });

    it('R2.3.1 shows a paid order as paid, with its downloads', async () => {
      const v = await visitor();
      await v.add(shop.ebook.id, sku('EBOOK'), 1);
      const placedOrder = await order(v, { ...paidByCard, shippingAddress: undefined });
      const res = await v.request('GET', `/bestellung/${placedOrder.id}?email=erika@example.de`);
      expect(res.body).toContain('<dt>Status</dt><dd>Bezahlt</dd>');
      expect(res.body).toContain('Herunterladen');
      expect(
        (await v.request('GET', `/bestellung/${placedOrder.id}?email=erika@example.de&format=json`)).json(),
      ).toMatchObject({ pageType: 211, order: { orderNumber: placedOrder.orderNumber, isPaid: true } });
    });

    it('asks for the email first and reveals nothing without it', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const placedOrder = await order(v);
      const res = await v.request('GET', `/bestellung/${placedOrder.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-page-type="211"');
      expect(res.body).toContain(
        `<form class="status-lookup" method="get" action="/bestellung/${placedOrder.id}">`,
      );
      expect(unlabelledControls(res.body)).toEqual([]);
      expect(res.body).not.toContain('Tasse');
    });

    it('answers a wrong email exactly like an unknown order: German 404', async () => {
      const v = await visitor();
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const placedOrder = await order(v);
      const wrong = await v.request('GET', `/bestellung/${placedOrder.id}?email=max@example.de`);
      const unknown = await v.request('GET', '/bestellung/999999?email=erika@example.de');
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain(serverMessages.orderNotFound);
        expect(res.body).not.toContain('Tasse');
      }
    });

    it('limits status look-ups per client in the shared store, so more processes allow no more', async () => {
      const limited = await buildApp({
        storage,
        logLevel: 'silent',
        shared: sharedStateWithLimits({ 'order-status': { limit: 2, windowMs: 60_000 } }),
      });
      try {
        const v = new Visitor(limited, shop.hostname);
        const codes = [];
        for (let i = 0; i < 3; i++)
          codes.push((await v.request('GET', '/bestellung/999999?email=a@b.de')).statusCode);
        expect(codes).toEqual([404, 404, 429]);
      } finally {
        await limited.close();
      }
    });

    it('R2.3.1 finds an order by its number, and the confirmation links the status page by number', async () => {
      const v = await visitor(shop.hostname);
      await v.add(shop.mug.id, sku('TASSE'), 1);
      const placedOrder = await order(v);
      const res = await v.request('GET', `/bestellung/${placedOrder.orderNumber}?email=erika@example.de`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<dt>Bestellnummer</dt><dd>${placedOrder.orderNumber}</dd>`);
      const confirmation = (await v.request('GET', `/checkout/bestaetigt?orderId=${placedOrder.id}`)).body;
      expect(confirmation).toContain(
        `href="/bestellung/${placedOrder.orderNumber}?email=erika%40example.de">Bestellstatus ansehen`,
      );
    });
  });
});
