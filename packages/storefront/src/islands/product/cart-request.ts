// The add-to-cart call of spec 7 as the islands make it: JSON to the entries route, with the crumb
// echoed in the X-CSRF-Token header (double-submit CSRF), and its answer reduced to what the UI shows.

import { readCookie } from '../../cookies.js';

export const CART_ENTRIES_URL = '/api/commerce/shopping-cart/entries';
export const EXPRESS_CHECKOUT_URL = '/commerce/goto-checkout';
/** Dispatched on `window` with the new shopping cart as detail, so the cart pill can update. */
export const CART_CHANGED_EVENT = 'baukasten:cart-changed';

export interface CartEntryPayload {
  itemId: string;
  sku?: string;
  quantity: number;
  subscriptionOptionId?: string;
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
    },
    crumb,
  );
  if (!answer.ok) return answer;
  const token = (answer.body as { data?: { cartToken?: unknown } } | null)?.data?.cartToken;
  return typeof token === 'string' && token !== ''
    ? { ok: true, cartToken: token }
    : { ok: false, status: 500, serverMessage: null };
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
