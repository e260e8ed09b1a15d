import { CollectionType } from '@baukasten/commerce';
import { type Storage, seedDemoShop } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';

const DEMO = 'demo.test';
const DISQUS = 'disqus.test';
const QUIET = 'ruhig.test';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let demoId: string;

  const slideshow = {
    type: 'gallery',
    id: 'dia',
    images: [
      { assetUrl: '/assets/demo/eins.svg', altText: 'Eins', originalSize: '800x600' },
      { assetUrl: '/assets/demo/zwei.svg', altText: 'Zwei', originalSize: '800x600' },
    ],
    settings: { design: 'slideshow', thumbnails: true, controls: true, 'thumbnails-per-row': 99 },
  };

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    demoId = (await seedDemoShop(storage, { hostnames: [DEMO] })).websiteId;
    for (const [host, settings] of [
      [DISQUS, { commentsEnabled: true, simpleLikingEnabled: false, disqusShortname: 'werkstatt' }],
      [QUIET, { commentsEnabled: false, simpleLikingEnabled: false, shareButtonOptions: {} }],
    ] as const) {
      const site = await storage.websites.create({ title: host, hostnames: [host], settings });
      await storage.collections.create(site.id, {
        type: CollectionType.SLIDE_GALLERY,
        urlId: 'galerie',
        title: 'Galerie',
        blocks: [slideshow as never],
        settings: { commentState: 1 },
      });
    }
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (host: string, url: string) => app.inject({ method: 'GET', url, headers: { host } });

  it('R1.3.5 R3.22.1 R9.5.3 renders the demo gallery page as a grid with srcset, focal point and lightbox', async () => {
    const page = await get(DEMO, '/galerie');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain(
      'class="gallery gallery--grid gallery--meta-bottom-left gallery--show-meta gallery--crop',
    );
    expect(html).toContain('--gallery-columns: 4; --gallery-padding: 20px; --gallery-tile-max: 300px');
    expect(html).toContain(
      'srcset="/assets/demo/werkbank.svg?format=100w 100w, /assets/demo/werkbank.svg?format=300w 300w, ' +
        '/assets/demo/werkbank.svg?format=500w 500w, /assets/demo/werkbank.svg?format=750w 750w, ' +
        '/assets/demo/werkbank.svg?format=1000w 1000w"',
    );
    expect(html).toContain('style="object-position: 30% 50%"');
    expect(html).toContain('href="/assets/demo/werkbank.svg" data-lightbox-index="0"');
    expect(html).toContain('data-island="gallery"');
    expect(html).toContain('<span class="gallery__title">Die Werkbank</span>');
  });

  it('R4.8.1 R8.8.5 R3.11.1 shows comments, the like button and the share links the demo site chose', async () => {
    const html = (await get(DEMO, '/galerie')).body;
    expect(html).toContain('<span class="comments__count">Keine Kommentare</span>');
    expect(html).toContain('data-island="comments"');
    expect(html).toContain('data-island="like-button"');
    expect(html).toContain('Auf Facebook teilen');
    expect(html).toContain('Auf X teilen');
    expect(html).toContain('Auf Pinterest merken');
    expect(html).not.toContain('Auf LinkedIn teilen');
    const context = (await get(DEMO, '/galerie?format=json')).json();
    expect(context.pageType).toBe(1);
    expect(context.websiteSettings).toEqual({ commentsEnabled: true, simpleLikingEnabled: true });
    expect(context.engagement).toMatchObject({ commentState: 1, publicCommentCount: 0, likeCount: 0 });
    expect(context.blocks[1].gallery.options).toMatchObject({ design: 'grid', lightbox: true });
  });

  it('R8.8.6 counts the approved comments of the page in its heading', async () => {
    const gallery = await storage.collections.findByUrlId(demoId, 'galerie');
    const c = await storage.comments.create(demoId, {
      target: { type: 'collection', id: gallery!.id },
      authorName: 'Erika',
      body: 'Toll <b>gemacht</b>',
      clientHash: 'x',
    });
    expect((await get(DEMO, '/galerie')).body).toContain('Keine Kommentare');
    await storage.comments.moderate(demoId, c.id, 'approved');
    const html = (await get(DEMO, '/galerie')).body;
    expect(html).toContain('<span class="comments__count">1 Kommentar</span>');
    // Visitors' text is escaped.
    expect(html).toContain('Toll &lt;b&gt;gemacht&lt;/b&gt;');
  });

  it('R3.11.1 shows Disqus instead of the built-in comments when the site names a shortname', async () => {
    const res = await get(DISQUS, '/galerie');
    const html = res.body;
    expect(html).toContain('id="disqus_thread"');
    expect(html).toContain('data-disqus-shortname="werkstatt"');
    // The forum's script loads when the visitor asks; the site's policy allows exactly that forum.
    expect(html).toContain('data-island="disqus-thread"');
    expect(html).toContain('Kommentare von Disqus laden');
    expect(html).toContain('href="https://werkstatt.disqus.com/"');
    expect(String(res.headers['content-security-policy'])).toMatch(
      /script-src [^;]*https:\/\/werkstatt\.disqus\.com/,
    );
    expect(html).not.toContain('data-island="comments"');
    expect(html).not.toContain('data-island="like-button"');
  });

  it('R4.8.3 hides comments when the site switched them off; slideshow settings stay in range', async () => {
    const html = (await get(QUIET, '/galerie')).body;
    expect(html).not.toContain('class="comments');
    expect(html).not.toContain('share-links');
    expect(html).toContain('class="gallery gallery--slideshow');
    expect(html).toContain('--gallery-columns: 10;');
    expect(html).toContain('href="#galerie-dia-bild-2" data-gallery-step="1" aria-label="Nächstes Bild"');
    expect(html).toContain('<ol class="gallery__thumbnails" aria-label="Vorschaubilder">');
  });
});
