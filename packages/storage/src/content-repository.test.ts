import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';
import { CollectionType, RecordType } from './types.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherSiteId: string;
  let blogId: string;
  let eventsId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const site = await storage.websites.create({ title: 'Journal', hostnames: [`journal-${db.name}.test`] });
    websiteId = site.id;
    const blog = await storage.collections.create(websiteId, {
      type: CollectionType.GENERIC,
      urlId: 'journal',
      title: 'Journal',
      settings: { typeName: 'blog' },
    });
    blogId = blog.id;
    const events = await storage.collections.create(websiteId, {
      type: CollectionType.GENERIC,
      urlId: 'termine',
      title: 'Termine',
      settings: { typeName: 'events' },
    });
    eventsId = events.id;
    for (const [i, title] of ['Neue Glasuren', 'Werkstattbesuch', 'Tassen richtig pflegen'].entries()) {
      await storage.content.createPost(websiteId, {
        collectionId: blogId,
        urlId: `beitrag-${i + 1}`,
        title,
        excerpt: `<p>Kurz gesagt: ${title}.</p>`,
        body: i === 2 ? '<p>Unsere Keramiktassen mögen keine Spülmaschine.</p>' : '<p>Text</p>',
        categories: i === 1 ? ['Werkstatt'] : ['Pflege', 'Werkstatt'],
        tags: i === 0 ? ['glasur'] : ['alltag'],
        publishedOn: NOW - (3 - i) * DAY,
        authorDisplayName: 'Jana Töpfer',
        starred: i === 2,
        commentState: 1,
      });
    }
    // Not yet published: never listed, never found.
    await storage.content.createPost(websiteId, {
      collectionId: blogId,
      urlId: 'bald',
      title: 'Geheime Tassenvorschau',
      categories: ['Pflege'],
      publishedOn: NOW + DAY,
    });

    const other = await storage.websites.create({ title: 'Fremd', hostnames: [`fremd-${db.name}.test`] });
    otherSiteId = other.id;
    const otherPage = await storage.collections.create(otherSiteId, {
      type: CollectionType.PAGE,
      urlId: 'tassen',
      title: 'Fremde Tassen',
    });
    await storage.items.create(otherSiteId, {
      collectionId: otherPage.id,
      urlId: 'tasse',
      title: 'Tasse',
      publishedOn: NOW - DAY,
    });
  });

  it('R3.16.2 keeps author display name, starred and comment state with the post', async () => {
    const post = await storage.content.findByUrlId(websiteId, blogId, 'beitrag-3');
    expect(post?.recordType).toBe(RecordType.TEXT);
    expect(post?.content).toEqual({ authorDisplayName: 'Jana Töpfer', starred: true, commentState: 1 });
    expect(post?.categories).toEqual(['Pflege', 'Werkstatt']);
  });

  it('lists published posts newest first with pagination and a total', async () => {
    const first = await storage.content.listPosts(websiteId, blogId, { limit: 2, now: NOW });
    expect(first.total).toBe(3);
    expect(first.items.map((p) => p.title)).toEqual(['Tassen richtig pflegen', 'Werkstattbesuch']);
    const second = await storage.content.listPosts(websiteId, blogId, { limit: 2, offset: 2, now: NOW });
    expect(second.items.map((p) => p.title)).toEqual(['Neue Glasuren']);
  });

  it('filters posts by category and by tag, exactly', async () => {
    const pflege = await storage.content.listPosts(websiteId, blogId, { category: 'Pflege', now: NOW });
    expect(pflege.items.map((p) => p.urlId)).toEqual(['beitrag-3', 'beitrag-1']);
    expect(pflege.total).toBe(2);
    const glasur = await storage.content.listPosts(websiteId, blogId, { tag: 'glasur', now: NOW });
    expect(glasur.items.map((p) => p.urlId)).toEqual(['beitrag-1']);
    const partial = await storage.content.listPosts(websiteId, blogId, { category: 'Werk', now: NOW });
    expect(partial.total).toBe(0);
    const facets = await storage.content.postFacets(websiteId, blogId, NOW);
    expect(facets.categories).toEqual([
      { name: 'Pflege', count: 2 },
      { name: 'Werkstatt', count: 3 },
    ]);
  });

  it('R3.17.1 lists upcoming events soonest first and past events latest first, and a month range', async () => {
    const make = (urlId: string, startOffsetDays: number, hours = 2) =>
      storage.content.createEvent(websiteId, {
        collectionId: eventsId,
        urlId,
        title: `Termin ${urlId}`,
        startDate: NOW + startOffsetDays * DAY,
        endDate: NOW + startOffsetDays * DAY + hours * 3_600_000,
        location: {
          addressLine1: 'Hauptstraße 1',
          addressCountry: 'Deutschland',
          mapLat: 52.5,
          mapLng: 13.4,
        },
      });
    await make('bald', 3);
    await make('spaeter', 20);
    await make('vorbei', -10);
    await make('laengst-vorbei', -40);
    const upcoming = await storage.content.listEvents(websiteId, eventsId, { when: 'upcoming', now: NOW });
    expect(upcoming.items.map((e) => e.urlId)).toEqual(['bald', 'spaeter']);
    expect(upcoming.items[0]?.recordType).toBe(RecordType.EVENT);
    expect(upcoming.items[0]?.content.location).toEqual({
      addressLine1: 'Hauptstraße 1',
      addressCountry: 'Deutschland',
      mapLat: 52.5,
      mapLng: 13.4,
    });
    const past = await storage.content.listEvents(websiteId, eventsId, { when: 'past', now: NOW });
    expect(past.items.map((e) => e.urlId)).toEqual(['vorbei', 'laengst-vorbei']);
    const june = await storage.content.listEvents(websiteId, eventsId, {
      from: Date.UTC(2026, 5, 1),
      to: Date.UTC(2026, 6, 1),
    });
    expect(june.items.map((e) => e.urlId)).toEqual(['vorbei', 'bald']);
  });

  it('refuses an event that ends before it starts, and bad coordinates, writing nothing', async () => {
    await expect(
      storage.content.createEvent(websiteId, {
        collectionId: eventsId,
        urlId: 'rueckwaerts',
        title: 'Rückwärts',
        startDate: NOW,
        endDate: NOW - 1,
      }),
    ).rejects.toMatchObject({ type: 'INVALID_INPUT' });
    await expect(
      storage.content.createEvent(websiteId, {
        collectionId: eventsId,
        urlId: 'mond',
        title: 'Mond',
        startDate: NOW,
        endDate: NOW,
        location: { mapLat: 120 },
      }),
    ).rejects.toMatchObject({ type: 'INVALID_INPUT' });
    expect(await storage.items.findByUrlId(websiteId, eventsId, 'rueckwaerts')).toBeUndefined();
  });

  it('R2.1.4 search finds a post by another German word form, ranked, and only on its own website', async () => {
    // "Tasse" is in one title and one body; the title match ranks first.
    const found = await storage.content.search(websiteId, 'Tasse', { now: NOW });
    expect(found.items.map((h) => h.title)).toEqual(['Tassen richtig pflegen']);
    expect(found.items[0]).toMatchObject({ kind: 'item', itemUrlId: 'beitrag-3', isProduct: false });
    expect(found.items[0]?.collection.urlId).toBe('journal');
    const forms = await storage.content.search(websiteId, 'Keramiktasse', { now: NOW });
    expect(forms.items.map((h) => h.itemUrlId)).toEqual(['beitrag-3']);
    const nothing = await storage.content.search(websiteId, '"; drop table items; --', { now: NOW });
    expect(nothing.total).toBe(0);
    const other = await storage.content.search(otherSiteId, 'Tassen', { now: NOW });
    expect(other.items.map((h) => h.title).sort()).toEqual(['Fremde Tassen', 'Tasse']);
  });

  it('R2.1.4 search follows items and pages as they change and go', async () => {
    const page = await storage.collections.create(websiteId, {
      type: CollectionType.PAGE,
      urlId: 'anfahrt',
      title: 'Anfahrt',
      blocks: [{ type: 'text', html: '<p>Wir liegen direkt am Töpfermarkt.</p>' }],
    });
    expect((await storage.content.search(websiteId, 'Töpfermarkt', { now: NOW })).items).toMatchObject([
      { kind: 'collection', id: page.id, title: 'Anfahrt' },
    ]);
    const post = (await storage.content.findByUrlId(websiteId, blogId, 'beitrag-1'))!;
    await storage.items.update(websiteId, post.id, { title: 'Glasuren aus Asche' });
    expect((await storage.content.search(websiteId, 'Asche', { now: NOW })).items.map((h) => h.id)).toEqual([
      post.id,
    ]);
    await storage.items.delete(websiteId, post.id);
    expect((await storage.content.search(websiteId, 'Asche', { now: NOW })).total).toBe(0);
    await storage.collections.delete(websiteId, page.id);
    expect((await storage.content.search(websiteId, 'Töpfermarkt', { now: NOW })).total).toBe(0);
  });

  it('finds products and tells them apart from posts', async () => {
    const shop = await storage.collections.create(websiteId, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
    await storage.items.create(websiteId, {
      collectionId: shop.id,
      urlId: 'becher',
      title: 'Kaffeebecher',
      excerpt: '<p>Große Becher für große Tassen Kaffee.</p>',
      publishedOn: NOW - DAY,
      product: { productType: 1, variants: [{ sku: `BECHER-${db.name}`, priceMinor: 1800, qtyInStock: 3 }] },
    });
    const hits = await storage.content.search(websiteId, 'Bechern', { now: NOW });
    expect(hits.items).toMatchObject([{ title: 'Kaffeebecher', isProduct: true }]);
    // ß and umlauts as typed, and a stop word ("für") among the words, still find it on both databases.
    const typed = await storage.content.search(websiteId, 'großen Becher für Kaffee', { now: NOW });
    expect(typed.items.map((h) => h.title)).toEqual(['Kaffeebecher']);
  });

  it('changes the details of a post and keeps the rest', async () => {
    const post = (await storage.content.findByUrlId(websiteId, blogId, 'beitrag-2'))!;
    const changed = await storage.content.updateDetails(websiteId, post.id, {
      starred: true,
      authorDisplayName: null,
    });
    expect(changed?.content).toEqual({ starred: true, commentState: 1 });
    expect(await storage.content.updateDetails(otherSiteId, post.id, { starred: false })).toBeUndefined();
  });
});
