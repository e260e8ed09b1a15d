import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoShop } from './demo-shop.js';
import { kyselyOf, openStorage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

withTestDatabases((db) => {
  it('data survives close and reopen of the same database', async () => {
    let storage = await db.open();
    await storage.migrate();
    const { websiteId } = await seedDemoShop(storage, { hostnames: ['neustart.test'] });
    const shop = await storage.collections.findByUrlId(websiteId, 'shop');
    const before = await storage.items.listByCollection(websiteId, shop!.id);

    storage = await db.reopen(storage);
    await storage.migrate();
    expect((await storage.websites.findByHostname('neustart.test'))?.id).toBe(websiteId);
    expect(await storage.items.listByCollection(websiteId, shop!.id)).toEqual(before);
    expect((await seedDemoShop(storage, { hostnames: ['neustart.test'] })).websiteId).toBe(websiteId);
  });
});

describe('openStorage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'baukasten-data-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates <dataDir>/baukasten.sqlite, in WAL mode with foreign keys and a busy timeout', async () => {
    const dataDir = join(dir, 'neu', 'daten');
    const storage = await openStorage({ dataDir });
    await storage.migrate();
    const k = kyselyOf(storage);
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(k)).rows[0] as Record<string, unknown>)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
    const site = await storage.websites.create({ title: 'Datei', hostnames: ['datei.test'] });
    await storage.close();

    const again = await openStorage({ sqliteFile: join(dataDir, 'baukasten.sqlite') });
    expect((await again.websites.findByHostname('datei.test'))?.id).toBe(site.id);
    await again.close();
  });

  it('a non-postgres database URL still means SQLite', async () => {
    const storage = await openStorage({ databaseUrl: 'sqlite:irgendwas', dataDir: join(dir, 'b') });
    expect(storage.dialect).toBe('sqlite');
    await storage.close();
  });

  it('ping() is false, not a hang, when PostgreSQL does not answer', async () => {
    // Port 1 on localhost refuses connections at once on any usual machine.
    const storage = await openStorage({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    expect(storage.dialect).toBe('postgres');
    expect(await storage.ping()).toBe(false);
    await storage.close();
  });
});
