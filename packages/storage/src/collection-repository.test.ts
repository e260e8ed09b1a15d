import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';
import { CollectionType, FolderBehavior } from './types.js';

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Seiten', hostnames: ['seiten.test'] })).id;
  });

  it('navigation is ordered by position and leaves hidden pages out; they stay reachable by URL', async () => {
    await storage.collections.create(websiteId, {
      type: CollectionType.PAGE,
      urlId: 'kontakt',
      title: 'Kontakt',
      position: 5,
    });
    await storage.collections.create(websiteId, {
      type: CollectionType.PAGE,
      urlId: '',
      title: 'Start',
      position: 0,
    });
    await storage.collections.create(websiteId, {
      type: CollectionType.PAGE,
      urlId: 'impressum',
      title: 'Impressum',
      position: 1,
      hidden: true,
    });
    const nav = await storage.collections.listNavigation(websiteId);
    expect(nav.map((c) => c.title)).toEqual(['Start', 'Kontakt']);
    const hidden = await storage.collections.findByUrlId(websiteId, 'impressum');
    expect(hidden).toMatchObject({ hidden: true, title: 'Impressum' });
  });

  it("'' is the home page URL id", async () => {
    expect((await storage.collections.findByUrlId(websiteId, ''))?.title).toBe('Start');
  });

  it('reads blocks, settings and folder behaviour back as they were written', async () => {
    const created = await storage.collections.create(websiteId, {
      type: CollectionType.PAGE,
      urlId: 'bloecke',
      title: 'Blöcke',
      folderBehavior: FolderBehavior.INDEX,
      description: 'Alles über Blöcke',
      blocks: [
        { type: 'heading', text: 'Überschrift', level: 2 },
        { type: 'button', label: 'Los', href: '/shop' },
      ],
      settings: { layout: 'schmal', zeigeDatum: false },
    });
    const read = await storage.collections.findById(websiteId, created.id);
    expect(read).toEqual(created);
    expect(read).toMatchObject({ folderBehavior: 1, description: 'Alles über Blöcke', hidden: false });
    expect(read?.blocks[0]).toEqual({ type: 'heading', text: 'Überschrift', level: 2 });
    expect(read?.settings).toEqual({ layout: 'schmal', zeigeDatum: false });
  });

  it('refuses a URL id the website already uses, in German', async () => {
    await expect(
      storage.collections.create(websiteId, {
        type: CollectionType.PAGE,
        urlId: 'kontakt',
        title: 'Noch mal',
      }),
    ).rejects.toMatchObject({
      type: 'URL_ID_TAKEN',
      message: 'Die Adresse „/kontakt“ ist auf dieser Website bereits vergeben.',
    });
  });

  it('refuses URL ids that are not slugs or that the server owns', async () => {
    for (const urlId of ['Groß', 'a/b', 'mit leerzeichen', '-x']) {
      await expect(
        storage.collections.create(websiteId, { type: CollectionType.PAGE, urlId, title: 'X' }),
      ).rejects.toMatchObject({ type: 'INVALID_INPUT' });
    }
    await expect(
      storage.collections.create(websiteId, { type: CollectionType.PAGE, urlId: 'api', title: 'API' }),
    ).rejects.toMatchObject({
      type: 'INVALID_INPUT',
      message: 'Die Adresse „/api“ ist für Baukasten reserviert.',
    });
  });

  it('refuses a collection for a website that does not exist', async () => {
    await expect(
      storage.collections.create('000000000000000000000000', {
        type: CollectionType.PAGE,
        urlId: 'x',
        title: 'X',
      }),
    ).rejects.toMatchObject({ type: 'WEBSITE_NOT_FOUND' });
  });
});
