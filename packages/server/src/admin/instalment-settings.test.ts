import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { accountWithSession, type Browser, sharedStateWithLimits } from './admin-test-kit.js';

/* Owners switch the instalment teaser of product pages on in the site settings, without code. */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let owner: Browser;
  let siteId: string;
  let hostname: string;

  const productPage = () =>
    app.inject({ method: 'GET', url: '/shop/p/emaille-becher-bergsee', headers: { host: hostname } });
  const change = (instalments: unknown) =>
    owner.patch(`/api/admin/sites/${siteId}`, { settings: { instalments } });

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    ({ browser: owner } = await accountWithSession(app, storage, 'Inhaberin'));
    const created = await owner.post('/api/admin/sites', {
      title: 'Ratenladen',
      subdomain: `raten-${db.name}`,
      currency: 'USD',
      timeZone: 'America/New_York',
      starter: 'demo',
    });
    siteId = created.body.site.id;
    hostname = created.body.site.hostnames[0];
  });
  afterAll(() => app?.close());

  describe('instalment settings', () => {
    it('R1.4.1 R1.4.2 R1.4.3 R2.2.11 switching Afterpay on in the settings shows the teaser on product pages', async () => {
      expect((await productPage()).body).not.toContain('class="instalment-teaser"');
      const saved = await change({
        afterPayAvailable: true,
        afterPayMin: 100,
        afterPayMax: 200_000,
        stripeAccountCountry: ' us ',
      });
      expect(saved.status).toBe(200);
      // The editor reads back what it saved, the country as its code.
      expect(saved.body.site.settings.instalments).toEqual({
        afterPayAvailable: true,
        afterPayMin: 100,
        afterPayMax: 200_000,
        stripeAccountCountry: 'US',
      });
      const page = await productPage();
      expect(page.body).toContain('class="instalment-teaser"');
      expect(page.body).toMatch(/oder 4 zinsfreie Zahlungen à [^<]+ mit Afterpay/);

      // In GB the same provider is Clearpay; switched off, the teaser is gone again.
      await change({
        afterPayAvailable: true,
        afterPayMin: 100,
        afterPayMax: 200_000,
        stripeAccountCountry: 'GB',
      });
      expect((await productPage()).body).toMatch(/mit Clearpay/);
      await change({
        afterPayAvailable: false,
        afterPayMin: 100,
        afterPayMax: 200_000,
        stripeAccountCountry: 'GB',
      });
      expect((await productPage()).body).not.toContain('class="instalment-teaser"');
    });

    it('refuses a range that is no range, a bad country and missing parts with German messages by field', async () => {
      const base = {
        afterPayAvailable: true,
        afterPayMin: 100,
        afterPayMax: 200_000,
        stripeAccountCountry: 'US',
      };
      const range = await change({ ...base, afterPayMin: 5000, afterPayMax: 5000 });
      expect(range.status).toBe(400);
      expect(range.body.error.fields['settings.instalments.afterPayMax']).toBe(
        'Der Höchstbetrag muss größer als der Mindestbetrag sein.',
      );
      const country = await change({ ...base, stripeAccountCountry: 'USA' });
      expect(country.status).toBe(400);
      expect(country.body.error.fields['settings.instalments.stripeAccountCountry']).toMatch(
        /zwei Buchstaben/,
      );
      const negative = await change({ ...base, afterPayMin: -1 });
      expect(negative.body.error.fields['settings.instalments.afterPayMin']).toBe(
        'Der Betrag darf nicht negativ sein.',
      );
      const { afterPayAvailable: _left, ...missing } = base;
      const partial = await change(missing);
      expect(partial.status).toBe(400);
      expect(partial.body.error.fields['settings.instalments.afterPayAvailable']).toBe(
        'Gib an, ob Ratenzahlung angeboten wird.',
      );
      const unknown = await change({ ...base, provider: 'afterpay' });
      expect(unknown.status).toBe(400);
    });
  });
});
