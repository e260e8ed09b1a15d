// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdPixelWindow } from './ad-pixels.js';
import {
  clearCookies,
  fakeNetwork,
  fakePerformanceObserver,
  setCookie,
  setPage,
} from './analytics-test-kit.js';
import { announcedPurchase, purchaseOf, sendOncePerSession } from './announced-events.js';
import { PURCHASE_COMPLETED_EVENT } from './page-events.js';
import { grantConsent, startAnalytics, stopAnalytics } from './runtime.js';

const win = window as unknown as AdPixelWindow;
const PIXELS = { metaPixelId: '123456789012345', googleTagId: 'G-ABC123XYZ' };
const site = { website: { id: 'site-1', locale: 'de-DE', cookieSettings: {}, adPixels: PIXELS } };

const metaTracked = () =>
  (win.fbq?.queue ?? []).map((args) => [...args]).filter((command) => command[0] === 'track');
const googleEvents = () =>
  (win.dataLayer ?? [])
    .map((args) => Array.from(args as ArrayLike<unknown>))
    .filter((command) => command[0] === 'event');

/** The order confirmation as the theme renders it: the purchase in data-purchase. */
function confirmationPage(order: object) {
  const json = JSON.stringify(order).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  setPage({
    path: '/checkout/bestaetigt',
    pageType: 202,
    html: `<main id="inhalt"><section class="order-page" data-purchase="${json}"><h1>Bestellung bestätigt</h1></section></main>`,
  });
}

const ORDER = {
  orderId: 'o-77',
  orderNumber: '1042',
  value: 44.9,
  currency: 'EUR',
  itemIds: ['tasse1', 'shirt1'],
};

/** A new page load: the vendors' queues and the runtime start from scratch, the tab session stays. */
async function reload() {
  stopAnalytics();
  delete win.fbq;
  delete win._fbq;
  delete win.dataLayer;
  await startAnalytics();
}

beforeEach(() => {
  fakePerformanceObserver();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  stopAnalytics();
  clearCookies();
  sessionStorage.clear();
  delete win.fbq;
  delete win._fbq;
  delete win.dataLayer;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('purchase on the order confirmation page', () => {
  it('R7.9.3 is sent only after consent, with the order number, value and currency, and once per order', async () => {
    fakeNetwork(site);
    confirmationPage(ORDER);
    await startAnalytics();
    expect(win.fbq).toBeUndefined();
    expect(win.dataLayer).toBeUndefined();

    await grantConsent();
    expect(metaTracked()).toEqual([
      ['track', 'PageView'],
      [
        'track',
        'Purchase',
        { value: 44.9, currency: 'EUR', content_ids: ['tasse1', 'shirt1'], content_type: 'product' },
      ],
    ]);
    expect(googleEvents()).toEqual([
      [
        'event',
        'purchase',
        {
          transaction_id: '1042',
          value: 44.9,
          currency: 'EUR',
          items: [{ item_id: 'tasse1' }, { item_id: 'shirt1' }],
        },
      ],
    ]);

    // A reload of the confirmation (consent is remembered now) does not count the purchase again.
    await reload();
    expect(metaTracked()).toEqual([['track', 'PageView']]);
    expect(googleEvents()).toEqual([]);

    // The next order in the same tab is a purchase of its own.
    confirmationPage({ ...ORDER, orderId: 'o-78', orderNumber: '1043' });
    await reload();
    expect(metaTracked().at(-1)?.[1]).toBe('Purchase');
    expect(googleEvents().at(-1)?.[2]).toMatchObject({ transaction_id: '1043' });
  });

  it('R7.9.3 a visitor who declined, or never chose, sends no purchase', async () => {
    fakeNetwork(site);
    setCookie('ss_performanceCookiesAllowed', 'false');
    confirmationPage(ORDER);
    await startAnalytics();
    expect(win.fbq).toBeUndefined();
    expect(win.dataLayer).toBeUndefined();
  });

  it('an island announcing the same order after the page did sends nothing more', async () => {
    fakeNetwork(site);
    setCookie('ss_performanceCookiesAllowed', 'true');
    confirmationPage(ORDER);
    await startAnalytics();
    window.dispatchEvent(new CustomEvent(PURCHASE_COMPLETED_EVENT, { detail: ORDER }));
    expect(metaTracked().filter((c) => c[1] === 'Purchase')).toHaveLength(1);
  });

  it('ignores a purchase that lacks an order, a currency or a sensible value', () => {
    expect(purchaseOf({ ...ORDER, orderId: '' })).toBeNull();
    expect(purchaseOf({ ...ORDER, currency: 'euro' })).toBeNull();
    expect(purchaseOf({ ...ORDER, value: '44.90' })).toBeNull();
    expect(purchaseOf({ ...ORDER, value: Number.NaN })).toBeNull();
    expect(purchaseOf({ ...ORDER, itemIds: ['a', 5] })?.itemIds).toEqual(['a']);
    setPage({ path: '/checkout/bestaetigt', html: '<section data-purchase="{kaputt"></section>' });
    expect(announcedPurchase(document)).toBeNull();
  });
});

describe('account created after sign-up', () => {
  it('R7.9.3 is sent once for the new account after consent, not again on a reload', async () => {
    fakeNetwork(site);
    setCookie('ss_performanceCookiesAllowed', 'true');
    setPage({
      path: '/account',
      html: '<main id="inhalt"><section class="account-page" data-account-created="kunde-1"></section></main>',
    });
    await startAnalytics();
    expect(metaTracked()).toEqual([
      ['track', 'PageView'],
      ['track', 'CompleteRegistration', {}],
    ]);
    expect(googleEvents()).toEqual([['event', 'sign_up', {}]]);
    await reload();
    expect(metaTracked()).toEqual([['track', 'PageView']]);
  });
});

describe('once per tab session', () => {
  it('sends when the browser refuses session storage', () => {
    const broken = {
      get sessionStorage(): Storage {
        throw new DOMException('verboten', 'SecurityError');
      },
    } as unknown as Window;
    const send = vi.fn();
    expect(sendOncePerSession(broken, 'purchase:o-1', send)).toBe(true);
    expect(send).toHaveBeenCalledOnce();
  });
});
