import { UserRole } from '@baukasten/commerce';
import { expect, it } from 'vitest';
import { type DemoOwner, seedDemoShop } from './demo-shop.js';
import { withTestDatabases } from './test-databases.js';

const owner = (calls: { n: number }, email = 'demo@baukasten.localhost'): DemoOwner => ({
  email,
  name: 'Demo-Inhaber',
  passwordHash: async () => {
    calls.n++;
    return 'hash-of-the-demo-password';
  },
});

withTestDatabases((db) => {
  it('creates the demo owner as the demo shop’s administrator, once', async () => {
    const storage = await db.open();
    await storage.migrate();
    const calls = { n: 0 };
    const { websiteId } = await seedDemoShop(storage, { owner: owner(calls) });
    const account = await storage.accounts.findByEmail('demo@baukasten.localhost');
    expect(account).toBeDefined();
    expect(await storage.siteMembers.rolesOf(websiteId, account!.id)).toEqual([UserRole.ADMIN]);
    expect(await storage.accounts.passwordHashOf(account!.id)).toBe('hash-of-the-demo-password');

    // A restart seeds again: nothing new, and no password is hashed for nothing.
    await seedDemoShop(storage, { owner: owner(calls) });
    expect(calls.n).toBe(1);
    expect((await storage.siteMembers.list(websiteId)).map((m) => m.accountId)).toEqual([account!.id]);
  });

  it('adds the owner to a demo seeded before owners existed, but never hands it to someone else’s account', async () => {
    const storage = await db.open();
    await storage.migrate();
    const { websiteId } = await seedDemoShop(storage);
    expect(await storage.siteMembers.list(websiteId)).toEqual([]);

    const stranger = await storage.accounts.create({
      email: 'schon-da@baukasten.localhost',
      name: 'Jemand',
      passwordHash: 'their-own',
    });
    await seedDemoShop(storage, { owner: owner({ n: 0 }, 'schon-da@baukasten.localhost') });
    expect(await storage.siteMembers.rolesOf(websiteId, stranger.id)).toBeUndefined();

    await seedDemoShop(storage, { owner: owner({ n: 0 }) });
    const account = await storage.accounts.findByEmail('demo@baukasten.localhost');
    expect(await storage.siteMembers.rolesOf(websiteId, account!.id)).toEqual([UserRole.ADMIN]);
  });

  // Two instances starting at once on an empty database, as replicas of a deployment do. Only PostgreSQL
  // can be raced in one process: two SQLite connections share this thread, and the file's write lock would
  // make the second wait on the first synchronously. SQLite is raced by two real processes in
  // packages/server/src/reliability/start-together.test.ts.
  if (db.name === 'postgres') {
    it('two instances seeding at the same moment both succeed and leave one demo with one owner', async () => {
      const first = await db.open();
      await first.migrate();
      const second = await db.openAnother(first);
      const results = await Promise.all(
        [first, second, first, second].map((s) => seedDemoShop(s, { owner: owner({ n: 0 }) })),
      );
      expect(new Set(results.map((r) => r.websiteId)).size).toBe(1);
      const websiteId = results[0]!.websiteId;
      for (const host of ['localhost', '127.0.0.1'])
        expect((await first.websites.findByHostname(host))?.id).toBe(websiteId);
      expect(await first.siteMembers.list(websiteId)).toHaveLength(1);
    });
  }
});
