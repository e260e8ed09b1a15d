import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserRole } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountWithSession, sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop } from '../commerce/test-shop.js';
import { outboundUrlRefusal } from '../outbound-address-guard.js';
import { deliverDueWebhooks, retryDelay } from './webhook-delivery.js';
import { sealStoredWebhookSecrets, WebhookSecrets } from './webhook-secrets.js';
import { signatureHeader, verifyWebhookSignature } from './webhook-signature.js';

/*
 * Webhooks as an owner and a receiver notice them: a URL registered in the editor gets the order event,
 * signed; a receiver answering 500 gets it again later, and after the last try the log says failed; "erneut
 * senden" sends the same event (same id) again; private addresses are refused unless the test switch is on.
 */

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The server's SECRETS_KEY in these tests: it seals the signing secrets. */
const SECRETS_KEY = randomBytes(32);

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  let answer = 200;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `hooks-${db.name}.test`);
    app = await buildApp({
      storage,
      logLevel: 'silent',
      shared: sharedStateWithLimits(),
      webhooks: { allowPrivateHosts: true, secretsKey: SECRETS_KEY },
    });
    team = await shopTeam(app, storage, shop.websiteId);
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((r) => receiver?.close(r));
  });

  const site = () => `/api/admin/sites/${shop.websiteId}`;
  const deliver = (now = Date.now()) =>
    deliverDueWebhooks(storage, {
      allowPrivateHosts: true,
      secretsKey: SECRETS_KEY,
      retryBaseMs: 1000,
      maxAttempts: 3,
      now: () => now,
      random: () => 1,
    });

  const placeOrder = async () => {
    const cart = await storage.carts.create(shop.websiteId, 'EUR');
    const placed = await storage.orders.place(shop.websiteId, {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: 'kundin@example.de',
      data: { payment: { status: 'PAID' } },
      subtotalMinor: 1200,
      taxMinor: 0,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor: 1200,
      items: [],
      stock: [],
    });
    if (placed.outcome !== 'placed') throw new Error('not placed');
    return placed.order;
  };

  it('an owner registers a URL; a fulfilled order arrives signed, with its event id; the log shows it', async () => {
    const created = await team.admin.post(`${site()}/webhooks`, {
      url: receiverUrl,
      events: ['order.fulfilled', 'product.changed'],
    });
    expect(created.status).toBe(201);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(JSON.stringify((await team.admin.get(`${site()}/webhooks`)).body)).not.toContain(secret);

    const order = await placeOrder();
    expect((await team.admin.post(`${site()}/orders/${order.id}/fulfil`, {})).status).toBe(200);
    await deliver();
    const hit = received.at(-1)!;
    expect(verifyWebhookSignature(secret, hit.body, String(hit.headers['baukasten-signature']))).toBe(true);
    const event = JSON.parse(hit.body);
    expect(event).toMatchObject({
      type: 'order.fulfilled',
      data: { order: { id: order.id, status: 'fulfilled' } },
    });
    expect(hit.headers['baukasten-event-id']).toBe(event.id);

    const log = (await team.admin.get(`${site()}/webhooks`)).body.deliveries;
    expect(log[0]).toMatchObject({
      eventType: 'order.fulfilled',
      status: 'delivered',
      responseStatus: 200,
      attempts: 1,
    });

    // "Erneut senden": the same event (same id and body) once more.
    const resent = await team.admin.post(`${site()}/webhooks/deliveries/${log[0].id}/resend`, {});
    expect(resent.status).toBe(201);
    await deliver();
    expect(received.at(-1)!.body).toBe(hit.body);
    expect(received.at(-1)!.headers['baukasten-delivery-id']).not.toBe(hit.headers['baukasten-delivery-id']);
  });

  it('a receiver answering 500 gets the event again with back-off, and after the last try the log says failed', async () => {
    answer = 500;
    const before = received.length;
    const order = await placeOrder();
    await team.admin.post(`${site()}/orders/${order.id}/fulfil`, {});
    const t0 = Date.now();
    await deliver(t0);
    expect(received.length).toBe(before + 1);
    let [entry] = (await team.admin.get(`${site()}/webhooks`)).body.deliveries;
    expect(entry).toMatchObject({ status: 'pending', responseStatus: 500, attempts: 1 });
    // Not due before its back-off has passed.
    await deliver(t0 + 500);
    expect(received.length).toBe(before + 1);
    await deliver(t0 + retryDelay(1, 1000, () => 1) + 1);
    expect(received.length).toBe(before + 2);
    await deliver(t0 + 60_000);
    [entry] = (await team.admin.get(`${site()}/webhooks`)).body.deliveries;
    expect(entry).toMatchObject({ status: 'failed', attempts: 3, responseStatus: 500 });
    expect(entry.lastError).toBe('Der Empfänger antwortete mit Status 500.');
    answer = 200;
  });

  it('retry delays grow exponentially with jitter, capped', () => {
    expect(retryDelay(1, 1000, () => 0)).toBe(500);
    expect(retryDelay(1, 1000, () => 1)).toBe(1000);
    expect(retryDelay(3, 1000, () => 1)).toBe(4000);
    expect(retryDelay(40, 1000, () => 1)).toBe(6 * 60 * 60 * 1000);
  });

  it('a signature is refused when the body changed or its timestamp is older than five minutes (replay)', () => {
    const body = '{"id":"evt_1"}';
    const now = Date.now();
    const header = signatureHeader('whsec_x', body, now);
    expect(verifyWebhookSignature('whsec_x', body, header, { nowMs: now })).toBe(true);
    expect(verifyWebhookSignature('whsec_x', `${body} `, header, { nowMs: now })).toBe(false);
    expect(verifyWebhookSignature('whsec_y', body, header, { nowMs: now })).toBe(false);
    expect(verifyWebhookSignature('whsec_x', body, header, { nowMs: now + 301_000 })).toBe(false);
  });

  it('the address guard refuses private and loopback addresses unless the test switch is on', async () => {
    expect(await outboundUrlRefusal('http://127.0.0.1:9/x', false)).toBe('private');
    expect(await outboundUrlRefusal('http://10.1.2.3/x', false)).toBe('private');
    expect(await outboundUrlRefusal('http://[::1]/x', false)).toBe('private');
    expect(await outboundUrlRefusal('http://localhost/x', false)).toBe('private');
    expect(await outboundUrlRefusal('ftp://example.com/x', false)).toBe('invalid');
    expect(await outboundUrlRefusal('http://127.0.0.1:9/x', true)).toBeUndefined();

    const guarded = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    try {
      const { account, browser: owner } = await accountWithSession(guarded, storage, 'Wache');
      await storage.siteMembers.add(shop.websiteId, account.id, [UserRole.ADMIN]);
      const refused = await owner.post(`${site()}/webhooks`, {
        url: receiverUrl,
        events: ['order.paid'],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/privates Netz/);
      const unknownEvent = await owner.post(`${site()}/webhooks`, {
        url: 'https://example.com',
        events: ['alles'],
      });
      expect(unknownEvent.body.error.message).toBe('„alles“ ist kein Ereignis, das wir senden.');
    } finally {
      await guarded.close();
    }
    // At delivery time the guard holds too: a delivery to 127.0.0.1 without the switch is never sent.
    const before = received.length;
    const order = await placeOrder();
    await team.admin.post(`${site()}/orders/${order.id}/fulfil`, {});
    await deliverDueWebhooks(storage, { allowPrivateHosts: false, secretsKey: SECRETS_KEY, maxAttempts: 1 });
    expect(received.length).toBe(before);
    const [entry] = (await team.admin.get(`${site()}/webhooks`)).body.deliveries;
    expect(entry).toMatchObject({ status: 'failed', responseStatus: null });
    expect(entry.lastError).toMatch(/privates Netz/);
  });

  it('another website never sees the subscriptions or deliveries', async () => {
    expect((await team.outsider.get(`${site()}/webhooks`)).status).toBe(404);
    expect((await team.storeManager.get(`${site()}/webhooks`)).status).toBe(403);
  });

  it('the stored subscription holds no plain signing secret, and a delivery still verifies with the one shown', async () => {
    const created = await team.admin.post(`${site()}/webhooks`, { url: receiverUrl, events: ['stock.low'] });
    const secret = created.body.secret as string;
    const stored = (await storage.webhooks.listSubscriptions(shop.websiteId)).find(
      (s) => s.id === created.body.webhook.id,
    )!;
    expect(stored.secret).not.toContain(secret);
    expect(stored.secret).not.toContain(secret.slice('whsec_'.length));
    expect(stored.secret).toMatch(/^v1\./);

    await storage.webhooks.emit(shop.websiteId, { type: 'stock.low', data: { sku: 'TASSE' } });
    await deliver();
    const hit = received.at(-1)!;
    expect(JSON.parse(hit.body).type).toBe('stock.low');
    expect(verifyWebhookSignature(secret, hit.body, String(hit.headers['baukasten-signature']))).toBe(true);
    await storage.webhooks.deleteSubscription(shop.websiteId, stored.id);
  });

  it('secrets stored plain before sealing are sealed once at start and keep signing as before', async () => {
    const plain = 'whsec_aus-der-zeit-vor-der-verschluesselung';
    const old = await storage.webhooks.createSubscription(shop.websiteId, {
      url: receiverUrl,
      events: ['stock.low'],
      secret: plain,
    });
    const secrets = new WebhookSecrets(SECRETS_KEY);
    expect(await sealStoredWebhookSecrets(storage, secrets)).toBeGreaterThanOrEqual(1);
    expect(await sealStoredWebhookSecrets(storage, secrets)).toBe(0);
    const row = (await storage.webhooks.listSubscriptions(shop.websiteId)).find((s) => s.id === old.id)!;
    expect(row.secret).not.toContain(plain);

    await storage.webhooks.emit(shop.websiteId, { type: 'stock.low', data: { sku: 'TASSE' } });
    await deliver();
    const hit = received.at(-1)!;
    expect(verifyWebhookSignature(plain, hit.body, String(hit.headers['baukasten-signature']))).toBe(true);

    // With another SECRETS_KEY nothing is signed with a wrong secret: the log says why.
    await storage.webhooks.emit(shop.websiteId, { type: 'stock.low', data: { sku: 'TASSE' } });
    const before = received.length;
    await deliverDueWebhooks(storage, {
      allowPrivateHosts: true,
      secretsKey: randomBytes(32),
      maxAttempts: 1,
    });
    expect(received.length).toBe(before);
    const [entry] = await storage.webhooks.listDeliveries(shop.websiteId, { subscriptionId: old.id });
    expect(entry).toMatchObject({ status: 'failed' });
    expect(entry!.lastError).toMatch(/SECRETS_KEY/);
    await storage.webhooks.deleteSubscription(shop.websiteId, old.id);
  });

  it('without SECRETS_KEY no webhook is made, so no secret is ever stored plain', async () => {
    const keyless = await buildApp({
      storage,
      logLevel: 'silent',
      shared: sharedStateWithLimits(),
      webhooks: { allowPrivateHosts: true },
    });
    try {
      const { account, browser: owner } = await accountWithSession(keyless, storage, 'Ohneschluessel');
      await storage.siteMembers.add(shop.websiteId, account.id, [UserRole.ADMIN]);
      const refused = await owner.post(`${site()}/webhooks`, { url: receiverUrl, events: ['order.paid'] });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/SECRETS_KEY/);
    } finally {
      await keyless.close();
    }
  });
});
