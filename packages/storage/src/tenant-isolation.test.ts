import { beforeAll, expect, it } from 'vitest';
import { seedDemoShop } from './demo-shop.js';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';
import type { Collection, Item } from './types.js';

withTestDatabases((db) => {
  let storage: Storage;
  let a: string;
  let b: string;
  let shopA: Collection;
  let shopB: Collection;
  let itemsA: Item[];
  let itemsB: Item[];

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    a = (await seedDemoShop(storage, { hostnames: ['laden-a.test'] })).websiteId;
    b = (await seedDemoShop(storage, { hostnames: ['laden-b.test'] })).websiteId;
    shopA = (await storage.collections.findByUrlId(a, 'shop'))!;
    shopB = (await storage.collections.findByUrlId(b, 'shop'))!;
    itemsA = await storage.items.listByCollection(a, shopA.id);
    itemsB = await storage.items.listByCollection(b, shopB.id);
  });

  it('two seeded sites are separate websites with the same URL ids', () => {
    expect(a).not.toBe(b);
    expect(shopA.id).not.toBe(shopB.id);
    expect(itemsA.map((i) => i.urlId)).toEqual(itemsB.map((i) => i.urlId));
    expect(itemsA.every((i) => i.websiteId === a)).toBe(true);
  });

  it('each hostname resolves to its own website only', async () => {
    expect((await storage.websites.findByHostname('laden-a.test'))?.id).toBe(a);
    expect((await storage.websites.findByHostname('laden-b.test'))?.id).toBe(b);
    expect(await storage.websites.findByHostname('laden-c.test')).toBeUndefined();
  });

  it("a site cannot read the other site's collection by id", async () => {
    expect(await storage.collections.findById(a, shopB.id)).toBeUndefined();
    expect(await storage.collections.findById(b, shopA.id)).toBeUndefined();
    expect((await storage.collections.findById(a, shopA.id))?.id).toBe(shopA.id);
  });

  it("a site's navigation lists only its own pages", async () => {
    const nav = await storage.collections.listNavigation(a);
    expect(nav.every((c) => c.websiteId === a)).toBe(true);
    expect(nav.map((c) => c.id)).not.toContain(shopB.id);
  });

  it("a site cannot read the other site's items by id", async () => {
    for (const item of itemsB) expect(await storage.items.findById(a, item.id)).toBeUndefined();
    expect((await storage.items.findById(b, itemsB[0].id))?.id).toBe(itemsB[0].id);
  });

  it("a site cannot list or find items through the other site's collection", async () => {
    expect(await storage.items.listByCollection(a, shopB.id)).toEqual([]);
    expect(await storage.items.findByUrlId(a, shopB.id, itemsB[0].urlId)).toBeUndefined();
    expect((await storage.items.findByUrlId(a, shopA.id, itemsB[0].urlId))?.id).toBe(itemsA[0].id);
  });

  it("a site cannot put an item into the other site's collection", async () => {
    await expect(
      storage.items.create(a, { collectionId: shopB.id, urlId: 'eindringling', title: 'Eindringling' }),
    ).rejects.toMatchObject({ type: 'COLLECTION_NOT_FOUND' });
    expect(await storage.items.findByUrlId(b, shopB.id, 'eindringling')).toBeUndefined();
  });

  it('the same SKU may exist once per site', () => {
    const skusA = itemsA.flatMap((i) => i.product?.variants.map((v) => v.sku) ?? []);
    const skusB = itemsB.flatMap((i) => i.product?.variants.map((v) => v.sku) ?? []);
    expect(skusA).toEqual(skusB);
  });
});
