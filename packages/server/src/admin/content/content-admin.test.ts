import type { Storage, Website } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { adminMessages } from '../admin-messages.js';
import { Browser, sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';
import { contentAdminMessages as m } from './content-admin-messages.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let site: Website;
  let team: ShopTeam;
  let base: string;
  let blogId: string;
  let eventsId: string;
  const hostname = `inhalte-${db.name}.test`;

  /** What a visitor gets at a path of the site. */
  const visit = (path: string) => app.inject({ method: 'GET', url: path, headers: { host: hostname } });
  const entries = (collectionId: string) => `${base}/collections/${collectionId}/entries`;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    site = await storage.websites.create({
      title: 'Inhaltsladen',
      hostnames: [hostname],
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
      settings: { commentsEnabled: true },
    });
    await storage.collections.create(site.id, { type: 10, urlId: '', title: 'Start' });
    team = await shopTeam(app, storage, site.id);
    base = `/api/admin/sites/${site.id}`;
    const blog = await team.editor.post(`${base}/collections`, { type: 'blog', title: 'Journal' });
    const events = await team.editor.post(`${base}/collections`, { type: 'events', title: 'Termine' });
    blogId = blog.body.collection.id;
    eventsId = events.body.collection.id;
  });
  afterAll(() => app?.close());

  it('R3.21.2 a blog and an events page made in the pages screen are a blog and an events calendar', async () => {
    const list = (await team.viewer.get(`${base}/collections`)).body.collections;
    expect(list.map((c: { title: string; type: string }) => [c.title, c.type])).toEqual([
      ['Start', 'page'],
      ['Journal', 'blog'],
      ['Termine', 'events'],
    ]);
    expect((await visit('/journal')).body).toContain('Hier gibt es noch keine Beiträge.');
    const empty = await team.viewer.get(entries(blogId));
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ collection: { kind: 'blog', title: 'Journal' }, entries: [] });
    // A plain page holds no posts.
    const start = list[0].id as string;
    expect((await team.viewer.get(entries(start))).body.error.message).toBe(m.collectionNotFound);
  });

  it('R3.16.2 writes a post in Markdown as a draft, publishes it, unpublishes it', async () => {
    const created = await team.editor.post(entries(blogId), {
      title: 'Glasuren im Winter',
      format: 'markdown',
      excerpt: 'Was **Kälte** mit Glasur macht.',
      body: '## Drei Regeln\n\n- Langsam trocknen\n- Nicht unter 5 °C brennen\n\n<script>alert(1)</script>',
      categories: ['Werkstatt', 'Werkstatt', 'Pflege'],
      tags: ['glasur'],
      authorDisplayName: 'Jana Krüger',
      starred: true,
      commentState: 1,
    });
    expect(created.status).toBe(201);
    const post = created.body.entry;
    expect(post).toMatchObject({
      kind: 'post',
      urlId: 'glasuren-im-winter',
      fullUrl: '/journal/p/glasuren-im-winter',
      status: 'draft',
      publishedOn: null,
      publishAt: null,
      categories: ['Werkstatt', 'Pflege'],
      tags: ['glasur'],
      authorDisplayName: 'Jana Krüger',
      starred: true,
      commentState: 1,
    });
    expect(post.excerpt).toContain('<strong>Kälte</strong>');
    expect(post.body).toContain('<h2>Drei Regeln</h2>');
    expect(post.body).toContain('<li>Langsam trocknen</li>');
    expect(post.body).not.toContain('<script>');
    // A draft stays unseen.
    expect((await visit('/journal/p/glasuren-im-winter')).statusCode).toBe(404);
    expect((await visit('/journal')).body).not.toContain('Glasuren im Winter');

    const published = await team.editor.post(`${entries(blogId)}/${post.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.entry.status).toBe('published');
    const page = await visit('/journal/p/glasuren-im-winter');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2>Drei Regeln</h2>');
    expect(page.body).toContain('von Jana Krüger');
    expect(page.body).toContain('class="comment-form"');
    expect((await visit('/journal?kategorie=Pflege')).body).toContain('Glasuren im Winter');

    const listed = (await team.viewer.get(entries(blogId))).body.entries;
    expect(listed.map((e: { title: string; status: string }) => [e.title, e.status])).toEqual([
      ['Glasuren im Winter', 'published'],
    ]);

    const unpublished = await team.editor.post(`${entries(blogId)}/${post.id}/unpublish`);
    expect(unpublished.body.entry).toMatchObject({ status: 'draft', publishedOn: null });
    expect((await visit('/journal/p/glasuren-im-winter')).statusCode).toBe(404);
  });

  it('R3.16.2 edits a post in HTML, schedules it in the site’s time zone and deletes it', async () => {
    const post = (await team.admin.post(entries(blogId), { title: 'Neu im Laden', body: '<p>Alt</p>' })).body
      .entry;
    const changed = await team.admin.patch(`${entries(blogId)}/${post.id}`, {
      title: 'Neu im Laden: Becher',
      urlId: 'neue-becher',
      body: '<p onclick="x()">Neu</p><img src="x" onerror="alert(1)">',
      commentState: 2,
      authorDisplayName: '',
      // 10:00 in Berlin (summer time) is 08:00 UTC.
      publishAt: '2030-07-01T10:00',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.entry).toMatchObject({
      title: 'Neu im Laden: Becher',
      urlId: 'neue-becher',
      commentState: 2,
      authorDisplayName: null,
      status: 'scheduled',
      publishedOn: Date.UTC(2030, 6, 1, 8, 0),
      publishAt: '2030-07-01T10:00',
    });
    expect(changed.body.entry.body).not.toMatch(/onclick|onerror/);
    // Scheduled: visitors see it only from its date on.
    expect((await visit('/journal/p/neue-becher')).statusCode).toBe(404);

    const gone = await team.admin.delete(`${entries(blogId)}/${post.id}`);
    expect(gone.body).toEqual({ deleted: true });
    expect((await team.admin.get(`${entries(blogId)}/${post.id}`)).status).toBe(404);
  });

  it('refuses bad input with 400 and German messages at each field', async () => {
    const bad = await team.admin.post(entries(blogId), {
      title: ' ',
      urlId: 'Mit Leerzeichen',
      format: 'word',
      commentState: 3,
      publishAt: '1. Juli 2030',
      categories: 'Werkstatt',
      starred: 'ja',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      title: m.titleMissing,
      urlId: m.urlIdInvalid('mit leerzeichen'),
      format: m.formatUnknown,
      commentState: m.commentStateInvalid,
      publishAt: m.dateTimeInvalid,
      categories: m.namesInvalid('Kategorien'),
      starred: m.starredInvalid,
    });
    const impossible = await team.admin.post(entries(blogId), { title: 'X', publishAt: '2030-02-31T10:00' });
    expect(impossible.body.error.fields.publishAt).toBe(m.dateTimeInvalid);
    const notAnEvent = await team.admin.post(entries(blogId), { title: 'X', startAt: '2030-02-01T10:00' });
    expect(notAnEvent.body.error.message).toBe(m.notAnEvent);

    await team.admin.post(entries(blogId), { title: 'Doppelt', urlId: 'doppelt' });
    const taken = await team.admin.post(entries(blogId), { title: 'Doppelt', urlId: 'doppelt' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.type).toBe('URL_TAKEN');
    // Without an address the next free one is taken.
    const second = await team.admin.post(entries(blogId), { title: 'Doppelt' });
    expect(second.body.entry.urlId).toBe('doppelt-2');
    expect((await team.admin.post(`${base}/collections/nope/entries`, { title: 'X' })).status).toBe(404);
  });

  it('R3.17.1 writes an event with start and end in the site’s time zone and its place on the map', async () => {
    const missing = await team.editor.post(entries(eventsId), { title: 'Kurs' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ startAt: m.startMissing, endAt: m.endMissing });
    const backwards = await team.editor.post(entries(eventsId), {
      title: 'Kurs',
      startAt: '2030-01-10T18:00',
      endAt: '2030-01-10T17:00',
    });
    expect(backwards.body.error.fields.endAt).toBe(m.endBeforeStart);
    const halfMap = await team.editor.post(entries(eventsId), {
      title: 'Kurs',
      startAt: '2030-01-10T18:00',
      endAt: '2030-01-10T20:00',
      location: { addressLine1: 'Baukastenweg 12', mapLat: 52.5 },
    });
    expect(halfMap.body.error.fields['location.mapLng']).toBe(m.coordinatesIncomplete);

    const created = await team.editor.post(entries(eventsId), {
      title: 'Töpferkurs im Winter',
      excerpt: '<p>Drei Stunden an der Scheibe.</p>',
      // Winter time in Berlin: UTC+1.
      startAt: '2030-01-10T18:00',
      endAt: '2030-01-10T21:00',
      location: {
        addressLine1: 'Baukastenweg 12',
        addressLine2: '10115 Berlin',
        addressCountry: 'Deutschland',
        mapLat: 52.532,
        mapLng: 13.384,
      },
    });
    expect(created.status).toBe(201);
    const event = created.body.entry;
    expect(event).toMatchObject({
      kind: 'event',
      status: 'draft',
      startDate: Date.UTC(2030, 0, 10, 17, 0),
      endDate: Date.UTC(2030, 0, 10, 20, 0),
      startAt: '2030-01-10T18:00',
      endAt: '2030-01-10T21:00',
      location: { addressLine1: 'Baukastenweg 12', mapLat: 52.532, mapLng: 13.384 },
    });
    // An unpublished event is in no list or calendar.
    expect((await visit('/termine')).body).not.toContain('Töpferkurs im Winter');
    expect((await visit('/termine?ansicht=kalender&monat=2030-01')).body).not.toContain(
      'Töpferkurs im Winter',
    );

    await team.editor.post(`${entries(eventsId)}/${event.id}/publish`);
    expect((await visit('/termine')).body).toContain('Töpferkurs im Winter');
    const ics = (await visit(`/termine/p/${event.urlId}?format=ical`)).body;
    expect(ics).toContain('DTSTART:20300110T170000Z');

    const moved = await team.editor.patch(`${entries(eventsId)}/${event.id}`, {
      endAt: '2030-01-10T22:30',
      location: null,
    });
    expect(moved.body.entry).toMatchObject({ endDate: Date.UTC(2030, 0, 10, 21, 30), location: null });
    const early = await team.editor.patch(`${entries(eventsId)}/${event.id}`, { endAt: '2030-01-09T10:00' });
    expect(early.body.error.fields.endAt).toBe(m.endBeforeStart);
  });

  it('R3.21.8 draft editors prepare drafts; publishing and published entries need pages.publish', async () => {
    const draft = await team.draftEditor.post(entries(blogId), { title: 'Entwurf von Dora' });
    expect(draft.status).toBe(201);
    const id = draft.body.entry.id;
    expect((await team.draftEditor.patch(`${entries(blogId)}/${id}`, { body: 'Mehr' })).status).toBe(200);
    const publishing = await team.draftEditor.patch(`${entries(blogId)}/${id}`, {
      publishAt: '2026-01-01T10:00',
    });
    expect(publishing.status).toBe(403);
    expect(publishing.body.error.message).toBe(m.publishNeedsPermission);
    expect((await team.draftEditor.post(`${entries(blogId)}/${id}/publish`)).status).toBe(403);
    expect(
      (await team.draftEditor.post(entries(blogId), { title: 'Gleich live', publishAt: '2026-01-01T10:00' }))
        .status,
    ).toBe(403);

    await team.editor.post(`${entries(blogId)}/${id}/publish`);
    expect((await team.draftEditor.patch(`${entries(blogId)}/${id}`, { title: 'Anders' })).status).toBe(403);
    expect((await team.draftEditor.delete(`${entries(blogId)}/${id}`)).status).toBe(403);
    expect((await team.websiteManager.delete(`${entries(blogId)}/${id}`)).status).toBe(200);

    expect((await team.viewer.get(entries(blogId))).status).toBe(200);
    const viewerWrites = await team.viewer.post(entries(blogId), { title: 'Nein' });
    expect(viewerWrites.status).toBe(403);
    expect(viewerWrites.body.error.message).toBe(adminMessages.permissionDenied);
    expect((await team.storeManager.get(entries(blogId))).status).toBe(403);
    expect((await team.outsider.get(entries(blogId))).status).toBe(404);
    expect((await new Browser(app).get(entries(blogId))).status).toBe(401);
    // Another website's blog is not reachable through this one.
    const foreign = await storage.collections.create(team.outsiderSiteId, {
      type: 1,
      urlId: 'fremd',
      title: 'Fremd',
      settings: { typeName: 'blog' },
    });
    expect((await team.admin.get(entries(foreign.id))).status).toBe(404);
  });
});
