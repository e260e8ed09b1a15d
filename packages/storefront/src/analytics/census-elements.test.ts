// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonBody, formRenderBody, overlayBody } from '../../../server/src/analytics/tracking-payloads.js';
import {
  censusForm,
  clearCookies,
  fakeNetwork,
  fakePerformanceObserver,
  island,
  setPage,
} from './analytics-test-kit.js';
import { BUTTON_CLICK_URL, BUTTON_RENDER_URL, FORM_RENDER_URL, OVERLAY_URL } from './census-elements.js';
import { announceOverlay } from './page-events.js';
import { startAnalytics, stopAnalytics } from './runtime.js';

const page = [
  '<main>',
  '<p class="block block--button"><a class="button" href="/shop">Zum Laden</a></p>',
  island('form-block', { form: { id: 'kontakt-form', fields: [] } }),
  '<p class="block block--button"><a class="button" href="https://example.org/"> Mehr <b>lesen</b></a></p>',
  '</main>',
].join('');

beforeEach(() => {
  vi.useFakeTimers();
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

const bodies = (net: ReturnType<typeof fakeNetwork>, url: string) =>
  net.to(url).map((call) => JSON.parse(call.body) as Record<string, unknown>);

describe('census calls about blocks', () => {
  it('R7.6.2 R7.6.3 R7.6.5 reports button and form blocks when shown and buttons when clicked, with the visitor cookie and page fields', async () => {
    const net = fakeNetwork();
    setPage({ path: '/ueber-uns', title: 'Über uns', html: page });
    await startAnalytics();

    const rendered = bodies(net, BUTTON_RENDER_URL);
    expect(rendered).toHaveLength(2);
    expect(rendered.map((b) => [b.buttonId, b.buttonText, b.buttonUrl])).toEqual([
      ['button-1', 'Zum Laden', '/shop'],
      ['button-2', 'Mehr lesen', 'https://example.org/'],
    ]);
    const [form] = bodies(net, FORM_RENDER_URL);
    expect(form).toMatchObject({ formId: 'kontakt-form', pagePath: '/ueber-uns', pageTitle: 'Über uns' });
    expect(bodies(net, BUTTON_CLICK_URL)).toHaveLength(0);

    document
      .querySelectorAll('.block--button b')[0]!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const [click] = bodies(net, BUTTON_CLICK_URL);
    expect(click).toMatchObject({ buttonId: 'button-2', buttonText: 'Mehr lesen', pagePath: '/ueber-uns' });

    // The same visit cookie as the page's census hit.
    const visitorCookie = censusForm(net.to('/api/census/RecordHit')[0]!).ss_cvr;
    expect(visitorCookie).toMatch(/\|1$/);
    for (const body of [...rendered, form, click]) {
      expect(body.visitorCookie).toBe(visitorCookie);
      expect(body.websiteId).toBe('site-1');
    }
    for (const call of [
      ...net.to(BUTTON_RENDER_URL),
      ...net.to(BUTTON_CLICK_URL),
      ...net.to(FORM_RENDER_URL),
    ])
      expect(call.headers['content-type']).toBe('application/json');
    // What the browser sends is what the server takes.
    for (const body of [...rendered, click]) expect(buttonBody.safeParse(body).success).toBe(true);
    expect(formRenderBody.safeParse(form).success).toBe(true);
  });

  it('R7.6.6 reports an overlay an island opens and closes, with the overlay data, the visitor cookie and page fields', async () => {
    const net = fakeNetwork();
    setPage({ path: '/shop', pageType: 1 });
    await startAnalytics();
    announceOverlay({
      overlayType: 'quick-view',
      action: 'open',
      overlayId: 'tasse1',
      overlayData: { position: 2 },
    });
    announceOverlay({ overlayType: 'quick-view', action: 'close', overlayId: 'tasse1' });
    const sent = bodies(net, OVERLAY_URL);
    expect(sent.map((b) => [b.overlayType, b.action, b.overlayId])).toEqual([
      ['quick-view', 'open', 'tasse1'],
      ['quick-view', 'close', 'tasse1'],
    ]);
    expect(sent[0]).toMatchObject({ overlayData: { position: 2 }, pagePath: '/shop', websiteId: 'site-1' });
    expect(sent[0]!.visitorCookie).toBe(censusForm(net.to('/api/census/RecordHit')[0]!).ss_cvr);
    for (const body of sent) expect(overlayBody.safeParse(body).success).toBe(true);

    stopAnalytics();
    announceOverlay({ overlayType: 'quick-view', action: 'open', overlayId: 'tasse1' });
    expect(bodies(net, OVERLAY_URL)).toHaveLength(2);
  });

  it('R7.6.4 R7.6.8 the button calls are given up after 2500 ms and a failure is ignored', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        if (url === '/api/context/config') return Promise.resolve(new Response('{}', { status: 200 }));
        if (url !== BUTTON_RENDER_URL && url !== BUTTON_CLICK_URL)
          return Promise.resolve(new Response('{}', { status: 202 }));
        const signal = init.signal!;
        signals.push(signal);
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('abort'))));
      }),
    );
    const failures: unknown[] = [];
    const onError = (event: PromiseRejectionEvent) => failures.push(event.reason);
    window.addEventListener('unhandledrejection', onError);
    setPage({ path: '/', html: page });
    await startAnalytics();
    document.querySelector('.block--button a')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(signals).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2499);
    expect(signals.some((signal) => signal.aborted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    await vi.runAllTimersAsync();
    window.removeEventListener('unhandledrejection', onError);
    expect(failures).toEqual([]);
  });

  it('R6.2.8 sends no block calls when the census is switched off', async () => {
    const net = fakeNetwork();
    setPage({ path: '/', html: page, htmlData: { census: 'off' } });
    await startAnalytics();
    document.querySelector('.block--button a')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(net.calls.filter((call) => call.url.startsWith('/api/census/'))).toEqual([]);
  });
});
