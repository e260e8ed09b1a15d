// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { CART_CHANGED_EVENT } from '../islands/product/cart-request.js';
import {
  type AdPixelWindow,
  configuredAdPixels,
  createAdPixelDispatcher,
  loadsVendorScripts,
  trackAdPixelEvents,
} from './ad-pixels.js';
import { island, setPage } from './analytics-test-kit.js';
import { NEWSLETTER_SUBSCRIBED_EVENT, PURCHASE_COMPLETED_EVENT } from './page-events.js';
import { readPageFacts } from './page-facts.js';

const win = window as unknown as AdPixelWindow;
const IDS = { metaPixelId: '123456789012345', googleTagId: 'G-ABC123XYZ' };

/** The Meta commands queued so far, as plain arrays. */
const metaCommands = () => (win.fbq?.queue ?? []).map((args) => [...args]);
/** The gtag commands on the data layer, as plain arrays. */
const googleCommands = () => (win.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));

afterEach(() => {
  delete win.fbq;
  delete win._fbq;
  delete win.dataLayer;
  for (const script of document.querySelectorAll('script')) script.remove();
});

function track(path: string, html = '') {
  setPage({ path, pageType: html ? 50 : 2, html });
  const facts = readPageFacts(document, location);
  const dispatcher = createAdPixelDispatcher(IDS, win, { loadScripts: false });
  return trackAdPixelEvents(dispatcher, facts, window);
}

describe('ad pixel dispatcher', () => {
  it('R7.9.3 queues the pixel set-up for Meta and Google without loading any vendor script', () => {
    createAdPixelDispatcher(IDS, win, { loadScripts: false });
    expect(metaCommands()).toEqual([
      ['init', IDS.metaPixelId],
      ['track', 'PageView'],
    ]);
    expect(googleCommands()).toEqual([
      ['js', expect.any(Date)],
      ['config', IDS.googleTagId],
    ]);
    // gtag.js reads Arguments objects, not arrays.
    expect(Array.isArray(win.dataLayer?.[0])).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('R7.9.3 loads the vendor scripts when told to (production with consent)', () => {
    // A document of its own, so the test environment does not try to fetch them either.
    const doc = document.implementation.createHTMLDocument('Laden');
    const page = { document: doc } as unknown as AdPixelWindow;
    createAdPixelDispatcher(IDS, page, { loadScripts: true });
    const sources = [...doc.querySelectorAll('script')].map((s) => s.getAttribute('src'));
    expect(sources).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ',
    ]);
  });

  it('R7.9.3 only production pages on a public host load vendor scripts', () => {
    const facts = (environment: string | undefined) => ({
      ...readPageFacts(document, location),
      environment,
    });
    const at = (hostname: string) => ({ location: { hostname } }) as unknown as Window;
    expect(loadsVendorScripts(facts('prod'), at('laden.example.de'))).toBe(true);
    expect(loadsVendorScripts(facts('staging'), at('laden.example.de'))).toBe(false);
    expect(loadsVendorScripts(facts('prod'), at('demo.localhost'))).toBe(false);
    expect(loadsVendorScripts(facts('prod'), at('127.0.0.1'))).toBe(false);
  });

  it('R7.9.3 sends only to the pixels a site configured, and ignores ids that cannot be right', () => {
    expect(configuredAdPixels({ metaPixelId: '', googleTagId: '' })).toBeNull();
    expect(configuredAdPixels({ metaPixelId: 'abc', googleTagId: 'UA-12345' })).toBeNull();
    const onlyGoogle = configuredAdPixels({ googleTagId: 'AW-98765' });
    expect(onlyGoogle).toEqual({ metaPixelId: null, googleTagId: 'AW-98765' });
    createAdPixelDispatcher(onlyGoogle!, win, { loadScripts: false }).send({
      name: 'search',
      query: 'tasse',
    });
    expect(win.fbq).toBeUndefined();
    expect(googleCommands().at(-1)).toEqual(['event', 'search', { search_term: 'tasse' }]);
  });
});

describe('ad pixel events of a page', () => {
  it('R7.9.3 view product on a product page, then add to cart when the cart announces the change', () => {
    const stop = track('/laden/p/tasse', island('product-purchase', { itemId: 'tasse1' }));
    expect(metaCommands().at(-1)).toEqual([
      'track',
      'ViewContent',
      { content_ids: ['tasse1'], content_type: 'product' },
    ]);
    expect(googleCommands().at(-1)).toEqual(['event', 'view_item', { items: [{ item_id: 'tasse1' }] }]);
    window.dispatchEvent(
      new CustomEvent(CART_CHANGED_EVENT, {
        detail: {
          id: 'cart1',
          entries: [{ id: 'e1', itemId: 'tasse1', quantity: 2, chosenVariant: { sku: 'T-ROT' } }],
        },
      }),
    );
    expect(metaCommands().at(-1)).toEqual([
      'track',
      'AddToCart',
      { content_ids: ['tasse1'], content_type: 'product', contents: [{ id: 'tasse1', quantity: 1 }] },
    ]);
    expect(googleCommands().at(-1)).toEqual([
      'event',
      'add_to_cart',
      { items: [{ item_id: 'tasse1', quantity: 1 }] },
    ]);
    stop();
    window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: { entries: [] } }));
    expect(metaCommands().filter((c) => c[1] === 'AddToCart')).toHaveLength(1);
  });

  it('R7.9.3 search on /search?q=, newsletter subscribe and purchase as the page announces them', () => {
    const stop = track('/search?q=%20rote%20tasse%20');
    expect(metaCommands().at(-1)).toEqual(['track', 'Search', { search_string: 'rote tasse' }]);
    expect(googleCommands().at(-1)).toEqual(['event', 'search', { search_term: 'rote tasse' }]);
    window.dispatchEvent(new Event(NEWSLETTER_SUBSCRIBED_EVENT));
    expect(metaCommands().at(-1)).toEqual(['track', 'Lead', { content_name: 'newsletter' }]);
    expect(googleCommands().at(-1)).toEqual(['event', 'generate_lead', { lead_source: 'newsletter' }]);
    window.dispatchEvent(
      new CustomEvent(PURCHASE_COMPLETED_EVENT, {
        detail: { orderId: 'o-1', value: 44.9, currency: 'EUR', itemIds: ['tasse1'] },
      }),
    );
    expect(metaCommands().at(-1)).toEqual([
      'track',
      'Purchase',
      { value: 44.9, currency: 'EUR', content_ids: ['tasse1'], content_type: 'product' },
    ]);
    expect(googleCommands().at(-1)).toEqual([
      'event',
      'purchase',
      { transaction_id: 'o-1', value: 44.9, currency: 'EUR', items: [{ item_id: 'tasse1' }] },
    ]);
    stop();
  });

  it('R7.9.3 account created maps to the vendors’ registration events', () => {
    const dispatcher = createAdPixelDispatcher(IDS, win, { loadScripts: false });
    dispatcher.send({ name: 'account_created' });
    expect(metaCommands().at(-1)).toEqual(['track', 'CompleteRegistration', {}]);
    expect(googleCommands().at(-1)).toEqual(['event', 'sign_up', {}]);
  });
});
