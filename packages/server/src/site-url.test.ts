import { UserRole } from '@baukasten/commerce';
import { type Storage, seedDemoShop } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithSession, Browser } from './admin/admin-test-kit.js';
import { buildApp } from './app.js';
import { Visitor } from './commerce/test-shop.js';
import { originOf, siteBaseUrl } from './site-url.js';

/*
 * Security review #18, finding 3: absolute links came from the request's Host, so a reset mail asked for
 * with `Host: shop.localhost:@evil.example` linked to the attacker. Links now come from the site's own
 * configured address (primary hostname, PUBLIC_URL_SCHEME, PUBLIC_PORT), whatever Host, port or
 * X-Forwarded-* the request carries, and a Host that is not `hostname[:port]` is refused.
 */

const PRIMARY = 'laden.test';
const SECOND = 'www.laden.test';
const PASSWORD = 'sicheres-passwort-1';
/** Everything a forged request may say about where it came from. */
const FORGED = {
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  'x-forwarded-port': '6666',
  forwarded: 'host=evil.example;proto=http',
};

describe('siteBaseUrl (finding 3, #18)', () => {
  it('Finding 3 (#18): builds the origin from the primary hostname, scheme and port of the configuration', () => {
    const site = { hostnames: ['werkstatt.baukasten.example', 'www.werkstatt.example'] };
    expect(siteBaseUrl(site, { scheme: 'https' })).toBe('https://werkstatt.baukasten.example');
    expect(siteBaseUrl(site, { scheme: 'https', port: 443 })).toBe('https://werkstatt.baukasten.example');
    expect(siteBaseUrl(site, { scheme: 'http', port: 3000 })).toBe('http://werkstatt.baukasten.example:3000');
    expect(siteBaseUrl(site, { scheme: 'http', port: 80 })).toBe('http://werkstatt.baukasten.example');
    expect(originOf('::1', { scheme: 'http', port: 3000 })).toBe('http://[::1]:3000');
    expect(siteBaseUrl({ hostnames: [] }, { scheme: 'https' })).toBe('');
  });
});

withTestDatabases((db) => {
  describe('absolute links come from the configured address (finding 3, #18)', () => {
    let storage: Storage;
    let app: FastifyInstance;
    let websiteId: string;

    beforeAll(async () => {
      storage = await db.open();
      await storage.migrate();
      // The demo with several hostnames: its address is the first one it was seeded with.
      ({ websiteId } = await seedDemoShop(storage, { hostnames: [PRIMARY, SECOND, '127.0.0.1'] }));
      // Production-like: behind a proxy that is trusted for client addresses, links over https.
      app = await buildApp({
        storage,
        logLevel: 'silent',
        trustProxy: true,
        baseDomain: 'baukasten.test',
        publicUrl: { scheme: 'https' },
      });
    });
    afterAll(() => app?.close());

    const get = (url: string, host = `${SECOND}:8443`) => app.inject({ url, headers: { host, ...FORGED } });

    async function resetLink(host: string, email: string) {
      const v = await new Visitor(app, PRIMARY).start();
      expect(
        (await v.form('/account/registrieren', { name: 'Kim', email, password: PASSWORD })).statusCode,
      ).toBe(303);
      // The account exists once the sign-up mail's link is opened (security review #18).
      const [signUpMail] = await storage.outbox.listByWebsite(websiteId, { kind: 'customer-verification' });
      const link = new URL(/https?:\/\/\S+/.exec(signUpMail!.text)![0]);
      await v.request('GET', `${link.pathname}${link.search}`);
      const asker = new Visitor(app, host);
      await asker.start();
      const asked = await asker.form('/account/passwort-vergessen', { email });
      const mails = await storage.outbox.listByWebsite(websiteId, { kind: 'customer-password-reset' });
      return { asked, mail: mails.find((m) => m.to === email) };
    }

    it('Finding 3 (#18): a Host with userinfo reaches no site and queues no reset mail (400)', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/account/passwort-vergessen',
        headers: { host: `${PRIMARY}:@evil.example`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=opfer%40example.de',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('evil.example');
      const v = await new Visitor(app, PRIMARY).start();
      await v.form('/account/registrieren', { name: 'Opfer', email: 'opfer@example.de', password: PASSWORD });
      const again = await app.inject({
        method: 'POST',
        url: '/account/passwort-vergessen',
        headers: {
          host: `${PRIMARY}:@evil.example`,
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `crumb=${v.crumb}`,
        },
        payload: `email=opfer%40example.de&crumb=${v.crumb}`,
      });
      expect(again.statusCode).toBe(400);
      const mails = await storage.outbox.listByWebsite(websiteId, { kind: 'customer-password-reset' });
      expect(mails.filter((m) => m.to === 'opfer@example.de')).toEqual([]);
    });

    it('Finding 3 (#18): the reset mail links to the site’s own address, whatever Host and port it was asked on', async () => {
      const { asked, mail } = await resetLink(`${SECOND}:8443`, 'vergesslich@example.de');
      expect(asked.statusCode).toBe(303);
      expect(mail?.text).toMatch(/https:\/\/laden\.test\/account\/passwort-neu\?token=/);
      expect(mail?.text).not.toMatch(/www\.laden\.test|:8443|evil\.example/);
    });

    it('Finding 3 (#18): canonical, og:url, JSON-LD, sitemap, robots.txt, RSS and iCalendar name the configured address', async () => {
      const page = await get('/journal');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<link rel="canonical" href="https://laden.test/journal">');
      expect(page.body).toContain('<meta property="og:url" content="https://laden.test/journal">');

      const sitemap = await get('/sitemap.xml');
      const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeGreaterThan(3);
      expect(locs.filter((l) => !l.startsWith('https://laden.test/'))).toEqual([]);

      expect((await get('/robots.txt')).body).toContain('Sitemap: https://laden.test/sitemap.xml');

      const rss = await get('/journal?format=rss');
      expect(rss.body).toContain('<atom:link href="https://laden.test/journal?format=rss"');
      expect(rss.body).not.toMatch(/www\.laden\.test|:8443|evil\.example/);

      const ics = await get('/termine/p/offene-werkstatt?format=ical');
      expect(ics.body).toContain('URL:https://laden.test/termine/p/offene-werkstatt');
      expect(ics.body).toMatch(/UID:[^\r\n]+@laden\.test\r\n/);

      const product = locs.find((l) => l.includes('/shop/p/'))!;
      const productPage = await get(new URL(product).pathname);
      const jsonLd = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(productPage.body)?.[1];
      expect(JSON.parse(jsonLd!).url).toBe(product);
      for (const res of [page, sitemap, rss, ics, productPage])
        expect(res.body).not.toMatch(/evil\.example|:8443|:6666/);
    });

    it('Finding 3 (#18): invitation links open the editor at BASE_DOMAIN; site addresses and previews use the site’s own', async () => {
      const { account, browser } = await accountWithSession(app, storage, 'Inhaberin');
      await storage.siteMembers.add(websiteId, account.id, [UserRole.ADMIN]);
      // The editor opened on some host with an odd port, through a proxy that names yet another host.
      const elsewhere = new Browser(app, { host: '127.0.0.1:8443' });
      for (const [name, value] of browser.cookies) elsewhere.cookies.set(name, value);
      const invited = await elsewhere.post(`/api/admin/sites/${websiteId}/invitations`, {
        email: 'gast@example.de',
        roles: [UserRole.EDITOR],
      });
      expect(invited.status).toBe(201);
      expect(invited.body.acceptUrl).toBe(`https://baukasten.test/config/invitations/${invited.body.token}`);
      const [mail] = await storage.outbox.listByWebsite(websiteId, { kind: 'site-invitation' });
      expect(mail!.text).toContain(invited.body.acceptUrl);

      const site = await elsewhere.get(`/api/admin/sites/${websiteId}`);
      expect(site.body.site.url).toBe('https://laden.test');
      const home = (await storage.collections.listNavigation(websiteId))[0]!;
      const preview = await elsewhere.post(`/api/admin/sites/${websiteId}/collections/${home.id}/preview`);
      expect(preview.body.previewUrl).toMatch(/^https:\/\/laden\.test\/[^?]*\?vorschau=/);
    });
  });
});
