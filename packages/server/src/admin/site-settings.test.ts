import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { accountWithSession, type Browser, sharedStateWithLimits } from './admin-test-kit.js';

/* The settings screen's less common keys: locale, captcha keys, share buttons, comments of spec 3. */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let owner: Browser;
  let siteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    ({ browser: owner } = await accountWithSession(app, storage, 'Inhaberin'));
    const created = await owner.post('/api/admin/sites', {
      title: 'Einstellungsladen',
      subdomain: `einstellungen-${db.name}`,
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
    });
    siteId = created.body.site.id;
  });
  afterAll(() => app?.close());

  it('changes the locale the site formats money and dates in', async () => {
    const res = await owner.patch(`/api/admin/sites/${siteId}`, { locale: 'de-AT' });
    expect(res.status).toBe(200);
    expect(res.body.site.locale).toBe('de-AT');
    expect((await storage.websites.findById(siteId))?.locale).toBe('de-AT');
    const bad = await owner.patch(`/api/admin/sites/${siteId}`, { locale: 'xx-YY' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.locale).toBe(
      'Diese Sprache und Region werden nicht unterstützt, z. B. de-DE oder en-US.',
    );
    expect((await owner.get(`/api/admin/sites/${siteId}`)).body.site.locale).toBe('de-AT');
  });

  it('R3.11.1 keeps both captcha keys, share buttons, comments, likes and the Disqus name', async () => {
    const settings = {
      captchaSettings: { siteKey: 'klassisch-123' },
      recaptchaEnterpriseContext: { recaptchaEnterpriseSiteKey: 'enterprise-456' },
      shareButtonOptions: { facebook: true, x: true, email: false },
      commentsEnabled: true,
      simpleLikingEnabled: true,
      disqusShortname: 'mein-laden',
      cookieSettings: { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: true },
    };
    const res = await owner.patch(`/api/admin/sites/${siteId}`, { settings });
    expect(res.status).toBe(200);
    expect(res.body.site.settings).toMatchObject(settings);
    const stored = await storage.websites.findById(siteId);
    expect(stored?.settings.recaptchaEnterpriseContext?.recaptchaEnterpriseSiteKey).toBe('enterprise-456');
    expect(stored?.settings.shareButtonOptions).toEqual({ facebook: true, x: true, email: false });
  });

  it('refuses an unknown key inside the enterprise captcha settings by name', async () => {
    const res = await owner.patch(`/api/admin/sites/${siteId}`, {
      settings: { recaptchaEnterpriseContext: { secret: 'x' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('secret');
  });
});
