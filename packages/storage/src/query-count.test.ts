import { beforeAll, expect, it } from 'vitest';
import { seedDemoShop } from './demo-shop.js';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

/*
 * Pins the number of statements the hot page reads make, so an N+1 slipping into a repository
 * fails here instead of slowing every shop page.
 */
withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let shopId: string;
  const statements: string[] = [];
  const count = async (fn: () => Promise<unknown>) => {
    statements.length = 0;
    await fn();
    return statements.length;
  };

  beforeAll(async () => {
    storage = await db.open({ onQuery: (q) => statements.push(q.sql) });
    await storage.migrate();
    ({ websiteId } = await seedDemoShop(storage));
    shopId = (await storage.collections.findByUrlId(websiteId, 'shop'))!.id;
  });

  it('resolving the website by host takes 2 statements', async () => {
    expect(await count(() => storage.websites.findByHostname('localhost'))).toBe(2);
  });

  it('listing a products collection takes 3 statements, however many products it holds', async () => {
    const items = await storage.items.listByCollection(websiteId, shopId);
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(await count(() => storage.items.listByCollection(websiteId, shopId))).toBe(3);
    expect(await count(() => storage.items.listByCollection(websiteId, shopId, { limit: 1 }))).toBe(3);
  });

  it('one product page item takes 3 statements, navigation 1', async () => {
    expect(await count(() => storage.items.findByUrlId(websiteId, shopId, 'bio-t-shirt'))).toBe(3);
    expect(await count(() => storage.collections.listNavigation(websiteId))).toBe(1);
  });

  it('every statement names website_id, so no read crosses tenants', async () => {
    await count(async () => {
      await storage.collections.listNavigation(websiteId);
      await storage.collections.findByUrlId(websiteId, 'shop');
      await storage.items.listByCollection(websiteId, shopId);
      await storage.items.findByUrlId(websiteId, shopId, 'bio-t-shirt');
    });
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) expect(s).toMatch(/"website_id" = /);
  });

  it('a transaction announcing several events reads the webhook subscriptions once, and sees one it adds', async () => {
    const reads = () => statements.filter((q) => /from "webhook_subscriptions"/.test(q)).length;
    await storage
      .transaction(async (tx) => {
        statements.length = 0;
        expect(await tx.webhooks.emit(websiteId, { type: 'order.created', data: {} })).toBeUndefined();
        expect(await tx.webhooks.emit(websiteId, { type: 'stock.low', data: {} })).toBeUndefined();
        expect(reads()).toBe(1);
        await tx.webhooks.createSubscription(websiteId, {
          url: 'https://hooks.example.de/bestellung',
          events: ['order.created'],
          secret: 'geheim',
        });
        expect(await tx.webhooks.emit(websiteId, { type: 'order.created', data: {} })).toMatch(/^evt_/);
        throw new Error('rollback');
      })
      .catch((error: Error) => expect(error.message).toBe('rollback'));
    // Outside a transaction nothing is kept: each call reads.
    statements.length = 0;
    await storage.webhooks.listSubscriptions(websiteId);
    await storage.webhooks.listSubscriptions(websiteId);
    expect(reads()).toBe(2);
    expect(await storage.webhooks.listSubscriptions(websiteId)).toEqual([]);
  });
});
