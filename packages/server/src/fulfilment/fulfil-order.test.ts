import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';

/*
 * "Ausgeführt" on the editor's order page as the shopper and the owner notice it: the goods still to ship
 * leave as one parcel, the shopper gets exactly one shipping mail, the timeline shows the parcel and
 * `order.fulfilled` goes out once; a second click mails nobody; a download needs no parcel and no mail.
 */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let base: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `ausfuehren-${db.name}.test`, 50);
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, shop.websiteId);
    base = `/api/admin/sites/${shop.websiteId}/orders`;
    // A receiver for `order.fulfilled`: its delivery rows count how often the event was announced.
    await storage.webhooks.createSubscription(shop.websiteId, {
      url: 'https://erp.example.test/hooks',
      events: ['order.fulfilled'],
      secret: 'whsec_test',
    });
  });
  afterAll(() => app?.close());

  const sku = (suffix: string) => `${shop.hostname}-${suffix}`;

  async function buy(email: string, opts: { mugs?: number; ebook?: boolean }) {
    const v = await new Visitor(app, shop.hostname).start();
    if (opts.mugs) await v.add(shop.mug.id, sku('TASSE'), opts.mugs);
    if (opts.ebook) await v.add(shop.ebook.id, sku('EBOOK'), 1);
    const placed = await v.checkout({ email, shippingAddress: germanAddress });
    expect(placed.statusCode).toBe(201);
    return placed.json().order as { id: string; orderNumber: number };
  }

  const shippingMailsTo = async (email: string) =>
    (await storage.outbox.listByWebsite(shop.websiteId, { kind: 'shipping' })).filter((m) => m.to === email);
  const fulfilledEventsOf = async (orderId: string) =>
    (await storage.webhooks.listDeliveries(shop.websiteId, { limit: 1000 })).filter(
      (d) => d.eventType === 'order.fulfilled' && JSON.parse(d.payload).data.order.id === orderId,
    );

  it('"Ausgeführt" ships what is left as one parcel: one shipping mail, the timeline, one webhook; again: 409, no mail', async () => {
    const order = await buy('paula@example.de', { mugs: 2, ebook: true });
    const done = await team.storeManager.post(`${base}/${order.id}/fulfil`);
    expect(done.status).toBe(200);
    expect(done.body.order.status).toBe('fulfilled');

    const mails = await shippingMailsTo('paula@example.de');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Deine Bestellung Nr. ${order.orderNumber} ist unterwegs`);
    // No carrier was named, so the mail names none and promises no tracking link.
    expect(mails[0]!.text).toContain(`hat deine Bestellung Nr. ${order.orderNumber} verschickt.`);
    expect(mails[0]!.text).toContain('– 2 × Tasse');
    expect(mails[0]!.text).not.toContain('E-Book');
    expect(mails[0]!.text).toContain('Für diese Sendung gibt es keine Sendungsnummer.');

    const page = await team.storeManager.get(`${base}/${order.id}/fulfilment`);
    expect(page.body.fulfilment).toMatchObject({ fulfilmentStatus: 'shipped', unshipped: [] });
    expect(page.body.fulfilment.shipments).toEqual([
      expect.objectContaining({ carrierName: '', trackingUrl: null, itemsText: '2 × Tasse' }),
    ]);
    expect(page.body.fulfilment.timeline.map((e: { text: string }) => e.text)).toContain(
      'Versandt ohne Versanddienstleister',
    );
    expect(await fulfilledEventsOf(order.id)).toHaveLength(1);
    // The shopper's order page lists the parcel without naming a carrier nobody gave.
    const status = await new Visitor(app, shop.hostname).request(
      'GET',
      `/bestellung/${order.orderNumber}?email=paula%40example.de`,
    );
    expect(status.statusCode).toBe(200);
    expect(status.body).toMatch(/<li class="shipment">Am \d{1,2}\. [A-Za-zä]+ \d{4} verschickt: 2 × Tasse/);

    const again = await team.storeManager.post(`${base}/${order.id}/fulfil`);
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe('ORDER_ALREADY_FULFILLED');
    expect(await shippingMailsTo('paula@example.de')).toHaveLength(1);
    expect(await fulfilledEventsOf(order.id)).toHaveLength(1);
    expect(
      (await team.storeManager.get(`${base}/${order.id}/fulfilment`)).body.fulfilment.shipments,
    ).toHaveLength(1);
  });

  it('after a partial parcel with DHL, "Ausgeführt" sends the rest: the second mail lists only what was left', async () => {
    const order = await buy('rudi@example.de', { mugs: 3 });
    const [line] = (await storage.orders.findById(shop.websiteId, order.id))!.items;
    const partial = await team.storeManager.post(`${base}/${order.id}/shipments`, {
      carrier: 'dhl',
      trackingNumber: '00340434161234567890',
      lines: [{ orderItemId: line!.id, quantity: 1 }],
    });
    expect(partial.status).toBe(200);
    expect(partial.body.order.status).toBe('open');

    expect((await team.storeManager.post(`${base}/${order.id}/fulfil`)).status).toBe(200);
    const mails = await shippingMailsTo('rudi@example.de');
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Deine Bestellung Nr. ${order.orderNumber} ist unterwegs`,
      `Ein Teil deiner Bestellung Nr. ${order.orderNumber} ist unterwegs`,
    ]);
    const last = mails.find((m) => m.subject.startsWith('Deine'))!;
    expect(last.text).toContain('– 2 × Tasse');
    expect(await fulfilledEventsOf(order.id)).toHaveLength(1);
  });

  it('a download-only order is marked fulfilled without a parcel and without a mail', async () => {
    const order = await buy('dora@example.de', { ebook: true });
    const done = await team.storeManager.post(`${base}/${order.id}/fulfil`);
    expect(done.status).toBe(200);
    expect(done.body.order.status).toBe('fulfilled');
    expect(await shippingMailsTo('dora@example.de')).toEqual([]);
    const page = await team.storeManager.get(`${base}/${order.id}/fulfilment`);
    expect(page.body.fulfilment).toMatchObject({ fulfilmentStatus: 'not-needed', shipments: [] });
    expect(await fulfilledEventsOf(order.id)).toHaveLength(1);
  });

  it('two clicks on "Ausgeführt" at once ship once and mail once', async () => {
    const order = await buy('zwei@example.de', { mugs: 1 });
    const answers = await Promise.all([
      team.storeManager.post(`${base}/${order.id}/fulfil`),
      team.storeManager.post(`${base}/${order.id}/fulfil`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await shippingMailsTo('zwei@example.de')).toHaveLength(1);
    expect(await fulfilledEventsOf(order.id)).toHaveLength(1);
  });

  it('a cancelled order is not shipped: 409, no mail', async () => {
    const order = await buy('storno@example.de', { mugs: 1 });
    expect((await team.storeManager.post(`${base}/${order.id}/cancel`)).status).toBe(200);
    const refused = await team.storeManager.post(`${base}/${order.id}/fulfil`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.type).toBe('ORDER_CANCELLED');
    expect(await shippingMailsTo('storno@example.de')).toEqual([]);
    expect((await team.storeManager.post(`${base}/unbekannt/fulfil`)).status).toBe(404);
  });
});
