import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let team: ShopTeam;
  let site: string;
  let pageId: string;
  let host: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    host = `vorschau-${db.name}.test`;
    const website = await storage.websites.create({ title: 'Vorschauladen', hostnames: [host] });
    const page = await storage.collections.create(website.id, {
      type: 10,
      title: 'Über uns',
      urlId: 'ueber-uns',
      blocks: [{ type: 'heading', id: 'h1', text: 'Live-Überschrift', level: 2 } as never],
    });
    pageId = page.id;
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, website.id);
    site = `/api/admin/sites/${website.id}`;
  });
  afterAll(() => app?.close());

  const visit = (url: string) => app.inject({ url, headers: { host } });

  it('shows a page’s unpublished draft under a preview address while visitors still see the live page', async () => {
    const draft = await team.draftEditor.patch(`${site}/collections/${pageId}/draft`, {
      blocks: [{ type: 'heading', text: 'Entwurfs-Überschrift', level: 2 }],
    });
    expect(draft.status).toBe(200);
    const res = await team.draftEditor.post(`${site}/collections/${pageId}/preview`);
    expect(res.status).toBe(200);
    const url = new URL(res.body.previewUrl);
    expect(url.hostname).toBe(host);
    expect(url.pathname).toBe('/ueber-uns');

    const preview = await visit(`${url.pathname}${url.search}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Entwurfs-Überschrift');
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    const live = await visit('/ueber-uns');
    expect(live.body).toContain('Live-Überschrift');
    expect(live.body).not.toContain('Entwurfs-Überschrift');
  });

  it('refuses a forged preview and one of another website, and outsiders get no preview address', async () => {
    const res = await team.admin.post(`${site}/collections/${pageId}/preview`);
    const token = new URL(res.body.previewUrl).searchParams.get('vorschau')!;
    const forged = await visit(`/ueber-uns?vorschau=${encodeURIComponent(`${token.split('.')[0]}.AAAA`)}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('Diese Vorschau ist abgelaufen oder ungültig.');
    await storage.collections.create(team.outsiderSiteId, { type: 10, title: 'Start', urlId: 'home' });
    const elsewhere = await app.inject({
      url: `/?vorschau=${encodeURIComponent(token)}`,
      headers: { host: `fremd-${site.split('/')[4]}.test` },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect((await team.outsider.post(`${site}/collections/${pageId}/preview`)).status).toBe(404);
    expect((await team.billing.post(`${site}/collections/${pageId}/preview`)).status).toBe(403);
  });

  it('renders the page settings into the head: SEO title, description, social image (og tags)', async () => {
    const res = await team.admin.patch(`${site}/collections/${pageId}`, {
      seoTitle: 'Wer wir sind',
      seoDescription: 'Ein kleiner Laden mit großen Ideen.',
      socialImage: { assetUrl: '/media/0123456789abcdef01234567/laden.jpg', altText: 'Laden' },
    });
    expect(res.status).toBe(200);
    const html = (await visit('/ueber-uns')).body;
    expect(html).toContain('<title>Wer wir sind</title>');
    expect(html).toContain('<meta property="og:title" content="Wer wir sind">');
    expect(html).toContain('<meta name="description" content="Ein kleiner Laden mit großen Ideen.">');
    expect(html).toContain('<meta property="og:description" content="Ein kleiner Laden mit großen Ideen.">');
    expect(html).toContain(
      `<meta property="og:image" content="http://${host}/media/0123456789abcdef01234567/laden.jpg">`,
    );
  });
});
