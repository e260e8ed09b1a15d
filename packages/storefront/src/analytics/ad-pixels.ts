import { CART_CHANGED_EVENT } from '../islands/product/cart-request.js';
import {
  type AnnouncedPurchase,
  announcedAccount,
  announcedPurchase,
  purchaseOf,
  sendOncePerSession,
} from './announced-events.js';
import {
  type AddedLine,
  activatedLine,
  type CartSnapshot,
  cartSnapshot,
  grownLine,
} from './commerce-events.js';
import {
  ACCOUNT_CREATED_EVENT,
  NEWSLETTER_SUBSCRIBED_EVENT,
  PURCHASE_COMPLETED_EVENT,
} from './page-events.js';
import { commercePageType, type PageFacts } from './page-facts.js';

/*
 * The ad-pixel events of spec 7 (account created, add to cart, search, newsletter subscribe, view
 * product, purchase), sent to the Meta pixel and the Google tag the owner entered in the site settings.
 *
 * The dispatcher only ever pushes onto the vendors' own command queues — `window.fbq(...)` and
 * `window.dataLayer` as `gtag(...)` does — so the events wait there until the vendor script has loaded.
 * That script tag is added only in production (`data-environment="prod"` on a public host); tests and
 * local shops never reach out to a third party. The runtime starts the dispatcher only after the visitor
 * agreed to cookies.
 */

export interface AdPixelIds {
  metaPixelId?: string | null;
  googleTagId?: string | null;
}

export type AdPixelEvent =
  | { name: 'account_created' }
  | { name: 'add_to_cart'; itemId: string; sku?: string; quantity?: number }
  | { name: 'search'; query: string }
  | { name: 'newsletter_subscribe' }
  | { name: 'view_product'; itemId: string }
  | {
      name: 'purchase';
      orderId: string;
      /** The order number the owner sees; the vendors' transaction id when given. */
      orderNumber?: string;
      value: number;
      currency: string;
      itemIds: string[];
    };

const META_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';
const GOOGLE_SCRIPT = 'https://www.googletagmanager.com/gtag/js';

const META_ID = /^\d{5,20}$/;
const GOOGLE_ID = /^(G|AW|GT|DC)-[A-Z0-9]{4,20}$/i;

/** The ids a site configured, or null when it has none that look right. */
export function configuredAdPixels(ids: AdPixelIds | null | undefined): AdPixelIds | null {
  const metaPixelId = ids?.metaPixelId && META_ID.test(ids.metaPixelId) ? ids.metaPixelId : null;
  const googleTagId = ids?.googleTagId && GOOGLE_ID.test(ids.googleTagId) ? ids.googleTagId : null;
  return metaPixelId || googleTagId ? { metaPixelId, googleTagId } : null;
}

type QueueCommand = unknown[];

interface MetaQueue {
  (...args: unknown[]): void;
  queue: QueueCommand[];
  push: MetaQueue;
  loaded: boolean;
  version: string;
  callMethod?: (...args: unknown[]) => void;
}

export interface AdPixelWindow extends Window {
  fbq?: MetaQueue;
  _fbq?: MetaQueue;
  dataLayer?: unknown[];
}

/** Meta's command queue as its script expects to find it (commands wait until fbevents.js runs them). */
function metaQueue(win: AdPixelWindow): MetaQueue {
  if (win.fbq) return win.fbq;
  const fbq = function (this: unknown, ...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as MetaQueue;
  fbq.queue = [];
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  win.fbq = fbq;
  win._fbq ??= fbq;
  return fbq;
}

/** What gtag(...) does: push its arguments object onto dataLayer. */
function gtagOf(win: AdPixelWindow): (...args: unknown[]) => void {
  win.dataLayer ??= [];
  const layer = win.dataLayer;
  return function gtag() {
    // gtag.js reads Arguments objects from the data layer, not arrays.
    // biome-ignore lint/complexity/noArguments: the vendor's queue format
    layer.push(arguments);
  };
}

/** The Meta standard event and its parameters for one of ours. */
export function metaEvent(event: AdPixelEvent): [string, Record<string, unknown>] {
  switch (event.name) {
    case 'account_created':
      return ['CompleteRegistration', {}];
    case 'add_to_cart':
      return [
        'AddToCart',
        {
          content_ids: [event.itemId],
          content_type: 'product',
          contents: [{ id: event.itemId, quantity: event.quantity ?? 1 }],
        },
      ];
    case 'search':
      return ['Search', { search_string: event.query }];
    case 'newsletter_subscribe':
      return ['Lead', { content_name: 'newsletter' }];
    case 'view_product':
      return ['ViewContent', { content_ids: [event.itemId], content_type: 'product' }];
    case 'purchase':
      return [
        'Purchase',
        { value: event.value, currency: event.currency, content_ids: event.itemIds, content_type: 'product' },
      ];
  }
}

/** The Google (GA4 / Ads) recommended event and its parameters for one of ours. */
export function googleEvent(event: AdPixelEvent): [string, Record<string, unknown>] {
  switch (event.name) {
    case 'account_created':
      return ['sign_up', {}];
    case 'add_to_cart':
      return [
        'add_to_cart',
        { items: [{ item_id: event.sku ?? event.itemId, quantity: event.quantity ?? 1 }] },
      ];
    case 'search':
      return ['search', { search_term: event.query }];
    case 'newsletter_subscribe':
      return ['generate_lead', { lead_source: 'newsletter' }];
    case 'view_product':
      return ['view_item', { items: [{ item_id: event.itemId }] }];
    case 'purchase':
      return [
        'purchase',
        {
          transaction_id: event.orderNumber ?? event.orderId,
          value: event.value,
          currency: event.currency,
          items: event.itemIds.map((id) => ({ item_id: id })),
        },
      ];
  }
}

export interface AdPixelDispatcher {
  send(event: AdPixelEvent): void;
}

export interface DispatcherOptions {
  /** Add the vendors' script tags (production with consent only). */
  loadScripts: boolean;
}

function addScript(win: Window, src: string): void {
  const doc = win.document;
  if (doc.querySelector(`script[src="${src}"]`)) return;
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.appendChild(script);
}

/** Sets up the vendors' queues (and, in production, their scripts) and returns the dispatcher. */
export function createAdPixelDispatcher(
  ids: AdPixelIds,
  win: AdPixelWindow,
  options: DispatcherOptions,
): AdPixelDispatcher {
  const fbq = ids.metaPixelId ? metaQueue(win) : null;
  const gtag = ids.googleTagId ? gtagOf(win) : null;
  if (fbq) {
    fbq('init', ids.metaPixelId);
    fbq('track', 'PageView');
    if (options.loadScripts) addScript(win, META_SCRIPT);
  }
  if (gtag) {
    gtag('js', new Date());
    gtag('config', ids.googleTagId);
    if (options.loadScripts)
      addScript(win, `${GOOGLE_SCRIPT}?id=${encodeURIComponent(ids.googleTagId ?? '')}`);
  }
  return {
    send(event) {
      try {
        if (fbq) fbq('track', ...metaEvent(event));
        if (gtag) gtag('event', ...googleEvent(event));
      } catch {
        // A broken vendor queue never disturbs the page.
      }
    },
  };
}

/** A production page on a public host: the only place vendor scripts are loaded. */
export function loadsVendorScripts(facts: PageFacts, win: Window): boolean {
  const host = win.location.hostname;
  const local = host === 'localhost' || host.endsWith('.localhost') || /^127\.|^\[?::1\]?$/.test(host);
  return facts.environment === 'prod' && !local;
}

const SEARCH_PATH = /^\/search(\/|$)/;

/**
 * The page's ad-pixel events: view product on a product page, search on /search?q=, then add to cart,
 * newsletter subscribe, account created and purchase as the page announces them. Returns a stop function.
 */
export function trackAdPixelEvents(dispatcher: AdPixelDispatcher, facts: PageFacts, win: Window): () => void {
  if (commercePageType(facts) === 'pdp' && facts.itemId)
    dispatcher.send({ name: 'view_product', itemId: facts.itemId });
  const query = new URLSearchParams(win.location.search).get('q')?.trim();
  if (SEARCH_PATH.test(facts.path) && query) dispatcher.send({ name: 'search', query: query.slice(0, 200) });
  // Purchase and sign-up count once per order and account: a reload of the page sends nothing again.
  const sendPurchase = (purchase: AnnouncedPurchase) =>
    sendOncePerSession(win, `purchase:${purchase.orderId}`, () =>
      dispatcher.send({ name: 'purchase', ...purchase }),
    );
  const pagePurchase = announcedPurchase(win.document);
  if (pagePurchase) sendPurchase(pagePurchase);
  const newAccount = announcedAccount(win.document);
  if (newAccount)
    sendOncePerSession(win, `account:${newAccount}`, () => dispatcher.send({ name: 'account_created' }));

  // Which product was added: the island the shopper last activated, else the cart line that grew, else
  // the product of a product page (the same reading as the commerce events).
  let lastCart: CartSnapshot | null = null;
  let activated: AddedLine | null = null;
  const onActivate = (event: Event) => {
    activated = activatedLine(event.target) ?? activated;
  };
  const onCartChanged = (event: Event) => {
    const cart = cartSnapshot((event as CustomEvent).detail);
    const line: AddedLine | null =
      activated ??
      (cart && lastCart ? grownLine(lastCart, cart) : null) ??
      (facts.itemId ? { itemId: facts.itemId } : null);
    activated = null;
    if (cart) lastCart = cart;
    if (!line) return;
    dispatcher.send({
      name: 'add_to_cart',
      itemId: line.itemId,
      ...(line.sku ? { sku: line.sku } : {}),
      ...(line.quantity ? { quantity: line.quantity } : {}),
    });
  };
  const onNewsletter = () => dispatcher.send({ name: 'newsletter_subscribe' });
  const onAccount = () => dispatcher.send({ name: 'account_created' });
  const onPurchase = (event: Event) => {
    const purchase = purchaseOf((event as CustomEvent).detail);
    if (purchase) sendPurchase(purchase);
  };
  win.addEventListener('click', onActivate, true);
  win.addEventListener('submit', onActivate, true);
  win.addEventListener(CART_CHANGED_EVENT, onCartChanged);
  win.addEventListener(NEWSLETTER_SUBSCRIBED_EVENT, onNewsletter);
  win.addEventListener(ACCOUNT_CREATED_EVENT, onAccount);
  win.addEventListener(PURCHASE_COMPLETED_EVENT, onPurchase);
  return () => {
    win.removeEventListener('click', onActivate, true);
    win.removeEventListener('submit', onActivate, true);
    win.removeEventListener(CART_CHANGED_EVENT, onCartChanged);
    win.removeEventListener(NEWSLETTER_SUBSCRIBED_EVENT, onNewsletter);
    win.removeEventListener(ACCOUNT_CREATED_EVENT, onAccount);
    win.removeEventListener(PURCHASE_COMPLETED_EVENT, onPurchase);
  };
}

/** Starts the pixels of a site on this page (after consent); returns a stop function. */
export function startAdPixels(ids: AdPixelIds, facts: PageFacts, win: Window = window): () => void {
  const dispatcher = createAdPixelDispatcher(ids, win as AdPixelWindow, {
    loadScripts: loadsVendorScripts(facts, win),
  });
  return trackAdPixelEvents(dispatcher, facts, win);
}
