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
  });
});
