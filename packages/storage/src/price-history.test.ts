import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

/* § 11 PAngV: the shop keeps every price a variant was sold at, written by the same save that set it. */

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let collectionId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Preisladen', hostnames: ['preise.test'] })).id;
    collectionId = (await storage.collections.create(websiteId, { type: 13, urlId: 'laden', title: 'Laden' }))
      .id;
  });

  const prices = async (variantId: string) =>
    ((await storage.pricing.priceHistory(websiteId, [variantId], 0)).get(variantId) ?? []).map(
      (p) => p.priceMinor,
    );

  it('§ 11 PAngV: records the price on create, each change of price or sale, and nothing for an unchanged save', async () => {
    const item = await storage.items.create(websiteId, {
      collectionId,
      urlId: 'tasse',
      title: 'Tasse',
      product: { productType: 1, variants: [{ sku: 'T-1', priceMinor: 1490, qtyInStock: 5 }] },
    });
    const variant = item.product!.variants[0];
    expect(await prices(variant.id)).toEqual([1490]);

    // Two changes in one millisecond share a moment and the later wins it (pricing-repository.ts): step apart.
    const save = async (changes: { priceMinor: number; salePriceMinor?: number; onSale?: boolean }) => {
      await new Promise((resolve) => setTimeout(resolve, 3));
      return storage.items.update(websiteId, item.id, {
        product: { productType: 1, variants: [{ id: variant.id, sku: 'T-1', ...changes }] },
      });
    };
    await save({ priceMinor: 1490 });
    expect(await prices(variant.id)).toEqual([1490]);
    await save({ priceMinor: 1490, salePriceMinor: 990, onSale: true });
    await save({ priceMinor: 1590, salePriceMinor: 990, onSale: true });
    await save({ priceMinor: 1590, salePriceMinor: 990, onSale: false });
    expect(await prices(variant.id)).toEqual([1490, 990, 1590]);
  });

  it('§ 11 PAngV: a save that fails writes no price either', async () => {
    const item = await storage.items.create(websiteId, {
      collectionId,
      urlId: 'teller',
      title: 'Teller',
      product: { productType: 1, variants: [{ sku: 'TE-1', priceMinor: 2000, qtyInStock: 1 }] },
    });
    const variant = item.product!.variants[0];
    // The SKU belongs to the cup: the save is refused, its transaction rolled back with the price.
    await expect(
      storage.items.update(websiteId, item.id, {
        product: { productType: 1, variants: [{ id: variant.id, sku: 'T-1', priceMinor: 1000 }] },
      }),
    ).rejects.toThrow();
    expect(await prices(variant.id)).toEqual([2000]);
  });
});
