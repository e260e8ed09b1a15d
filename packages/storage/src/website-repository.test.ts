import { beforeAll, expect, it } from 'vitest';
import { kyselyOf, type Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

withTestDatabases((db) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
  });

  it('R3.11.2 R3.9.2 R3.9.3 a new website gets the spec defaults', async () => {
    const site = await storage.websites.create({ title: 'Standard', hostnames: ['standard.test'] });
    expect(site).toMatchObject({ locale: 'de-DE', timeZone: 'America/New_York', currency: 'USD' });
    expect(site.settings.storeSettings).toEqual({
      selectedCurrency: 'USD',
      expressCheckout: false,
      multipleQuantityAllowedForServices: true,
    });
    expect(site.settings.cookieSettings).toEqual({
      isRestrictiveCookiePolicyEnabled: false,
      isCookieBannerEnabled: false,
    });
    expect(typeof site.createdAt).toBe('number');
    expect(await storage.websites.findById(site.id)).toEqual(site);
  });

  it('keeps settings as given, with booleans and nested objects intact', async () => {
    const site = await storage.websites.create({
      title: 'Eigen',
      hostnames: ['eigen.test'],
      currency: 'eur',
      settings: {
        storeSettings: {
          expressCheckout: true,
          multipleQuantityAllowedForServices: false,
          minimumOrderMinor: 1500,
        },
        commentsEnabled: true,
        shareButtonOptions: { facebook: true },
        newsletterProvider: { name: 'eigener' },
      },
    });
    const read = await storage.websites.findByHostname('eigen.test');
    expect(read?.currency).toBe('EUR');
    expect(read?.settings.storeSettings).toEqual({
      selectedCurrency: 'EUR',
      expressCheckout: true,
      multipleQuantityAllowedForServices: false,
      minimumOrderMinor: 1500,
    });
    expect(read?.settings.commentsEnabled).toBe(true);
    expect(read?.settings.newsletterProvider).toEqual({ name: 'eigener' });
    expect(read).toEqual(site);
  });

  it('finds a website by any of its hostnames, case-insensitively', async () => {
    const site = await storage.websites.create({
      title: 'Mehrere',
      hostnames: ['Mehrere.Test', 'www.mehrere.test'],
    });
    expect(site.hostnames).toEqual(['mehrere.test', 'www.mehrere.test']);
    expect((await storage.websites.findByHostname('www.mehrere.test'))?.id).toBe(site.id);
    expect((await storage.websites.findByHostname('MEHRERE.TEST'))?.id).toBe(site.id);
    expect(await storage.websites.findByHostname('')).toBeUndefined();
  });

  it('refuses a hostname another website already has, in German, and writes nothing', async () => {
    await storage.websites.create({ title: 'Erster', hostnames: ['belegt.test'] });
    const attempt = storage.websites.create({ title: 'Zweiter', hostnames: ['frei.test', 'BELEGT.test'] });
    await expect(attempt).rejects.toMatchObject({
      type: 'HOSTNAME_TAKEN',
      message: 'Der Hostname „belegt.test“ gehört bereits zu einer anderen Website.',
    });
    expect(await storage.websites.findByHostname('frei.test')).toBeUndefined();
    expect((await storage.websites.findByHostname('belegt.test'))?.title).toBe('Erster');
  });

  it('two websites racing for one hostname: exactly one gets it', async () => {
    const results = await Promise.allSettled([
      storage.websites.create({ title: 'Eins', hostnames: ['rennen.test'] }),
      storage.websites.create({ title: 'Zwei', hostnames: ['rennen.test'] }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ type: 'HOSTNAME_TAKEN' });
    // The loser left no website without hostname behind.
    const rows = await kyselyOf(storage)
      .selectFrom('websites')
      .select('title')
      .where('title', 'in', ['Eins', 'Zwei'])
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a website without title or hostname', async () => {
    await expect(storage.websites.create({ title: ' ', hostnames: ['x.test'] })).rejects.toMatchObject({
      type: 'INVALID_INPUT',
    });
    await expect(storage.websites.create({ title: 'Ohne', hostnames: [] })).rejects.toMatchObject({
      type: 'INVALID_INPUT',
      message: 'Eine Website braucht mindestens einen Hostnamen.',
    });
    await expect(storage.websites.create({ title: 'Kaputt', hostnames: ['a b'] })).rejects.toMatchObject({
      type: 'INVALID_INPUT',
    });
  });

  it('unknown ids and odd input find nothing instead of throwing', async () => {
    expect(await storage.websites.findById('000000000000000000000000')).toBeUndefined();
    expect(await storage.websites.findById(undefined as unknown as string)).toBeUndefined();
    expect(await storage.collections.findById('nope', 'nope')).toBeUndefined();
    expect(await storage.collections.listNavigation('nope')).toEqual([]);
    expect(await storage.items.findByUrlId('nope', 'nope', "'; drop table items; --")).toBeUndefined();
  });

  // Host look-ups are remembered (every request starts with one); a change through storage must never
  // be hidden by that memory.
  it('a remembered host look-up never hides a change made through storage', async () => {
    expect(await storage.websites.findByHostname('spaeter.test')).toBeUndefined();
    const site = await storage.websites.create({ title: 'Später', hostnames: ['spaeter.test'] });
    expect((await storage.websites.findByHostname('spaeter.test'))?.id).toBe(site.id);

    await storage.websiteAdmin.update(site.id, { title: 'Umbenannt', currency: 'EUR' });
    expect(await storage.websites.findByHostname('spaeter.test')).toMatchObject({
      title: 'Umbenannt',
      currency: 'EUR',
    });

    await storage.websites.addHostnames(site.id, ['auch-spaeter.test']);
    expect((await storage.websites.findByHostname('spaeter.test'))?.hostnames).toEqual([
      'spaeter.test',
      'auch-spaeter.test',
    ]);

    await storage.websiteAdmin.delete(site.id);
    expect(await storage.websites.findByHostname('spaeter.test')).toBeUndefined();
  });

  it('stock moving (every order does) keeps the remembered host look-up; a product change does not', async () => {
    const site = await storage.websites.create({ title: 'Lager', hostnames: ['lager.test'] });
    const collection = await storage.collections.create(site.id, { type: 2, urlId: 'shop', title: 'Shop' });
    const item = await storage.items.create(site.id, {
      collectionId: collection.id,
      urlId: 'tasse',
      title: 'Tasse',
      product: { productType: 1, variants: [{ sku: 'LAGER-TASSE', priceMinor: 1200, qtyInStock: 5 }] },
    });
    const variant = item.product!.variants[0]!;
    const remembered = await storage.websites.findByHostname('lager.test');
    const pagesVersion = storage.changes.version;
    const moved = await storage.items.setStock(
      site.id,
      variant.id,
      { qtyInStock: 5, unlimited: false },
      { qtyInStock: 4, unlimited: false },
    );
    expect(moved).toMatchObject({ outcome: 'updated' });
    // Pages show stock, so they are stale; the website is not.
    expect(storage.changes.version).toBeGreaterThan(pagesVersion);
    expect(storage.websites.rememberedByHostname('lager.test')?.website).toBe(remembered);

    await storage.items.update(site.id, item.id, { title: 'Becher' });
    expect(storage.websites.rememberedByHostname('lager.test')).toBeUndefined();
  });

  it('answers a host from memory only what a look-up would answer, and nothing after a change', async () => {
    const site = await storage.websites.create({ title: 'Gemerkt', hostnames: ['gemerkt.test'] });
    expect(storage.websites.rememberedByHostname('gemerkt.test')).toBeUndefined();
    expect((await storage.websites.findByHostname('gemerkt.test'))?.title).toBe('Gemerkt');
    expect(storage.websites.rememberedByHostname('GEMERKT.test')?.website?.title).toBe('Gemerkt');
    expect(storage.websites.rememberedByHostname('gemerkt.test')?.website?.id).toBe(site.id);
    await storage.websiteAdmin.update(site.id, { title: 'Geändert' });
    expect(storage.websites.rememberedByHostname('gemerkt.test')).toBeUndefined();
    expect((await storage.websites.findByHostname('gemerkt.test'))?.title).toBe('Geändert');
  });
});
