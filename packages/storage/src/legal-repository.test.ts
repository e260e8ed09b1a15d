import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

/*
 * §312f BGB: an order names the version of the legal texts it was placed under. Versions are numbered per
 * site; the same texts keep their number, however many checkouts or instances record them at once.
 */

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Rechtsladen', hostnames: ['recht.test'] })).id;
  });

  it('§312f BGB: texts that were in force before keep their version when they return', async () => {
    const a = await storage.legal.recordVersion(websiteId, 'hash-a', { agb: 'A' });
    const b = await storage.legal.recordVersion(websiteId, 'hash-b', { agb: 'B' });
    const again = await storage.legal.recordVersion(websiteId, 'hash-a', { agb: 'A' });
    expect(b.version).toBe(a.version + 1);
    expect(again.version).toBe(a.version);
    expect((await storage.legal.findVersion(websiteId, b.version))?.texts).toEqual({ agb: 'B' });
  });

  it('§312f BGB: fifty checkouts recording new texts at once give them one version, none fails', async () => {
    const before = (await storage.legal.currentVersion(websiteId))?.version ?? 0;
    const recorded = await Promise.all(
      Array.from({ length: 50 }, () => storage.legal.recordVersion(websiteId, 'hash-c', { agb: 'C' })),
    );
    expect(new Set(recorded.map((v) => v.version))).toEqual(new Set([before + 1]));
  });

  it('DSGVO Art. 13: a newsletter block on a visible page is found, on a hidden page or in a text it is not', async () => {
    const site = (await storage.websites.create({ title: 'Briefladen', hostnames: ['brief.test'] })).id;
    expect(await storage.legal.navigationHasBlock(site, 'newsletter')).toBe(false);
    await storage.collections.create(site, {
      type: 10,
      urlId: 'versteckt',
      title: 'Versteckt',
      hidden: true,
      blocks: [{ type: 'newsletter', id: 'n1' } as never],
    });
    await storage.collections.create(site, {
      type: 10,
      urlId: 'ueber-uns',
      title: 'Über uns',
      blocks: [{ type: 'text', id: 't1', markdown: 'Unser "type":"newsletter" kommt bald' } as never],
    });
    expect(await storage.legal.navigationHasBlock(site, 'newsletter')).toBe(false);
    await storage.collections.create(site, {
      type: 10,
      urlId: 'kontakt',
      title: 'Kontakt',
      blocks: [
        { type: 'heading', id: 'h1', text: 'Post', level: 2 } as never,
        { type: 'newsletter', id: 'n2' } as never,
      ],
    });
    expect(await storage.legal.navigationHasBlock(site, 'newsletter')).toBe(true);
    expect(await storage.legal.navigationHasBlock(site, "newsletter%' or 1=1 --")).toBe(false);
    // The checkout's one statement for both: no products yet, the block found.
    expect(await storage.legal.siteUsage(site, 'newsletter')).toEqual({ productTypes: [], hasBlock: true });
    expect(await storage.legal.siteUsage(site, 'gallery')).toEqual({ productTypes: [], hasBlock: false });
  });

  it('the product types a site sells and its blocks, read in one statement', async () => {
    const site = (await storage.websites.create({ title: 'Typenladen', hostnames: ['typen.test'] })).id;
    const shop = await storage.collections.create(site, { type: 13, urlId: 'laden', title: 'Laden' });
    const product = (productType: 1 | 2, urlId: string) =>
      storage.items.create(site, {
        collectionId: shop.id,
        title: urlId,
        urlId,
        product: { productType, variants: [{ sku: urlId, priceMinor: 100, qtyInStock: 1 }] },
      });
    await product(2, 'datei');
    await product(1, 'tasse');
    await product(1, 'teller');
    const usage = await storage.legal.siteUsage(site, 'newsletter');
    expect(usage).toEqual({ productTypes: await storage.legal.productTypes(site), hasBlock: false });
    expect(usage.productTypes).toEqual([1, 2]);
  });
});
