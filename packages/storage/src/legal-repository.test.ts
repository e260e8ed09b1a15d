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
});
