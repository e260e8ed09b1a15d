import type { ADD_TO_CART_PAGE_TYPES } from '@baukasten/commerce';
import {
  CART_CHANGED_EVENT,
  CUSTOM_FORM_EVENT,
  type CustomFormEventDetail,
} from '../islands/product/cart-request.js';
import { commercePageType, type PageFacts, productIslandOf } from './page-facts.js';
import { sendTrackerEvent, type TrackerSite, trackerFields } from './tracker-events.js';
import { type CookieStore, sessionCookies, type VisitState } from './visitor-cookies.js';

/*
 * The commerce events of spec 7 on the v2 tracker: a product view on product pages (commerce_visit_pdp),
 * a list view on product lists (commerce_visit_plp), and an add to cart whenever a product island
 * announces the changed cart (`baukasten:cart-changed`, dispatched after a successful add).
 *
 * Which product was added: the island the shopper last activated (its form names item, variant and
 * quantity); failing that, the cart line that grew since the last announced cart; failing that, the
 * product of a product page.
 */

export type AddToCartPageType = (typeof ADD_TO_CART_PAGE_TYPES)[number];

export interface AddedLine {
  itemId: string;
  sku?: string;
  quantity?: number;
  /** Set by a purchase form that says where it is (the quick view's: 'quick view'). */
  pageType?: AddToCartPageType;
}

interface CartLine {
  key: string;
  itemId: string;
  sku?: string;
  quantity: number;
}

export interface CartSnapshot {
  id?: string;
  lines: CartLine[];
}

/** The cart of a cart-changed event (the API's shopping cart), reduced to its lines. */
export function cartSnapshot(detail: unknown): CartSnapshot | null {
  if (!detail || typeof detail !== 'object') return null;
  const cart = detail as { id?: unknown; entries?: unknown };
  const lines: CartLine[] = [];
  for (const entry of Array.isArray(cart.entries) ? cart.entries : []) {
    const e = entry as {
      id?: unknown;
      itemId?: unknown;
      quantity?: unknown;
      chosenVariant?: { sku?: unknown };
    };
    if (typeof e?.itemId !== 'string') continue;
    const sku = typeof e.chosenVariant?.sku === 'string' ? e.chosenVariant.sku : undefined;
    lines.push({
      key: typeof e.id === 'string' ? e.id : `${e.itemId}|${sku ?? ''}`,
      itemId: e.itemId,
      sku,
      quantity: typeof e.quantity === 'number' ? e.quantity : 0,
    });
  }
  return { id: typeof cart.id === 'string' ? cart.id : undefined, lines };
}

/** The line that grew between two carts (the first one, when several did). */
export function grownLine(previous: CartSnapshot, next: CartSnapshot): AddedLine | null {
  for (const line of next.lines) {
    const before = previous.lines.find((l) => l.key === line.key)?.quantity ?? 0;
    if (line.quantity > before)
      return { itemId: line.itemId, sku: line.sku, quantity: line.quantity - before };
  }
  return null;
}

function positiveInteger(value: string | null | undefined): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= 9999 ? number : undefined;
}

/** What an activated product island is about to add: its item, and the variant and quantity of its form. */
export function activatedLine(target: EventTarget | null): AddedLine | null {
  const element = target instanceof Element ? target : null;
  // The quick view's purchase form sits in an overlay outside any island root; it names its item and
  // its page type itself.
  const form = element?.closest<HTMLElement>('form[data-add-to-cart-page-type][data-item-id]');
  if (form?.dataset.itemId) {
    const field = (name: string) =>
      form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)?.value;
    return {
      itemId: form.dataset.itemId,
      sku: field('sku') || undefined,
      quantity: positiveInteger(field('quantity')),
      pageType: form.dataset.addToCartPageType === 'quick view' ? 'quick view' : undefined,
    };
  }
  const island = productIslandOf(element);
  if (!island) return null;
  const field = (name: string) =>
    island.root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)?.value;
  const sku = field('sku');
  return { itemId: island.itemId, sku: sku || undefined, quantity: positiveInteger(field('quantity')) };
}

export interface CommerceContext {
  facts: PageFacts;
  site: TrackerSite;
  visit: VisitState | null;
  store: CookieStore;
  loggedIn: boolean;
}

/** Content of a commerce event: the tracker fields plus website, page, cart, items, login, cookies. */
export function commerceContent(
  context: CommerceContext,
  details: { cartId?: string; itemIds: string[]; extra?: Record<string, unknown> },
  win: Window = window,
): Record<string, unknown> {
  const { facts, site } = context;
  const content: Record<string, unknown> = {
    ...trackerFields(facts, site, context.visit, win),
    website_id: site.websiteId,
    page_id: facts.pageId ?? undefined,
    cart_id: details.cartId,
    item_ids: details.itemIds.slice(0, 100),
    logged_in: context.loggedIn,
    session_cookies: sessionCookies(context.store),
    ...details.extra,
  };
  if (details.itemIds.length === 1) content.object_identifier = details.itemIds[0];
  for (const key of Object.keys(content)) if (content[key] === undefined) delete content[key];
  return content;
}

/** The page-visit event of a product page or product list, if the page is one. */
export function pageVisitEvent(
  context: CommerceContext,
  win: Window = window,
): { schema: string; content: Record<string, unknown> } | null {
  const pageType = commercePageType(context.facts);
  if (pageType === 'pdp' && context.facts.itemId)
    return {
      schema: 'commerce_visit_pdp',
      content: commerceContent(context, { itemIds: [context.facts.itemId] }, win),
    };
  if (pageType === 'plp')
    return {
      schema: 'commerce_visit_plp',
      content: commerceContent(context, { itemIds: context.facts.listedItemIds }, win),
    };
  return null;
}

export interface AddToCartEvent {
  schema: 'commerce_add_to_cart';
  /**
   * plp, pdp or quick view (spec 2's add-to-cart page types); also sent in the content as `page_type`.
   */
  pageType: AddToCartPageType | null;
  content: Record<string, unknown>;
}

export function addToCartEvent(
  context: CommerceContext,
  line: AddedLine,
  cartId: string | undefined,
  win: Window = window,
): AddToCartEvent {
  const extra: Record<string, unknown> = {};
  if (line.sku) extra.sku = line.sku.slice(0, 128);
  if (line.quantity) extra.quantity = line.quantity;
  const pageType: AddToCartPageType | null = line.pageType ?? commercePageType(context.facts);
  if (pageType) extra.page_type = pageType;
  return {
    schema: 'commerce_add_to_cart',
    pageType,
    content: commerceContent(context, { cartId, itemIds: [line.itemId], extra }, win),
  };
}

/** The open or save of a custom product form (spec 7: open and save custom product form). */
export function customFormEvent(
  context: CommerceContext,
  detail: CustomFormEventDetail | null | undefined,
  cartId: string | undefined,
  win: Window = window,
): {
  schema: 'commerce_custom_form_open' | 'commerce_custom_form_save';
  content: Record<string, unknown>;
} | null {
  if (!detail || typeof detail.itemId !== 'string' || detail.itemId === '') return null;
  if (detail.action !== 'open' && detail.action !== 'save') return null;
  return {
    schema: detail.action === 'open' ? 'commerce_custom_form_open' : 'commerce_custom_form_save',
    content: commerceContent(context, { cartId, itemIds: [detail.itemId] }, win),
  };
}

/**
 * Sends the page-visit event and then an add-to-cart event for every announced cart change. Returns a
 * function that stops listening.
 */
export function trackCommerceEvents(context: CommerceContext, win: Window = window): () => void {
  const visit = pageVisitEvent(context, win);
  if (visit) void sendTrackerEvent(visit.schema, visit.content);

  let lastCart: CartSnapshot | null = null;
  let activated: AddedLine | null = null;
  const onActivate = (event: Event) => {
    if (event.type === 'keydown') {
      const key = (event as KeyboardEvent).key;
      if (key !== 'Enter' && key !== ' ') return;
    }
    activated = activatedLine(event.target) ?? activated;
  };
  const onCartChanged = (event: Event) => {
    const cart = cartSnapshot((event as CustomEvent).detail);
    const line =
      activated ??
      (cart && lastCart ? grownLine(lastCart, cart) : null) ??
      (context.facts.itemId ? { itemId: context.facts.itemId } : null);
    activated = null;
    if (cart) lastCart = cart;
    if (!line) return;
    const added = addToCartEvent(context, line, cart?.id, win);
    void sendTrackerEvent(added.schema, added.content);
  };
  win.addEventListener('click', onActivate, true);
  win.addEventListener('keydown', onActivate, true);
  win.addEventListener('submit', onActivate, true);
  win.addEventListener(CART_CHANGED_EVENT, onCartChanged);
  const onCustomForm = (event: Event) => {
    const detail = (event as CustomEvent<CustomFormEventDetail>).detail;
    const custom = customFormEvent(context, detail, lastCart?.id, win);
    if (custom) void sendTrackerEvent(custom.schema, custom.content);
  };
  win.addEventListener(CUSTOM_FORM_EVENT, onCustomForm);
  return () => {
    win.removeEventListener(CUSTOM_FORM_EVENT, onCustomForm);
    win.removeEventListener('click', onActivate, true);
    win.removeEventListener('keydown', onActivate, true);
    win.removeEventListener('submit', onActivate, true);
    win.removeEventListener(CART_CHANGED_EVENT, onCartChanged);
  };
}
