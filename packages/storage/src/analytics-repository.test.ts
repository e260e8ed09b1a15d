import { describe, expect, it } from 'vitest';
import { AnalyticsKind, FunnelStep, type NewAnalyticsEvent, quantiseVital } from './analytics-repository.js';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

const DAY1 = '2024-03-01';
const DAY2 = '2024-03-02';
const T1 = Date.parse('2024-03-01T10:00:00Z');
const T2 = Date.parse('2024-03-02T10:00:00Z');

/** A known week-end of a small shop: two visitors, three visits, one purchase, vitals and errors. */
function knownEvents(websiteId: string): NewAnalyticsEvent[] {
  const view = (
    day: string,
    at: number,
    visitorId: string,
    sessionId: string,
    path: string,
    extra: Partial<NewAnalyticsEvent> = {},
  ): NewAnalyticsEvent => ({
    websiteId,
    day,
    occurredAt: at,
    kind: AnalyticsKind.pageView,
    visitorId,
    sessionId,
    path,
    ...extra,
  });
  return [
    // Day 1: Anna, visit 1: lands from a search engine on a product, adds it, checks out, buys.
    view(DAY1, T1, 'anna', 'anna.1', '/shop/tasse', {
      referrer: 'www.google.de',
      itemId: 'tasse',
      funnelSteps: FunnelStep.productView,
    }),
    {
      websiteId,
      day: DAY1,
      occurredAt: T1 + 1,
      kind: 'tracker_event',
      sessionId: 'anna.1',
      funnelSteps: FunnelStep.addToCart,
    },
    view(DAY1, T1 + 2, 'anna', 'anna.1', '/checkout', { funnelSteps: FunnelStep.checkout }),
    {
      websiteId,
      day: DAY1,
      occurredAt: T1 + 3,
      kind: AnalyticsKind.purchase,
      sessionId: 'anna.1',
      itemId: 'order-1',
      label: 'EUR',
      value: 2599,
      funnelSteps: FunnelStep.purchase,
    },
    // The confirmation page reloaded: the same order again must not count twice.
    {
      websiteId,
      day: DAY1,
      occurredAt: T1 + 4,
      kind: AnalyticsKind.purchase,
      sessionId: 'anna.1',
      itemId: 'order-1',
      label: 'EUR',
      value: 2599,
      funnelSteps: FunnelStep.purchase,
    },
    // Day 1: Ben looks at the same product twice and leaves.
    view(DAY1, T1 + 5, 'ben', 'ben.1', '/shop/tasse', {
      referrer: 'instagram.com',
      funnelSteps: FunnelStep.productView,
    }),
    view(DAY1, T1 + 6, 'ben', 'ben.1', '/shop/tasse', { funnelSteps: FunnelStep.productView }),
    // Day 2: Anna comes back (visit 2), reads the home page.
    view(DAY2, T2, 'anna', 'anna.2', '/', { referrer: 'www.google.de' }),
    // Web vitals of the product page: LCP 1200, 2600, 3000, 4100 ms -> p75 (nearest rank 3 of 4) = 3000.
    ...[1200, 2600, 3000, 4100].map((value, i) => ({
      websiteId,
      day: i < 2 ? DAY1 : DAY2,
      occurredAt: T1 + 10 + i,
      kind: AnalyticsKind.webVital,
      path: '/shop/tasse',
      label: 'largestContentfulPaintMs',
      value,
    })),
    {
      websiteId,
      day: DAY1,
      occurredAt: T1 + 20,
      kind: AnalyticsKind.webVital,
      path: '/',
      label: 'cumulativeLayoutShift',
      value: 0.1,
    },
    {
      websiteId,
      day: DAY2,
      occurredAt: T2 + 20,
      kind: AnalyticsKind.jsError,
      path: '/',
      label: 'TypeError: x is undefined',
      payload: { stack: 'at y' },
    },
    {
      websiteId,
      day: DAY2,
      occurredAt: T2 + 21,
      kind: AnalyticsKind.jsError,
      path: '/',
      label: 'TypeError: x is undefined',
    },
    {
      websiteId,
      day: DAY2,
      occurredAt: T2 + 22,
      kind: AnalyticsKind.jsError,
      path: '/shop',
      label: 'ReferenceError: z',
    },
  ];
}

withTestDatabases((db) => {
  async function shop(): Promise<{ storage: Storage; websiteId: string; otherId: string }> {
    const storage = await db.open();
    await storage.migrate();
    const website = await storage.websites.create({
      title: 'Laden',
      hostnames: [`laden-${Math.random()}.test`],
    });
    const other = await storage.websites.create({
      title: 'Andere',
      hostnames: [`andere-${Math.random()}.test`],
    });
    return { storage, websiteId: website.id, otherId: other.id };
  }
  const range = { from: DAY1, to: DAY2 };

  describe('analytics rollups', () => {
    it('R1.5.1 rolls a known event set up into the right visits, visitors, pages, referrers, funnel and revenue', async () => {
      const { storage, websiteId, otherId } = await shop();
      await storage.analytics.appendEvents(knownEvents(websiteId));
      // Another shop's traffic on the same days must not show up.
      await storage.analytics.appendEvents(knownEvents(otherId).slice(0, 3));
      const rolled = await storage.analytics.rollup();
      expect(rolled.events).toBe(knownEvents(websiteId).length + 3);

      const summary = await storage.analytics.summary(websiteId, range);
      expect(summary.days).toEqual([
        { day: DAY1, visits: 2, uniqueVisitors: 2, pageViews: 4 },
        { day: DAY2, visits: 1, uniqueVisitors: 1, pageViews: 1 },
      ]);
      expect(summary.totals).toEqual({ visits: 3, uniqueVisitors: 2, pageViews: 5 });
      expect(summary.topPages).toEqual([
        { path: '/shop/tasse', pageViews: 3 },
        { path: '/', pageViews: 1 },
        { path: '/checkout', pageViews: 1 },
      ]);
      expect(summary.topReferrers).toEqual([
        { host: 'www.google.de', pageViews: 2 },
        { host: 'instagram.com', pageViews: 1 },
      ]);

      const funnel = await storage.analytics.funnel(websiteId, range);
      expect(funnel.sessions).toEqual({ productView: 2, addToCart: 1, checkout: 1, purchase: 1 });
      expect(funnel.revenue).toEqual([{ currency: 'EUR', orders: 1, amountMinor: 2599 }]);

      const vitals = await storage.analytics.webVitals(websiteId, range);
      expect(vitals).toEqual([
        { path: '/shop/tasse', metric: 'largestContentfulPaintMs', samples: 4, p75: 3000 },
        { path: '/', metric: 'cumulativeLayoutShift', samples: 1, p75: 0.1 },
      ]);
      // One day alone: its own p75 (2 samples -> nearest rank 2 = 2600).
      expect(await storage.analytics.webVitals(websiteId, { from: DAY1, to: DAY1 })).toContainEqual({
        path: '/shop/tasse',
        metric: 'largestContentfulPaintMs',
        samples: 2,
        p75: 2600,
      });

      const errors = await storage.analytics.errors(websiteId, range);
      expect(errors.days).toEqual([
        { day: DAY1, errors: 0 },
        { day: DAY2, errors: 3 },
      ]);
      expect(errors.topMessages).toEqual([
        { key: 'TypeError: x is undefined', count: 2 },
        { key: 'ReferenceError: z', count: 1 },
      ]);
      expect(errors.latest[0]).toMatchObject({ message: 'ReferenceError: z', path: '/shop' });

      const otherSummary = await storage.analytics.summary(otherId, range);
      expect(otherSummary.totals).toEqual({ visits: 1, uniqueVisitors: 1, pageViews: 2 });
    });

    it('folds each event in once: a second rollup adds nothing, later events add on top', async () => {
      const { storage, websiteId } = await shop();
      const events = knownEvents(websiteId);
      await storage.analytics.appendEvents(events.slice(0, 7));
      await storage.analytics.rollup({ batchSize: 3 });
      expect((await storage.analytics.rollup()).events).toBe(0);
      await storage.analytics.appendEvents(events.slice(7));
      expect((await storage.analytics.rollup({ batchSize: 4 })).events).toBe(events.length - 7);
      const summary = await storage.analytics.summary(websiteId, range);
      expect(summary.totals).toEqual({ visits: 3, uniqueVisitors: 2, pageViews: 5 });
      expect((await storage.analytics.webVitals(websiteId, range))[0]?.p75).toBe(3000);
    });

    it('counts every event once when rollups run at the same time', async () => {
      const { storage, websiteId } = await shop();
      const views = Array.from({ length: 300 }, (_, i) => ({
        websiteId,
        day: DAY1,
        occurredAt: T1 + i,
        kind: AnalyticsKind.pageView,
        visitorId: `v${i % 30}`,
        sessionId: `v${i % 30}.1`,
        path: `/seite-${i % 7}`,
      }));
      await storage.analytics.appendEvents(views);
      const results = await Promise.all([
        storage.analytics.rollup({ batchSize: 50 }),
        storage.analytics.rollup({ batchSize: 50 }),
        storage.analytics.rollup({ batchSize: 50 }),
      ]);
      expect(results.reduce((sum, r) => sum + r.events, 0)).toBe(300);
      const summary = await storage.analytics.summary(websiteId, { from: DAY1, to: DAY1 });
      expect(summary.totals).toEqual({ visits: 30, uniqueVisitors: 30, pageViews: 300 });
    });

    it('rolls up one website on its own, leaving the others for the next full rollup', async () => {
      const { storage, websiteId, otherId } = await shop();
      await storage.analytics.appendEvents(knownEvents(websiteId));
      await storage.analytics.appendEvents(knownEvents(otherId));
      expect((await storage.analytics.rollup({ websiteId })).events).toBe(knownEvents(websiteId).length);
      expect((await storage.analytics.summary(websiteId, range)).totals.pageViews).toBe(5);
      expect((await storage.analytics.summary(otherId, range)).totals.pageViews).toBe(0);
      const rest = await storage.analytics.rollup();
      expect(rest.events).toBe(knownEvents(otherId).length);
      expect((await storage.analytics.summary(otherId, range)).totals.pageViews).toBe(5);
      expect((await storage.analytics.summary(websiteId, range)).totals.pageViews).toBe(5);
      expect((await storage.analytics.rollup()).events).toBe(0);
    });

    it('answers a range without data with zero days, not an error', async () => {
      const { storage, websiteId } = await shop();
      const summary = await storage.analytics.summary(websiteId, { from: '2024-02-28', to: '2024-03-01' });
      expect(summary.days.map((d) => d.day)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
      expect(summary.totals).toEqual({ visits: 0, uniqueVisitors: 0, pageViews: 0 });
      expect(await storage.analytics.funnel(websiteId, range)).toEqual({
        sessions: { productView: 0, addToCart: 0, checkout: 0, purchase: 0 },
        revenue: [],
      });
    });
  });

  describe('analytics retention', () => {
    it('deletes raw events older than the cutoff once rolled up, and keeps the rollups', async () => {
      const { storage, websiteId } = await shop();
      await storage.analytics.appendEvents(knownEvents(websiteId));
      await storage.analytics.rollup();
      const late = {
        websiteId,
        day: DAY2,
        occurredAt: T1 - 1,
        kind: AnalyticsKind.pageView,
        path: '/spaet',
        visitorId: 'c',
        sessionId: 'c.1',
      };
      // Not rolled up yet: old, but must survive until it is counted.
      await storage.analytics.appendEvents([late]);
      const before = await storage.analytics.summary(websiteId, range);

      const deleted = await storage.analytics.deleteEventsBefore(T2);
      const day1Events = knownEvents(websiteId).filter((e) => e.occurredAt < T2).length;
      expect(deleted).toBe(day1Events);
      const left = await storage.analytics.listEvents(websiteId, { limit: 1000 });
      expect(left.every((e) => e.occurredAt >= T2 || e.path === '/spaet')).toBe(true);
      expect(left.some((e) => e.path === '/spaet')).toBe(true);
      expect(await storage.analytics.summary(websiteId, range)).toEqual(before);

      await storage.analytics.rollup();
      expect(await storage.analytics.deleteEventsBefore(T2)).toBe(1);
      expect((await storage.analytics.summary(websiteId, range)).totals.pageViews).toBe(
        before.totals.pageViews + 1,
      );
    });
  });
});

describe('web-vital quantisation', () => {
  it('R9.8.11 R9.8.13 keeps the thresholds exact and bounds the error above 1000 steps', () => {
    expect(quantiseVital('firstContentfulPaintMs', 1800)).toBe(1800);
    expect(quantiseVital('firstContentfulPaintMs', 999.4)).toBe(999);
    expect(quantiseVital('firstContentfulPaintMs', 12_345)).toBe(12_300);
    expect(quantiseVital('cumulativeLayoutShift', 0.25)).toBe(250);
    expect(quantiseVital('cumulativeLayoutShift', -1)).toBe(0);
  });
});
