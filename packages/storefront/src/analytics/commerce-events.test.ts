// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackerSchemas, validateEventContent } from '../../../server/src/analytics/tracker-schemas.js';
import { CART_CHANGED_EVENT, CUSTOM_FORM_EVENT } from '../islands/product/cart-request.js';
import {
  clearCookies,
  type FakeNetwork,
  fakeNetwork,
  fakePerformanceObserver,
  island,
  type RecordedCall,
  setPage,
} from './analytics-test-kit.js';
import { addToCartEvent, type CommerceContext } from './commerce-events.js';
import { readPageFacts } from './page-facts.js';
import { startAnalytics, stopAnalytics } from './runtime.js';
import { resetTrackerWarnings } from './tracker-events.js';
import { documentCookies } from './visitor-cookies.js';

const EVENTS = '/api/v1/clanker/events';
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  fakePerformanceObserver();
  resetTrackerWarnings();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  stopAnalytics();
  clearCookies();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The tracker events sent, with their content parsed. */
function trackerEvents(net: FakeNetwork) {
  return net.to(EVENTS).map((call: RecordedCall) => {
    const body = JSON.parse(call.body) as { eventContent: string; eventSchemaName: string };
    expect(typeof body.eventContent).toBe('string');
    return {
      schema: body.eventSchemaName,
      content: JSON.parse(body.eventContent) as Record<string, unknown>,
    };
  });
}

/** The server's own schema accepts what the browser sends (its schemas are strict). */
function expectAccepted(event: { schema: string; content: Record<string, unknown> }) {
  const checked = validateEventContent(trackerSchemas[event.schema]!, JSON.stringify(event.content));
  expect(checked).toMatchObject({ ok: true });
}

const productForm = (itemId: string, sku: string, quantity: string) =>
  island(
    'product-purchase',
    { itemId },
    `<form><input type="hidden" name="itemId" value="${itemId}"><input type="hidden" name="sku" value="${sku}">` +
      `<input type="number" name="quantity" value="${quantity}"><button type="submit">In den Warenkorb</button></form>`,
  );

const cartWith = (...entries: [string, string, number][]) => ({
  id: 'warenkorb-9',
  totalQuantity: entries.reduce((sum, [, , q]) => sum + q, 0),
  entries: entries.map(([itemId, sku, quantity]) => ({
    id: `${itemId}-${sku}`,
    itemId,
    quantity,
    chosenVariant: { sku, attributes: {} },
  })),
});

const announceCart = (cart: unknown) =>
  window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: cart }));

describe('commerce events', () => {
  it('R7.9.1 R7.9.2 R7.5.3 R7.5.4 a product page sends a product view, and an add to cart after the island announces the cart', async () => {
    const net = fakeNetwork();
    setPage({ path: '/laden/p/tasse', pageType: 50, html: productForm('tasse1', 'TASSE-ROT', '2') });
    await startAnalytics();
    const [visit] = trackerEvents(net);
    expect(visit.schema).toBe('commerce_visit_pdp');
    expect(visit.content).toMatchObject({
      website_id: 'site-1',
      context_website_id: 'site-1',
      item_ids: ['tasse1'],
      object_identifier: 'tasse1',
      page_path: '/laden/p/tasse',
      logged_in: false,
      resolved_locale: 'de-DE',
      event_source: 'WEB',
    });
    expect(visit.content.session_cookies).toHaveProperty('ss_cvr');
    expectAccepted(visit);

    document.querySelector('button')?.click();
    announceCart(cartWith(['tasse1', 'TASSE-ROT', 2]));
    const [, added] = trackerEvents(net);
    expect(added.schema).toBe('commerce_add_to_cart');
    expect(added.content).toMatchObject({
      website_id: 'site-1',
      cart_id: 'warenkorb-9',
      item_ids: ['tasse1'],
      sku: 'TASSE-ROT',
      quantity: 2,
      logged_in: false,
    });
    expect(added.content.session_cookies).toMatchObject({ ss_cvr: expect.stringMatching(/\|1$/) });
    expectAccepted(added);
  });

  it('R7.9.2 a product list sends a list view, and the add to cart of the button that was used', async () => {
    const net = fakeNetwork();
    setPage({
      path: '/laden',
      pageType: 1,
      html:
        island('add-button', { itemId: 'tasse1' }, '<button>Kaufen</button>') +
        island('add-button', { itemId: 'teller2' }, '<button>Kaufen</button>'),
    });
    await startAnalytics();
    document
      .querySelectorAll('button')[1]
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    announceCart(cartWith(['tasse1', 'T1', 1], ['teller2', 'T2', 1]));
    const events = trackerEvents(net);
    expect(events.map((e) => e.schema)).toEqual(['commerce_visit_plp', 'commerce_add_to_cart']);
    expect(events[0].content.item_ids).toEqual(['tasse1', 'teller2']);
    expect(events[1].content).toMatchObject({ item_ids: ['teller2'], object_identifier: 'teller2' });
    for (const event of events) expectAccepted(event);
  });

  it('R7.9.1 without a known button, the cart line that grew since the last cart is the one added', async () => {
    const net = fakeNetwork();
    setPage({ path: '/laden', pageType: 1, html: island('add-button', { itemId: 'tasse1' }) });
    await startAnalytics();
    announceCart(cartWith(['tasse1', 'T1', 1]));
    announceCart(cartWith(['tasse1', 'T1', 1], ['teller2', 'T2', 3]));
    const added = trackerEvents(net).filter((e) => e.schema === 'commerce_add_to_cart');
    expect(added).toHaveLength(1);
    expect(added[0].content).toMatchObject({ item_ids: ['teller2'], sku: 'T2', quantity: 3 });
  });

  it('R7.9.2 the add-to-cart page type is pdp on a product page and plp on a list', () => {
    const context = (html: string, pageType: number): CommerceContext => {
      setPage({ path: '/laden', pageType, html });
      return {
        facts: readPageFacts(),
        site: { websiteId: 'site-1' },
        visit: null,
        store: documentCookies(),
        loggedIn: false,
      };
    };
    expect(
      addToCartEvent(context(productForm('tasse1', 'T', '1'), 50), { itemId: 'tasse1' }, 'c').pageType,
    ).toBe('pdp');
    expect(
      addToCartEvent(context(island('add-button', { itemId: 'a' }), 1), { itemId: 'a' }, 'c').pageType,
    ).toBe('plp');
  });

  it('R8.5.1 R8.5.2 R8.5.5 an unsuccessful answer and an unset environment are only logged', async () => {
    const net = fakeNetwork(undefined, 500);
    setPage({ path: '/laden/p/tasse', pageType: 50, html: productForm('tasse1', 'T', '1') });
    await startAnalytics();
    await vi.runAllTimersAsync();
    expect(trackerEvents(net)).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('Error tracking event: HTTP Status 500');
    expect(warn).toHaveBeenCalledWith('Tracker environment must be dev, staging or prod');
  });

  it('R8.5.6 a known environment is sent as source_environment without a warning', async () => {
    const net = fakeNetwork();
    setPage({
      path: '/laden/p/tasse',
      pageType: 50,
      html: productForm('tasse1', 'T', '1'),
      htmlData: { environment: 'staging' },
    });
    await startAnalytics();
    expect(trackerEvents(net)[0].content.source_environment).toBe('staging');
    expect(warn).not.toHaveBeenCalledWith('Tracker environment must be dev, staging or prod');
  });
});

describe('commerce events of the quick view and the custom product form', () => {
  it('R2.4.1 R2.2.5 an add from the quick-view overlay is recorded with page type "quick view"', async () => {
    const net = fakeNetwork();
    setPage({ path: '/laden', pageType: 1, html: island('add-button', { itemId: 'tasse1' }) });
    await startAnalytics();
    // The overlay's purchase form sits at the end of the body, outside any island root.
    const overlay = document.createElement('div');
    overlay.innerHTML =
      '<form data-item-id="teller2" data-add-to-cart-page-type="quick view"><input type="hidden" name="sku" value="T2">' +
      '<input type="number" name="quantity" value="3"><button type="submit">In den Warenkorb</button></form>';
    document.body.append(overlay);
    overlay.querySelector('button')?.click();
    announceCart(cartWith(['teller2', 'T2', 3]));
    const added = trackerEvents(net).find((e) => e.schema === 'commerce_add_to_cart');
    expect(added?.content).toMatchObject({
      item_ids: ['teller2'],
      sku: 'T2',
      quantity: 3,
      page_type: 'quick view',
    });
    expectAccepted(added!);
  });

  it('R7.9.2 R2.2.7 opening and saving the custom product form send their commerce events', async () => {
    const net = fakeNetwork();
    setPage({ path: '/laden/p/anhaenger', pageType: 50, html: productForm('anh1', 'A', '1') });
    await startAnalytics();
    window.dispatchEvent(new CustomEvent(CUSTOM_FORM_EVENT, { detail: { action: 'open', itemId: 'anh1' } }));
    announceCart(cartWith(['anh1', 'A', 1]));
    window.dispatchEvent(new CustomEvent(CUSTOM_FORM_EVENT, { detail: { action: 'save', itemId: 'anh1' } }));
    window.dispatchEvent(new CustomEvent(CUSTOM_FORM_EVENT, { detail: { action: 'peek', itemId: 'anh1' } }));
    const events = trackerEvents(net);
    expect(events.map((e) => e.schema)).toEqual([
      'commerce_visit_pdp',
      'commerce_custom_form_open',
      'commerce_add_to_cart',
      'commerce_custom_form_save',
    ]);
    expect(events[1].content).toMatchObject({ item_ids: ['anh1'], website_id: 'site-1', logged_in: false });
    expect(events[3].content).toMatchObject({ item_ids: ['anh1'], cart_id: 'warenkorb-9' });
    for (const event of events) expectAccepted(event);
  });
});
