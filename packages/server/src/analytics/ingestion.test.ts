import { SESSION_MESSAGES } from '@baukasten/commerce';
import { FunnelStep, type Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { analyticsMessages } from './analytics-messages.js';
import { registerAnalyticsRoutes } from './analytics-routes.js';
import {
  afterFlush,
  createSite,
  eventsOf,
  post,
  sharedWithAnalyticsLimit,
  type TestSite,
  visitCookie,
} from './analytics-test-kit.js';

const CRUMB = 'kruemel-kruemel-kruemel-';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestSite;
  let other: TestSite;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createSite(storage, 'messladen.test');
    other = await createSite(storage, 'nachbar.test');
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedWithAnalyticsLimit(1e9) });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Events the test adds to a site: waits for them and returns only those. */
  const newEvents = async (site: TestSite, before: number, added: number) =>
    (await eventsOf(storage, site.id, before + added)).slice(before);
  const count = (site: TestSite) => storage.analytics.countEvents(site.id);

  describe('census', () => {
    it('R7.6.1 R3.25.5 R3.25.6 records a census hit with its visitor, visit, page, outside referrer and product', async () => {
      const before = await count(shop);
      const res = await post(app, '/api/census/RecordHit', {
        host: shop.host,
        form: true,
        body: {
          event: 'view',
          data: JSON.stringify({
            visitorCookie: visitCookie('anna', 2),
            pageTitle: 'Tasse – Messladen',
            pageId: 'p1',
            contentSource: 'i',
            pagePath: '/laden/tasse',
            websiteId: shop.id,
            website_locale: 'de-DE',
            userAgent: 'Mozilla/5.0',
            clientDate: 1_700_000_000_000,
            viewportWidth: 1280,
            viewportHeight: 800,
            screenWidth: 1920,
            screenHeight: 1080,
            url: 'https://messladen.test/laden/tasse?farbe=rot',
            itemId: 'tasse1',
            recordType: 11,
            collectionId: 'laden',
            localStorageSupported: true,
            queryString: 'farbe=rot',
            referrer: 'https://www.google.de/search?q=tasse',
          }),
          ss_cvr: visitCookie('anna', 2),
        },
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ accepted: 1 });
      const [hit] = await newEvents(shop, before, 1);
      expect(hit).toMatchObject({
        kind: 'page_view',
        visitorId: 'anna',
        sessionId: 'anna.2',
        path: '/laden/tasse',
        referrer: 'www.google.de',
        itemId: 'tasse1',
        funnelSteps: FunnelStep.productView,
        label: 'view',
      });
      expect(hit!.payload).toMatchObject({
        contentSource: 'i',
        pageTitle: 'Tasse – Messladen',
        viewportWidth: 1280,
      });
      expect(hit!.payload).not.toHaveProperty('visitorCookie');
    });

    it('R5.8.1 discards a malformed ss_cvr and falls back to the visit cookie, else counts the hit without a visitor', async () => {
      const before = await count(shop);
      const hit = (cookies?: Record<string, string>) =>
        post(app, '/api/census/RecordHit', {
          host: shop.host,
          form: true,
          cookies,
          body: { data: JSON.stringify({ pagePath: '/' }), ss_cvr: 'kaputt|1|2' },
        });
      expect((await hit({ ss_cvr: visitCookie('ben', 3) })).statusCode).toBe(202);
      expect((await hit()).statusCode).toBe(202);
      const [withCookie, without] = await newEvents(shop, before, 2);
      expect(withCookie).toMatchObject({ visitorId: 'ben', sessionId: 'ben.3' });
      expect(without).toMatchObject({ visitorId: null, sessionId: null, path: '/' });
    });

    it('counts a visit to the checkout page as the checkout step and keeps internal referrers out', async () => {
      const before = await count(shop);
      await post(app, '/api/census/RecordHit', {
        host: shop.host,
        body: { data: { pagePath: '/checkout', referrer: 'https://messladen.test/cart' } },
      });
      const [hit] = await newEvents(shop, before, 1);
      expect(hit).toMatchObject({ path: '/checkout', referrer: null, funnelSteps: FunnelStep.checkout });
    });

    it('R7.6.8 answers malformed census data with a German 400 and records nothing', async () => {
      const before = await count(shop);
      const notJson = await post(app, '/api/census/RecordHit', {
        host: shop.host,
        form: true,
        body: { data: '{kein json' },
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().error.message).toBe(analyticsMessages.dataNotJson);
      const wrongType = await post(app, '/api/census/RecordHit', {
        host: shop.host,
        body: { data: { viewportWidth: 'breit' } },
      });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().error.message).toBe(analyticsMessages.badPayload);
      const empty = await post(app, '/api/census/RecordHit', {
        host: shop.host,
        body: '',
        contentType: 'text/plain',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe(analyticsMessages.noPayload);
      await afterFlush();
      expect(await count(shop)).toBe(before);
    });

    it('R7.6.2 R7.6.3 R7.6.5 R7.6.6 records button clicks and renders, form renders and overlays with visitor and page', async () => {
      const before = await count(shop);
      const page = { visitorCookie: visitCookie('carla'), pagePath: '/angebote', websiteId: shop.id };
      const calls: [string, object][] = [
        ['/api/census/button-click', { ...page, buttonId: 'jetzt-kaufen', buttonText: 'Jetzt kaufen' }],
        ['/api/census/button-render', { ...page, buttonText: 'Mehr erfahren' }],
        ['/api/census/form-render', { ...page, formId: 'kontakt' }],
        [
          '/api/census/overlay',
          { ...page, overlayId: 'pop1', action: 'close', overlayData: { variante: 'b' } },
        ],
      ];
      for (const [url, body] of calls)
        expect((await post(app, url, { host: shop.host, body })).statusCode).toBe(202);
      const stored = await newEvents(shop, before, 4);
      expect(stored.map((e) => [e.kind, e.label, e.path, e.visitorId])).toEqual([
        ['button_click', 'jetzt-kaufen', '/angebote', 'carla'],
        ['button_render', 'Mehr erfahren', '/angebote', 'carla'],
        ['form_render', 'kontakt', '/angebote', 'carla'],
        ['overlay', 'close', '/angebote', 'carla'],
      ]);
      const noForm = await post(app, '/api/census/form-render', { host: shop.host, body: page });
      expect(noForm.statusCode).toBe(400);
    });

    it('R7.6.7 records a quick view (no body) as a product view of the page that opened it', async () => {
      const before = await count(shop);
      const res = await post(app, '/api/census/RecordQuickView/tasse1', {
        host: shop.host,
        cookies: { ss_cvr: visitCookie('dora') },
        headers: { referer: 'http://messladen.test/laden?seite=2' },
      });
      expect(res.statusCode).toBe(202);
      const [view] = await newEvents(shop, before, 1);
      expect(view).toMatchObject({
        kind: 'quick_view',
        itemId: 'tasse1',
        path: '/laden',
        sessionId: 'dora.1',
        funnelSteps: FunnelStep.productView,
      });
      const bad = await post(app, '/api/census/RecordQuickView/%3Cscript%3E', { host: shop.host });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(analyticsMessages.itemIdInvalid);
    });
  });

  describe('trackers', () => {
    it('R7.5.2 R3.25.1 records a legacy event only when the crumb matches its cookie', async () => {
      const before = await count(shop);
      const body = {
        crumb: CRUMB,
        event: 'ProductAddedToCart',
        data: JSON.stringify({
          eventName: 'ProductAddedToCart',
          websiteId: shop.id,
          memberAccountId: null,
          website_locale: 'de-DE',
          templateId: 't1',
          variantId: 'v1',
          pageHash: '#x',
          pagePath: '/laden/tasse',
        }),
      };
      const noCrumb = await post(app, '/api/events/RecordEvent', {
        host: shop.host,
        form: true,
        cookies: { crumb: 'anderer-kruemel-anderer-' },
        body,
      });
      expect(noCrumb.statusCode).toBe(403);
      expect(noCrumb.json().error.message).toBe(SESSION_MESSAGES.sessionExpired);
      const ok = await post(app, '/api/events/RecordEvent', {
        host: shop.host,
        form: true,
        cookies: { crumb: CRUMB },
        body,
      });
      expect(ok.statusCode).toBe(202);
      const [legacy] = await newEvents(shop, before, 1);
      expect(legacy).toMatchObject({
        kind: 'legacy_event',
        label: 'ProductAddedToCart',
        path: '/laden/tasse',
      });
      expect(legacy!.payload).toMatchObject({ variantId: 'v1', templateId: 't1' });
    });

    it('R7.5.3 R7.5.4 R7.5.5 R7.9.1 R7.9.2 accepts a v2 commerce event by POST and by beacon with 202', async () => {
      const before = await count(shop);
      const content = {
        analytics_id: 'a-1',
        session_id: 's-1',
        page_host: shop.host,
        page_path: '/laden/tasse',
        page_referrer_url: 'https://instagram.com/p/1',
        browser_language: 'de',
        browser_window_height: 800,
        browser_window_width: 1200,
        user_agent: 'Mozilla/5.0',
        event_occurrence_timestamp: 1_700_000_000_000,
        context_website_id: shop.id,
        resolved_locale: 'de-DE',
        source_environment: 'prod',
        client_name: 'baukasten-web',
        client_version: '1.0.0',
        website_id: shop.id,
        page_id: 'p1',
        cart_id: 'c1',
        item_ids: ['tasse1'],
        logged_in: false,
        session_cookies: { ss_cvt: '1700000000000' },
      };
      const body = {
        eventContent: JSON.stringify({ ...content, sku: 'TASSE-ROT', quantity: 2 }),
        eventSchemaName: 'commerce_add_to_cart',
      };
      const posted = await post(app, '/api/v1/clanker/events', {
        host: shop.host,
        body,
        cookies: { ss_cvr: visitCookie('emil', 4) },
      });
      expect([200, 202]).toContain(posted.statusCode);
      const beacon = await post(app, '/api/v1/clanker/events', {
        host: shop.host,
        body: JSON.stringify({
          eventContent: JSON.stringify(content),
          eventSchemaName: 'commerce_view_cart',
        }),
        contentType: 'text/plain;charset=UTF-8',
      });
      expect([200, 202]).toContain(beacon.statusCode);
      const [added, viewed] = await newEvents(shop, before, 2);
      // The visit cookie wins over the tracker's own ids, so census and tracker events share a visit.
      expect(added).toMatchObject({
        kind: 'tracker_event',
        label: 'commerce_add_to_cart',
        sessionId: 'emil.4',
        itemId: 'tasse1',
        path: '/laden/tasse',
        referrer: 'instagram.com',
        funnelSteps: FunnelStep.addToCart,
      });
      expect(viewed).toMatchObject({
        label: 'commerce_view_cart',
        sessionId: 's-1',
        visitorId: 'a-1',
        funnelSteps: 0,
      });
    });

    it('R8.2.1 R7.5.4 refuses an unknown schema, content that does not fit its schema, and a missing payload', async () => {
      const before = await count(shop);
      const send = (body: unknown) => post(app, '/api/v1/clanker/events', { host: shop.host, body });
      const unknown = await send({ eventContent: '{}', eventSchemaName: 'gibt_es_nicht' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(analyticsMessages.unknownSchema('gibt_es_nicht'));
      const badType = await send({
        eventContent: JSON.stringify({ error_type: 'KAPUTT' }),
        eventSchemaName: 'commerce_add_to_cart_error',
      });
      expect(badType.statusCode).toBe(400);
      expect(badType.json().error.message).toBe(
        analyticsMessages.eventContentInvalid('commerce_add_to_cart_error'),
      );
      const known = await send({
        eventContent: JSON.stringify({ error_type: 'OUT_OF_STOCK', item_ids: ['tasse1'] }),
        eventSchemaName: 'commerce_add_to_cart_error',
      });
      expect(known.statusCode).toBe(202);
      const missing = await send({ eventSchemaName: 'page_view' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toBe(analyticsMessages.noPayload);
      expect(await newEvents(shop, before, 1)).toHaveLength(1);
    });

    it('R7.5.8 validates event content without storing it, naming each wrong field', async () => {
      const before = await count(shop);
      const url = '/api/v1/clanker/validate-event-content/commerce_add_to_cart';
      const valid = await post(app, url, { host: shop.host, body: { page_path: '/', quantity: 1 } });
      expect(valid.statusCode).toBe(200);
      expect(valid.json()).toEqual({ valid: true });
      const invalid = await post(app, url, {
        host: shop.host,
        body: { eventContent: JSON.stringify({ quantity: 'zwei', pagepath: '/' }) },
      });
      expect(invalid.statusCode).toBe(400);
      const answer = invalid.json();
      expect(answer.valid).toBe(false);
      expect(answer.error.message).toBe(analyticsMessages.eventContentInvalid('commerce_add_to_cart'));
      expect(answer.issues).toEqual(
        expect.arrayContaining([
          { path: 'quantity', message: 'Falscher Datentyp.' },
          { path: '', message: 'Unbekannte Felder: pagepath' },
        ]),
      );
      const unknown = await post(app, '/api/v1/clanker/validate-event-content/nix', {
        host: shop.host,
        body: {},
      });
      expect(unknown.statusCode).toBe(404);
      await afterFlush();
      expect(await count(shop)).toBe(before);
    });

    it('R3.13.1 takes purchase revenue from the stored order, refuses unknown orders and leaves test orders out', async () => {
      const place = async (testMode: boolean) => {
        const cart = await storage.carts.create(shop.id, 'EUR');
        const placed = await storage.orders.place(shop.id, {
          cartId: cart.id,
          currency: 'EUR',
          customerEmail: 'kundin@example.de',
          testMode,
          data: {},
          items: [],
          stock: [],
          subtotalMinor: 4000,
          taxMinor: 639,
          shippingMinor: 490,
          discountMinor: 0,
          grandTotalMinor: 4490,
        });
        if (placed.outcome !== 'placed') throw new Error(placed.outcome);
        return placed.order;
      };
      const order = await place(false);
      const testOrder = await place(true);
      const before = await count(shop);
      const purchase = (id: string, grandTotal: number) =>
        post(app, '/api/v1/clanker/events', {
          host: shop.host,
          cookies: { ss_cvr: visitCookie('frieda') },
          body: {
            eventSchemaName: 'commerce_purchase',
            eventContent: JSON.stringify({ id, websiteId: shop.id, testMode: false, grandTotal, items: [] }),
          },
        });
      // The browser claims a million; the order says 44,90 €.
      expect((await purchase(order.id, 100_000_000)).statusCode).toBe(202);
      expect((await purchase(testOrder.id, 4490)).statusCode).toBe(202);
      const unknown = await purchase('gibt-es-nicht', 1);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe(analyticsMessages.orderUnknown);
      const [real, test] = await newEvents(shop, before, 2);
      expect(real).toMatchObject({
        kind: 'purchase',
        itemId: order.id,
        label: 'EUR',
        value: 4490,
        funnelSteps: FunnelStep.purchase,
      });
      expect(test).toMatchObject({ kind: 'tracker_event', value: null, funnelSteps: 0 });
      // Another website's order cannot be claimed from this one.
      const elsewhere = await post(app, '/api/v1/clanker/events', {
        host: other.host,
        body: { eventSchemaName: 'commerce_purchase', eventContent: JSON.stringify({ id: order.id }) },
      });
      expect(elsewhere.statusCode).toBe(404);
    });
  });

  describe('error reporter and performance', () => {
    it('R7.5.1 R9.7.3 records JavaScript errors only with the CSRF header and cuts stacks to 5000 characters', async () => {
      const before = await count(shop);
      const reports = [
        {
          message: 'TypeError: preis ist undefined\n  weitere Zeile',
          stack: 'x'.repeat(6000),
          url: 'https://messladen.test/laden',
        },
        { message: 'ReferenceError: warenkorb', pagePath: '/warenkorb', line: 3, column: 7 },
      ];
      const withoutHeader = await post(app, '/api/events/RecordJavascriptErrors', {
        host: shop.host,
        cookies: { crumb: CRUMB },
        body: reports,
      });
      expect(withoutHeader.statusCode).toBe(403);
      const ok = await post(app, '/api/events/RecordJavascriptErrors', {
        host: shop.host,
        cookies: { crumb: CRUMB },
        headers: { 'x-csrf-token': CRUMB },
        body: reports,
      });
      expect(ok.statusCode).toBe(202);
      expect(ok.json()).toEqual({ accepted: 2 });
      const [first, second] = await newEvents(shop, before, 2);
      expect(first).toMatchObject({
        kind: 'js_error',
        label: 'TypeError: preis ist undefined',
        path: '/laden',
      });
      expect((first!.payload as { stack: string }).stack).toHaveLength(5000);
      expect(second).toMatchObject({ label: 'ReferenceError: warenkorb', path: '/warenkorb' });
      const tooMany = await post(app, '/api/events/RecordJavascriptErrors', {
        host: shop.host,
        cookies: { crumb: CRUMB },
        headers: { 'x-csrf-token': CRUMB },
        body: Array.from({ length: 21 }, () => ({ message: 'x' })),
      });
      expect(tooMany.statusCode).toBe(400);
    });

    it('R7.6.9 R7.6.10 accepts the performance batch by beacon (text/plain) and by XHR (JSON), ignoring unknown measurements', async () => {
      const before = await count(shop);
      const beacon = await post(app, '/api/1/performance/records', {
        host: shop.host,
        contentType: 'text/plain;charset=UTF-8',
        body: JSON.stringify({
          pagePath: '/laden/tasse',
          websiteId: shop.id,
          records: [
            { name: 'LCP', value: 2300 },
            { name: 'CLS', value: 0.08 },
            { name: 'TTFB', value: 120 },
            { name: 'INP', value: -5 },
          ],
        }),
      });
      expect(beacon.statusCode).toBe(202);
      expect(beacon.json()).toEqual({ accepted: 2, ignored: 2 });
      const xhr = await post(app, '/api/1/performance/records', {
        host: shop.host,
        body: [
          { metric: 'interactionToNextPaintMs', value: 180, path: '/', target: `div>${'span>'.repeat(100)}` },
        ],
      });
      expect(xhr.statusCode).toBe(202);
      const stored = await newEvents(shop, before, 3);
      expect(stored.map((e) => [e.label, e.value, e.path])).toEqual([
        ['largestContentfulPaintMs', 2300, '/laden/tasse'],
        ['cumulativeLayoutShift', 0.08, '/laden/tasse'],
        ['interactionToNextPaintMs', 180, '/'],
      ]);
      // R9.8.9: element paths are cut at 200 characters.
      expect((stored[2]!.payload as { target: string }).target).toHaveLength(200);
    });
  });

  describe('tenancy and limits', () => {
    it('refuses every payload that names another website, and writes to neither site', async () => {
      const [beforeShop, beforeOther] = [await count(shop), await count(other)];
      const foreign = other.id;
      const calls: [string, Parameters<typeof post>[2]][] = [
        [
          '/api/census/RecordHit',
          { host: shop.host, form: true, body: { data: JSON.stringify({ websiteId: foreign }) } },
        ],
        ['/api/census/button-click', { host: shop.host, body: { websiteId: foreign } }],
        ['/api/census/form-render', { host: shop.host, body: { websiteId: foreign, formId: 'f' } }],
        ['/api/census/overlay', { host: shop.host, body: { websiteId: foreign } }],
        [
          '/api/events/RecordEvent',
          {
            host: shop.host,
            form: true,
            cookies: { crumb: CRUMB },
            body: { crumb: CRUMB, event: 'x', data: JSON.stringify({ websiteId: foreign }) },
          },
        ],
        [
          '/api/v1/clanker/events',
          {
            host: shop.host,
            body: {
              eventSchemaName: 'page_view',
              eventContent: JSON.stringify({ context_website_id: foreign }),
            },
          },
        ],
        [
          '/api/v1/clanker/events',
          {
            host: shop.host,
            body: {
              eventSchemaName: 'commerce_view_cart',
              eventContent: JSON.stringify({ website_id: foreign }),
            },
          },
        ],
        [
          '/api/events/RecordJavascriptErrors',
          {
            host: shop.host,
            cookies: { crumb: CRUMB },
            headers: { 'x-csrf-token': CRUMB },
            body: [{ message: 'x', websiteId: foreign }],
          },
        ],
        [
          '/api/1/performance/records',
          { host: shop.host, body: { websiteId: foreign, records: [{ name: 'LCP', value: 1 }] } },
        ],
      ];
      for (const [url, call] of calls) {
        const res = await post(app, url, call);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.message).toBe(analyticsMessages.wrongWebsite);
      }
      await afterFlush();
      expect([await count(shop), await count(other)]).toEqual([beforeShop, beforeOther]);
    });

    it('files an event under the website of the host it was sent to', async () => {
      const before = await count(other);
      await post(app, '/api/census/RecordHit', {
        host: other.host,
        body: { data: { pagePath: '/nachbar' } },
      });
      const [hit] = await newEvents(other, before, 1);
      expect(hit).toMatchObject({ websiteId: other.id, path: '/nachbar' });
      const unknownHost = await post(app, '/api/census/RecordHit', {
        host: 'niemand.test',
        body: { data: {} },
      });
      expect(unknownHost.statusCode).toBe(404);
    });

    it('R8.1.14 limits tracking calls per IP address with a German 429', async () => {
      const limited = await buildApp({ storage, logLevel: 'silent', shared: sharedWithAnalyticsLimit(3) });
      try {
        const hit = () => post(limited, '/api/census/RecordQuickView/tasse1', { host: shop.host });
        const codes = [];
        for (let i = 0; i < 5; i++) codes.push((await hit()).statusCode);
        expect(codes).toEqual([202, 202, 202, 429, 429]);
        const res = await hit();
        expect(res.json().error.message).toBe(SESSION_MESSAGES.tooManyRequests);
      } finally {
        await limited.close();
      }
    });

    it('refuses an oversized body with a German 413', async () => {
      const res = await post(app, '/api/census/RecordHit', {
        host: shop.host,
        form: true,
        body: { data: JSON.stringify({ pageTitle: 'x'.repeat(40_000) }) },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe('Die Anfrage ist zu groß.');
    });

    it('writes events still waiting in the queue when the server closes', async () => {
      const closing = await buildApp({ storage, logLevel: 'silent', shared: sharedWithAnalyticsLimit(1e9) });
      const before = await count(shop);
      for (let i = 0; i < 3; i++)
        expect(
          (await post(closing, '/api/census/RecordQuickView/tasse1', { host: shop.host })).statusCode,
        ).toBe(202);
      await closing.close();
      expect(await count(shop)).toBe(before + 3);
    });
  });

  describe('census switch', () => {
    it('R6.2.8 records no census hit while the global switch is off, other calls still count', async () => {
      const bare = Fastify();
      await bare.register(cookie);
      await bare.register(formbody);
      const website = (await storage.websites.findByHostname(shop.host))!;
      bare.decorateRequest('website', undefined);
      bare.addHook('onRequest', async (request) => {
        request.website = website;
      });
      registerAnalyticsRoutes(bare, { storage, censusEnabled: false, rollupEveryMs: 0, retentionEveryMs: 0 });
      try {
        const before = await count(shop);
        const hit = await post(bare, '/api/census/RecordHit', {
          host: shop.host,
          body: { data: { pagePath: '/' } },
        });
        expect(hit.json()).toEqual({ accepted: 0 });
        await post(bare, '/api/census/RecordQuickView/tasse1', { host: shop.host });
        await bare.close();
        const stored = await newEvents(shop, before, 1);
        expect(stored.map((e) => e.kind)).toEqual(['quick_view']);
      } finally {
        await bare.close();
      }
    });
  });
});
