import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { PaymentSetup } from '../payments/payment-setup.js';
import { type FakeStripe, startFakeStripe } from '../payments/testing/fake-stripe.js';
import { InMemoryRateLimiter } from '../rate-limit.js';
import { createTestShop, type TestShop, Visitor } from './test-shop.js';

/*
 * What a checkout asks of the database (issue #20: checkout throughput, bench/cart/profile-checkout.mjs).
 * The order transaction holds the one SQLite connection (or a row lock) while it runs, so what it needs to
 * read is read before it; the order remembers its legal texts' version in its own row; and paying by card
 * writes one row after the order (the payment), not a second reservation the order transaction just made.
 */
withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let stripe: FakeStripe;
  const statements: string[] = [];

  beforeAll(async () => {
    storage = await db.open({ onQuery: (q) => statements.push(q.sql), websiteCacheMs: 60_000 });
    await storage.migrate();
    shop = await createTestShop(storage, `anweisungen-${db.name}.test`, 1000);
    stripe = await startFakeStripe();
    const payments = { secretsKey: Buffer.alloc(32, 3), stripeApiBase: stripe.apiBase, timeoutMs: 2000 };
    const setup = new PaymentSetup(storage, payments);
    await storage.payments.saveProviderSettings(shop.websiteId, 'stripe', {
      mode: 'test',
      sealedKeys: { secretKey: setup.seal(shop.websiteId, 'stripe', 'secretKey', stripe.secretKey) },
      keyHints: {},
      status: 'connected',
    });
    app = await buildApp({
      storage,
      logLevel: 'silent',
      commerce: { rateLimiter: new InMemoryRateLimiter({ limit: 10_000, windowMs: 60_000 }) },
      payments,
      serverTestMode: true,
    });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.stop();
  });

  const checkout = async (paymentMethod: string) => {
    const v = await new Visitor(app, shop.hostname).start();
    expect((await v.add(shop.mug.id, `${shop.hostname}-TASSE`, 1)).statusCode).toBe(200);
    statements.length = 0;
    const res = await v.checkout({ paymentMethod });
    expect(res.statusCode, res.body).toBe(201);
    return { order: res.json().order as { id: string }, sql: [...statements] };
  };
  const first = (sql: string[], pattern: RegExp) => sql.findIndex((s) => pattern.test(s));
  const last = (sql: string[], pattern: RegExp) => sql.findLastIndex((s) => pattern.test(s));

  it('the order transaction only writes: members, their choices and the legal facts are read before it', async () => {
    const { order, sql } = await checkout('bank-transfer');
    const orderInsert = first(sql, /^\s*insert into "orders"/i);
    expect(orderInsert).toBeGreaterThan(0);
    for (const read of [/from "site_members"/i, /from "site_member_notifications"/i, /from products/i])
      expect(last(sql, read), String(read)).toBeLessThan(first(sql, /^\s*update "carts"/i));
    // The accepted version is part of the order row: no row of its own in the transaction.
    expect(sql.filter((s) => /order_legal_acceptances/i.test(s))).toEqual([]);
    expect(await storage.legal.acceptedVersion(shop.websiteId, order.id)).toBe(
      (await storage.legal.currentVersion(shop.websiteId))?.version,
    );
  });

  it('a card checkout reads the provider keys once, writes the payment after the order and leaves the reservation the order just got', async () => {
    const { order, sql } = await checkout('stripe');
    const after = sql.slice(first(sql, /^\s*insert into "orders"/i));
    expect(after.filter((s) => /^\s*update "payment_deadlines"/i.test(s))).toEqual([]);
    expect(after.filter((s) => /^\s*insert into "payments"/i.test(s))).toHaveLength(1);
    // Which providers to offer and the gateway to start with: the site's provider keys read once.
    expect(sql.filter((s) => /from "payment_provider_settings"/i.test(s))).toHaveLength(1);
    const payments = await storage.payments.listByOrder(shop.websiteId, order.id);
    expect(payments.map((p) => p.status)).toEqual(['requires_action']);
  });
});
