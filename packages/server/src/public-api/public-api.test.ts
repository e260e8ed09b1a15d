import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop } from '../commerce/test-shop.js';
import { InMemoryRateLimiter } from '../rate-limit.js';
import { purgeExpiredIdempotencyKeys, startIdempotencyPurge } from './idempotency-purge.js';
import { API_PREFIX, IDEMPOTENCY_TTL_MS } from './public-api.js';

/*
 * The public API as a client sees it: the OpenAPI document covers every route (a route missing from it
 * fails here), each documented operation answers within its documented schema, keys reach only their own
 * website and scopes, Idempotency-Key replays, RateLimit-* headers and 429.
 */

const ALL_SCOPES = [
  'catalog.read',
  'catalog.write',
  'orders.read',
  'orders.write',
  'inventory.write',
  'discounts.read',
  'discounts.write',
];

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let key: string;
  let base: string;
  let orderId: string;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
    withKey = key,
  ) =>
    app.inject({
      method,
      url,
      headers: { host: 'api.example.test', authorization: `Bearer ${withKey}`, ...headers },
      ...(payload ? { payload } : {}),
    });

  const newKey = async (scopes: string[], siteId = shop.websiteId) => {
    const res = await team.admin.post(`/api/admin/sites/${siteId}/api-keys`, {
      name: 'Schnittstelle',
      scopes,
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.key as string;
  };

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `api-${db.name}.test`);
    app = await buildApp({
      storage,
      logLevel: 'silent',
      shared: sharedStateWithLimits(),
      publicApi: { rateLimiter: new InMemoryRateLimiter({ limit: 1000, windowMs: 60_000 }) },
    });
    team = await shopTeam(app, storage, shop.websiteId);
    key = await newKey(ALL_SCOPES);
    base = `${API_PREFIX}/sites/${shop.websiteId}`;
    const cart = await storage.carts.create(shop.websiteId, 'EUR');
    const placed = await storage.orders.place(shop.websiteId, {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: 'kundin@example.de',
      data: { payment: { status: 'PAID', method: 'card' } },
      subtotalMinor: 1200,
      taxMinor: 0,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor: 1200,
      items: [],
      stock: [],
    });
    if (placed.outcome !== 'placed') throw new Error('no order');
    orderId = placed.order.id;
  });
  afterAll(() => app?.close());

  describe('OpenAPI contract', () => {
    it('serves the document and the interactive docs from our origin', async () => {
      const doc = await app.inject({ url: '/api/docs/openapi.json', headers: { host: 'localhost' } });
      expect(doc.statusCode).toBe(200);
      expect(doc.json()).toMatchObject({
        openapi: '3.1.0',
        components: { securitySchemes: { apiKey: { scheme: 'bearer' } } },
      });
      const ui = await app.inject({ url: '/api/docs/', headers: { host: 'localhost' } });
      expect(ui.statusCode).toBe(200);
      expect(ui.body).toContain('./static/swagger-ui-bundle.js');
      // Its scripts come from this origin, so the editor's policy (no inline script, no foreign origin) holds.
      expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
      expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    });

    it('every /api/v1 route the app registered is in the document, with a scope and its answers', async () => {
      const doc = (
        await app.inject({ url: '/api/docs/openapi.json', headers: { host: 'localhost' } })
      ).json();
      const routes = app.registeredRoutes.filter((r) => r.url.startsWith(`${API_PREFIX}/sites/`));
      expect(routes.length).toBeGreaterThanOrEqual(15);
      const missing = routes.filter((r) => {
        const path = r.url.replace(/:(\w+)/g, '{$1}');
        const operation = doc.paths?.[path]?.[r.method.toLowerCase()];
        return (
          !operation?.security?.[0]?.apiKey?.length ||
          (!operation.responses?.['200'] && !operation.responses?.['201'])
        );
      });
      expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
      // …and nothing documented that does not exist.
      const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      );
      const registered = new Set(routes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
      expect(documented.filter((d) => !registered.has(d))).toEqual([]);
    });

    it('each documented operation answers within its documented schema', async () => {
      const productId = shop.mug.id;
      const variantId = shop.mug.product!.variants[0]!.id;
      const collectionId = shop.mug.collectionId;
      const calls: [
        string,
        'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
        string,
        object | undefined,
        number,
        Record<string, string>?,
      ][] = [
        ['/api/v1/sites/{siteId}/products', 'GET', `${base}/products?limit=2`, undefined, 200],
        [
          '/api/v1/sites/{siteId}/products/{productId}',
          'GET',
          `${base}/products/${productId}`,
          undefined,
          200,
        ],
        [
          '/api/v1/sites/{siteId}/products',
          'POST',
          `${base}/products`,
          { collectionId, title: 'Becher', productType: 'physical', priceMinor: 900, qtyInStock: 3 },
          201,
        ],
        [
          '/api/v1/sites/{siteId}/products/{productId}',
          'PATCH',
          `${base}/products/${productId}`,
          { title: 'Große Tasse' },
          200,
        ],
        [
          '/api/v1/sites/{siteId}/products/{productId}/variants/{variantId}',
          'PATCH',
          `${base}/products/${productId}/variants/${variantId}`,
          { priceMinor: 1500 },
          200,
        ],
        [
          '/api/v1/sites/{siteId}/inventory/{variantId}',
          'PUT',
          `${base}/inventory/${variantId}`,
          { qtyInStock: 20 },
          200,
        ],
        [
          '/api/v1/sites/{siteId}/inventory/{variantId}/adjustments',
          'POST',
          `${base}/inventory/${variantId}/adjustments`,
          { delta: -2 },
          200,
        ],
        ['/api/v1/sites/{siteId}/orders', 'GET', `${base}/orders`, undefined, 200],
        ['/api/v1/sites/{siteId}/orders/{orderId}', 'GET', `${base}/orders/${orderId}`, undefined, 200],
        [
          '/api/v1/sites/{siteId}/orders/{orderId}/fulfil',
          'POST',
          `${base}/orders/${orderId}/fulfil`,
          undefined,
          200,
        ],
        [
          '/api/v1/sites/{siteId}/orders/{orderId}/refunds',
          'POST',
          `${base}/orders/${orderId}/refunds`,
          { amountMinor: 500, iban: 'DE89 3704 0044 0532 0130 00' },
          201,
          { 'idempotency-key': 'erstattung-1' },
        ],
        ['/api/v1/sites/{siteId}/discounts', 'GET', `${base}/discounts`, undefined, 200],
        [
          '/api/v1/sites/{siteId}/discounts',
          'POST',
          `${base}/discounts`,
          { code: 'sommer', percentOff: 15 },
          201,
        ],
        ['/api/v1/sites/{siteId}/discounts/{code}', 'DELETE', `${base}/discounts/SOMMER`, undefined, 200],
        [
          '/api/v1/sites/{siteId}/products/{productId}',
          'DELETE',
          `${base}/products/${shop.shirt.id}`,
          undefined,
          200,
        ],
      ];
      const doc = (
        await app.inject({ url: '/api/docs/openapi.json', headers: { host: 'localhost' } })
      ).json();
      const exercised = new Set<string>();
      for (const [path, method, url, payload, status, headers] of calls) {
        const res = await call(method, url, payload, headers);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
        const schema =
          doc.paths[path][method.toLowerCase()].responses[String(status)].content['application/json'].schema;
        expect(validates(doc, schema, res.json()), `${method} ${path}`).toBe(true);
        // Errors too: an unknown id answers 404 in the documented error shape.
        exercised.add(`${method} ${path}`);
      }
      const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
      );
      expect(documented.filter((d) => !exercised.has(d))).toEqual([]);
      const missing = await call('GET', `${base}/products/gibtsnicht`);
      expect(missing.statusCode).toBe(404);
      expect(
        validates(
          doc,
          doc.paths['/api/v1/sites/{siteId}/products/{productId}'].get.responses['404'].content[
            'application/json'
          ].schema,
          missing.json(),
        ),
      ).toBe(true);
    });
  });

  it('pages products with a cursor: no product twice, none skipped', async () => {
    for (let i = 0; i < 4; i++)
      await call('POST', `${base}/products`, {
        collectionId: shop.mug.collectionId,
        title: `Teller ${i}`,
        productType: 'physical',
        priceMinor: 500,
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('GET', `${base}/products?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().data.map((p: { id: string }) => p.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    const all = await storage.items.searchProducts(shop.websiteId, { limit: 100 });
    expect(seen).toEqual(all.items.map((i) => i.id));
    const bad = await call('GET', `${base}/products?cursor=kaputt`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Cursor ist ungültig/);
  });

  it('refuses bad input with German messages, never a 500', async () => {
    const res = await call('POST', `${base}/products`, {
      collectionId: shop.mug.collectionId,
      title: '',
      productType: 'physical',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.type).toBe('INVALID_INPUT');
    expect(res.json().error.message).toBe('Bitte gib dem Produkt einen Namen.');
    const adjust = await call('POST', `${base}/inventory/${shop.mug.product!.variants[0]!.id}/adjustments`, {
      delta: -100_000,
    });
    expect(adjust.statusCode).toBe(409);
    expect(adjust.json().error.message).toBe('Der Lagerbestand kann nicht unter 0 fallen.');
  });

  it('keys reach only their own website and scopes', async () => {
    const readOnly = await newKey(['catalog.read']);
    const denied = await call('POST', `${base}/products`, { title: 'x' }, {}, readOnly);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(
      'Dieser API-Schlüssel hat keine Berechtigung für diese Anfrage.',
    );
    expect((await call('GET', `${base}/products`, undefined, {}, readOnly)).statusCode).toBe(200);
    // Another website's URL with this key: 404, as if it did not exist.
    const other = await call('GET', `${API_PREFIX}/sites/${team.outsiderSiteId}/products`);
    expect(other.statusCode).toBe(404);
    expect((await call('GET', `${base}/products`, undefined, {}, 'bk_erfunden')).statusCode).toBe(401);
    const none = await app.inject({ url: `${base}/products`, headers: { host: 'localhost' } });
    expect(none.statusCode).toBe(401);
  });

  it('expired Idempotency-Keys are purged; a fresh key still replays its stored answer', async () => {
    const HOUR = 60 * 60 * 1000;
    // A key used 25 hours ago (its 24 hours are over), with the answer it got then.
    const then = Date.now() - IDEMPOTENCY_TTL_MS - HOUR;
    await storage.idempotency.claim(shop.websiteId, 'gestern-1', 'hash-gestern', IDEMPOTENCY_TTL_MS, then);
    await storage.idempotency.complete(shop.websiteId, 'gestern-1', 201, '{"alt":true}');
    await storage.idempotency.claim(shop.websiteId, 'gestern-2', 'hash-gestern', IDEMPOTENCY_TTL_MS, then);
    await storage.idempotency.complete(shop.websiteId, 'gestern-2', 201, '{"alt":true}');
    const body = {
      collectionId: shop.mug.collectionId,
      title: 'Frisch',
      productType: 'physical',
      priceMinor: 500,
    };
    const first = await call('POST', `${base}/products`, body, { 'idempotency-key': 'heute-1' });
    expect(first.statusCode).toBe(201);

    // The job's first pass (as the server runs it when ready) and the function it repeats.
    const job = startIdempotencyPurge(storage, { ttlMs: IDEMPOTENCY_TTL_MS });
    expect(await job.firstPass).toBeGreaterThanOrEqual(2);
    await job.stop();
    expect(await purgeExpiredIdempotencyKeys(storage, IDEMPOTENCY_TTL_MS)).toBe(0);
    // Gone, not merely expired: even a claim that would honour a year-old row finds nothing to replay.
    const year = 365 * 24 * HOUR;
    expect((await storage.idempotency.claim(shop.websiteId, 'gestern-1', 'hash-neu', year)).outcome).toBe(
      'claimed',
    );
    await storage.idempotency.release(shop.websiteId, 'gestern-1');

    const replay = await call('POST', `${base}/products`, body, { 'idempotency-key': 'heute-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().product.id).toBe(first.json().product.id);
    expect((await storage.items.searchProducts(shop.websiteId, { query: 'Frisch' })).items).toHaveLength(1);
  });

  it('Idempotency-Key: the same request gets the same answer once, another request with the key 422', async () => {
    const body = {
      collectionId: shop.mug.collectionId,
      title: 'Einmalig',
      productType: 'physical',
      priceMinor: 700,
    };
    const first = await call('POST', `${base}/products`, body, { 'idempotency-key': 'anlage-1' });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', `${base}/products`, body, { 'idempotency-key': 'anlage-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().product.id).toBe(first.json().product.id);
    const titles = (await storage.items.searchProducts(shop.websiteId, { query: 'Einmalig' })).items;
    expect(titles).toHaveLength(1);
    const other = await call(
      'POST',
      `${base}/products`,
      { ...body, title: 'Anders' },
      { 'idempotency-key': 'anlage-1' },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toMatch(/schon für eine andere Anfrage benutzt/);
    // An adjustment retried with its key books once.
    const variantId = shop.mug.product!.variants[0]!.id;
    const before = (await call('GET', `${base}/products/${shop.mug.id}`)).json().product.variants[0]
      .qtyInStock;
    for (let i = 0; i < 2; i++)
      expect(
        (
          await call(
            'POST',
            `${base}/inventory/${variantId}/adjustments`,
            { delta: 5 },
            { 'idempotency-key': 'wareneingang-7' },
          )
        ).statusCode,
      ).toBe(200);
    const after = (await call('GET', `${base}/products/${shop.mug.id}`)).json().product.variants[0]
      .qtyInStock;
    expect(after).toBe(before + 5);
  });

  it('sends RateLimit-* headers and answers 429 in German over the limit', async () => {
    const res = await call('GET', `${base}/discounts`);
    expect(Number(res.headers['ratelimit-limit'])).toBe(1000);
    expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(1000);
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(0);
    const tight = await buildApp({
      storage,
      logLevel: 'silent',
      shared: sharedStateWithLimits(),
      publicApi: { rateLimiter: new InMemoryRateLimiter({ limit: 2, windowMs: 60_000 }) },
    });
    try {
      const ask = () =>
        tight.inject({
          url: `${base}/discounts`,
          headers: { host: 'x.test', authorization: `Bearer ${key}` },
        });
      await ask();
      expect((await ask()).headers['ratelimit-remaining']).toBe('0');
      const over = await ask();
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
      expect(over.json().error.message).toMatch(/Zu viele Anfragen/);
    } finally {
      await tight.close();
    }
  });
});

/** Validates `value` against a JSON schema of the document (its $refs resolved), with zod's JSON-schema reader. */
function validates(
  doc: { components?: { schemas?: Record<string, unknown> } },
  schema: unknown,
  value: unknown,
): boolean {
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve);
    if (node && typeof node === 'object') {
      const ref = (node as { $ref?: string }).$ref;
      if (ref) return resolve(doc.components?.schemas?.[ref.replace('#/components/schemas/', '')]);
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v)]));
    }
    return node;
  };
  const result = z.fromJSONSchema(resolve(schema) as never).safeParse(value);
  if (!result.success) console.error(JSON.stringify(result.error.issues.slice(0, 5)));
  return result.success;
}
