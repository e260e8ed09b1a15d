import { type Block, type Storage, seedDemoShop } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const { websiteId } = await seedDemoShop(storage, { hostnames: ['bloecke.test'] });
    // Every block kind the editor saves, as it saves them (see admin/pages/page-blocks.ts).
    const blocks = [
      {
        type: 'image',
        assetUrl: '/assets/demo/startseite.svg',
        altText: 'Werkstatt',
        caption: 'Unsere Werkstatt',
      },
      { type: 'spacer', height: 64 },
      { type: 'html', html: '<p class="eigen">Eigenes HTML</p>' },
      { type: 'embed', url: 'https://video.example/film', caption: 'Film' },
      { type: 'embed', url: 'javascript:alert(1)' },
      { type: 'products', collectionUrlId: 'shop', title: 'Neu im Laden', limit: 2 },
      { type: 'summary', collectionUrlId: 'shop', title: 'Kurz', limit: 3 },
      { type: 'accordion', items: [{ title: 'Versand?', markdown: 'Ja', html: '<p>Ja</p>' }] },
      { type: 'map', lat: 52.52, lng: 13.4, zoom: 12, address: 'Berlin' },
    ] as unknown as Block[];
    await storage.collections.create(websiteId, {
      type: 10,
      urlId: 'bloecke',
      title: 'Blöcke',
      position: 9,
      blocks,
    });
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
  });

  it('renders every block kind of the editor on the page, and no frame for a non-https address', async () => {
    const res = await app.inject({ method: 'GET', url: '/bloecke', headers: { host: 'bloecke.test' } });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<figcaption>Unsere Werkstatt</figcaption>');
    expect(html).toContain('style="height: 64px"');
    expect(html).toContain('<p class="eigen">Eigenes HTML</p>');
    expect(html).toContain('<iframe src="https://video.example/film"');
    expect(html).not.toContain('javascript:alert');
    expect(html.match(/class="product-card__title"/g)).toHaveLength(2);
    expect(html).toContain('<h2>Kurz</h2>');
    expect(html).toContain('<summary>Versand?</summary><p>Ja</p>');
    expect(html).toContain('mlat=52.52&amp;mlon=13.4');
  });
});
