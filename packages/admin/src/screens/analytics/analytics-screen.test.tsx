// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeOf } from '../../routing/routes.js';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import type { ErrorSummary, Funnel, TrafficSummary, WebVitals } from './analytics-api.js';
import { AnalyticsScreen, presetRange } from './analytics-screen.js';
import { niceScale } from './charts.js';

beforeEach(() => {
  setCookie('crumb', 'crumb-1');
  history.replaceState(null, '', '/config/sites/site-1/analytics');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const range = { from: '2025-05-01', to: '2025-05-03' };
const summary: TrafficSummary = {
  range,
  days: [
    { day: '2025-05-01', visits: 3, uniqueVisitors: 2, pageViews: 7 },
    { day: '2025-05-02', visits: 0, uniqueVisitors: 0, pageViews: 0 },
    { day: '2025-05-03', visits: 5, uniqueVisitors: 4, pageViews: 11 },
  ],
  totals: { visits: 8, uniqueVisitors: 5, pageViews: 18 },
  topPages: [
    { path: '/laden', pageViews: 10 },
    { path: '/laden/p/tasse', pageViews: 8 },
  ],
  topReferrers: [{ host: 'www.google.de', pageViews: 4 }],
};
const funnel: Funnel = {
  range,
  steps: [
    { step: 'productView', label: 'Produktansichten', sessions: 10, conversionFromPrevious: null },
    { step: 'addToCart', label: 'In den Warenkorb gelegt', sessions: 4, conversionFromPrevious: 0.4 },
    { step: 'checkout', label: 'Kasse aufgerufen', sessions: 2, conversionFromPrevious: 0.5 },
    { step: 'purchase', label: 'Gekauft', sessions: 1, conversionFromPrevious: 0.5 },
  ],
  conversionRate: 0.1,
  revenue: [{ currency: 'EUR', orders: 1, amountMinor: 4490 }],
};
const thresholds: WebVitals['thresholds'] = {
  firstContentfulPaintMs: { good: 1800, poor: 3000 },
  largestContentfulPaintMs: { good: 2500, poor: 4000 },
  cumulativeLayoutShift: { good: 0.1, poor: 0.25 },
  firstInputDelayMs: { good: 100, poor: 300 },
  interactionToNextPaintMs: { good: 200, poor: 500 },
};
const vitals: WebVitals = {
  range,
  thresholds,
  pages: [
    {
      path: '/laden/p/tasse',
      samples: 12,
      metrics: {
        largestContentfulPaintMs: { p75: 3100, samples: 6, rating: 'needs-improvement' },
        cumulativeLayoutShift: { p75: 0.02, samples: 6, rating: 'good' },
      },
    },
  ],
};
const errors: ErrorSummary = {
  range,
  total: 3,
  days: summary.days.map((d) => ({ day: d.day, errors: d.day === '2025-05-03' ? 3 : 0 })),
  topMessages: [{ message: 'TypeError: x is undefined', count: 3 }],
  latest: [],
};

const base = '/sites/site-1/analytics';
const api = () =>
  fakeApi({
    [`GET ${base}/summary`]: { body: summary },
    [`GET ${base}/funnel`]: { body: funnel },
    [`GET ${base}/web-vitals`]: { body: vitals },
    [`GET ${base}/errors`]: { body: errors },
  });

const chart = (name: RegExp | string) => screen.getByRole('img', { name });

describe('analytics dashboards', () => {
  it('R1.5.1 shows traffic, referrers, funnel, web vitals and errors as charts, each described in words', async () => {
    api();
    renderInSite(<AnalyticsScreen />, testSite({ roles: [3], roleNames: ['Berichte'] }));
    await screen.findByRole('heading', { name: 'Verkaufstrichter' });
    await screen.findByRole('heading', { name: 'JavaScript-Fehler' });
    await screen.findByRole('heading', { name: 'Ladezeiten (Web Vitals)' });

    const traffic = chart(/Besuche, Besucher und Seitenaufrufe vom 01\.05\.2025 bis 03\.05\.2025/);
    expect(traffic.tagName.toLowerCase()).toBe('svg');
    expect(traffic.querySelectorAll('polyline')).toHaveLength(3);
    expect(traffic.querySelector('desc')?.textContent).toContain(
      'Besuche: 8 insgesamt, höchstens 5 an einem Tag',
    );
    expect(screen.getByText('18').nextElementSibling?.textContent).toBe('Seitenaufrufe');

    expect(chart(/Meistbesuchte Seiten/).querySelector('desc')?.textContent).toBe(
      '/laden: 10; /laden/p/tasse: 8',
    );
    expect(chart(/Herkunft der Besucher/).querySelectorAll('rect')).toHaveLength(1);

    const funnelChart = chart(/Sitzungen je Schritt/);
    expect(funnelChart.querySelectorAll('rect:not(.chart__track)')).toHaveLength(4);
    expect(funnelChart.querySelector('desc')?.textContent).toContain(
      'In den Warenkorb gelegt: 4 Sitzungen, 40 % vom vorigen Schritt',
    );
    expect(screen.getByText('10 %').nextElementSibling?.textContent).toBe(
      'Konversionsrate (Kauf je Produktansicht)',
    );
    expect(screen.getByText('Umsatz aus 1 Bestellung').previousElementSibling?.textContent).toMatch(
      /44,90\s€/,
    );

    expect(chart(/JavaScript-Fehler je Tag/)).toBeTruthy();
    expect(chart(/Häufigste Fehlermeldungen/).querySelector('desc')?.textContent).toBe(
      'TypeError: x is undefined: 3',
    );
  });

  it('R9.8.12 R9.8.13 web vitals show the p75 on the good / needs-improvement / poor bands of spec 9', async () => {
    api();
    renderInSite(<AnalyticsScreen />);
    const vitalsChart = await screen.findByRole('img', { name: /Web Vitals \(p75\) für \/laden\/p\/tasse/ });
    expect(vitalsChart.querySelector('desc')?.textContent).toBe(
      'LCP 3,10 s (verbesserungswürdig); CLS 0,02 (gut)',
    );
    // Each metric its three bands, with the p75 marker inside the middle one for 3.1 s LCP.
    const lcp = vitalsChart.querySelectorAll('.chart__vital')[0]!;
    const band = (rating: string) => lcp.querySelector(`.band--${rating}`)!;
    const start = (el: Element) => Number(el.getAttribute('x'));
    const end = (el: Element) => start(el) + Number(el.getAttribute('width'));
    const markerX = Number(lcp.querySelector('.marker')!.getAttribute('d')!.split(' ')[1]);
    expect(markerX).toBeGreaterThan(start(band('needs-improvement')));
    expect(markerX).toBeLessThan(end(band('needs-improvement')));
    // 2500 ms and 4000 ms on a scale that ends at 5000 ms: the bands split the track at 1/2 and 4/5.
    const track = end(band('poor')) - start(band('good'));
    expect((end(band('good')) - start(band('good'))) / track).toBeCloseTo(0.5);
    expect((end(band('needs-improvement')) - start(band('good'))) / track).toBeCloseTo(0.8);
    expect(
      within(vitalsChart as unknown as HTMLElement).getByText('3,10 s · verbesserungswürdig'),
    ).toBeTruthy();
  });

  it('R1.5.1 a chosen range goes into the address and to every call', async () => {
    const { sent } = api();
    renderInSite(<AnalyticsScreen />);
    await screen.findByRole('heading', { name: 'Verkaufstrichter' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Letzte 7 Tage' }));
    const expected = presetRange(7, 'Europe/Berlin');
    expect(location.search).toBe(`?von=${expected.from}&bis=${expected.to}`);
    await waitFor(() =>
      expect(sent.filter((r) => r.path.includes(`from=${expected.from}&to=${expected.to}`))).toHaveLength(4),
    );
  });

  it('shows the server’s German refusal of a bad range once', async () => {
    fakeApi({
      [`GET ${base}/summary`]: {
        status: 400,
        body: { error: { type: 'INVALID_RANGE', message: 'Bitte gib den Zeitraum … an.' } },
      },
    });
    renderInSite(<AnalyticsScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Bitte gib den Zeitraum … an.');
    expect(screen.queryByRole('heading', { name: 'Verkaufstrichter' })).toBeNull();
  });

  it('is at /config/sites/:id/analytics, and /config/analytics opens it', () => {
    expect(routeOf('/config/sites/s1/analytics')).toEqual({
      name: 'site',
      siteId: 's1',
      section: 'analytics',
    });
    expect(routeOf('/config/analytics')).toEqual({ name: 'analytics' });
  });

  it('rounds chart axes to readable steps', () => {
    expect(niceScale(0)).toEqual({ top: 4, step: 1 });
    expect(niceScale(3)).toEqual({ top: 3, step: 1 });
    expect(niceScale(7)).toEqual({ top: 8, step: 2 });
    expect(niceScale(130)).toEqual({ top: 150, step: 50 });
  });
});
