import { type Storage, seedDemoShop } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type IllustrationKind, illustrationKindOf, illustrationSvg, PALETTE } from './demo-illustrations.js';

/* The demo shop's pictures (issue 22): one illustrated style, a drawing that fits each product, no text. */

/** What a shopper should see on each demo product's picture. */
const EXPECTED: Record<string, IllustrationKind> = {
  'bio-t-shirt': 'tshirt',
  'bio-t-shirt-rueckseite': 'tshirt-back',
  'kapuzenpullover-nordwind': 'hoodie',
  'emaille-becher-bergsee': 'mug',
  'canvas-tragetasche': 'tote',
  'notizbuch-a5-gepunktet': 'notebook',
  'duftkerze-lavendel': 'candle',
  'keramikvase-handgemacht': 'vase',
  'schluesselanhaenger-mit-gravur': 'keyring',
  'kaffee-abo-roestfrisch': 'coffee',
  'e-book-sauerteig': 'ebook',
  'lightroom-presets-herbst': 'presets',
  'design-beratung': 'consultation',
  geschenkgutschein: 'giftcard',
  'premium-zugang': 'video',
};

const nameOf = (assetUrl: string) => /^\/assets\/demo\/([a-z0-9-]+)\.svg$/.exec(assetUrl)?.[1];

describe('demo illustrations', () => {
  const kinds = [...new Set([...Object.values(EXPECTED), 'placeholder' as const])];

  it('contain no text element and no name of what they show', () => {
    for (const kind of kinds) {
      const svg = illustrationSvg(kind, 1200);
      expect(svg, kind).not.toMatch(/<text|<tspan|aria-label|<title/);
    }
  });

  it('all draw with the one palette', () => {
    const allowed = new Set(Object.values(PALETTE).map((c) => c.toLowerCase()));
    for (const kind of kinds) {
      const colours = illustrationSvg(kind, 300).match(/#[0-9a-f]{6}\b/gi) ?? [];
      expect(
        colours.filter((c) => !allowed.has(c.toLowerCase()) && c.toLowerCase() !== '#ffffff'),
        kind,
      ).toEqual([]);
    }
  });

  it('are told apart: every kind of product has its own drawing', () => {
    const drawings = new Set(kinds.map((kind) => illustrationSvg(kind, 300)));
    expect(drawings.size).toBe(kinds.length);
  });

  it('a name of no known kind gets the neutral placeholder, the same for every such name', () => {
    expect(illustrationKindOf('irgendwas-neues')).toBe('placeholder');
    expect(illustrationSvg(illustrationKindOf('zzz'), 300)).toBe(illustrationSvg('placeholder', 300));
    // Names of Object's own properties are names like any other, not drawings.
    for (const name of ['constructor', 'tostring', 'hasownproperty', '__proto__'])
      expect(illustrationKindOf(name)).toBe('placeholder');
  });
});

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let websiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    ({ websiteId } = await seedDemoShop(storage, { hostnames: ['bilder.test'] }));
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
  });

  it('each demo product gets the illustration of its kind from the picture route, without text', async () => {
    const shop = await storage.collections.findByUrlId(websiteId, 'shop');
    const items = await storage.items.listByCollection(websiteId, shop!.id, { limit: 200 });
    const names = items.flatMap((item) => item.images.map((image) => nameOf(image.assetUrl)));
    expect(names.length).toBeGreaterThanOrEqual(items.length);
    for (const name of names) {
      expect(name && EXPECTED[name], `${name} has a drawing of its kind`).toBeTruthy();
      const res = await app.inject({ method: 'GET', url: `/assets/demo/${name}.svg?format=750w` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toBe(illustrationSvg(EXPECTED[name!], 750));
      expect(res.body).not.toContain('<text');
    }
  });

  it('the workshop pictures of the home page and the gallery are drawings too, none the placeholder', async () => {
    const pages = await storage.collections.listAll(websiteId);
    const urls = JSON.stringify(pages.map((p) => p.blocks)).match(/\/assets\/demo\/[a-z0-9-]+\.svg/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of new Set(urls)) expect(illustrationKindOf(nameOf(url)!), url).not.toBe('placeholder');
  });

  it('keeps the route contract: a bad name is not found, an unknown width step is refused in German', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/demo/B%C3%B6se.svg' })).statusCode).toBe(404);
    const wrong = await app.inject({ method: 'GET', url: '/assets/demo/duftkerze-lavendel.svg?format=77w' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Unbekannte Bildgröße');
  });
});
