import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';
import { type Collection, CollectionType, ProductType } from './types.js';

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherSiteId: string;
  let shop: Collection;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Änderungen', hostnames: ['aenderungen.test'] })).id;
    otherSiteId = (await storage.websites.create({ title: 'Fremd', hostnames: ['fremd-artikel.test'] })).id;
    shop = await storage.collections.create(websiteId, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
  });

  const shirt = (urlId: string, prefix: string) =>
    storage.items.create(websiteId, {
      collectionId: shop.id,
      urlId,
      title: `Hemd ${prefix}`,
      product: {
        productType: ProductType.PHYSICAL,
        variants: [
          { sku: `${prefix}-S`, attributes: { Größe: 'S' }, priceMinor: 2000, qtyInStock: 4 },
          { sku: `${prefix}-M`, attributes: { Größe: 'M' }, priceMinor: 2000, qtyInStock: 2 },
        ],
      },
    });

  it('update keeps listed variants by id, creates new ones and deletes the rest, in one go', async () => {
    const item = await shirt('hemd-a', 'HA');
    const [s, m] = item.product!.variants;
    const updated = await storage.items.update(websiteId, item.id, {
      title: 'Hemd A neu',
      product: {
        productType: ProductType.PHYSICAL,
        variantOptionOrdering: ['Größe'],
        variants: [
          { id: m.id, sku: 'HA-M', attributes: { Größe: 'M' }, priceMinor: 2500 },
          { sku: 'HA-L', attributes: { Größe: 'L' }, priceMinor: 2600, qtyInStock: 1 },
        ],
      },
    });
    expect(updated?.title).toBe('Hemd A neu');
    const variants = updated!.product!.variants;
    expect(variants.map((v) => [v.sku, v.priceMinor, v.qtyInStock])).toEqual([
      ['HA-M', 2500, 2],
      ['HA-L', 2600, 1],
    ]);
    expect(variants[0].id).toBe(m.id);
    expect(variants.some((v) => v.id === s.id)).toBe(false);
  });

  it('a kept variant’s stock is written only when given, so an order placed meanwhile is not undone', async () => {
    const item = await shirt('hemd-b', 'HB');
    const [s, m] = item.product!.variants;
    // A checkout takes 3 of S after the editor loaded the product (stock 4 then).
    await storage.items.setStock(
      websiteId,
      s.id,
      { unlimited: false, qtyInStock: 4 },
      { unlimited: false, qtyInStock: 1 },
    );
    const updated = await storage.items.update(websiteId, item.id, {
      product: {
        productType: ProductType.PHYSICAL,
        variants: [
          { id: s.id, sku: 'HB-S', attributes: { Größe: 'S' }, priceMinor: 1800 },
          { id: m.id, sku: 'HB-M', attributes: { Größe: 'M' }, priceMinor: 1800, qtyInStock: 9 },
        ],
      },
    });
    expect(updated!.product!.variants.map((v) => v.qtyInStock)).toEqual([1, 9]);
  });

  it('SKUs may swap between variants of one product, but not take another product’s SKU', async () => {
    const item = await shirt('hemd-c', 'HC');
    const other = await shirt('hemd-d', 'HD');
    const [s, m] = item.product!.variants;
    const swapped = await storage.items.update(websiteId, item.id, {
      product: {
        productType: ProductType.PHYSICAL,
        variants: [
          { id: s.id, sku: 'HC-M', attributes: { Größe: 'S' }, priceMinor: 2000 },
          { id: m.id, sku: 'HC-S', attributes: { Größe: 'M' }, priceMinor: 2000 },
        ],
      },
    });
    expect(swapped!.product!.variants.map((v) => v.sku)).toEqual(['HC-M', 'HC-S']);
    await expect(
      storage.items.update(websiteId, item.id, {
        title: 'Darf nicht gespeichert werden',
        product: {
          productType: ProductType.PHYSICAL,
          variants: [{ id: s.id, sku: other.product!.variants[0].sku, priceMinor: 2000 }],
        },
      }),
    ).rejects.toMatchObject({ type: 'SKU_TAKEN' });
    // Nothing of the refused change was kept.
    const after = await storage.items.findById(websiteId, item.id);
    expect(after?.title).toBe('Hemd HC');
    expect(after?.product?.variants).toHaveLength(2);
  });

  it('an id of another product’s variant is treated as a new variant, never taken over', async () => {
    const item = await shirt('hemd-e', 'HE');
    const other = await shirt('hemd-f', 'HF');
    const foreignId = other.product!.variants[0].id;
    const updated = await storage.items.update(websiteId, item.id, {
      product: {
        productType: ProductType.PHYSICAL,
        variants: [{ id: foreignId, sku: 'HE-X', priceMinor: 100 }],
      },
    });
    expect(updated!.product!.variants[0].id).not.toBe(foreignId);
    expect((await storage.items.findById(websiteId, other.id))?.product?.variants).toHaveLength(2);
  });

  it('setStock writes only over the value the caller saw and reports the current one otherwise', async () => {
    const item = await shirt('hemd-g', 'HG');
    const s = item.product!.variants[0];
    const stale = await storage.items.setStock(
      websiteId,
      s.id,
      { unlimited: false, qtyInStock: 3 },
      { unlimited: false, qtyInStock: 10 },
    );
    expect(stale).toEqual({ outcome: 'conflict', stock: { unlimited: false, qtyInStock: 4 } });
    const fresh = await storage.items.setStock(
      websiteId,
      s.id,
      { unlimited: false, qtyInStock: 4 },
      { unlimited: true, qtyInStock: 0 },
    );
    expect(fresh).toEqual({ outcome: 'updated', stock: { unlimited: true, qtyInStock: 0 } });
    expect(
      await storage.items.setStock(
        otherSiteId,
        s.id,
        { unlimited: true, qtyInStock: 0 },
        { unlimited: false, qtyInStock: 1 },
      ),
    ).toEqual({ outcome: 'not-found' });
  });

  it('searchProducts finds by title or SKU, case-insensitively, with % and _ taken literally', async () => {
    await shirt('suche-1', 'SUCH');
    await storage.items.create(websiteId, {
      collectionId: shop.id,
      urlId: 'rabatt',
      title: '100% Baumwolle',
      product: { productType: 1, variants: [{ sku: 'BW_1', priceMinor: 100 }] },
    });
    const byTitle = await storage.items.searchProducts(websiteId, { query: 'hemd such' });
    expect(byTitle.items.map((i) => i.urlId)).toEqual(['suche-1']);
    const bySku = await storage.items.searchProducts(websiteId, { query: 'such-m' });
    expect(bySku.items.map((i) => i.urlId)).toEqual(['suche-1']);
    expect(
      (await storage.items.searchProducts(websiteId, { query: '0%' })).items.map((i) => i.urlId),
    ).toEqual(['rabatt']);
    expect((await storage.items.searchProducts(websiteId, { query: 'w_1' })).total).toBe(1);
    expect((await storage.items.searchProducts(websiteId, { query: 'x_' })).total).toBe(0);
    const page = await storage.items.searchProducts(websiteId, { limit: 2, offset: 1 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(3);
    expect((await storage.items.searchProducts(otherSiteId, {})).total).toBe(0);
  });

  it('listStock lists each variant with its product title and stock', async () => {
    const { rows, total } = await storage.items.listStock(websiteId, { query: 'HG' });
    expect(total).toBe(2);
    expect(rows.map((r) => [r.itemTitle, r.sku, r.unlimited, r.qtyInStock])).toEqual([
      ['Hemd HG', 'HG-S', true, 0],
      ['Hemd HG', 'HG-M', false, 2],
    ]);
  });

  it('delete removes the item with its product; another website cannot delete it', async () => {
    const item = await shirt('hemd-weg', 'HW');
    expect(await storage.items.delete(otherSiteId, item.id)).toBe(false);
    expect(await storage.items.delete(websiteId, item.id)).toBe(true);
    expect(await storage.items.findById(websiteId, item.id)).toBeUndefined();
    expect((await storage.items.listStock(websiteId, { query: 'HW-' })).total).toBe(0);
  });
});
