// The add-to-cart call of spec 7 as the islands make it: JSON to the entries route, with the crumb
// echoed in the X-CSRF-Token header (double-submit CSRF), and its answer reduced to what the UI shows.

import { isAuthenticated, readCookie } from '../../cookies.js';

export const CART_ENTRIES_URL = '/api/commerce/shopping-cart/entries';
export const EXPRESS_CHECKOUT_URL = '/commerce/goto-checkout';
/** Dispatched on `window` with the new shopping cart as detail, so the cart pill can update. */
export const CART_CHANGED_EVENT = 'baukasten:cart-changed';
/**
 * Dispatched on `window` when the custom product form opens or its answers are saved, with
 * `{action: 'open' | 'save', itemId}`; the analytics runtime sends the commerce events of spec 7.
 */
export const CUSTOM_FORM_EVENT = 'baukasten:custom-form';
export const SHOPPING_CART_URL = '/api/commerce/shopping-cart';

export interface CustomFormEventDetail {
  action: 'open' | 'save';
  itemId: string;
}

export function announceCustomForm(detail: CustomFormEventDetail): void {
  window.dispatchEvent(new CustomEvent(CUSTOM_FORM_EVENT, { detail }));
}

export interface CartEntryPayload {
  itemId: string;
  sku?: string;
  quantity: number;
  subscriptionOptionId?: string;
  /** Answers of the custom product form, as a JSON string (spec 3). */
  additionalFields?: string;
}

export type CartEntryAnswer =
  | { ok: true; shoppingCart: unknown }
  /** status 0: no answer at all (network error). serverMessage: the German text of a 4xx answer. */
  | { ok: false; status: number; serverMessage: string | null };

/** The crumb the server set as a readable cookie; the one rendered into the page when it is missing. */
export function currentCrumb(fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return readCookie(document.cookie, 'crumb') ?? fallback;
}

function errorMessage(body: unknown): string | null {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' && error.message.trim() !== '' ? error.message : null;
}

export const SUBSCRIPTION_CART_URL = '/api/3/commerce/cart/subscription';

/** Subscriptions and gift cards have checkout pages of their own (spec 2), not the cart. */
export const subscriptionCheckoutUrl = (cartToken: string) =>
  `/checkout/subscribe?cartToken=${encodeURIComponent(cartToken)}`;
export const giftCardCheckoutUrl = (websiteId: string, productId: string, sku: string) =>
  `/checkout/giftcard?websiteId=${encodeURIComponent(websiteId)}&giftCardProductId=${encodeURIComponent(productId)}&sku=${encodeURIComponent(sku)}`;

export type SubscriptionAnswer =
  | { ok: true; cartToken: string }
  | { ok: false; status: number; serverMessage: string | null };

/** Starts a subscription checkout: `{itemId, sku, qty, subscriptionOptionId}` -> `data.cartToken`. */
export async function postSubscription(
  payload: CartEntryPayload,
  crumb: string,
): Promise<SubscriptionAnswer> {
  const answer = await postJson(
    SUBSCRIPTION_CART_URL,
    {
      itemId: payload.itemId,
      sku: payload.sku,
      qty: payload.quantity,
      subscriptionOptionId: payload.subscriptionOptionId,
      additionalFields: payload.additionalFields,
    },
    crumb,
  );
  if (!answer.ok) return answer;
  const token = (answer.body as { data?: { cartToken?: unknown } } | null)?.data?.cartToken;
  if (typeof token === 'string' && token !== '') return { ok: true, cartToken: token };
  // A 2xx without a cart token is no refusal the shopper could fix but a broken answer: the shopper
  // gets the usual alert, and the error tracking (the analytics error reporter) learns of it (spec 8).
  reportToErrorTracking(new Error(SUBSCRIPTION_CONTEXT_UNREADABLE));
  return { ok: false, status: 500, serverMessage: null };
}

export const SUBSCRIPTION_CONTEXT_UNREADABLE =
  'Abo-Kontext nicht lesbar: die Antwort enthält kein data.cartToken';

/**
 * Hands an error to the page's error reporter without throwing: the browser's reportError raises the
 * same window `error` event an uncaught error would, which the reporter listens to.
 */
function reportToErrorTracking(error: Error): void {
  if (typeof window.reportError === 'function') window.reportError(error);
  else window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
}

export async function postCartEntry(payload: CartEntryPayload, crumb: string): Promise<CartEntryAnswer> {
  const answer = await postJson(CART_ENTRIES_URL, payload, crumb);
  if (!answer.ok) return answer;
  return { ok: true, shoppingCart: (answer.body as { shoppingCart?: unknown } | null)?.shoppingCart ?? null };
}

type JsonAnswer = { ok: true; body: unknown } | { ok: false; status: number; serverMessage: string | null };

async function postJson(url: string, payload: object, crumb: string): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': crumb },
      body: JSON.stringify(payload),
    });
  } catch {
    return { ok: false, status: 0, serverMessage: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, body };
  // Only client errors carry a message meant for the shopper; a 5xx gets the generic text.
  const clientError = response.status >= 400 && response.status < 500;
  return { ok: false, status: response.status, serverMessage: clientError ? errorMessage(body) : null };
}

/*
 * The shopping cart as the islands of one page share it (spec 4, cart widget): a read-in-progress flag
 * while the cart loads, a recalculating flag while a form-field update has the server recalculate it,
 * and the cart events, dispatched on `window` as `baukasten:cart-<name>` with the cart as detail
 * ('change' keeps its older name `baukasten:cart-changed`, which the pill and analytics listen to).
 */

export const CART_EVENTS = [
  'loading',
  'loaded',
  'item-added',
  'recalculate-start',
  'recalculate-end',
  'change',
] as const;
export type CartEventName = (typeof CART_EVENTS)[number];

export const cartEventType = (name: CartEventName) =>
  name === 'change' ? CART_CHANGED_EVENT : `baukasten:cart-${name}`;

function emit(name: CartEventName, detail?: unknown): void {
  window.dispatchEvent(new CustomEvent(cartEventType(name), { detail }));
}

/** Whether there can be a cart to load (spec 4): a signed-in user, or a has-cart or cart cookie. */
export function mayHaveCart(cookieHeader: string): boolean {
  return (
    isAuthenticated(cookieHeader) ||
    readCookie(cookieHeader, 'hasCart') === 'true' ||
    !!readCookie(cookieHeader, 'cart')
  );
}

export const cartState = {
  /** Set while the cart is being read. */
  reading: false,
  /** Set while a form-field update has the cart recalculated. */
  recalculating: false,
};

/**
 * Reads the visitor's cart: `loading`, then `loaded` and `change` with the cart. Resolves with the
 * cart, or null when there can be none (no call then) or it cannot be had.
 */
export async function loadCart(signal?: AbortSignal): Promise<unknown> {
  if (!mayHaveCart(document.cookie)) return null;
  cartState.reading = true;
  emit('loading');
  let cart: unknown = null;
  try {
    const response = await fetch(SHOPPING_CART_URL, { credentials: 'same-origin', signal });
    cart = response.ok ? await response.json() : null;
  } catch {
    cart = null;
  } finally {
    cartState.reading = false;
  }
  if (signal?.aborted) return null;
  emit('loaded', cart);
  if (cart) emit('change', cart);
  return cart;
}

/** An add went through: `item-added`, then `change`, both with the new cart. */
export function announceItemAdded(cart: unknown): void {
  emit('item-added', cart);
  emit('change', cart);
}

/**
 * A form-field update (a quantity, a shipping choice) that has the server recalculate the cart:
 * `recalculate-start`, the update, `recalculate-end`, and `change` with the new cart when there is one.
 */
export async function recalculateCart<T>(update: () => Promise<T>): Promise<T> {
  cartState.recalculating = true;
  emit('recalculate-start');
  try {
    const cart = await update();
    if (cart) emit('change', cart);
    return cart;
  } finally {
    cartState.recalculating = false;
    emit('recalculate-end');
  }
}
