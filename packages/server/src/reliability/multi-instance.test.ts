import { UserRole } from '@baukasten/commerce';
import { openStorage, type Storage } from '@baukasten/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShopServer, startShopServer } from '../../../../e2e/support/shop-server.js';
import { accountWithSession } from '../admin/admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop } from '../commerce/test-shop.js';
import {
  Client,
  freshPostgresSchema,
  missingPrerequisites,
  postgresReachable,
  redisReachable,
  serverBuilt,
  TEST_REDIS_URL,
  waitFor,
} from './cluster-kit.js';

/*
 * Two real server processes on one PostgreSQL and one Redis, as behind a load balancer: nothing a
 * shopper or owner does depends on which instance answers. Carts start on one instance and check out on
 * the other; two owners save the same product through different instances; a setting saved on one is
 * what the other serves next.
 */

const ready = (async () => serverBuilt() && (await postgresReachable()) && (await redisReachable()))();

describe('postgres', async () => {
  if (!(await ready)) {
    const why = 'Mehrere Instanzen brauchen PostgreSQL, Redis und den gebauten Server (npm run build)';
    missingPrerequisites('multi-instance', why);
    return;
  }

  describe('two instances on one PostgreSQL and Redis (issue 12 scale-out)', () => {
    let db: Awaited<ReturnType<typeof freshPostgresSchema>>;
    let storage: Storage;
    let shop: TestShop;
    let a: ShopServer;
    let b: ShopServer;
    const owners: Client[] = [];

    beforeAll(async () => {
      db = await freshPostgresSchema();
      storage = await openStorage({ databaseUrl: db.url, postgresPoolSize: 4 });
      await storage.migrate();
      shop = await createTestShop(storage, 'zwei.test', 10);
      // Owner sessions are rows in the shared database: valid on every instance.
      const helperApp = await buildApp({ storage, logLevel: 'silent' });
      for (const name of ['Anna', 'Ben']) {
        const { account, browser } = await accountWithSession(helperApp, storage, name);
        await storage.siteMembers.add(shop.websiteId, account.id, [UserRole.ADMIN]);
        const owner = new Client('admin.localhost');
        owner.cookies.set('bk_session', browser.sessionToken!);
        owners.push(owner);
      }
      await helperApp.close();
      const env = {
        DATABASE_URL: db.url,
        REDIS_URL: TEST_REDIS_URL,
        SEED_DEMO: 'false',
        TRUST_PROXY: 'true',
      };
      [a, b] = await Promise.all([startShopServer(env), startShopServer(env)]);
    }, 60_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await storage?.close();
      await db?.drop();
    });

    it('R3.1.2 400 parallel checkouts split over both instances for stock 10: exactly 10 orders, the rest a clean 409', async () => {
      const shoppers = Array.from({ length: 400 }, () => new Client(shop.hostname));
      const sku = `${shop.hostname}-TASSE`;
      // Each cart is filled on one instance and checked out on the other.
      const added = await Promise.all(
        shoppers.map((s, i) =>
          s.post(i % 2 ? a.baseUrl : b.baseUrl, '/api/commerce/shopping-cart/entries', {
            itemId: shop.mug.id,
            sku,
            quantity: 1,
          }),
        ),
      );
      expect(added.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([]);
      const answers = await Promise.all(
        shoppers.map((s, i) =>
          s.post(i % 2 ? b.baseUrl : a.baseUrl, '/api/commerce/checkout', {
            email: `kunde${i}@example.de`,
            shippingAddress: germanAddress,
            paymentMethod: 'bank-transfer',
          }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      for (const refused of answers.filter((r) => r.status === 409))
        expect(refused.json.error).toEqual({
          type: 'OUT_OF_STOCK',
          message: 'Leider sind derzeit nicht genügend Artikel verfügbar.',
        });
      const { orders } = await storage.orders.list(shop.websiteId, { limit: 1000 });
      expect(orders).toHaveLength(10);
      expect(new Set(orders.map((o) => o.orderNumber)).size).toBe(10);
      const mug = await storage.items.findById(shop.websiteId, shop.mug.id);
      expect(mug!.product!.variants[0]!.qtyInStock).toBe(0);
    }, 120_000);

    it('two owners saving the same product through different instances: one wins, the other gets 409 and loses nothing silently', async () => {
      const [anna, ben] = owners as [Client, Client];
      const url = `/api/admin/sites/${shop.websiteId}/products/${shop.shirt.id}`;
      const loaded = (await anna.get(a.baseUrl, url)).json.product;
      const [fromA, fromB] = await Promise.all([
        anna.patch(a.baseUrl, url, { title: 'Shirt (Anna)', expectedUpdatedAt: loaded.updatedAt }),
        ben.patch(b.baseUrl, url, {
          excerpt: '<p>Bens Beschreibung</p>',
          expectedUpdatedAt: loaded.updatedAt,
        }),
      ]);
      expect([fromA.status, fromB.status].sort()).toEqual([200, 409]);
      const loser = fromA.status === 409 ? fromA : fromB;
      expect(loser.json.error.type).toBe('PRODUCT_CHANGED');
      expect(loser.json.error.message).toMatch(/inzwischen von jemand anderem geändert/);
    });

    it('a setting saved on one instance shows on the other at once (its host cache is told through Redis)', async () => {
      const [anna] = owners as [Client];
      const visitor = new Client(shop.hostname);
      const before = await visitor.get(b.baseUrl, '/laden?format=json');
      expect(before.json.website.siteTitle ?? before.json.website.title).toBe('Testladen');
      const saved = await anna.patch(a.baseUrl, `/api/admin/sites/${shop.websiteId}`, {
        title: 'Laden mit neuem Namen',
        settings: { storeSettings: { minimumOrderMinor: 5000 } },
      });
      expect(saved.status).toBe(200);
      // B remembered the site a moment ago; the announcement over Redis pub/sub makes it forget within
      // milliseconds, well before its cache would expire on its own (1 s).
      const savedAt = Date.now();
      await waitFor(
        async () => {
          const after = await visitor.get(b.baseUrl, '/laden?format=json');
          return (after.json.website.siteTitle ?? after.json.website.title) === 'Laden mit neuem Namen';
        },
        'neuer Titel auf Instanz B',
        5_000,
      );
      expect(Date.now() - savedAt).toBeLessThan(900);
      // The store setting holds on the other instance too: a small cart is refused there at checkout.
      const shopper = new Client(shop.hostname);
      await shopper.post(b.baseUrl, '/api/commerce/shopping-cart/entries', {
        itemId: shop.ebook.id,
        quantity: 1,
      });
      const checkout = await shopper.post(b.baseUrl, '/api/commerce/checkout', {
        email: 'klein@example.de',
        paymentMethod: 'bank-transfer',
      });
      expect(checkout.status).toBe(400);
    });

    it('rate limits are counted across both instances (Redis), not per process', async () => {
      // Forms allow 20 per minute and address: 12 on each instance make 24, and the last ones are refused.
      const visitor = new Client(shop.hostname);
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++) {
        const res = await visitor.post(i % 2 ? a.baseUrl : b.baseUrl, '/api/newsletter/subscribe', {
          email: '',
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
    });
  });
});
