import { Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrationProvider } from './migrations/index.js';
import { kyselyOf } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

withTestDatabases((db) => {
  it('keeps lists per website, refuses a second list of the same name and counts addresses by state', async () => {
    const storage = await db.open();
    await storage.migrate();
    const site = await storage.websites.create({ title: 'Listenladen', hostnames: ['listen.test'] });
    const other = await storage.websites.create({ title: 'Anderer', hostnames: ['anderer-listen.test'] });
    const kunden = await storage.mailingLists.create(site.id, 'Kunden');
    await expect(storage.mailingLists.create(site.id, ' kunden ')).rejects.toThrow('name taken');
    await storage.mailingLists.create(other.id, 'Kunden');

    const anna = await storage.newsletter.subscribe(site.id, 'anna@example.de');
    const ben = await storage.newsletter.subscribe(site.id, 'ben@example.de');
    await storage.mailingLists.addMember(site.id, kunden.id, anna.id);
    await storage.mailingLists.addMember(site.id, kunden.id, anna.id);
    await storage.mailingLists.addMember(site.id, kunden.id, ben.id);
    await storage.newsletter.confirm(site.id, anna.token);

    const [listed] = await storage.mailingLists.list(site.id);
    expect(listed).toMatchObject({ name: 'Kunden', counts: { confirmed: 1, pending: 1, unsubscribed: 0 } });
    expect((await storage.mailingLists.members(site.id, kunden.id, 'confirmed')).map((s) => s.email)).toEqual(
      ['anna@example.de'],
    );
    expect(await storage.mailingLists.find(other.id, kunden.id)).toBeUndefined();

    expect((await storage.mailingLists.rename(site.id, kunden.id, 'Stammkunden'))?.name).toBe('Stammkunden');
    expect(await storage.mailingLists.delete(site.id, kunden.id)).toBe(true);
    expect(await storage.mailingLists.list(site.id)).toEqual([]);
    // The addresses stay: they may be on other lists, and their opt-in is theirs.
    expect(await storage.newsletter.list(site.id)).toHaveLength(2);
  });

  it('puts the subscribers from before lists existed on a list „Newsletter“ of their website', async () => {
    const storage = await db.open();
    const kysely = kyselyOf(storage);
    const schema =
      storage.dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(kysely)).rows[0]?.schema
        : undefined;
    const migrator = new Migrator({ db: kysely, provider: migrationProvider, migrationTableSchema: schema });
    const before = await migrator.migrateTo('0025-product-imports');
    expect(before.error).toBeUndefined();
    const site = await storage.websites.create({ title: 'Altladen', hostnames: ['alt-listen.test'] });
    const empty = await storage.websites.create({ title: 'Leer', hostnames: ['leer-listen.test'] });
    const old = await storage.newsletter.subscribe(site.id, 'alt@example.de');
    await storage.migrate();

    const [list] = await storage.mailingLists.list(site.id);
    expect(list?.name).toBe('Newsletter');
    expect((await storage.mailingLists.members(site.id, list!.id)).map((s) => s.id)).toEqual([old.id]);
    expect(await storage.mailingLists.list(empty.id)).toEqual([]);
    // Blocks that name no list fill the oldest one; a site without any gets „Newsletter“ on first use.
    expect((await storage.mailingLists.defaultList(site.id)).id).toBe(list!.id);
    expect((await storage.mailingLists.defaultList(empty.id)).name).toBe('Newsletter');
  });

  it('lets one account hold a page at a time; a lease that ran out or was released is free', async () => {
    const storage = await db.open();
    await storage.migrate();
    const site = await storage.websites.create({ title: 'Sperrladen', hostnames: ['sperre.test'] });
    const anna = await storage.accounts.create({
      email: 'anna-sperre@example.de',
      name: 'Anna',
      passwordHash: 'x',
    });
    const ben = await storage.accounts.create({
      email: 'ben-sperre@example.de',
      name: 'Ben',
      passwordHash: 'x',
    });
    const annaHolds = { accountId: anna.id, name: 'Anna' };
    const benHolds = { accountId: ben.id, name: 'Ben' };

    expect((await storage.pageLocks.acquire(site.id, 'seite', annaHolds, 2000, 1000)).accountId).toBe(
      anna.id,
    );
    const refused = await storage.pageLocks.acquire(site.id, 'seite', benHolds, 2500, 1500);
    expect(refused).toMatchObject({ accountId: anna.id, holderName: 'Anna', expiresAt: 2000 });
    // Anna renews; Ben still cannot take it.
    expect((await storage.pageLocks.acquire(site.id, 'seite', annaHolds, 3000, 1800)).expiresAt).toBe(3000);
    // Ran out: Ben takes it.
    expect((await storage.pageLocks.acquire(site.id, 'seite', benHolds, 5000, 3000)).accountId).toBe(ben.id);
    expect(await storage.pageLocks.release(site.id, 'seite', anna.id)).toBe(false);
    expect(await storage.pageLocks.release(site.id, 'seite', ben.id)).toBe(true);
    expect(await storage.pageLocks.current(site.id, 'seite', 3500)).toBeUndefined();
  });
});
