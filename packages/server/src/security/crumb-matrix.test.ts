import { withTestDatabases } from '@baukasten/storage/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RouteMatrix, routeMatrix, STATE_CHANGING } from '../reliability/route-matrix-kit.js';
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
};

const keyOf = (r: RegisteredRoute) => `${r.method} ${r.url}`;

withTestDatabases((db) => {
  describe('R8.1.12 crumb on every state change (issue 12 security)', () => {
    let m: RouteMatrix;
    beforeAll(async () => {
      m = await routeMatrix(await db.open());
    });

    const call = (route: RegisteredRoute, withCrumb: boolean) => {
      const cookies = [...m.owner.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
      const headers: Record<string, string> = { host: m.hostOf(route), cookie: cookies };
      if (withCrumb) headers['x-csrf-token'] = m.owner.cookies.get('crumb')!;
      return m.app.inject({ method: route.method as 'POST', url: m.urlOf(route), headers, payload: {} });
    };

    const refusedForCrumb = (res: Awaited<ReturnType<typeof call>>) =>
      res.statusCode === 403
        ? res.json().error?.type === 'CRUMB_FAILED'
        : // Form posts without JavaScript answer with a redirect that names the problem.
          res.statusCode === 303 && /CRUMB_FAILED/.test(String(res.headers.location));

    it('every state-changing route without an exemption answers 403 CRUMB_FAILED when the crumb is not echoed', async () => {
      const guarded = m.routes.filter((r) => STATE_CHANGING.has(r.method) && !(keyOf(r) in EXEMPT));
      expect(guarded.length).toBeGreaterThan(30);
      const unguarded: string[] = [];
      for (const route of guarded) {
        if (!refusedForCrumb(await call(route, false))) unguarded.push(keyOf(route));
      }
      expect(unguarded).toEqual([]);
    });

    it('the same calls with the crumb echoed get past the check (the refusal above is the crumb’s)', async () => {
      const guarded = m.routes.filter((r) => STATE_CHANGING.has(r.method) && !(keyOf(r) in EXEMPT));
      const stillRefused: string[] = [];
      for (const route of guarded) {
        if (refusedForCrumb(await call(route, true))) stillRefused.push(keyOf(route));
      }
      expect(stillRefused).toEqual([]);
    });

    it('every documented exemption is a registered route, so the list cannot silently outlive a route', () => {
      const registered = new Set(m.routes.map(keyOf));
      expect(Object.keys(EXEMPT).filter((k) => !registered.has(k))).toEqual([]);
    });
  });
});
