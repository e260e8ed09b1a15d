import { UserRole } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../admin/admin-messages.js';
import { accountWithSession, type Browser } from '../admin/admin-test-kit.js';
import { buildApp } from '../app.js';
import { analyticsMessages } from './analytics-messages.js';
import { createSite, post, type TestSite, visitCookie } from './analytics-test-kit.js';

/*
 * The editor's dashboards under /api/admin (reporting role and the others by analytics.view), and the ad
 * pixel ids owners enter in the site settings, which reach the storefront's context config.
 */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestSite;
  let other: TestSite;
  const browsers: Partial<Record<'admin' | 'reporting' | 'editor' | 'stranger', Browser>> = {};

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createSite(storage, 'statistik.test');
    other = await createSite(storage, 'fremd.test');
    app = await buildApp({ storage, logLevel: 'silent' });
    const roles = { admin: UserRole.ADMIN, reporting: UserRole.REPORTING, editor: UserRole.EDITOR };
    for (const [name, role] of Object.entries(roles)) {
      const { account, browser } = await accountWithSession(app, storage, name);
      await storage.siteMembers.add(shop.id, account.id, [role]);
      browsers[name as keyof typeof roles] = browser;
    }
    const { account, browser } = await accountWithSession(app, storage, 'stranger');
    await storage.siteMembers.add(other.id, account.id, [UserRole.ADMIN]);
    browsers.stranger = browser;
  });
  afterAll(async () => {
    await app?.close();
  });

  const summaryOf = (site: TestSite) => `/api/admin/sites/${site.id}/analytics/summary`;

  describe('dashboards in the editor', () => {
    it('R1.5.1 the reporting role reads the visits a visitor just made, without waiting for the rollup timer', async () => {
      for (const visit of [1, 2])
        await post(app, '/api/census/RecordHit', {
          host: shop.host,
          form: true,
          body: { data: JSON.stringify({ pagePath: '/laden' }), ss_cvr: visitCookie('erika', visit) },
        });
      const answer = await browsers.reporting!.get(summaryOf(shop));
      expect(answer.status).toBe(200);
      expect(answer.response.headers['cache-control']).toBe('private, no-store');
      expect(answer.body.totals).toMatchObject({ visits: 2, uniqueVisitors: 1, pageViews: 2 });
      expect(answer.body.topPages).toEqual([{ path: '/laden', pageViews: 2 }]);
      for (const part of ['funnel', 'web-vitals', 'errors']) {
        const res = await browsers.reporting!.get(`/api/admin/sites/${shop.id}/analytics/${part}`);
        expect(res.status, part).toBe(200);
      }
    });

    it('R1.5.1 the funnel answers the four steps and the web-vitals answer carries the thresholds of spec 9', async () => {
      const funnel = await browsers.admin!.get(`/api/admin/sites/${shop.id}/analytics/funnel`);
      expect(funnel.body.steps.map((s: { step: string }) => s.step)).toEqual([
        'productView',
        'addToCart',
        'checkout',
        'purchase',
      ]);
      const vitals = await browsers.admin!.get(`/api/admin/sites/${shop.id}/analytics/web-vitals`);
      expect(vitals.body.thresholds.largestContentfulPaintMs).toEqual({ good: 2500, poor: 4000 });
    });

    it('refuses roles without analytics.view (403), strangers (404) and signed-out callers (401)', async () => {
      const editor = await browsers.editor!.get(summaryOf(shop));
      expect(editor.status).toBe(403);
      expect(editor.body.error.message).toBe(adminMessages.permissionDenied);
      expect((await browsers.stranger!.get(summaryOf(shop))).status).toBe(404);
      const signedOut = await app.inject({
        method: 'GET',
        url: summaryOf(shop),
        headers: { host: shop.host },
      });
      expect(signedOut.statusCode).toBe(401);
    });

    it('a bad range is a 400 with the German message, never a 5xx', async () => {
      const answer = await browsers.admin!.get(`${summaryOf(shop)}?from=2025-13-01`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe(analyticsMessages.rangeInvalid);
    });
  });

  describe('ad pixels in the site settings', () => {
    const configOf = async (site: TestSite) =>
      (await app.inject({ method: 'GET', url: '/api/context/config', headers: { host: site.host } })).json()
        .website;

    it('R7.9.3 ids an owner saves reach the storefront context; an empty text switches a pixel off', async () => {
      expect((await configOf(shop)).adPixels).toBeNull();
      const saved = await browsers.admin!.patch(`/api/admin/sites/${shop.id}`, {
        settings: { adPixels: { metaPixelId: '123456789012345', googleTagId: 'g-abc123xyz' } },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.site.settings.adPixels).toEqual({
        metaPixelId: '123456789012345',
        googleTagId: 'G-ABC123XYZ',
      });
      expect((await configOf(shop)).adPixels).toEqual({
        metaPixelId: '123456789012345',
        googleTagId: 'G-ABC123XYZ',
      });
      await browsers.admin!.patch(`/api/admin/sites/${shop.id}`, {
        settings: { adPixels: { metaPixelId: '', googleTagId: 'G-ABC123XYZ' } },
      });
      expect((await configOf(shop)).adPixels).toEqual({ metaPixelId: null, googleTagId: 'G-ABC123XYZ' });
      expect((await configOf(other)).adPixels).toBeNull();
    });

    it('R7.9.3 malformed ids are refused at their field with a German message', async () => {
      const answer = await browsers.admin!.patch(`/api/admin/sites/${shop.id}`, {
        settings: { adPixels: { metaPixelId: 'abc', googleTagId: 'UA-1' } },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields).toEqual({
        'settings.adPixels.metaPixelId': adminMessages.metaPixelIdInvalid,
        'settings.adPixels.googleTagId': adminMessages.googleTagIdInvalid,
      });
    });
  });
});
