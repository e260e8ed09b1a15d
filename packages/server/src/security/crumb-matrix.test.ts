import { UserRole } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountWithSession } from '../admin/admin-test-kit.js';
import {
  isAdminRoute,
  type RouteMatrix,
  routeMatrix,
  STATE_CHANGING,
} from '../reliability/route-matrix-kit.js';
import type { RegisteredRoute } from './route-catalogue.js';

/*
 * Every state-changing route the app registers (Fastify's onRoute list, so a new route is covered the
 * day it is added) refuses a call that carries the visitor's or owner's cookies but does not echo the
 * crumb. The exemptions below are routes without ambient authority to abuse: a forged call from another
 * site gains nothing a direct call would not.
 */
const EXEMPT: Record<string, string> = {
  // Analytics beacons: sendBeacon cannot set headers; they only count, and write nothing a visitor owns.
  'POST /api/census/RecordHit': 'beacon',
  'POST /api/census/button-click': 'beacon',
  'POST /api/census/button-render': 'beacon',
  'POST /api/census/form-render': 'beacon',
  'POST /api/census/overlay': 'beacon',
  'POST /api/census/RecordQuickView/:id': 'beacon',
  'POST /api/v1/clanker/events': 'beacon',
  'POST /api/v1/clanker/validate-event-content/:schemaName': 'beacon (validation only)',
  'POST /api/1/performance/records': 'beacon',
  // Merchant calls authenticate with an Authorization: Bearer header, which a browser never adds on its own.
  'POST /api/site-users/account/notifications/restock/send': 'bearer token',
  'POST /api/site-users/account/notifications/restock/send/all': 'bearer token',
  // One-click unsubscribe (RFC 8058): mail clients post it without cookies; the token in the link is the proof.
  'POST /newsletter/abmelden': 'unsubscribe token',
  // Payment providers post their webhooks without cookies; the provider's signature (checked by its SDK) is the proof.
  'POST /api/payments/stripe/webhook/:websiteId': 'provider signature',
  'POST /api/payments/paypal/webhook/:websiteId': 'provider signature',
};

const keyOf = (r: RegisteredRoute) => `${r.method} ${r.url}`;
/** The public API (/api/v1/sites/…, public-api/) reads no cookie at all: a Bearer API key is its only credential. */
const exempt = (r: RegisteredRoute) => keyOf(r) in EXEMPT || r.url.startsWith('/api/v1/sites/');

withTestDatabases((db) => {
  describe('R8.1.12 crumb on every state change (issue 12 security)', () => {
    let m: RouteMatrix;
    let storage: Storage;
    beforeAll(async () => {
      storage = await db.open();
      m = await routeMatrix(storage);
    });

    /** Cookies of a freshly signed-in administrator of the matrix shop (the calls above sign the first one out). */
    const freshOwnerCookies = async () => {
      const { account, browser } = await accountWithSession(m.app, storage, 'Zweite');
      await storage.siteMembers.add(m.shop.websiteId, account.id, [UserRole.ADMIN]);
      return {
        cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        crumb: browser.cookies.get('crumb')!,
      };
    };

    const call = (route: RegisteredRoute, withCrumb: boolean) => {
      const cookies = [...m.owner.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
      const headers: Record<string, string> = { host: m.hostOf(route), cookie: cookies };
      if (withCrumb) headers['x-csrf-token'] = m.owner.cookies.get('crumb')!;
      return m.app.inject({ method: route.method as 'POST', url: m.urlOf(route), headers, payload: {} });
    };

    const refusedForCrumb = (res: Awaited<ReturnType<typeof call>>) => {
      if (res.statusCode === 303) {
        // Form posts without JavaScript answer with a redirect that names the problem…
        return /CRUMB_FAILED/.test(String(res.headers.location));
      }
      if (res.statusCode !== 403) return false;
      // …or show their form again with the refusal marked on its message.
      if (String(res.headers['content-type']).startsWith('text/html'))
        return res.body.includes('data-error-type="CRUMB_FAILED"');
      return res.json().error?.type === 'CRUMB_FAILED';
    };

    it('every state-changing route without an exemption answers 403 CRUMB_FAILED when the crumb is not echoed', async () => {
      const guarded = m.routes.filter((r) => STATE_CHANGING.has(r.method) && !exempt(r));
      expect(guarded.length).toBeGreaterThan(30);
      const unguarded: string[] = [];
      for (const route of guarded) {
        if (!refusedForCrumb(await call(route, false))) unguarded.push(keyOf(route));
      }
      expect(unguarded).toEqual([]);
    });

    it('the same calls with the crumb echoed get past the check (the refusal above is the crumb’s)', async () => {
      const guarded = m.routes.filter((r) => STATE_CHANGING.has(r.method) && !exempt(r));
      const stillRefused: string[] = [];
      for (const route of guarded) {
        if (refusedForCrumb(await call(route, true))) stillRefused.push(keyOf(route));
      }
      expect(stillRefused).toEqual([]);
    });

    /**
     * Crumb cookies of every length 0..60 (24 only in alphabets a crumb never has) and of odd alphabets:
     * standard base64, spaces, quotes, markup, Unicode, percent escapes. None is a crumb.
     */
    const MALFORMED_CRUMBS = [
      ...Array.from({ length: 61 }, (_, n) => n)
        .filter((n) => n !== 24)
        .map((n) => 'e'.repeat(n)),
      'a+b/c=d+e/f=g+h/i=j+k/l=',
      'abcdefghijklmnopqrstuvw ',
      'abcdefghijklmnopqrstuv"x',
      '<script>alert(1)</script>',
      'äöüßäöüßäöüßäöüßäöüßäöüß',
      '😀'.repeat(12),
      '\u0000'.repeat(4),
      'abcdefghijklmnopqrstuvw%',
      'abcdefghijklmnopqrstuvwx.',
      '</html>',
    ];
    const cookieWith = (crumb: string) =>
      [...m.owner.cookies]
        .map(([n, v]) => `${n}=${n === 'crumb' ? encodeURIComponent(crumb) : v}`)
        .join('; ');

    it('Finding 4 (#18): a crumb cookie of any other length or alphabet is never accepted, even echoed exactly', async () => {
      const guarded = m.routes.filter((r) => STATE_CHANGING.has(r.method) && !exempt(r));
      const accepted: string[] = [];
      // Every guarded route with a few malformed crumbs, one route with all of them.
      const cases = guarded.flatMap((route, i) =>
        (i === 0 ? MALFORMED_CRUMBS : [MALFORMED_CRUMBS[i % MALFORMED_CRUMBS.length]!, 'e']).map(
          (crumb) => [route, crumb] as const,
        ),
      );
      for (const [route, crumb] of cases) {
        const res = await m.app.inject({
          method: route.method as 'POST',
          url: m.urlOf(route),
          headers: {
            host: m.hostOf(route),
            cookie: cookieWith(crumb),
            'x-csrf-token': encodeURIComponent(crumb),
          },
          payload: {},
        });
        if (!refusedForCrumb(res)) accepted.push(`${keyOf(route)} crumb=${JSON.stringify(crumb)}`);
      }
      expect(accepted).toEqual([]);
    });

    it('Finding 4 (#18): a page asked with a malformed crumb issues a fresh one and puts that one in its forms', async () => {
      const wrong: string[] = [];
      for (const crumb of MALFORMED_CRUMBS) {
        const res = await m.app.inject({
          url: `/laden/p/${m.shop.mug.urlId}`,
          headers: { host: m.shop.hostname, cookie: `crumb=${encodeURIComponent(crumb)}` },
        });
        const issued = res.cookies.find((c) => c.name === 'crumb')?.value ?? '';
        if (
          res.statusCode !== 200 ||
          !/^[A-Za-z0-9_-]{24}$/.test(issued) ||
          !res.body.includes(`value="${issued}"`)
        )
          wrong.push(JSON.stringify(crumb));
      }
      expect(wrong).toEqual([]);
    });

    it('Finding 8 (#18): a made-up Bearer key next to the owner’s cookies does not skip the crumb on any state-changing admin route', async () => {
      const { cookie: cookies } = await freshOwnerCookies();
      const admin = m.routes.filter((r) => STATE_CHANGING.has(r.method) && isAdminRoute(r));
      expect(admin.length).toBeGreaterThan(30);
      const passed: string[] = [];
      for (const route of admin) {
        const res = await m.app.inject({
          method: route.method as 'POST',
          url: m.urlOf(route),
          headers: {
            host: m.hostOf(route),
            cookie: cookies,
            authorization: 'Bearer erfunden-123',
            'x-csrf-token': 'falsch-falsch-falsch-fals',
          },
          payload: {},
        });
        const type = res.json().error?.type;
        if (!(res.statusCode === 401 && type === 'INVALID_API_KEY') && type !== 'CRUMB_FAILED')
          passed.push(`${keyOf(route)} → ${res.statusCode} ${type}`);
      }
      expect(passed).toEqual([]);
    });

    it('Finding 8 (#18): POST /api/admin/sites with a bogus Bearer and a wrong crumb creates no site', async () => {
      const { cookie: cookies } = await freshOwnerCookies();
      const before = await m.app.inject({
        url: '/api/admin/session',
        headers: { host: 'admin.localhost', cookie: cookies },
      });
      const res = await m.app.inject({
        method: 'POST',
        url: '/api/admin/sites',
        headers: {
          host: 'admin.localhost',
          cookie: cookies,
          authorization: 'Bearer bk_erfunden',
          'x-csrf-token': 'falsch-falsch-falsch-fals',
        },
        payload: { title: 'Untergeschoben', subdomain: 'untergeschoben', starter: 'empty' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Dieser API-Schlüssel ist ungültig oder wurde widerrufen.');
      const after = await m.app.inject({
        url: '/api/admin/session',
        headers: { host: 'admin.localhost', cookie: cookies },
      });
      expect(before.statusCode).toBe(200);
      expect(after.json().sites).toEqual(before.json().sites);
      expect(after.json().sites.map((site: { title: string }) => site.title)).not.toContain('Untergeschoben');
    });

    it('Finding 8 (#18): only a call a valid API key authenticates goes without the crumb, and it never acts as the session', async () => {
      const { cookie: cookies, crumb } = await freshOwnerCookies();
      const site = `/api/admin/sites/${m.shop.websiteId}`;
      const created = await m.app.inject({
        method: 'POST',
        url: `${site}/api-keys`,
        headers: { host: 'admin.localhost', cookie: cookies, 'x-csrf-token': crumb },
        payload: { name: 'Lager', scopes: ['inventory.write'] },
      });
      expect(created.statusCode).toBe(201);
      const key: string = created.json().key;
      const variantId = m.shop.mug.product!.variants[0]!.id;
      const stock = await m.app.inject({
        method: 'PATCH',
        url: `${site}/inventory/${variantId}`,
        headers: { host: 'admin.localhost', authorization: `Bearer ${key}` },
        payload: { expected: { unlimited: false, qtyInStock: 10 }, qtyInStock: 9 },
      });
      // 200, or 409 when the matrix calls above left another stock: either way past the crumb check.
      expect([200, 409]).toContain(stock.statusCode);
      // The key's call sent with the owner's cookies is still only the key's: no site is created for the
      // signed-in owner without the crumb.
      const sneaky = await m.app.inject({
        method: 'POST',
        url: '/api/admin/sites',
        headers: { host: 'admin.localhost', cookie: cookies, authorization: `Bearer ${key}` },
        payload: { title: 'Untergeschoben', subdomain: 'untergeschoben2', starter: 'empty' },
      });
      expect(sneaky.statusCode).toBe(401);
      expect(sneaky.json().error.type).toBe('SIGN_IN_REQUIRED');
    });

    it('every documented exemption is a registered route, so the list cannot silently outlive a route', () => {
      const registered = new Set(m.routes.map(keyOf));
      expect(Object.keys(EXEMPT).filter((k) => !registered.has(k))).toEqual([]);
    });
  });
});
