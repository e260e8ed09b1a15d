import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ownerAuthMessages } from '../owner-auth.js';
import { analyticsMessages } from './analytics-messages.js';
import {
  createSite,
  OWNER_TOKEN,
  post,
  sharedWithAnalyticsLimit,
  type TestSite,
  visitCookie,
} from './analytics-test-kit.js';
import { siteDay } from './event-context.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestSite;
  let other: TestSite;
  let today: string;

  const get = (site: TestSite, url: string, token: string | null = OWNER_TOKEN) =>
    app.inject({
      method: 'GET',
      url,
      headers: { host: site.host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  /** A day of a small shop, sent through the tracking calls like browsers would. */
  async function trafficOfToday() {
    const hit = (visitor: string, visit: number, data: Record<string, unknown>) =>
      post(app, '/api/census/RecordHit', {
        host: shop.host,
        form: true,
        body: { data: JSON.stringify(data), ss_cvr: visitCookie(visitor, visit) },
      });
    const product = { pagePath: '/laden/tasse', itemId: 'tasse1', recordType: 11, contentSource: 'i' };
    // Anna finds the mug through a search engine, buys it.
    await hit('anna', 1, { ...product, referrer: 'https://www.google.de/' });
    await post(app, '/api/v1/clanker/events', {
      host: shop.host,
      cookies: { ss_cvr: visitCookie('anna', 1) },
      body: {
        eventSchemaName: 'commerce_add_to_cart',
        eventContent: JSON.stringify({ item_ids: ['tasse1'], quantity: 1 }),
      },
    });
    await hit('anna', 1, { pagePath: '/checkout', referrer: `https://${shop.host}/cart` });
    const cart = await storage.carts.create(shop.id, 'EUR');
    const placed = await storage.orders.place(shop.id, {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: 'anna@example.de',
      data: {},
      items: [],
      stock: [],
      subtotalMinor: 4000,
      taxMinor: 0,
      shippingMinor: 490,
      discountMinor: 0,
      grandTotalMinor: 4490,
    });
    if (placed.outcome !== 'placed') throw new Error(placed.outcome);
    for (let i = 0; i < 2; i++)
      await post(app, '/api/v1/clanker/events', {
        host: shop.host,
        cookies: { ss_cvr: visitCookie('anna', 1) },
        body: { eventSchemaName: 'commerce_purchase', eventContent: JSON.stringify({ id: placed.order.id }) },
      });
    // Ben comes from Instagram, looks twice, leaves; comes back later (visit 2) to the home page.
    await hit('ben', 1, { ...product, referrer: 'https://instagram.com/p/x' });
    await hit('ben', 1, product);
    await hit('ben', 2, { pagePath: '/' });
    // Web vitals and errors.
    const vitals = (pagePath: string, records: { name: string; value: number }[]) =>
      post(app, '/api/1/performance/records', {
        host: shop.host,
        contentType: 'text/plain',
        body: JSON.stringify({ pagePath, records }),
      });
    await vitals('/laden/tasse', [
      { name: 'LCP', value: 1000 },
      { name: 'LCP', value: 2000 },
      { name: 'LCP', value: 3000 },
      { name: 'LCP', value: 3500 },
      { name: 'CLS', value: 0.05 },
      { name: 'FCP', value: 1800 },
    ]);
    await vitals('/', [
      { name: 'INP', value: 600 },
      { name: 'FID', value: 301 },
    ]);
    const crumb = 'dashboard-kruemel-012345';
    await post(app, '/api/events/RecordJavascriptErrors', {
      host: shop.host,
      cookies: { crumb },
      headers: { 'x-csrf-token': crumb },
      body: [
        { message: 'TypeError: a', pagePath: '/' },
        { message: 'TypeError: a', pagePath: '/laden' },
        { message: 'ReferenceError: b', pagePath: '/laden' },
      ],
    });
  }

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createSite(storage, 'dashboard.test');
    other = await createSite(storage, 'dashboard-nachbar.test');
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedWithAnalyticsLimit(1e9) });
    today = siteDay({ timeZone: 'Europe/Berlin' }, Date.now());
    await trafficOfToday();
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('owner guard', () => {
    it('answers 401 without and 403 with a wrong owner token, in German', async () => {
      for (const path of ['summary', 'funnel', 'web-vitals', 'errors']) {
        const anonymous = await get(shop, `/api/analytics/${path}`, null);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().error.message).toBe(ownerAuthMessages.required);
        const wrong = await get(shop, `/api/analytics/${path}`, 'falsch');
        expect(wrong.statusCode).toBe(403);
        expect(wrong.json().error.message).toBe(ownerAuthMessages.denied);
      }
    });
  });

  describe('dashboard', () => {
    it('R1.5.1 sums up visits, unique visitors and page views per day, with top pages and outside referrers', async () => {
      const res = await get(shop, '/api/analytics/summary');
      expect(res.statusCode).toBe(200);
      const summary = res.json();
      expect(summary.range.to).toBe(today);
      expect(summary.days).toHaveLength(30);
      expect(summary.days.at(-1)).toEqual({ day: today, visits: 3, uniqueVisitors: 2, pageViews: 5 });
      expect(summary.totals).toEqual({ visits: 3, uniqueVisitors: 2, pageViews: 5 });
      expect(summary.topPages).toEqual([
        { path: '/laden/tasse', pageViews: 3 },
        { path: '/', pageViews: 1 },
        { path: '/checkout', pageViews: 1 },
      ]);
      expect(summary.topReferrers).toEqual([
        { host: 'instagram.com', pageViews: 1 },
        { host: 'www.google.de', pageViews: 1 },
      ]);
    });

    it('R3.13.1 follows sessions from product view to purchase, with conversion and revenue counted once per order', async () => {
      const res = await get(shop, `/api/analytics/funnel?from=${today}&to=${today}`);
      expect(res.statusCode).toBe(200);
      const funnel = res.json();
      expect(funnel.steps).toEqual([
        { step: 'productView', label: 'Produktansichten', sessions: 2, conversionFromPrevious: null },
        { step: 'addToCart', label: 'In den Warenkorb gelegt', sessions: 1, conversionFromPrevious: 0.5 },
        { step: 'checkout', label: 'Kasse aufgerufen', sessions: 1, conversionFromPrevious: 1 },
        { step: 'purchase', label: 'Gekauft', sessions: 1, conversionFromPrevious: 1 },
      ]);
      expect(funnel.conversionRate).toBe(0.5);
      expect(funnel.revenue).toEqual([{ currency: 'EUR', orders: 1, amountMinor: 4490 }]);
    });

    it('R9.8.11 R9.8.12 R9.8.13 R9.8.14 R9.8.15 rates the p75 of each page and metric by the good/poor thresholds', async () => {
      const res = await get(shop, '/api/analytics/web-vitals');
      expect(res.statusCode).toBe(200);
      const vitals = res.json();
      expect(vitals.thresholds.largestContentfulPaintMs).toEqual({ good: 2500, poor: 4000 });
      const byPath = Object.fromEntries(
        vitals.pages.map((p: { path: string; metrics: unknown }) => [p.path, p.metrics]),
      );
      expect(byPath['/laden/tasse']).toEqual({
        largestContentfulPaintMs: { p75: 3000, samples: 4, rating: 'needs-improvement' },
        cumulativeLayoutShift: { p75: 0.05, samples: 1, rating: 'good' },
        firstContentfulPaintMs: { p75: 1800, samples: 1, rating: 'good' },
      });
      expect(byPath['/']).toEqual({
        interactionToNextPaintMs: { p75: 600, samples: 1, rating: 'poor' },
        firstInputDelayMs: { p75: 301, samples: 1, rating: 'poor' },
      });
      expect(vitals.pages[0].path).toBe('/laden/tasse');
    });

    it('R9.7.1 counts JavaScript errors per day and by message, newest reports first', async () => {
      const res = await get(shop, '/api/analytics/errors');
      expect(res.statusCode).toBe(200);
      const errors = res.json();
      expect(errors.total).toBe(3);
      expect(errors.days.at(-1)).toEqual({ day: today, errors: 3 });
      expect(errors.topMessages).toEqual([
        { message: 'TypeError: a', count: 2 },
        { message: 'ReferenceError: b', count: 1 },
      ]);
      expect(errors.latest.map((e: { message: string; path: string }) => [e.message, e.path])).toEqual([
        ['ReferenceError: b', '/laden'],
        ['TypeError: a', '/laden'],
        ['TypeError: a', '/'],
      ]);
    });

    it('shows the newest events at once: the dashboard writes the queue and rolls up before it answers', async () => {
      await post(app, '/api/census/RecordHit', {
        host: other.host,
        body: { data: { pagePath: '/neu' }, ss_cvr: visitCookie('gustav') },
      });
      const res = await get(other, '/api/analytics/summary');
      expect(res.json().totals).toEqual({ visits: 1, uniqueVisitors: 1, pageViews: 1 });
      // …and another website's dashboard shows none of the shop's numbers.
      expect(res.json().topPages).toEqual([{ path: '/neu', pageViews: 1 }]);
      expect((await get(other, '/api/analytics/funnel')).json().revenue).toEqual([]);
      expect((await get(other, '/api/analytics/errors')).json().total).toBe(0);
    });

    it('answers a range without traffic with zeros', async () => {
      const res = await get(shop, '/api/analytics/summary?from=2020-02-28&to=2020-03-01');
      expect(res.statusCode).toBe(200);
      expect(res.json().days).toEqual([
        { day: '2020-02-28', visits: 0, uniqueVisitors: 0, pageViews: 0 },
        { day: '2020-02-29', visits: 0, uniqueVisitors: 0, pageViews: 0 },
        { day: '2020-03-01', visits: 0, uniqueVisitors: 0, pageViews: 0 },
      ]);
    });

    it('refuses impossible dates, reversed and overlong ranges with a German 400', async () => {
      for (const query of [
        'from=2024-02-30',
        'to=heute',
        'from=2024-03-02&to=2024-03-01',
        'from=2023-01-01&to=2024-01-02',
        'from=2024-01-01&from=2024-01-02',
      ]) {
        const res = await get(shop, `/api/analytics/summary?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.message).toBe(analyticsMessages.rangeInvalid);
      }
    });
  });
});
