import { describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.js';
import { withTestDatabases } from './test-databases.js';

describe('migration set', () => {
  it('is ordered by name, so they run in the order they were written', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('0001-initial-schema');
  });
});

withTestDatabases((db) => {
  it('migrate() twice leaves one schema and the same data', async () => {
    const storage = await db.open();
    await storage.migrate();
    const site = await storage.websites.create({ title: 'Laden', hostnames: ['laden.test'] });
    await storage.migrate();
    await storage.migrate();
    expect(await storage.websites.findById(site.id)).toEqual(site);
  });

  it('ping() answers true while open and false after close', async () => {
    const storage = await db.open();
    expect(storage.dialect).toBe(db.name);
    expect(await storage.ping()).toBe(true);
    await storage.close();
    expect(await storage.ping()).toBe(false);
    await storage.close();
  });
});
