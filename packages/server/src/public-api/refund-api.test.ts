import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop } from '../commerce/test-shop.js';
import { API_PREFIX } from './public-api.js';

/*
 * Refunds through the public API as an ERP notices them: a refund needs an Idempotency-Key and, sent twice
 * with it, moves money once; more than was paid is refused in German; the shopper gets the mail and the
 * order's timeline shows it, as for a refund from the editor.
 */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let key: string;
  let readOnlyKey: string;

  const newKey = async (scopes: string[]) => {
    const res = await team.admin.post(`/api/admin/sites/${shop.websiteId}/api-keys`, { name: 'ERP', scopes });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.key as string;
  };
  const placeOrder = async (status: string) => {
    const cart = await storage.carts.create(shop.websiteId, 'EUR');
    const placed = await storage.orders.place(shop.websiteId, {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: 'kundin@example.de',
      data: { payment: { status, method: 'bank-transfer' } },
      subtotalMinor: 2000,
      taxMinor: 0,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor: 2000,
      items: [],
      stock: [],
    });
    if (placed.outcome !== 'placed') throw new Error('no order');
    return placed.order.id;
  };
  const refund = (orderId: string, body: object, headers: Record<string, string> = {}, withKey = key) =>
    app.inject({
      method: 'POST',
      url: `${API_PREFIX}/sites/${shop.websiteId}/orders/${orderId}/refunds`,
      headers: { host: 'api.example.test', authorization: `Bearer ${withKey}`, ...headers },
      payload: body,
    });

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `erstatten-${db.name}.test`);
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, shop.websiteId);
    key = await newKey(['orders.write']);
    readOnlyKey = await newKey(['orders.read']);
  });
  afterAll(() => app?.close());

  it('refunds once per Idempotency-Key, mails the shopper and records it on the order', async () => {
    const orderId = await placeOrder('PAID');
    const body = { amountMinor: 500, iban: 'DE89 3704 0044 0532 0130 00' };
    const withoutKey = await refund(orderId, body);
    expect(withoutKey.statusCode).toBe(400);
    expect(withoutKey.json().error.message).toMatch(/braucht einen Idempotency-Key/);

    const first = await refund(orderId, body, { 'idempotency-key': 'erp-4711' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      refund: { amountMinor: 500, status: 'succeeded' },
      refundedMinor: 500,
      refundableMinor: 1500,
    });
    const again = await refund(orderId, body, { 'idempotency-key': 'erp-4711' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await storage.payments.listRefunds(shop.websiteId, orderId)).toHaveLength(1);

    const tooMuch = await refund(orderId, { ...body, amountMinor: 1600 }, { 'idempotency-key': 'erp-4712' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toMatch(/Es können höchstens 15,00\s€ erstattet werden/);
    const events = await storage.orderEvents.ofOrder(shop.websiteId, orderId);
    expect(events.filter((e) => e.kind === 'refunded')).toHaveLength(1);
    const mails = await storage.outbox.listByWebsite(shop.websiteId, { kind: 'refund' });
    expect(mails.map((mail) => mail.to)).toEqual(['kundin@example.de']);
  });

  it('refuses unpaid orders, other scopes and other websites’ orders', async () => {
    const unpaid = await placeOrder('PENDING');
    const answer = await refund(
      unpaid,
      { amountMinor: 100, iban: 'DE89370400440532013000' },
      { 'idempotency-key': 'k1' },
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toMatch(/nicht bezahlt/);
    const paid = await placeOrder('PAID');
    const scoped = await refund(paid, { amountMinor: 100 }, { 'idempotency-key': 'k2' }, readOnlyKey);
    expect(scoped.statusCode).toBe(403);
    const other = await createTestShop(storage, `andere-erstatten-${db.name}.test`);
    const cart = await storage.carts.create(other.websiteId, 'EUR');
    const placed = await storage.orders.place(other.websiteId, {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: 'jemand@example.de',
      data: { payment: { status: 'PAID', method: 'bank-transfer' } },
      subtotalMinor: 100,
      taxMinor: 0,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor: 100,
      items: [],
      stock: [],
    });
    if (placed.outcome !== 'placed') throw new Error('no order');
    const foreign = await refund(
      placed.order.id,
      { amountMinor: 100, iban: 'DE89370400440532013000' },
      {
        'idempotency-key': 'k3',
      },
    );
    expect(foreign.statusCode).toBe(404);
  });
});
