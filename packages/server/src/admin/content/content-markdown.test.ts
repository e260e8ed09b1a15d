import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';

/* Posts and events keep the Markdown they were written in beside the rendered HTML (migration 0014). */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let team: ShopTeam;
  let base: string;
  let blogId: string;
  let eventsId: string;
  const hostname = `markdown-${db.name}.test`;
  const entries = (collectionId: string) => `${base}/collections/${collectionId}/entries`;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    const site = await storage.websites.create({
      title: 'Schreibstube',
      hostnames: [hostname],
      timeZone: 'Europe/Berlin',
    });
    team = await shopTeam(app, storage, site.id);
    base = `/api/admin/sites/${site.id}`;
    blogId = (await team.editor.post(`${base}/collections`, { type: 'blog', title: 'Journal' })).body
      .collection.id;
    eventsId = (await team.editor.post(`${base}/collections`, { type: 'events', title: 'Termine' })).body
      .collection.id;
  });
  afterAll(() => app?.close());

  const excerpt = 'Was **Kälte** mit Glasur macht.';
  const body = '## Drei Regeln\n\n- Langsam trocknen\n- Nicht unter 5 °C brennen';

  it('R3.16.2 a post written in Markdown reopens as that Markdown, beside its rendered HTML', async () => {
    const created = await team.editor.post(entries(blogId), {
      title: 'Glasuren im Winter',
      format: 'markdown',
      excerpt,
      body,
    });
    expect(created.status).toBe(201);
    expect(created.body.entry.markdown).toEqual({ excerpt, body });
    expect(created.body.entry.body).toContain('<h2>Drei Regeln</h2>');
    const id = created.body.entry.id;

    const reopened = await team.viewer.get(`${entries(blogId)}/${id}`);
    expect(reopened.body.entry.markdown).toEqual({ excerpt, body });
    expect(reopened.body.entry.excerpt).toBe('<p>Was <strong>Kälte</strong> mit Glasur macht.</p>');
    const listed = await team.viewer.get(entries(blogId));
    expect(listed.body.entries.find((e: { id: string }) => e.id === id).markdown).toEqual({ excerpt, body });

    // Edited as Markdown again: the new source is kept; other changes leave it alone.
    const edited = await team.editor.patch(`${entries(blogId)}/${id}`, {
      format: 'markdown',
      excerpt,
      body: `${body}\n- Geduld`,
    });
    expect(edited.body.entry.markdown).toEqual({ excerpt, body: `${body}\n- Geduld` });
    const retitled = await team.editor.patch(`${entries(blogId)}/${id}`, { title: 'Glasur und Frost' });
    expect(retitled.body.entry.markdown).toEqual({ excerpt, body: `${body}\n- Geduld` });

    // Written as HTML, there is no Markdown to reopen any more.
    const html = await team.editor.patch(`${entries(blogId)}/${id}`, {
      format: 'html',
      excerpt: '<p>Kurz</p>',
      body: '<p>Lang</p>',
    });
    expect(html.body.entry).toMatchObject({ markdown: null, excerpt: '<p>Kurz</p>', body: '<p>Lang</p>' });
    expect((await team.viewer.get(`${entries(blogId)}/${id}`)).body.entry.markdown).toBeNull();
  });

  it('R3.16.2 a post written as HTML has no Markdown; an event keeps its Markdown too', async () => {
    const html = await team.editor.post(entries(blogId), { title: 'Nur HTML', body: '<p>Hallo</p>' });
    expect(html.body.entry.markdown).toBeNull();

    const event = await team.editor.post(entries(eventsId), {
      title: 'Töpferkurs',
      format: 'markdown',
      excerpt: 'Für *Anfänger*',
      body: 'Bring eine Schürze mit.',
      startAt: '2026-03-07T10:00',
      endAt: '2026-03-07T14:00',
    });
    expect(event.status).toBe(201);
    const reopened = await team.viewer.get(`${entries(eventsId)}/${event.body.entry.id}`);
    expect(reopened.body.entry.markdown).toEqual({
      excerpt: 'Für *Anfänger*',
      body: 'Bring eine Schürze mit.',
    });
    expect(reopened.body.entry.excerpt).toBe('<p>Für <em>Anfänger</em></p>');
  });
});
