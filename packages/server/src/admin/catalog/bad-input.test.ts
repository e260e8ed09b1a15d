import { CollectionType } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from './shop-admin-test-kit.js';

/*
 * Whatever an editor (or someone pretending to be one) sends to the shop's admin routes, the answer is
 * a 4xx with a German message, never a 5xx, and nothing is written.
 */

const BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  { title: { nested: true } },
  { blocks: 'nein' },
  { blocks: [null, 1, 'x', { type: null }] },
  { options: [{ name: 1, values: 'S' }] },
  { variants: [{ id: 5, priceMinor: '1' }] },
  { expected: 'alt', qtyInStock: 1e20 },
  { taxRates: {}, coupons: [{ code: '💥', percentOff: Number.NaN }] },
  { order: [1, 2, 3] },
  { priceMinor: Number.MAX_SAFE_INTEGER * 4, productType: 'physical', title: 'X', collectionId: 'x' },
  { __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } },
  // PostgreSQL cannot store NUL in text.
  { title: 'Null\u0000Byte', type: 'page', productType: 'physical', priceMinor: 1, collectionId: 'x\u0000' },
  { blocks: [{ type: 'form', formId: '\u0000' }], order: ['\u0000'] },
];

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let team: ShopTeam;
  let base: string;
  let ids: { page: string; product: string; variant: string };
  let websiteId: string;
  /** What the routes could have changed, as text. */
  const snapshot = async () =>
    JSON.stringify([
      await storage.items.findById(websiteId, ids.product),
      await storage.collections.listAll(websiteId),
    ]);

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    const site = await storage.websites.create({ title: 'Robust', hostnames: [`robust-${db.name}.test`] });
    const shop = await storage.collections.create(site.id, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
    const item = await storage.items.create(site.id, {
      collectionId: shop.id,
      urlId: 'ding',
      title: 'Ding',
      product: { productType: 1, variants: [{ sku: 'DING', priceMinor: 100, qtyInStock: 1 }] },
    });
    ids = { page: shop.id, product: item.id, variant: item.product!.variants[0].id };
    websiteId = site.id;
    team = await shopTeam(app, storage, site.id);
    base = `/api/admin/sites/${site.id}`;
  });
  afterAll(() => app?.close());

  it('every write route answers odd bodies with a 4xx and a German message, and changes nothing', async () => {
    const routes: ['POST' | 'PATCH', string][] = [
      ['POST', `${base}/collections`],
      ['PATCH', `${base}/collections/${ids.page}`],
      ['PATCH', `${base}/collections/${ids.page}/draft`],
      ['PATCH', `${base}/navigation`],
      ['POST', `${base}/products`],
      ['PATCH', `${base}/products/${ids.product}`],
      ['PATCH', `${base}/inventory/${ids.variant}`],
      ['PATCH', `${base}/store-settings`],
    ];
    const before = await snapshot();
    for (const [method, url] of routes) {
      for (const body of BODIES) {
        const answer = await team.admin.call(method, url, body);
        expect(answer.status, `${method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(answer.body.error.message).toMatch(/[a-zäöüß]/i);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('odd queries and ids are answered with 4xx or the default page, never 5xx', async () => {
    for (const url of [
      `${base}/products?limit=-1&offset=abc&q=${'%25'.repeat(300)}`,
      `${base}/inventory?limit=1e9&collectionId[]=x`,
      `${base}/orders?from=2025-13-01&status[]=open`,
      `${base}/orders/export.csv?to=gestern`,
      `${base}/orders/${'x'.repeat(150)}`,
      `${base}/products/${'%00'.repeat(10)}`,
      `${base}/collections/%E2%80%AE`,
      `${base}/products?q=%00&collectionId=%00`,
      `${base}/orders?q=a%00b`,
      `/api/admin/sites/%00/orders`,
      `/api/admin/sites/%00/products/x`,
    ]) {
      const answer = await team.admin.get(url);
      expect(answer.status, url).toBeLessThan(500);
    }
  });
});
