/*
 * What a server-rendered page announces for the ad pixels without any island: the order confirmation
 * carries its purchase in `data-purchase` (JSON), the account overview right after sign-up the new
 * account's id in `data-account-created`. Each is sent once per browser tab session: a reload of the
 * page, or going back to it, does not count the purchase or the sign-up again.
 */

export interface AnnouncedPurchase {
  orderId: string;
  /** The order number the owner sees in the order list. */
  orderNumber?: string;
  /** Grand total in major units (44.9 for 44,90 €). */
  value: number;
  currency: string;
  itemIds: string[];
}

const CURRENCY = /^[A-Z]{3}$/;

/** A purchase as the page or an island tells it, or null when something needed is missing. */
export function purchaseOf(detail: unknown): AnnouncedPurchase | null {
  const order = detail as Partial<Record<keyof AnnouncedPurchase, unknown>> | null;
  if (!order || typeof order !== 'object') return null;
  const { orderId, orderNumber, value, currency, itemIds } = order;
  if (typeof orderId !== 'string' || orderId === '') return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  if (typeof currency !== 'string' || !CURRENCY.test(currency)) return null;
  return {
    orderId,
    ...(typeof orderNumber === 'string' && orderNumber !== '' ? { orderNumber } : {}),
    value,
    currency,
    itemIds: Array.isArray(itemIds) ? itemIds.filter((id): id is string => typeof id === 'string') : [],
  };
}

/** The purchase of an order confirmation page (`data-purchase`). */
export function announcedPurchase(doc: Document): AnnouncedPurchase | null {
  const raw = doc.querySelector<HTMLElement>('[data-purchase]')?.dataset.purchase;
  if (!raw) return null;
  try {
    return purchaseOf(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The id of the account the page announces as just created (`data-account-created`). */
export function announcedAccount(doc: Document): string | null {
  const id = doc.querySelector<HTMLElement>('[data-account-created]')?.dataset.accountCreated?.trim();
  return id ? id : null;
}

const SENT_PREFIX = 'baukasten:ad-pixel-sent:';

/**
 * Runs `send` unless it already ran for `key` in this tab session (sessionStorage). Without storage (a
 * browser that refuses it) it sends: a possible repeat is better than losing the event.
 */
export function sendOncePerSession(win: Window, key: string, send: () => void): boolean {
  let storage: Storage | null = null;
  try {
    storage = win.sessionStorage;
    if (storage.getItem(SENT_PREFIX + key) !== null) return false;
  } catch {
    storage = null;
  }
  send();
  try {
    storage?.setItem(SENT_PREFIX + key, String(Date.now()));
  } catch {
    // Full or refused storage: the event went out, which is what counts.
  }
  return true;
}
