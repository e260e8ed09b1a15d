import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import { defaultThemeSources } from '@baukasten/theme';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';

/** Macro m<k> applies m<k-1> twice, 15 levels: the leaf runs 2^14 times (within the partial depth of 16). */
function chain(leaf: string): string {
  let source = `{.macro m0}${leaf}{.end}`;
  for (let k = 1; k < 15; k++) source += `{.macro m${k}}{@|apply m${k - 1}}{@|apply m${k - 1}}{.end}`;
  return `${source}{@|apply m14}`;
}

const page = (marker: string, rest = '') =>
  defaultThemeSources()['page.jsont']!.replace(/^/, `<p class="version">${marker}</p>${rest}`);

/** Output far over the cap, whatever the data: 400 characters × 2^14. */
const floodsAlways = chain('x'.repeat(400));
/**
 * Only a page with a collection floods (the trial render before saving has none): stands for a template
 * whose cost depends on data that only live pages have, such as a long product list.
 */
const floodsOnPages = `{.section collection}${chain('x'.repeat(400))}{.end}`;
/**
 * JSON of the page's collection 80 × 2^14 times with little output (about 4 s before the engine had a
 * time limit): stops at the time limit.
 */
const computesLong = `{.section collection}${chain('{@|json|truncate 3}'.repeat(80))}{.end}`;

withTestDatabases((db) => {
  describe('Finding 6 (#18): one site’s theme code cannot stall the server or take its site down', () => {
    let storage: Storage;
    let app: FastifyInstance;
    let team: ShopTeam;
    let base: string;
    let websiteId: string;
    const host = `limits-${db.name}.test`;
    const otherHost = `andere-${db.name}.test`;
    const hostileHost = `feindlich-${db.name}.test`;

    beforeAll(async () => {
      storage = await db.open();
      await storage.migrate();
      const website = await storage.websites.create({ title: 'Grenzladen', hostnames: [host] });
      websiteId = website.id;
      await storage.collections.create(website.id, { type: 10, title: 'Start', urlId: 'home' });
      const other = await storage.websites.create({ title: 'Nachbar', hostnames: [otherHost] });
      await storage.collections.create(other.id, { type: 10, title: 'Start', urlId: 'home' });
      const hostile = await storage.websites.create({ title: 'Feind', hostnames: [hostileHost] });
      await storage.collections.create(hostile.id, { type: 10, title: 'Start', urlId: 'home' });
      // Stored as an older save would have left it (before saves were trial-rendered).
      await storage.themeOverrides.save(hostile.id, 'page.jsont', page('Feind', computesLong));
      app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
      team = await shopTeam(app, storage, website.id);
      base = `/api/admin/sites/${website.id}/theme`;
    });
    afterAll(() => app?.close());

    const home = (h = host) => app.inject({ url: '/', headers: { host: h } });

    it('a template over the limits is refused on save and preview with the reason in German', async () => {
      const res = await team.admin.patch(`${base}/file`, {
        file: 'page.jsont',
        source: page('X', floodsAlways),
      });
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe('INVALID_THEME_CODE');
      expect(res.body.error.problems[0].message).toBe(
        'Die Vorlage „page.jsont“ wurde beim Darstellen abgebrochen: Sie erzeugt mehr als 5.000.000 Zeichen. Besucher sehen weiter die zuletzt funktionierende Version.',
      );
      expect((await team.admin.get(`${base}/file?file=page.jsont`)).body.overridden).toBe(false);
      const preview = await team.admin.post(`${base}/preview`, {
        file: 'page.jsont',
        source: page('X', floodsAlways),
      });
      expect(preview.status).toBe(400);
      expect(preview.body.error.problems[0].message).toContain('abgebrochen');
    });

    it('a stored template that stops at a limit leaves the last good version serving; its preview says why', async () => {
      const good = await team.admin.patch(`${base}/file`, { file: 'page.jsont', source: page('Version A') });
      expect(good.status).toBe(200);
      expect((await home()).body).toContain('Version A');

      const bad = await team.admin.patch(`${base}/file`, {
        file: 'page.jsont',
        source: page('Version B', floodsOnPages),
      });
      expect(bad.status).toBe(200);
      for (let i = 0; i < 2; i++) {
        const res = await home();
        expect(res.statusCode).toBe(200);
        // includes(), not toContain: a failure would print megabytes of page.
        expect(res.body.includes('Version A')).toBe(true);
        expect(res.body.includes('Version B')).toBe(false);
        expect(res.body.includes('xxxxxxxxxx')).toBe(false);
      }

      const preview = await team.admin.post(`${base}/preview`, {
        file: 'page.jsont',
        source: page('Version C', floodsOnPages),
      });
      expect(preview.status).toBe(200);
      const url = new URL(preview.body.previewUrl);
      const shown = await app.inject({ url: `${url.pathname}${url.search}`, headers: { host } });
      expect(shown.statusCode).toBe(200);
      expect(shown.body.includes('Vorschau abgebrochen')).toBe(true);
      expect(shown.body.includes('Die Vorlage „page.jsont“ wurde beim Darstellen abgebrochen')).toBe(true);
      expect(shown.body.includes('Version C')).toBe(false);
    });

    it('without a good version of its own the site serves the default theme', async () => {
      await storage.themeOverrides.revert(websiteId, 'page.jsont');
      const fresh = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
      try {
        await storage.themeOverrides.save(websiteId, 'page.jsont', page('Version D', floodsOnPages));
        const res = await fresh.inject({ url: '/', headers: { host } });
        expect(res.statusCode).toBe(200);
        expect(res.body.includes('Version D')).toBe(false);
        expect(res.body.includes('Grenzladen')).toBe(true);
      } finally {
        await fresh.close();
      }
    });

    it('another site’s /healthz answers while a site renders a template that computes too long', async () => {
      // Warm up both sites' routes, so the measurement is the render, not first-request work.
      expect((await app.inject({ url: '/healthz', headers: { host: otherHost } })).statusCode).toBe(200);
      const started = performance.now();
      let hostileDone = false;
      const hostile = home(hostileHost).then((res) => {
        hostileDone = true;
        return { res, ms: performance.now() - started };
      });
      const waits: number[] = [];
      while (!hostileDone) {
        // Counted from before the pause: a render that blocks the event loop meanwhile delays the probe.
        const asked = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 5));
        const health = await app.inject({ url: '/healthz', headers: { host: otherHost } });
        expect(health.statusCode).toBe(200);
        waits.push(performance.now() - asked);
      }
      const { res, ms } = await hostile;
      expect(res.statusCode).toBe(200);
      expect(res.body.includes('Feind')).toBe(true);
      // The hostile page is served by the default theme once its own stops at the 250 ms limit.
      expect(res.body.includes('<p class="version">Feind</p>')).toBe(false);
      // The engine's 250 ms limit plus the fallback render; the old engine took many seconds here.
      expect(Math.max(...waits)).toBeLessThan(1500);
      console.info(
        `healthz of another site waited at most ${Math.round(Math.max(...waits))} ms (${waits.length} probes); hostile page answered after ${Math.round(ms)} ms`,
      );

      // The failed version is not rendered again: the next request is served at once by the fallback.
      const again = performance.now();
      expect((await home(hostileHost)).statusCode).toBe(200);
      console.info(`hostile site's next page: ${Math.round(performance.now() - again)} ms`);
    });
  });
});
