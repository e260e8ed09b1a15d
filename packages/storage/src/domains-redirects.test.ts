import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { redirectCandidates } from './redirect-repository.js';
import { withTestDatabases } from './test-databases.js';

withTestDatabases((db) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await db.open({ websiteCacheMs: 0 });
    await storage.migrate();
  });

  const newSite = (name: string) =>
    storage.websites.create({ title: name, hostnames: [`${name}.baukasten.test`] });

  it('a renamed product answers its old address with one 301, also after a second rename', async () => {
    const site = await newSite('umbenannt');
    const shop = await storage.collections.create(site.id, { type: 13, urlId: 'laden', title: 'Laden' });
    const item = await storage.items.create(site.id, {
      collectionId: shop.id,
      urlId: 'tasse',
      title: 'Tasse',
    });

    await storage.items.update(site.id, item.id, { urlId: 'becher' });
    await storage.items.update(site.id, item.id, { urlId: 'kaffeebecher' });

    const first = await storage.redirects.match(site.id, '/laden/p/tasse');
    expect(first?.redirect).toMatchObject({
      toTarget: '/laden/p/kaffeebecher',
      status: 301,
      automatic: true,
    });
    expect((await storage.redirects.match(site.id, '/laden/p/becher'))?.redirect.toTarget).toBe(
      '/laden/p/kaffeebecher',
    );
    // Back to an old name: that address is a real page again, and nothing loops.
    await storage.items.update(site.id, item.id, { urlId: 'tasse' });
    expect(await storage.redirects.match(site.id, '/laden/p/tasse')).toBeUndefined();
    expect((await storage.redirects.match(site.id, '/laden/p/becher'))?.redirect.toTarget).toBe(
      '/laden/p/tasse',
    );
    // Other sites see none of it.
    const other = await newSite('anderer');
    expect(await storage.redirects.match(other.id, '/laden/p/becher')).toBeUndefined();
  });

  it('a renamed page takes its items along, and a rename that fails writes no redirect', async () => {
    const site = await newSite('seiten');
    const blog = await storage.collections.create(site.id, { type: 1, urlId: 'blog', title: 'Blog' });
    await storage.collections.create(site.id, { type: 1, urlId: 'neuigkeiten', title: 'Neu' });
    await storage.collections.update(site.id, blog.id, { urlId: 'journal' });
    const moved = await storage.redirects.match(site.id, '/blog/p/erster-beitrag');
    expect(moved).toMatchObject({ redirect: { toTarget: '/journal/*' }, rest: 'p/erster-beitrag' });
    expect((await storage.redirects.match(site.id, '/blog'))?.rest).toBe('');

    await expect(storage.collections.update(site.id, blog.id, { urlId: 'neuigkeiten' })).rejects.toThrow(
      /bereits vergeben/,
    );
    expect(await storage.redirects.match(site.id, '/journal')).toBeUndefined();
  });

  it('the owner list: exact paths win over patterns, the longest pattern over shorter ones', async () => {
    const site = await newSite('liste');
    await storage.redirects.create(site.id, { fromPath: '/alt/*', toTarget: '/neu/*', status: 301 });
    await storage.redirects.create(site.id, { fromPath: '/alt/sonder/*', toTarget: '/x', status: 302 });
    await storage.redirects.create(site.id, { fromPath: '/alt/genau', toTarget: '/y', status: 301 });
    expect((await storage.redirects.match(site.id, '/alt/genau'))?.redirect.toTarget).toBe('/y');
    expect((await storage.redirects.match(site.id, '/alt/sonder/a'))?.redirect.status).toBe(302);
    expect(await storage.redirects.match(site.id, '/alt/a/b')).toMatchObject({ rest: 'a/b' });
    await expect(
      storage.redirects.create(site.id, { fromPath: '/alt/*', toTarget: '/z', status: 301 }),
    ).rejects.toThrow('Für „/alt/*“ gibt es bereits eine Weiterleitung.');
    expect(redirectCandidates(`/${'a/'.repeat(40)}`)).toEqual([]);
  });

  it('a verified domain becomes a hostname, www follows its apex, and the primary is the address', async () => {
    const site = await newSite('eigen');
    await storage.domains.add(site.id, 'shop-eigen.example', 'tok1');
    await storage.domains.add(site.id, 'www.shop-eigen.example', 'tok2');
    expect((await storage.websites.findByHostname('shop-eigen.example'))?.id).toBeUndefined();

    const domains = await storage.domains.markVerified(site.id, 'shop-eigen.example');
    expect(domains?.every((d) => d.verifiedAt !== null)).toBe(true);
    let found = await storage.websites.findByHostname('www.shop-eigen.example');
    expect(found).toMatchObject({
      id: site.id,
      primaryHostname: 'shop-eigen.example',
      redirectingHostnames: ['www.shop-eigen.example'],
    });

    await storage.domains.setPrimary(site.id, 'www.shop-eigen.example');
    found = await storage.websites.findById(site.id);
    expect(found?.primaryHostname).toBe('www.shop-eigen.example');
    expect(found?.redirectingHostnames).toEqual(['shop-eigen.example']);

    // Another site can claim it, but not take it while this one serves it.
    const rival = await newSite('rivale');
    await expect(storage.domains.add(rival.id, 'shop-eigen.example', 'x')).rejects.toThrow(
      'Der Hostname „shop-eigen.example“ gehört bereits zu einer anderen Website.',
    );
    await expect(storage.domains.add(site.id, 'eigen.baukasten.test', 'x')).rejects.toThrow(
      /bereits eine Adresse dieser Website/,
    );

    expect(await storage.domains.remove(site.id, 'www.shop-eigen.example')).toBe(true);
    found = await storage.websites.findById(site.id);
    expect(found?.primaryHostname).toBe('shop-eigen.example');
    expect(found?.hostnames).toEqual(['eigen.baukasten.test', 'shop-eigen.example']);
  });

  it('an unverified claim does not block the real owner', async () => {
    const squatter = await newSite('hocker');
    const owner = await newSite('inhaber');
    await storage.domains.add(squatter.id, 'echt.example', 'a');
    await storage.domains.add(owner.id, 'echt.example', 'b');
    await storage.domains.markVerified(owner.id, 'echt.example');
    expect((await storage.websites.findByHostname('echt.example'))?.id).toBe(owner.id);
    await expect(storage.domains.markVerified(squatter.id, 'echt.example')).rejects.toThrow(
      /gehört bereits zu einer anderen Website/,
    );
  });
});
