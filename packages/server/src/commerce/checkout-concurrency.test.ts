import { Agent, request } from 'node:http';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { InMemoryRateLimiter } from '../rate-limit.js';
import { createTestShop, germanAddress, type TestShop } from './test-shop.js';

/*
 * Through the real HTTP server, so requests really overlap: on PostgreSQL the pool runs several
 * checkout transactions at once and only the conditional stock UPDATE stands between them and overselling.
 */
withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let base: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'ansturm.test', 10);
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
    // node:http rather than fetch: fetch does not let a caller choose the Host header, which names the shop.
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

  it('R3.1.2 stock 10, 200 parallel checkouts from 200 carts: exactly 10 orders, stock 0, 190 clean 409s', async () => {
    const sku = `${shop.hostname}-TASSE`;
    const jars = Array.from({ length: 200 }, () => new Map<string, string>());
    await Promise.all(jars.map((jar) => call('/api/commerce/shopping-cart', jar)));
    const added = await Promise.all(
      jars.map((jar) =>
        call('/api/commerce/shopping-cart/entries', jar, { itemId: shop.mug.id, sku, quantity: 1 }),
      ),
    );
    expect(added.every((r) => r.status === 200)).toBe(true);

    const answers = await Promise.all(
      jars.map((jar) =>
        call('/api/commerce/checkout', jar, {
          email: 'kunde@example.de',
          shippingAddress: germanAddress,
          paymentMethod: 'bank-transfer',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(190);
    for (const r of refused) {
      expect(r.json).toEqual({
        error: { type: 'OUT_OF_STOCK', message: 'Leider sind derzeit nicht genügend Artikel verfügbar.' },
      });
    }
    const numbers = answers.filter((a) => a.status === 201).map((a) => a.json.order.orderNumber);
    expect(new Set(numbers).size).toBe(10);
    const mug = await storage.items.findById(shop.websiteId, shop.mug.id);
    expect(mug!.product!.variants[0].qtyInStock).toBe(0);
  }, 30_000);
});
