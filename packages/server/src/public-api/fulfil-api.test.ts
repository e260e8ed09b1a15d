import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';
import { apiMessages } from './api-messages.js';
import { API_PREFIX } from './public-api.js';

/*
 * Fulfilling through the public API as a warehouse system and the shopper notice it: goods still to ship
 * leave as one parcel with exactly one shipping mail, as "Ausgeführt" in the editor; a repeated call (or a
 * replay with its Idempotency-Key) mails nobody; a download needs no mail; `notifyCustomer: false` records
 * the parcel without a mail, and the document the API serves says so.
 */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let key: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `api-ausfuehren-${db.name}.test`, 50);
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, shop.websiteId);
    const created = await team.admin.post(`/api/admin/sites/${shop.websiteId}/api-keys`, {
      name: 'Lager',
      scopes: ['orders.write'],
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    key = created.body.key as string;
    await storage.webhooks.createSubscription(shop.websiteId, {
      url: 'https://lager.example.test/hooks',
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

  const fulfil = (orderId: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `${API_PREFIX}/sites/${shop.websiteId}/orders/${orderId}/fulfil`,
      headers: { host: 'api.example.test', authorization: `Bearer ${key}`, ...headers },
      ...(payload ? { payload } : {}),
    });
  const shippingMailsTo = async (email: string) =>
    (await storage.outbox.listByWebsite(shop.websiteId, { kind: 'shipping' })).filter((m) => m.to === email);
  const fulfilledEventsOf = async (orderId: string) =>
    (await storage.webhooks.listDeliveries(shop.websiteId, { limit: 1000 })).filter(
      (d) => d.eventType === 'order.fulfilled' && JSON.parse(d.payload).data.order.id === orderId,
    );
  const timelineOf = async (orderId: string) =>
    (
      await team.storeManager.get(`/api/admin/sites/${shop.websiteId}/orders/${orderId}/fulfilment`)
    ).body.fulfilment.timeline.map((e: { text: string }) => e.text);

  it('fulfils with one shipping mail, once: a second call is 409, a replay with its key repeats the answer', async () => {
    const order = await buy('lena@example.de', { mugs: 2 });
    const first = await fulfil(order.id, undefined, { 'idempotency-key': 'versand-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().order.status).toBe('fulfilled');
    const mails = await shippingMailsTo('lena@example.de');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Deine Bestellung Nr. ${order.orderNumber} ist unterwegs`);
    expect(await timelineOf(order.id)).toContain('Versandt ohne Versanddienstleister');
    expect(await fulfilledEventsOf(order.id)).toHaveLength(1);

    const replay = await fulfil(order.id, undefined, { 'idempotency-key': 'versand-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await fulfil(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.type).toBe('ORDER_ALREADY_FULFILLED');
    expect(await shippingMailsTo('lena@example.de')).toHaveLength(1);
    expect(await fulfilledEventsOf(order.id)).toHaveLength(1);
  });

  it('a download-only order is fulfilled without a mail', async () => {
    const order = await buy('dana@example.de', { ebook: true });
    const done = await fulfil(order.id, {});
    expect(done.statusCode).toBe(200);
    expect(done.json().order.status).toBe('fulfilled');
    expect(await shippingMailsTo('dana@example.de')).toEqual([]);
    expect(await fulfilledEventsOf(order.id)).toHaveLength(1);
  });

  it('notifyCustomer false records the parcel without a mail; the timeline says the shopper was not told', async () => {
    const order = await buy('stefan@example.de', { mugs: 1 });
    const done = await fulfil(order.id, { notifyCustomer: false });
    expect(done.statusCode).toBe(200);
    expect(done.json().order.status).toBe('fulfilled');
    expect(await shippingMailsTo('stefan@example.de')).toEqual([]);
    expect(await timelineOf(order.id)).toContain(
      'Versandt ohne Versanddienstleister, Kundin nicht benachrichtigt',
    );
    expect(await fulfilledEventsOf(order.id)).toHaveLength(1);
    // true is the default said out loud.
    const told = await buy('tina@example.de', { mugs: 1 });
    expect((await fulfil(told.id, { notifyCustomer: true })).statusCode).toBe(200);
    expect(await shippingMailsTo('tina@example.de')).toHaveLength(1);
  });

  it('refuses a notifyCustomer that is no boolean, or an unknown field, in German; nothing shipped', async () => {
    const order = await buy('kai@example.de', { mugs: 1 });
    const wrong = await fulfil(order.id, { notifyCustomer: 'nein' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.notifyCustomer).toBe(apiMessages.notifyCustomerInvalid);
    expect((await fulfil(order.id, { tracking: '123' })).statusCode).toBe(400);
    expect(await shippingMailsTo('kai@example.de')).toEqual([]);
    expect((await storage.orders.findById(shop.websiteId, order.id))!.status).toBe('open');
  });

  it('the served OpenAPI document describes the mail and the optional notifyCustomer', async () => {
    const doc = (await app.inject({ url: '/api/docs/openapi.json', headers: { host: 'localhost' } })).json();
    const operation = doc.paths['/api/v1/sites/{siteId}/orders/{orderId}/fulfil'].post;
    expect(operation.description).toContain('Versandmail');
    expect(operation.description).toContain('notifyCustomer');
    // The body may be left out: clients that only called fulfil before keep working.
    expect(operation.requestBody.required).toBe(false);
    expect(operation['x-body-optional']).toBeUndefined();
    const body = operation.requestBody.content['application/json'].schema;
    expect(body.properties.notifyCustomer).toMatchObject({ type: 'boolean' });
    expect(body.required ?? []).not.toContain('notifyCustomer');
  });
});
