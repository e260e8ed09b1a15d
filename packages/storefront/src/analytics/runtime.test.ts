// @vitest-environment happy-dom
import { parseVisitCookie } from '@baukasten/commerce';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../cookies.js';
import {
  censusForm,
  clearCookies,
  fakeNetwork,
  fakePerformanceObserver,
  island,
  setCookie,
  setPage,
} from './analytics-test-kit.js';
import { declineConsent, grantConsent, startAnalytics, stopAnalytics } from './runtime.js';

const HIT = '/api/census/RecordHit';
const T0 = Date.UTC(2025, 4, 1, 10, 0, 0);
const restrictive = (on: boolean) => ({
  website: { id: 'site-1', locale: 'de-DE', cookieSettings: { isRestrictiveCookiePolicyEnabled: on } },
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  fakePerformanceObserver();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  stopAnalytics();
  clearCookies();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cookie = (name: string) => readCookie(document.cookie, name);

describe('census hit on page load', () => {
  it('R6.2.1 R7.6.1 R3.25.5 R3.25.6 a visitor who is not logged in is counted with the hit fields of spec 3', async () => {
    const net = fakeNetwork();
    setPage({
      path: '/laden/p/tasse?farbe=rot',
      pageType: 50,
      title: 'Tasse – Laden',
      html: island('product-purchase', { itemId: 'tasse1' }),
    });
    await startAnalytics();
    const [hit] = net.to(HIT);
    expect(hit.method).toBe('POST');
    const form = censusForm(hit);
    expect(form.event).toBe('view');
    expect(form.ss_cvr).toBe(cookie('ss_cvr'));
    expect(parseVisitCookie(form.ss_cvr)?.visitCount).toBe(1);
    expect(form.data).toMatchObject({
      visitorCookie: form.ss_cvr,
      pageTitle: 'Tasse – Laden',
      title: 'Tasse – Laden',
      contentSource: 'i',
      pagePath: '/laden/p/tasse',
      websiteId: 'site-1',
      website_locale: 'de-DE',
      clientDate: T0,
      url: 'http://localhost:3000/laden/p/tasse?farbe=rot',
      queryString: '?farbe=rot',
      itemId: 'tasse1',
      recordType: 11,
      collectionId: null,
      localStorageSupported: true,
      referrer: '',
    });
    for (const field of ['userAgent', 'viewportWidth', 'viewportHeight', 'screenWidth', 'screenHeight'])
      expect(form.data).toHaveProperty(field);
  });

  it('R3.25.6 a collection page is sent with contentSource c and no item', async () => {
    const net = fakeNetwork();
    setPage({ path: '/laden', pageType: 1 });
    await startAnalytics();
    expect(censusForm(net.to(HIT)[0]).data).toMatchObject({ contentSource: 'c', itemId: null });
  });

  it('R4.10.2 a page view after the session expired sends the raised visit count', async () => {
    const net = fakeNetwork();
    setPage({ path: '/' });
    await startAnalytics();
    stopAnalytics();
    vi.setSystemTime(T0 + 45 * 60_000);
    await startAnalytics();
    const counts = net.to(HIT).map((call) => parseVisitCookie(censusForm(call).ss_cvr)?.visitCount);
    expect(counts).toEqual([1, 2]);
  });

  it('R2.1.5 R6.2.8 sends no hit on /search, and none when the census is switched off', async () => {
    const net = fakeNetwork();
    setPage({ path: '/search', pageType: 102 });
    await startAnalytics();
    expect(net.to(HIT)).toHaveLength(0);
    stopAnalytics();
    setPage({ path: '/', htmlData: { census: 'off' } });
    await startAnalytics();
    expect(net.to(HIT)).toHaveLength(0);
    stopAnalytics();
    const off = fakeNetwork({ website: { id: 'site-1', censusEnabled: false } });
    setPage({ path: '/' });
    await startAnalytics();
    expect(off.to(HIT)).toHaveLength(0);
  });

  it('R6.2.5 R6.2.6 R6.2.7 sends no hit on not-found, lock-screen and access-denied pages', async () => {
    const net = fakeNetwork();
    for (const pageType of [100, 103, 106]) {
      setPage({ path: '/gibt-es-nicht', pageType });
      await startAnalytics();
      stopAnalytics();
    }
    expect(net.to(HIT)).toHaveLength(0);
    setPage({ path: '/gibt-es-nicht', pageType: 2 });
    await startAnalytics();
    expect(net.to(HIT)).toHaveLength(1);
  });

  it('R6.2.2 R6.2.3 R6.2.4 a logged-in account is counted only as a viewer outside config paths', async () => {
    const net = fakeNetwork();
    setCookie('authenticated', 'true');
    const visit = async (path: string, roles: string) => {
      setPage({ path, htmlData: { websiteRoles: roles } });
      await startAnalytics();
      stopAnalytics();
      return net.to(HIT).length;
    };
    expect(await visit('/', '10')).toBe(1);
    expect(await visit('/', '1,10')).toBe(1);
    expect(await visit('/config/seiten', '10')).toBe(1);
    expect(await visit('/laden', '10')).toBe(2);
  });

  it('R8.5.7 R7.6.8 a failing census call is swallowed', async () => {
    const errors: unknown[] = [];
    const onError = (event: PromiseRejectionEvent) => errors.push(event.reason);
    window.addEventListener('unhandledrejection', onError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === HIT) throw new TypeError('Failed to fetch');
        return new Response('{}', { status: 200 });
      }),
    );
    setPage({ path: '/' });
    await expect(startAnalytics()).resolves.toBeUndefined();
    await vi.runAllTimersAsync();
    window.removeEventListener('unhandledrejection', onError);
    expect(errors).toEqual([]);
    expect(parseVisitCookie(cookie('ss_cvr'))?.visitCount).toBe(1);
  });

  it('R9.8.4 R7.6.8 a census call that hangs is given up after 2500 ms', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        if (url !== HIT) return Promise.resolve(new Response('{}', { status: 200 }));
        signal = init.signal ?? undefined;
        return new Promise((_, reject) =>
          signal?.addEventListener('abort', () => reject(new Error('abort'))),
        );
      }),
    );
    setPage({ path: '/' });
    await startAnalytics();
    await vi.advanceTimersByTimeAsync(2499);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
  });
});

describe('cookie consent', () => {
  it('R3.11.1 with a restrictive cookie policy nothing is set or sent before consent, and grantConsent starts tracking', async () => {
    const net = fakeNetwork(restrictive(true));
    setPage({ path: '/' });
    await startAnalytics();
    expect(net.to(HIT)).toHaveLength(0);
    expect(net.to('/api/v1/clanker/events')).toHaveLength(0);
    expect(cookie('ss_cvr')).toBeUndefined();
    expect(cookie('ss_cvt')).toBeUndefined();
    expect(cookie('ss_cid')).toBeUndefined();
    await grantConsent();
    expect(cookie('ss_performanceCookiesAllowed')).toBe('true');
    expect(net.to(HIT)).toHaveLength(1);
    expect(parseVisitCookie(cookie('ss_cvr'))?.visitCount).toBe(1);
    // On the next page the stored consent is enough.
    stopAnalytics();
    await startAnalytics();
    expect(net.to(HIT)).toHaveLength(2);
  });

  it('R3.11.1 without the site context the page attribute data-cookie-consent="required" decides', async () => {
    const net = fakeNetwork(null);
    setPage({ path: '/', htmlData: { cookieConsent: 'required' } });
    await startAnalytics();
    expect(net.to(HIT)).toHaveLength(0);
    expect(cookie('ss_cvr')).toBeUndefined();
    stopAnalytics();
    setPage({ path: '/' });
    await startAnalytics();
    expect(net.to(HIT)).toHaveLength(1);
  });

  it('R3.26.3 a visitor who declined is not tracked and loses the visitor cookies', async () => {
    const net = fakeNetwork(restrictive(false));
    setPage({ path: '/' });
    await startAnalytics();
    expect(cookie('ss_cvr')).toBeDefined();
    declineConsent();
    expect(cookie('ss_performanceCookiesAllowed')).toBe('false');
    expect(cookie('ss_cvr')).toBeUndefined();
    stopAnalytics();
    await startAnalytics();
    expect(net.to(HIT)).toHaveLength(1);
  });
});
