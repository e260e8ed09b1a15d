import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';
import { type Collection, CollectionType, type NewProduct, ProductType, RecordType } from './types.js';

const tshirt = (skuPrefix: string): NewProduct => ({
  productType: ProductType.PHYSICAL,
  variants: [
    { sku: `${skuPrefix}-1`, attributes: { Farbe: 'Rot', Größe: 'S' }, priceMinor: 1999, qtyInStock: 3 },
    { sku: `${skuPrefix}-2`, attributes: { Farbe: 'Blau', Größe: 'S' }, priceMinor: 2199, unlimited: true },
  ],
});

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let shop: Collection;
  let blog: Collection;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (
      await storage.websites.create({ title: 'Artikel', hostnames: ['artikel.test'], currency: 'EUR' })
    ).id;
    shop = await storage.collections.create(websiteId, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
    blog = await storage.collections.create(websiteId, {
      type: 1,
      urlId: 'blog',
      title: 'Blog',
      position: 3,
    });
  });

  it('R3.5.2 R3.6.1 stores a product item with variants and reads back the same shapes', async () => {
    const created = await storage.items.create(websiteId, {
      collectionId: shop.id,
      urlId: 'hemd',
      title: 'Hemd',
      product: { ...tshirt('HEMD'), variantOptionOrdering: ['Größe', 'Farbe'] },
    });
    expect(created.recordType).toBe(RecordType.STORE_ITEM);
    expect(created.product?.variants.map((v) => v.sku)).toEqual(['HEMD-1', 'HEMD-2']);
    expect(created.product?.variants[0]).toMatchObject({
      priceMinor: 1999,
      salePriceMinor: 0,
      onSale: false,
      unlimited: false,
      qtyInStock: 3,
      position: 0,
      optionValues: [
        { optionName: 'Größe', value: 'S' },
        { optionName: 'Farbe', value: 'Rot' },
      ],
    });
    expect(created.product?.variants[1].unlimited).toBe(true);
    expect(created.product?.merchandising).toMatchObject({ scarcityEnabled: false, customSoldOutText: '' });
    expect(await storage.items.findById(websiteId, created.id)).toEqual(created);
    expect(await storage.items.findByUrlId(websiteId, shop.id, 'hemd')).toEqual(created);
  });

  it('option ordering defaults to the order of the first variant', async () => {
    const item = await storage.items.create(websiteId, {
      collectionId: shop.id,
      urlId: 'hemd-zwei',
      title: 'Hemd zwei',
      product: tshirt('HZ'),
    });
    expect(item.product?.variantOptionOrdering).toEqual(['Farbe', 'Größe']);
  });

  it('a content item without product has no product and record type text', async () => {
    const post = await storage.items.create(websiteId, {
      collectionId: blog.id,
      urlId: 'erster-beitrag',
      title: 'Erster Beitrag',
      excerpt: '<p>Hallo</p>',
      tags: ['Neu'],
      categories: ['Werkstatt'],
      publishedOn: Date.UTC(2025, 1, 1),
    });
    expect(post.product).toBeUndefined();
    expect(post).toMatchObject({
      recordType: RecordType.TEXT,
      tags: ['Neu'],
      categories: ['Werkstatt'],
      publishedOn: Date.UTC(2025, 1, 1),
      images: [],
    });
  });

  it('lists by position, then newest first, with limit and offset', async () => {
    const list = await storage.collections.create(websiteId, { type: 1, urlId: 'liste', title: 'Liste' });
    const day = 86_400_000;
    for (const [urlId, position, publishedOn] of [
      ['alt', 0, 1 * day],
      ['neu', 0, 3 * day],
      ['mitte', 0, 2 * day],
      ['vorn', -1, 0],
    ] as const) {
      await storage.items.create(websiteId, {
        collectionId: list.id,
        urlId,
        title: urlId,
        position,
        publishedOn,
      });
    }
    const all = await storage.items.listByCollection(websiteId, list.id);
    expect(all.map((i) => i.urlId)).toEqual(['vorn', 'neu', 'mitte', 'alt']);
    const page = await storage.items.listByCollection(websiteId, list.id, { limit: 2, offset: 1 });
    expect(page.map((i) => i.urlId)).toEqual(['neu', 'mitte']);
    expect(
      await storage.items.listByCollection(websiteId, list.id, { limit: Number.NaN, offset: -5 }),
    ).toHaveLength(4);
  });

  it('refuses a second item with the same URL id in one collection, in German', async () => {
    await expect(
      storage.items.create(websiteId, { collectionId: shop.id, urlId: 'hemd', title: 'Doppelt' }),
    ).rejects.toMatchObject({
      type: 'URL_ID_TAKEN',
      message: 'Die Adresse „hemd“ ist in dieser Sammlung bereits vergeben.',
    });
  });

  it('refuses a SKU the website already uses and writes no part of the product', async () => {
    await expect(
      storage.items.create(websiteId, {
        collectionId: shop.id,
        urlId: 'kopie',
        title: 'Kopie',
        product: tshirt('HEMD'),
      }),
    ).rejects.toMatchObject({
      type: 'SKU_TAKEN',
      message: 'Die Artikelnummer „HEMD-1“ ist auf dieser Website bereits vergeben.',
    });
    expect(await storage.items.findByUrlId(websiteId, shop.id, 'kopie')).toBeUndefined();
  });

  it('R3.7.4 refuses prices that are not whole non-negative cent amounts', async () => {
    for (const priceMinor of [19.99, -1, Number.NaN]) {
      await expect(
        storage.items.create(websiteId, {
          collectionId: shop.id,
          urlId: 'krumm',
          title: 'Krumm',
          product: { productType: ProductType.PHYSICAL, variants: [{ sku: 'KRUMM', priceMinor }] },
        }),
      ).rejects.toMatchObject({
        type: 'INVALID_INPUT',
        message: 'Preis muss eine ganze, nicht negative Zahl in Cent sein.',
      });
    }
    await expect(
      storage.items.create(websiteId, {
        collectionId: shop.id,
        urlId: 'krumm',
        title: 'Krumm',
        product: {
          productType: ProductType.PHYSICAL,
          variants: [{ sku: 'KRUMM', priceMinor: 100, qtyInStock: -2 }],
        },
      }),
    ).rejects.toMatchObject({ type: 'INVALID_INPUT' });
    expect(await storage.items.findByUrlId(websiteId, shop.id, 'krumm')).toBeUndefined();
  });

  it('refuses a product without variants', async () => {
    await expect(
      storage.items.create(websiteId, {
        collectionId: shop.id,
        urlId: 'leer',
        title: 'Leer',
        product: { productType: ProductType.DIGITAL, variants: [] },
      }),
    ).rejects.toMatchObject({
      type: 'INVALID_INPUT',
      message: 'Ein Produkt braucht mindestens eine Variante.',
    });
  });

  it('keeps large amounts exact (a 90 000 000,00 € order line fits)', async () => {
    const item = await storage.items.create(websiteId, {
      collectionId: shop.id,
      urlId: 'yacht',
      title: 'Yacht',
      product: {
        productType: ProductType.PHYSICAL,
        variants: [{ sku: 'YACHT', priceMinor: 9_000_000_000, qtyInStock: 1 }],
      },
    });
    const read = await storage.items.findById(websiteId, item.id);
    expect(read?.product?.variants[0].priceMinor).toBe(9_000_000_000);
  });

  it('an item for a missing or malformed collection id is refused with COLLECTION_NOT_FOUND', async () => {
    for (const collectionId of ['000000000000000000000000', undefined as unknown as string]) {
      await expect(
        storage.items.create(websiteId, { collectionId, urlId: 'waise', title: 'Waise' }),
      ).rejects.toMatchObject({
        type: 'COLLECTION_NOT_FOUND',
        message: 'Die Sammlung wurde auf dieser Website nicht gefunden.',
      });
    }
  });
});
