import { Agent, request } from 'node:http';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { InMemoryRateLimiter } from '../rate-limit.js';
import { createTestShop, germanAddress, type TestShop } from './test-shop.js';

/*
 * Issue 23: a code limited to 10 uses, 200 checkouts racing for it through the real HTTP server. On
 * PostgreSQL the pool runs several order transactions at once; only the conditional counter UPDATE in
 * discount_usage stands between them and an eleventh use.
 */
withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let base: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'rabattansturm.test', 1000, {
      coupons: [
        { code: 'KNAPP', percentOff: 10, usageLimit: 10 },
        { code: 'EINMAL', amountOffMinor: 100, usageLimitPerCustomer: 1 },
      ],
    });
    app = await buildApp({
      storage,
      logLevel: 'silent',
      commerce: { rateLimiter: new InMemoryRateLimiter({ limit: 100_000, windowMs: 60_000 }) },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  afterAll(async () => {
    agent.destroy();
    await app?.close();
  });

  const call = async (path: string, cookies: Map<string, string>, body?: unknown) => {
    const headers: Record<string, string> = { host: shop.hostname };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['x-csrf-token'] = cookies.get('crumb') ?? '';
    }
    const res = await new Promise<{ status: number; setCookie: string[]; text: string }>(
      (resolve, reject) => {
        const req = request(
          `${base}${path}`,
          { method: body === undefined ? 'GET' : 'POST', headers, agent },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                setCookie: response.headers['set-cookie'] ?? [],
                text,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(body === undefined ? undefined : JSON.stringify(body));
      },
    );
    for (const c of res.setCookie) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return { status: res.status, json: JSON.parse(res.text) as any };
  };

  const cartsWithAMug = async (n: number) => {
    const jars = Array.from({ length: n }, () => new Map<string, string>());
    await Promise.all(jars.map((jar) => call('/api/commerce/shopping-cart', jar)));
    const sku = `${shop.hostname}-TASSE`;
    const added = await Promise.all(
      jars.map((jar) =>
        call('/api/commerce/shopping-cart/entries', jar, { itemId: shop.mug.id, sku, quantity: 1 }),
      ),
    );
    expect(added.every((r) => r.status === 200)).toBe(true);
    return jars;
  };

  it('200 parallel checkouts with a code limited to 10 uses: exactly 10 orders with it, 190 clean 409s', async () => {
    const jars = await cartsWithAMug(200);
    const answers = await Promise.all(
      jars.map((jar, i) =>
        call('/api/commerce/checkout', jar, {
          email: `kunde${i}@example.de`,
          shippingAddress: germanAddress,
          paymentMethod: 'bank-transfer',
          couponCodes: ['knapp'],
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(10);
    for (const p of placed) expect(p.json.order.discountTotalCents).toBe(120);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(190);
    for (const r of refused) {
      expect(r.json.error.type).toBe('DISCOUNT_USED_UP');
      expect(r.json.error.message).toContain('ist inzwischen aufgebraucht');
    }
    expect(await storage.discountUsage.usedCount(shop.websiteId, 'KNAPP')).toBe(10);
    // Nothing of a refused checkout was written: the mugs of 10 orders left the stock, no more.
    const mug = await storage.items.findById(shop.websiteId, shop.mug.id);
    expect(mug!.product!.variants[0].qtyInStock).toBe(990);
  }, 60_000);

  it('a code once per customer: the same e-mail from 20 carts at once gets it once', async () => {
    const jars = await cartsWithAMug(20);
    const answers = await Promise.all(
      jars.map((jar) =>
        call('/api/commerce/checkout', jar, {
          email: i18nEmail,
          shippingAddress: germanAddress,
          paymentMethod: 'bank-transfer',
          couponCodes: ['EINMAL'],
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
  }, 60_000);
});

const i18nEmail = 'Stammkundin@Example.de';
