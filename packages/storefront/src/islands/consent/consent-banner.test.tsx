// @vitest-environment happy-dom
import { parseVisitCookie } from '@baukasten/commerce';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdPixelWindow } from '../../analytics/ad-pixels.js';
import {
  clearCookies,
  fakeNetwork,
  fakePerformanceObserver,
  setPage,
} from '../../analytics/analytics-test-kit.js';
import { startAnalytics, stopAnalytics } from '../../analytics/runtime.js';
import { readCookie } from '../../cookies.js';
import { ConsentBanner } from './consent-banner.js';
import { CONSENT_TEXTS } from './texts.js';

const HIT = '/api/census/RecordHit';
const TRACKER = '/api/v1/clanker/events';
const win = window as unknown as AdPixelWindow;
const cookie = (name: string) => readCookie(document.cookie, name);

const site = (
  cookieSettings: { isRestrictiveCookiePolicyEnabled?: boolean; isCookieBannerEnabled?: boolean },
  adPixels: unknown = null,
) => ({ website: { id: 'site-1', locale: 'de-DE', cookieSettings, adPixels } });

const banner = () => screen.queryByRole('region', { name: CONSENT_TEXTS.label });

beforeEach(() => {
  fakePerformanceObserver();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  stopAnalytics();
  cleanup();
  clearCookies();
  delete win.fbq;
  delete win._fbq;
  delete win.dataLayer;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const productPage = `<a class="skip-link" href="#inhalt">Zum Inhalt springen</a><main id="inhalt"><h1>Tasse</h1><div data-island="product-purchase" data-props="{&quot;itemId&quot;:&quot;tasse1&quot;}"></div></main>`;

describe('cookie banner', () => {
  it('R3.11.1 R3.26.3 with the banner on, nothing is set or sent until the visitor agrees; then the visit is counted', async () => {
    const net = fakeNetwork(site({ isCookieBannerEnabled: true }));
    setPage({ path: '/laden/p/tasse', pageType: 50, html: productPage });
    await startAnalytics();
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(net.to(HIT)).toHaveLength(0);
    expect(net.to(TRACKER)).toHaveLength(0);
    expect(cookie('ss_cvr')).toBeUndefined();
    expect(cookie('ss_performanceCookiesAllowed')).toBeUndefined();
    // Keyboard users meet it right after the skip link.
    expect(document.querySelector('.skip-link')?.nextElementSibling?.contains(banner())).toBe(true);

    const agree = screen.getByRole('button', { name: CONSENT_TEXTS.agree });
    agree.focus();
    fireEvent.click(agree);
    await waitFor(() => expect(net.to(HIT)).toHaveLength(1));
    expect(cookie('ss_performanceCookiesAllowed')).toBe('true');
    expect(parseVisitCookie(cookie('ss_cvr'))?.visitCount).toBe(1);
    await waitFor(() => expect(banner()).toBeNull());
    // The focus is not lost with the banner: it goes on to the main content.
    expect(document.activeElement).toBe(document.querySelector('main'));
  });

  it('R3.11.1 declining keeps everything off and the banner does not come back on the next page', async () => {
    const net = fakeNetwork(site({ isRestrictiveCookiePolicyEnabled: true }));
    setPage({ path: '/', html: productPage });
    await startAnalytics();
    await waitFor(() => expect(banner()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: CONSENT_TEXTS.decline }));
    await waitFor(() => expect(banner()).toBeNull());
    expect(cookie('ss_performanceCookiesAllowed')).toBe('false');
    expect(cookie('ss_cvr')).toBeUndefined();
    stopAnalytics();
    await startAnalytics();
    expect(banner()).toBeNull();
    expect(net.to(HIT)).toHaveLength(0);
  });

  it('R3.11.1 a site that asks for nothing shows no banner and counts the visit at once', async () => {
    const net = fakeNetwork(site({ isRestrictiveCookiePolicyEnabled: false, isCookieBannerEnabled: false }));
    setPage({ path: '/' });
    await startAnalytics();
    expect(net.to(HIT)).toHaveLength(1);
    expect(banner()).toBeNull();
  });

  it('R7.9.3 ad pixels wait for an explicit yes, even where statistics need no consent', async () => {
    const pixels = { metaPixelId: '123456789012345', googleTagId: 'G-ABC123XYZ' };
    fakeNetwork(site({}, pixels));
    setPage({ path: '/laden/p/tasse', pageType: 50, html: productPage });
    await startAnalytics();
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(banner()?.textContent).toContain('Werbe-Pixel von Meta und Google');
    expect(win.fbq).toBeUndefined();
    expect(win.dataLayer).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: CONSENT_TEXTS.agree }));
    await waitFor(() => expect(win.fbq?.queue.length).toBeGreaterThan(0));
    expect(win.fbq?.queue.map((args) => [...args])).toEqual([
      ['init', pixels.metaPixelId],
      ['track', 'PageView'],
      ['track', 'ViewContent', { content_ids: ['tasse1'], content_type: 'product' }],
    ]);
    expect((win.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)).at(-1)).toEqual([
      'event',
      'view_item',
      { items: [{ item_id: 'tasse1' }] },
    ]);
    // No vendor script on a test page: they load only in production on a public host.
    expect(document.querySelectorAll('script[src]')).toHaveLength(0);
  });

  it('is a labelled region with two equal, focusable buttons in German', () => {
    const onAgree = vi.fn();
    const onDecline = vi.fn();
    render(<ConsentBanner mentionsAdPixels={false} onAgree={onAgree} onDecline={onDecline} />);
    const region = screen.getByRole('region', { name: CONSENT_TEXTS.label });
    expect(region.textContent).toContain(CONSENT_TEXTS.statistics);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([CONSENT_TEXTS.agree, CONSENT_TEXTS.decline]);
    for (const button of buttons) expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(buttons[1]!);
    fireEvent.click(buttons[0]!);
    expect(onDecline).toHaveBeenCalledTimes(1);
    // One choice per banner: the second click does nothing.
    expect(onAgree).not.toHaveBeenCalled();
  });
});
