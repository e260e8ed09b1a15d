import { type Storage, seedDemoShop } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let otherSiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    await seedDemoShop(storage, { hostnames: ['localhost', 'demo.test'] });
    const other = await storage.websites.create({
      title: 'Anderer Laden',
      hostnames: ['andere.test'],
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
    });
    otherSiteId = other.id;
    const page = await storage.collections.create(other.id, {
      type: 10,
      urlId: 'geheim',
      title: 'Geheime Seite des anderen Ladens',
      position: 1,
    });
    expect(page.websiteId).toBe(other.id);
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
  });

  const get = (url: string, host = 'demo.test') => app.inject({ method: 'GET', url, headers: { host } });

  it('R1.1.4 serves the German home page of the site named by the Host header', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('data-island="cart-pill"');
  });

  it('R2.2.2 R3.1.1 lists the demo products at /shop?format=json in the spec shapes', async () => {
    const res = await get('/shop?format=json');
    expect(res.statusCode).toBe(200);
    const ctx = res.json();
    expect(ctx.website.siteTitle).toBeTruthy();
    expect(ctx.collection.type).toBe(13);
    expect(ctx.items.length).toBeGreaterThanOrEqual(12);
    const types = new Set(ctx.items.map((i: any) => i.structuredContent.productType));
    expect([...types]).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    const variant = ctx.items[0].structuredContent.variants[0];
    expect(variant).toMatchObject({
      sku: expect.any(String),
      attributes: expect.any(Object),
      qtyInStock: expect.any(Number),
      unlimited: expect.any(Boolean),
      priceMoney: { value: expect.stringMatching(/^\d+(\.\d{2})?$/), currency: 'EUR' },
    });
    expect(Number.isInteger(variant.price)).toBe(true);
  });

  it('opens a product detail page at /shop/p/<slug>', async () => {
    const list = (await get('/shop?format=json')).json();
    const item = list.items[0];
    const res = await get(item.fullUrl);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(item.title.replace(/&/g, '&amp;'));
    const json = (await get(`${item.fullUrl}?format=json`)).json();
    expect(json.item.id).toBe(item.id);
    expect(json.pageType).toBe(50);
    // Search engines and sharing: canonical URL, Open Graph and schema.org Product with offers. The
    // address is the site's primary hostname (the first demo hostname), not the Host asked on (#18, finding 3).
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost${item.fullUrl}">`);
    expect(res.body).toContain('<meta property="og:type" content="product">');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)![1]);
    expect(ld['@type']).toBe('Product');
    expect(ld.offers.length).toBe(item.structuredContent.variants.length);
    expect(ld.offers[0]).toMatchObject({
      priceCurrency: 'EUR',
      availability: expect.stringContaining('schema.org'),
    });
  });

  it('R2.3.1 answers an unknown path with the German not-found page (page type 100)', async () => {
    const res = await get('/gibt-es-nicht');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Seite nicht gefunden');
    expect((await get('/gibt-es-nicht?format=json')).json().pageType).toBe(100);
    expect((await get('/shop/p/gibt-es-nicht')).statusCode).toBe(404);
  });

  it('answers an unknown host with the German not-found page, never another site', async () => {
    const res = await get('/', 'unbekannt.test');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Unter dieser Adresse gibt es keine Website.');
    expect(res.body).not.toContain('Demo');
  });

  it('keeps tenants apart: neither site can read the other one’s pages', async () => {
    expect((await get('/geheim', 'andere.test')).statusCode).toBe(200);
    expect((await get('/geheim', 'demo.test')).statusCode).toBe(404);
    expect((await get('/shop', 'andere.test')).statusCode).toBe(404);
    const other = (await get('/geheim?format=json', 'andere.test')).json();
    expect(other.website.id).toBe(otherSiteId);
    expect(other.navigation.map((n: any) => n.title)).toEqual(['Geheime Seite des anderen Ladens']);
  });

  it('rejects a malformed ?format= with a German 400, not a 5xx', async () => {
    for (const url of ['/?format=xml', '/shop?format=', '/shop?format=json&format=xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<html lang="de">');
      expect(res.body, url).toContain('Unbekanntes Format');
    }
  });

  it('answers an unknown API path with a German JSON 404', async () => {
    const res = await get('/api/gibt-es-nicht');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { type: 'NOT_FOUND', message: 'Die angeforderte Seite existiert nicht.' },
    });
  });

  it('lists every page and product of the site in sitemap.xml, and keeps /config out via robots.txt', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const list = (await get('/shop?format=json')).json();
    for (const item of list.items)
      expect(sitemap.body).toContain(`<loc>http://localhost${item.fullUrl}</loc>`);
    expect(sitemap.body).not.toContain('geheim');
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Disallow: /config');
    expect(robots.body).toContain('Sitemap: http://localhost/sitemap.xml');
  });

  it('answers /healthz with 200 while the database answers', async () => {
    const res = await get('/healthz', 'irgendwas.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
