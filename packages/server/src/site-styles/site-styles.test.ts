import { SITE_TEMPLATES } from '@baukasten/commerce';
import { withTestDatabases } from '@baukasten/storage/testing';
import { expect, it } from 'vitest';
import { siteWithTeam } from '../admin/catalog/shop-admin-test-kit.js';

withTestDatabases((db) => {
  const t = siteWithTeam(db, { prefix: 'stile', title: 'Stilladen', homeUrlId: '', area: 'styles' });

  const page = (url = '/') => t.app.inject({ url, headers: { host: t.host } });
  const werkstatt = SITE_TEMPLATES.find((t) => t.id === 'werkstatt')!.styles;

  it('a site without styles keeps the theme’s look: no site stylesheet, no font', async () => {
    const html = (await page()).body;
    expect(html).not.toContain('/assets/site-styles.css');
    expect(html).not.toContain('rel="preload"');
    const read = await t.team.admin.get(t.base);
    expect(read.body.chosen).toBe(false);
    expect(read.body.fonts.length).toBeGreaterThanOrEqual(6);
    expect(read.body.templates.map((t: { id: string }) => t.id)).toEqual(['werkstatt', 'studio', 'kantine']);
    expect(read.body.palettes.filter((p: { dark: boolean }) => p.dark).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a palette below 4.5:1 with a German message on the failing colour, and saves nothing', async () => {
    const res = await t.team.admin.patch(t.base, {
      ...werkstatt,
      palette: { ...werkstatt.palette, text: '#c8b8a8' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields['palette.text']).toMatch(
      /^„Text“ auf „Hintergrund“ hat nur einen Kontrast von .*Nötig sind mindestens 4,5:1/,
    );
    expect((await t.team.admin.get(t.base)).body.chosen).toBe(false);
    const unknownFont = await t.team.admin.patch(t.base, { ...werkstatt, fontPairing: 'comic-sans' });
    expect(unknownFont.body.error.fields.fontPairing).toBe(
      'Diese Schriftkombination gibt es nicht. Bitte wähle eine aus der Liste.',
    );
  });

  it('saves the styles; pages link a cached stylesheet of custom properties and preload the latin font files from our origin', async () => {
    expect((await t.team.admin.patch(t.base, werkstatt)).status).toBe(200);
    const html = (await page()).body;
    expect(html).toMatch(/<body class="page-type-\d+ template-werkstatt"/);
    const preload = html.match(
      /<link rel="preload" href="(\/assets\/fonts\/karla-latin-400-[0-9a-f]+\.woff2)" as="font" type="font\/woff2" crossorigin>/,
    );
    expect(preload).not.toBeNull();
    // Body regular first, then its bold and the heading face: three latin files, nothing of latin-ext.
    expect(html.match(/rel="preload"[^>]*as="font"/g)).toHaveLength(3);
    expect(html).not.toMatch(/rel="preload" href="[^"]*latin-ext/);
    const href = html.match(/href="(\/assets\/site-styles\.css\?v=[0-9a-f]+)"/)![1]!;
    const sheet = await page(href);
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sheet.body).toContain('--paper:#fbf7f1');
    expect(sheet.body).toContain('font-display:swap');
    expect(sheet.body).toMatch(/font-family:"Fraunces".*unicode-range:U\+0000-00FF/);
    // Only files we serve ourselves: no other host appears in the stylesheet.
    expect(sheet.body).not.toMatch(/url\((https?:)?\/\//);
    const font = await page(preload![1]!);
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toContain('immutable');
  });

  it('previews unsaved styles on the home page without changing what visitors see', async () => {
    const kantine = SITE_TEMPLATES.find((t) => t.id === 'kantine')!.styles;
    const res = await t.team.admin.post(`${t.base}/preview`, kantine);
    expect(res.status).toBe(200);
    const url = new URL(res.body.previewUrl);
    const preview = (await page(url.pathname + url.search)).body;
    expect(preview).toContain('template-kantine');
    const href = preview.match(/href="(\/assets\/site-styles\.css\?stile=[^"]+)"/)![1]!;
    const sheet = await page(href.replace(/&amp;/g, '&'));
    expect(sheet.headers['cache-control']).toBe('no-store');
    expect(sheet.body).toContain('--paper:#fff8e7');
    expect((await page()).body).toContain('template-werkstatt');
    // A refused palette gets no preview either.
    const low = await t.team.admin.post(`${t.base}/preview`, {
      ...kantine,
      palette: { ...kantine.palette, onAccent: '#ff6666' },
    });
    expect(low.status).toBe(400);
  });

  it('creates a site from a template with its home sections, and a template switch keeps every page', async () => {
    const subdomain = `studio-${db.name}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
    const created = await t.team.admin.post('/api/admin/sites', {
      title: 'Studio Nord',
      subdomain,
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
      starter: 'empty',
      template: 'studio',
    });
    expect(created.status).toBe(201);
    const siteId = created.body.site.id as string;
    const home = async () => {
      const pages = await t.storage.collections.listNavigation(siteId);
      return t.storage.collections.findEditable(siteId, pages.find((p) => p.urlId === '')!.id);
    };
    const before = await home();
    // Sections, no page-title heading: the hero names the site (more in admin/pages/template-home-sections.test.ts).
    expect(before?.blocks.map((b) => b.type)).toEqual(['hero', 'image-text', 'faq']);
    expect(before?.blocks[0]).toMatchObject({ type: 'hero', heading: 'Studio Nord' });
    const siteHost = `${subdomain}.localhost`;
    expect((await t.app.inject({ url: '/', headers: { host: siteHost } })).body).toContain('template-studio');

    const kantine = SITE_TEMPLATES.find((t) => t.id === 'kantine')!.styles;
    expect((await t.team.admin.patch(`/api/admin/sites/${siteId}/styles`, kantine)).status).toBe(200);
    const after = await t.app.inject({ url: '/', headers: { host: siteHost } });
    expect(after.body).toContain('template-kantine');
    expect(after.body).toContain('Über das Studio');
    expect((await home())?.blocks).toEqual(before?.blocks);
    const unknown = await t.team.admin.post('/api/admin/sites', {
      title: 'X',
      subdomain: `x-${subdomain}`,
      template: 'barock',
    });
    expect(unknown.body.error.fields.template).toBe(
      'Diese Vorlage gibt es nicht. Bitte wähle eine aus der Liste.',
    );
  });

  it('a dark palette chosen in the Design screen is saved and the storefront pages use it', async () => {
    const read = await t.team.admin.get(t.base);
    const night = read.body.palettes.find((p: { id: string }) => p.id === 'nacht');
    const saved = await t.team.admin.patch(t.base, { ...werkstatt, palette: night.palette });
    expect(saved.status).toBe(200);
    const html = (await page()).body;
    expect(html).toMatch(/<body class="page-type-\d+ template-werkstatt scheme-dark"/);
    const sheet = await page(html.match(/href="(\/assets\/site-styles\.css\?v=[0-9a-f]+)"/)![1]!);
    expect(sheet.body).toContain(`--paper:${night.palette.background}`);
    expect(sheet.body).toContain('color-scheme:dark');
  });
});
