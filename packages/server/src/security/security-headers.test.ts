import { withTestDatabases } from '@baukasten/storage/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HOST, accountWithSession, PASSWORD } from '../admin/admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop } from '../commerce/test-shop.js';
import { inMemorySharedState } from '../shared-state.js';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from './security-headers.js';

/* Headers every answer carries, and the attributes of every cookie the server sets. */

/** What buildApp uses without configuration: the editor on localhost or 127.0.0.1 over plain http. */
const DEFAULTS = { baseDomain: 'localhost', editorOrigins: ['http://localhost', 'http://127.0.0.1'] };
const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

withTestDatabases((db) => {
  describe('security headers and cookie attributes (issue 12 security)', () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    let email: string;
    beforeAll(async () => {
      const storage = await db.open();
      await storage.migrate();
      // Behind a TLS-terminating proxy, as in production: the protocol comes from X-Forwarded-Proto.
      app = await buildApp({ storage, logLevel: 'silent', trustProxy: true, shared: inMemorySharedState() });
      await createTestShop(storage, 'kopf.test');
      email = (await accountWithSession(app, storage, 'Kopf')).account.email;
    });

    it('pages, API answers and refusals carry the CSP and the other security headers', async () => {
      const pagePolicy = contentSecurityPolicy(DEFAULTS);
      for (const [url, host, policy] of [
        ['/laden', 'kopf.test', pagePolicy],
        ['/api/commerce/shopping-cart', 'kopf.test', API_CONTENT_SECURITY_POLICY],
        ['/gibt-es-nicht', 'kopf.test', pagePolicy],
        ['/api/gibt-es-nicht', 'kopf.test', API_CONTENT_SECURITY_POLICY],
        ['/api/admin/session', ADMIN_HOST, API_CONTENT_SECURITY_POLICY],
        ['/', 'unbekannt.test', pagePolicy],
      ] as const) {
        const res = await app.inject({ url, headers: { host } });
        // JSON is never shown as a document: it may load nothing and nobody may frame it.
        expect(res.headers['content-security-policy'], url).toBe(policy);
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      }
      const csp = contentSecurityPolicy(DEFAULTS);
      // No inline script and no eval may run; nobody but the editor frames a site.
      expect(csp).toMatch(/script-src 'self' [^;]*$|script-src 'self' [^;]*;/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self' http://localhost http://127.0.0.1");
    });

    it('Finding 7 (#18): the editor may be framed by nothing but itself, on every host, whatever the site adds', async () => {
      const storage = await db.open();
      await storage.migrate();
      await createTestShop(storage, 'rahmen.test', 10, { adPixels: { metaPixelId: '123456789012345' } });
      for (const [url, host] of [
        ['/config', ADMIN_HOST],
        ['/config', 'kopf.test'],
        ['/config/sites/abc/seiten', 'rahmen.test'],
        ['/config', 'unbekannt.test'],
        ['/config-assets/gibt-es-nicht.js', 'kopf.test'],
      ] as const) {
        const res = await app.inject({ url, headers: { host } });
        expect(frameAncestors(res.headers['content-security-policy']), `${host}${url}`).toBe("'self'");
        if (url.startsWith('/config/') || url === '/config')
          expect(res.headers['x-frame-options'], `${host}${url}`).toBe('SAMEORIGIN');
        // The editor still frames the sites' pages for its preview.
        expect(String(res.headers['content-security-policy'])).toMatch(/frame-src [^;]*\*\.localhost:\*/);
      }
    });

    it('Finding 7 (#18): a site’s pages may be framed by the site and the editor’s configured origins, never by another shop', async () => {
      const page = await app.inject({ url: '/laden', headers: { host: 'kopf.test' } });
      expect(frameAncestors(page.headers['content-security-policy'])).toBe(
        "'self' http://localhost http://127.0.0.1",
      );
      expect(page.headers['x-frame-options']).toBeUndefined();

      const storage = await db.open();
      await storage.migrate();
      const production = await buildApp({
        storage,
        logLevel: 'silent',
        shared: inMemorySharedState(),
        baseDomain: 'baukasten.example',
        publicUrl: { scheme: 'https' },
        editorHostnames: [],
      });
      await createTestShop(storage, 'werkstatt.baukasten.example');
      const site = await production.inject({
        url: '/laden',
        headers: { host: 'werkstatt.baukasten.example' },
      });
      expect(frameAncestors(site.headers['content-security-policy'])).toBe(
        "'self' https://baukasten.example",
      );
      const editor = await production.inject({ url: '/config', headers: { host: 'baukasten.example' } });
      expect(frameAncestors(editor.headers['content-security-policy'])).toBe("'self'");
      await production.close();
    });

    it('a site with ad pixels or instalments allows exactly those vendors; other sites keep the strict policy', async () => {
      const storage = await db.open();
      await storage.migrate();
      const local = await buildApp({ storage, logLevel: 'silent', shared: inMemorySharedState() });
      await createTestShop(storage, 'pixel.test', 10, {
        adPixels: { metaPixelId: '123456789012345', googleTagId: 'G-ABC123' },
        instalments: { afterPayAvailable: true },
      });
      await createTestShop(storage, 'schlicht.test');
      const csp = async (host: string) =>
        String((await local.inject({ url: '/laden', headers: { host } })).headers['content-security-policy']);
      const pixel = await csp('pixel.test');
      expect(pixel).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net/);
      expect(pixel).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
      expect(pixel).toMatch(/connect-src [^;]*https:\/\/static\.afterpay\.com/);
      expect(pixel).not.toMatch(/script-src[^;]*'unsafe-/);
      expect(await csp('schlicht.test')).toBe(contentSecurityPolicy(DEFAULTS));
      await local.close();
    });

    it('over https the session, cart and crumb cookies are Secure; the session and cart are httpOnly and SameSite=Lax', async () => {
      const https = { 'x-forwarded-proto': 'https' };
      const page = await app.inject({ url: '/laden', headers: { host: 'kopf.test', ...https } });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
      const crumb = page.cookies.find((c) => c.name === 'crumb')!;
      expect(crumb).toMatchObject({ secure: true, sameSite: 'Lax' });
      expect(crumb.httpOnly).toBeFalsy(); // the page echoes it, so it must be readable

      const signIn = await app.inject({
        method: 'POST',
        url: '/api/admin/session',
        headers: {
          host: ADMIN_HOST,
          ...https,
          cookie: 'crumb=abcabcabcabcabcabcabcabc',
          'x-csrf-token': 'abcabcabcabcabcabcabcabc',
        },
        payload: { email, password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
      const session = signIn.cookies.find((c) => c.name === 'bk_session')!;
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });

      const mug = await app.inject({ url: '/laden/p/tasse?format=json', headers: { host: 'kopf.test' } });
      const itemId = mug.json().item.id;
      const add = await app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        headers: {
          host: 'kopf.test',
          ...https,
          cookie: 'crumb=abcabcabcabcabcabcabcabc',
          'x-csrf-token': 'abcabcabcabcabcabcabcabc',
        },
        payload: { itemId, quantity: 1 },
      });
      expect(add.statusCode).toBeLessThan(300);
      expect(add.cookies.find((c) => c.name === 'cart')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
      expect(add.cookies.find((c) => c.name === 'hasCart')).toMatchObject({ secure: true, sameSite: 'Lax' });
    });

    it('over plain http (local development) cookies are not marked Secure, so the shop still works there', async () => {
      const page = await app.inject({ url: '/laden', headers: { host: 'kopf.test' } });
      expect(page.cookies.find((c) => c.name === 'crumb')!.secure).toBeFalsy();
      expect(page.headers['strict-transport-security']).toBeUndefined();
    });
  });
});

describe('checkout forms may lead to the payment providers only', () => {
  const formAction = (policy: string) =>
    policy
      .split('; ')
      .find((d) => d.startsWith('form-action '))!
      .split(' ')
      .slice(1);

  it('a form may post to the shop and redirect to Stripe Checkout or PayPal, nowhere else', () => {
    const sources = formAction(contentSecurityPolicy({ baseDomain: 'localhost' }));
    expect(sources).toEqual([
      "'self'",
      'https://checkout.stripe.com',
      'https://www.paypal.com',
      'https://www.sandbox.paypal.com',
    ]);
  });

  it('an overridden provider base (a local fake) is allowed as a form target only where configured', () => {
    const sources = formAction(
      contentSecurityPolicy({ baseDomain: 'localhost', extraPaymentPages: ['http://127.0.0.1:4010'] }),
    );
    expect(sources).toContain('http://127.0.0.1:4010');
    expect(sources).not.toContain('localhost:*');
  });
});
