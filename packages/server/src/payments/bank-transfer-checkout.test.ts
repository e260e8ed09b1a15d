import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';

/*
 * Vorkasse as the shopper meets it: bank details, the order number as the reference, the due date and the
 * GiroCode on the confirmation page, the order-status page and in the confirmation mail.
 */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `vorkasse-${db.name}.test`, 20, {
      bankTransfer: { accountHolder: 'Testladen GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      paymentOptions: { bankTransferDays: 7 },
    });
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
  });
  afterAll(() => app?.close());

  it('shows bank details, reference, due date and a scannable GiroCode after ordering, and mails them', async () => {
    const visitor = await new Visitor(app, shop.hostname).start();
    await visitor.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
    const placed = await visitor.form('/api/commerce/checkout', {
      email: 'ueberweisung@example.de',
      ...germanAddress,
      paymentMethod: 'bank-transfer',
    });
    const confirmation = await visitor.request('GET', String(placed.headers.location));
    const order = (await storage.orders.list(shop.websiteId, { search: 'ueberweisung@example.de' }))
      .orders[0]!;
    for (const page of [
      confirmation.body,
      (await visitor.request('GET', `/bestellung/${order.orderNumber}?email=ueberweisung%40example.de`)).body,
    ]) {
      expect(page).toContain('DE89 3704 0044 0532 0130 00');
      expect(page).toContain('COBADEFFXXX');
      expect(page).toContain(`Bestellung ${order.orderNumber}`);
      expect(page).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="GiroCode/);
      expect(page).toMatch(/Bitte überweise bis zum \d+\. \w+ \d{4}/);
    }
    const mail = (await storage.outbox.listByWebsite(shop.websiteId, { limit: 100 })).find(
      (m) => m.to === 'ueberweisung@example.de' && m.kind === 'order-confirmation',
    )!;
    expect(mail.text).toContain('IBAN: DE89370400440532013000');
    const giroUrl = `/checkout/girocode/${order.id}.png`;
    expect(mail.html).toContain(giroUrl);
    const png = await visitor.request('GET', giroUrl);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});
