import { ADD_TO_CART_MESSAGES, SESSION_MESSAGES } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let websiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const site = await storage.websites.create({
      title: 'Konfigladen',
      hostnames: ['konfig.test'],
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
      settings: {
        storeSettings: { selectedCurrency: 'EUR', expressCheckout: true },
        cookieSettings: { isCookieBannerEnabled: true },
        captchaSettings: { siteKey: 'site-key-1' },
        recaptchaEnterpriseContext: { recaptchaEnterpriseSiteKey: 'enterprise-key-1' },
        commentsEnabled: true,
        shareButtonOptions: { facebook: true },
      },
    });
    websiteId = site.id;
    await storage.websites.create({ title: 'Leer', hostnames: ['leer.test'] });
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (host: string) => app.inject({ method: 'GET', url: '/api/context/config', headers: { host } });

  it('R2.1.10 R3.11.1 R3.9.1 answers the website context, store settings and German strings for the islands', async () => {
    const res = await get('konfig.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    const config = res.json();
    expect(config.website).toEqual({
      id: websiteId,
      siteTitle: 'Konfigladen',
      language: 'de',
      locale: 'de-DE',
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
      captchaSettings: { siteKey: 'site-key-1' },
      recaptchaEnterpriseContext: { recaptchaEnterpriseSiteKey: 'enterprise-key-1' },
      cloneable: false,
      cookieSettings: { isRestrictiveCookiePolicyEnabled: false, isCookieBannerEnabled: true },
      commentsEnabled: true,
      simpleLikingEnabled: false,
      disqusShortname: null,
      shareButtonOptions: { facebook: true },
      adPixels: null,
    });
    expect(config.storeSettings).toEqual({
      selectedCurrency: 'EUR',
      expressCheckout: true,
      multipleQuantityAllowedForServices: true,
    });
    expect(config.urls).toMatchObject({
      cart: '/cart',
      checkout: '/checkout',
      expressCheckout: '/commerce/goto-checkout',
    });
    expect(config.localizedStrings.addToCartMessages.notEnoughStock).toBe(
      ADD_TO_CART_MESSAGES.notEnoughStock,
    );
    expect(config.localizedStrings.sessionMessages.tooManyRequests).toBe(SESSION_MESSAGES.tooManyRequests);
  });

  it('R3.11.2 R3.9.2 answers the spec defaults for a site that set nothing', async () => {
    const config = (await get('leer.test')).json();
    expect(config.website).toMatchObject({
      timeZone: 'America/New_York',
      currency: 'USD',
      captchaSettings: { siteKey: null },
      recaptchaEnterpriseContext: { recaptchaEnterpriseSiteKey: null },
    });
    expect(config.storeSettings).toMatchObject({ selectedCurrency: 'USD', expressCheckout: false });
  });

  it('answers an unknown host with a JSON 404, never another site', async () => {
    const res = await get('niemand.test');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.type).toBe('UNKNOWN_WEBSITE');
  });
});
