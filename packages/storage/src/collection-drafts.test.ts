import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';
import { CollectionType } from './types.js';

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherSiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Entwürfe', hostnames: ['entwuerfe.test'] })).id;
    otherSiteId = (await storage.websites.create({ title: 'Andere', hostnames: ['andere-seiten.test'] })).id;
  });

  const page = (urlId: string, position = 0, hidden = false) =>
    storage.collections.create(websiteId, {
      type: CollectionType.PAGE,
      urlId,
      title: urlId,
      position,
      hidden,
      blocks: [{ type: 'heading', text: `Live ${urlId}` }],
    });

  it('a saved draft leaves the live blocks alone until it is published', async () => {
    const about = await page('ueber-uns');
    expect(
      await storage.collections.saveDraft(websiteId, about.id, [{ type: 'heading', text: 'Entwurf' }]),
    ).toBe(true);
    const live = await storage.collections.findByUrlId(websiteId, 'ueber-uns');
    expect(live?.blocks).toEqual([{ type: 'heading', text: 'Live ueber-uns' }]);
    const editable = await storage.collections.findEditable(websiteId, about.id);
    expect(editable?.draftBlocks).toEqual([{ type: 'heading', text: 'Entwurf' }]);

    const published = await storage.collections.publishDraft(websiteId, about.id);
    expect(published?.blocks).toEqual([{ type: 'heading', text: 'Entwurf' }]);
    expect(published?.draftBlocks).toBeUndefined();
    // Publishing without a draft changes nothing.
    expect((await storage.collections.publishDraft(websiteId, about.id))?.blocks).toEqual(published?.blocks);
  });

  it('drafts, updates and deletes of another website’s collection do nothing', async () => {
    const mine = await page('nur-meins');
    expect(await storage.collections.saveDraft(otherSiteId, mine.id, [])).toBe(false);
    expect(await storage.collections.update(otherSiteId, mine.id, { title: 'Fremd' })).toBeUndefined();
    expect(await storage.collections.delete(otherSiteId, mine.id)).toBe(false);
    expect((await storage.collections.findById(websiteId, mine.id))?.title).toBe('nur-meins');
  });

  it('update renames, moves the URL, hides, and merges settings key by key', async () => {
    const c = await page('kontakt');
    await storage.collections.update(websiteId, c.id, { settings: { seoTitle: 'Alt', socialImage: 'a' } });
    const updated = await storage.collections.update(websiteId, c.id, {
      title: ' Kontakt & Anfahrt ',
      urlId: 'anfahrt',
      hidden: true,
      description: 'So finden Sie uns',
      settings: { seoTitle: 'Neu', socialImage: null },
    });
    expect(updated).toMatchObject({
      title: 'Kontakt & Anfahrt',
      urlId: 'anfahrt',
      hidden: true,
      description: 'So finden Sie uns',
      settings: { seoTitle: 'Neu' },
    });
    expect(updated?.settings).not.toHaveProperty('socialImage');
    await expect(storage.collections.update(websiteId, c.id, { urlId: 'ueber-uns' })).rejects.toMatchObject({
      type: 'URL_ID_TAKEN',
    });
  });

  it('reorder takes exactly the website’s collections, else writes nothing', async () => {
    const all = await storage.collections.listAll(websiteId);
    const ids = all.map((c) => c.id);
    expect(await storage.collections.reorder(websiteId, ids.slice(1))).toBe(false);
    expect(await storage.collections.reorder(websiteId, [...ids, ids[0]])).toBe(false);
    expect(await storage.collections.reorder(websiteId, [...ids.slice(1), 'fremd'])).toBe(false);
    expect((await storage.collections.listAll(websiteId)).map((c) => c.id)).toEqual(ids);

    const reversed = [...ids].reverse();
    expect(await storage.collections.reorder(websiteId, reversed)).toBe(true);
    const after = await storage.collections.listAll(websiteId);
    expect(after.map((c) => c.id)).toEqual(reversed);
    expect(after.map((c) => c.position)).toEqual(reversed.map((_, i) => i));
  });

  it('deleting a products collection takes its products and variants with it', async () => {
    const shop = await storage.collections.create(websiteId, {
      type: CollectionType.PRODUCTS,
      urlId: 'weg-damit',
      title: 'Weg',
    });
    const item = await storage.items.create(websiteId, {
      collectionId: shop.id,
      urlId: 'becher',
      title: 'Becher',
      product: { productType: 1, variants: [{ sku: 'WEG-1', priceMinor: 100, qtyInStock: 1 }] },
    });
    expect(await storage.collections.delete(websiteId, shop.id)).toBe(true);
    expect(await storage.items.findById(websiteId, item.id)).toBeUndefined();
    // The SKU is free again.
    const again = await storage.collections.create(websiteId, { type: 13, urlId: 'neu', title: 'Neu' });
    await expect(
      storage.items.create(websiteId, {
        collectionId: again.id,
        urlId: 'becher',
        title: 'Becher',
        product: { productType: 1, variants: [{ sku: 'WEG-1', priceMinor: 100 }] },
      }),
    ).resolves.toBeDefined();
  });
});
