import { TEMPLATE_IDS } from '@baukasten/commerce';
import { withTestDatabases } from '@baukasten/storage/testing';
import { templateHomeSections } from '@baukasten/theme';
import { describe, expect, it } from 'vitest';
import { illustrationKindOf } from '../../assets/demo-illustrations.js';
import { siteWithTeam } from '../catalog/shop-admin-test-kit.js';
import { pageBlock } from './page-blocks.js';

/*
 * The home sections a template gives a new site (theme site-templates.ts, issue 22) are ordinary blocks the
 * owner edits from then on: they must pass the editor's validation as they are, and render on a new site.
 */

describe('the home sections of every template pass the editor’s validation', () => {
  for (const template of TEMPLATE_IDS) {
    it(`${template}: each block is valid and already in the shape a save gives it, so the owner's first save changes nothing`, () => {
      for (const block of templateHomeSections(template, 'Garn & Gabel')) {
        const checked = pageBlock.safeParse(block);
        expect(checked.error?.issues, `${template} ${block.type}`).toBeUndefined();
        // Defaults written out, and the HTML is what the Markdown renders to.
        expect(checked.data).toEqual(block);
      }
    });

    it(`${template}: its pictures are drawings the demo illustration route has, not the placeholder`, () => {
      for (const block of templateHomeSections(template, 'Testladen')) {
        if (!('assetUrl' in block)) continue;
        const name = /^\/assets\/demo\/([a-z-]+)\.svg$/.exec(block.assetUrl)?.[1];
        expect(name, block.assetUrl).toBeDefined();
        expect(illustrationKindOf(name!)).not.toBe('placeholder');
      }
    });
  }

  it('a site title of the longest allowed length still makes a valid hero heading', () => {
    const longest = 'L'.repeat(200);
    for (const template of TEMPLATE_IDS)
      expect(pageBlock.safeParse(templateHomeSections(template, longest)[0]).success).toBe(true);
  });
});

withTestDatabases((db) => {
  const t = siteWithTeam(db, { prefix: 'vorlagen', title: 'Vorlagenladen', homeUrlId: '', area: 'styles' });

  for (const template of TEMPLATE_IDS) {
    it(`a new site from „${template}“ shows its sections on the home page, every picture and link of them works, and saving them unchanged is accepted`, async () => {
      const subdomain = `${template}-${db.name}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
      const created = await t.team.admin.post('/api/admin/sites', {
        title: 'Garn & Gabel',
        subdomain,
        currency: 'EUR',
        timeZone: 'Europe/Berlin',
        starter: 'empty',
        template,
      });
      expect(created.status).toBe(201);
      const siteId = created.body.site.id as string;
      const host = `${subdomain}.localhost`;
      const get = (url: string) => t.app.inject({ url, headers: { host } });

      const home = await get('/');
      expect(home.statusCode).toBe(200);
      const article = home.body.slice(
        home.body.indexOf('<article class="page">'),
        home.body.indexOf('</article>'),
      );
      // No visible page title: the hero names the shop.
      expect(article).toContain('<h1 class="visually-hidden">Start</h1>');
      expect(article).toContain('<h2 class="hero__heading">Garn &amp; Gabel</h2>');
      expect(article).not.toContain('block--heading');
      for (const kind of ['hero', 'image-text', 'faq']) expect(article).toContain(`block--${kind}`);

      // Every picture the sections show (and each width of its srcset) arrives.
      const pictures = [
        ...[...article.matchAll(/ src="([^"]+)"/g)].map((m) => m[1]!),
        ...[...article.matchAll(/ srcset="([^"]+)"/g)].flatMap((m) =>
          m[1]!.split(',').map((entry) => entry.trim().split(' ')[0]!),
        ),
      ].map((url) => url.replace(/&amp;/g, '&'));
      expect(pictures.length).toBeGreaterThanOrEqual(2);
      for (const url of pictures) {
        const picture = await get(url);
        expect(picture.statusCode, url).toBe(200);
        expect(picture.headers['content-type']).toContain('image/svg+xml');
      }
      // The image beside the text has words for those who cannot see it.
      expect(article).toMatch(/<img class="image-text__image"[^>]* alt="[^"]{10,}"/);

      // Every link in the sections leads to a page the new site has.
      const links = [...article.matchAll(/ href="(\/[^"]*)"/g)].map((m) => m[1]!);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect((await get(link)).statusCode, link).toBe(200);

      // The owner opens the home page in the editor and saves it as it is: accepted, nothing changed.
      const pages = await t.storage.collections.listNavigation(siteId);
      const start = pages.find((p) => p.urlId === '')!;
      const stored = (await t.storage.collections.findEditable(siteId, start.id))!.blocks;
      expect(stored).toEqual(templateHomeSections(template, 'Garn & Gabel'));
      const saved = await t.team.admin.patch(`/api/admin/sites/${siteId}/collections/${start.id}/draft`, {
        blocks: stored,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.blocks.draft).toEqual(stored);
    });
  }
});
