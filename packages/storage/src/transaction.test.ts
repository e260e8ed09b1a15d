import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';
import { CollectionType } from './types.js';

withTestDatabases((db) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
  });

  it('commits every write of the callback together', async () => {
    const id = await storage.transaction(async (tx) => {
      const site = await tx.websites.create({ title: 'Zusammen', hostnames: ['zusammen.test'] });
      await tx.collections.create(site.id, { type: CollectionType.PAGE, urlId: '', title: 'Start' });
      return site.id;
    });
    expect((await storage.collections.listNavigation(id)).map((c) => c.title)).toEqual(['Start']);
  });

  it('a failing callback leaves nothing behind', async () => {
    await expect(
      storage.transaction(async (tx) => {
        const site = await tx.websites.create({ title: 'Halb', hostnames: ['halb.test'] });
        await tx.collections.create(site.id, { type: CollectionType.PAGE, urlId: '', title: 'Start' });
        throw new Error('abgebrochen');
      }),
    ).rejects.toThrow('abgebrochen');
    expect(await storage.websites.findByHostname('halb.test')).toBeUndefined();
  });

  it('a nested transaction joins the outer one and rolls back with it', async () => {
    await expect(
      storage.transaction(async (tx) => {
        await tx.transaction((inner) => inner.websites.create({ title: 'Innen', hostnames: ['innen.test'] }));
        throw new Error('außen gescheitert');
      }),
    ).rejects.toThrow('außen gescheitert');
    expect(await storage.websites.findByHostname('innen.test')).toBeUndefined();
  });

  it('the transaction storage reports the same dialect and answers ping', async () => {
    await storage.transaction(async (tx) => {
      expect(tx.dialect).toBe(db.name);
      expect(await tx.ping()).toBe(true);
    });
  });

  it('migrate() and close() refuse to run inside a transaction instead of hanging', async () => {
    await storage.transaction(async (tx) => {
      await expect(tx.migrate()).rejects.toThrow(
        'migrate() cannot be called on the storage of a transaction',
      );
      await expect(tx.close()).rejects.toThrow('close() cannot be called on the storage of a transaction');
    });
    expect(await storage.ping()).toBe(true);
  });
});
