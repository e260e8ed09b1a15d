/*
 * Window events by which parts of a page announce what a shopper did, for the ad-pixel dispatcher (the
 * cart's own `baukasten:cart-changed` is the product islands'). Islands import only these names, so they
 * do not pull analytics code into their chunks.
 */

/** A site-user account was created; no detail. */
export const ACCOUNT_CREATED_EVENT = 'baukasten:account-created';
/** A newsletter sign-up was accepted; no detail. */
export const NEWSLETTER_SUBSCRIBED_EVENT = 'baukasten:newsletter-subscribed';
/**
 * An order was placed; detail `{orderId, orderNumber?, value (major units), currency, itemIds}`. The order
 * confirmation page announces it in `data-purchase` instead (announced-events.ts); either way it counts once.
 */
export const PURCHASE_COMPLETED_EVENT = 'baukasten:purchase-completed';

/**
 * An overlay (the quick view of a product card ...) was opened or closed; detail `OverlayEventDetail`.
 * The analytics runtime reports it to the census (spec 7, /api/census/overlay).
 */
export const OVERLAY_EVENT = 'baukasten:overlay';

export interface OverlayEventDetail {
  overlayType: string;
  action: 'open' | 'close';
  overlayId?: string;
  overlayData?: Record<string, string | number | boolean | null>;
}

/** Announces an overlay; a page without the analytics runtime simply has no listener. */
export function announceOverlay(detail: OverlayEventDetail): void {
  window.dispatchEvent(new CustomEvent<OverlayEventDetail>(OVERLAY_EVENT, { detail }));
}
