import { AnalyticsKind, FunnelStep, type Order, type Storage, type Website } from '@baukasten/storage';
import { siteDay } from './event-context.js';

/*
 * A paid order is a purchase with its revenue (issue 23), recorded by the server when the order becomes
 * paid, never by the confirmation page: the funnel's "Gekauft" and the revenue are right without
 * JavaScript, with blockers, and for a Vorkasse order the owner marks paid days later. The event carries
 * the visit the order was placed in (kept on the order at checkout), so the purchase lands in that
 * visit's funnel. The rollup keeps one purchase per order id (analytics_purchases' key), so the browser's
 * own purchase event or a repeated call never counts an order twice. Test orders are no revenue.
 */

/** The visit an order was placed in, as kept in its data at checkout. */
export interface OrderVisit {
  visitorId: string | null;
  sessionId: string | null;
}

export async function recordPurchase(
  tx: Storage,
  website: Website,
  order: Order,
  now = Date.now(),
): Promise<void> {
  if (order.testMode) return;
  const visit = (order.data.analyticsVisit ?? {}) as Partial<OrderVisit>;
  await tx.analytics.appendEvents([
    {
      websiteId: website.id,
      day: siteDay(website, now),
      occurredAt: now,
      kind: AnalyticsKind.purchase,
      visitorId: typeof visit.visitorId === 'string' ? visit.visitorId : null,
      sessionId: typeof visit.sessionId === 'string' ? visit.sessionId : null,
      itemId: order.id,
      label: order.currency,
      value: order.grandTotalMinor,
      funnelSteps: FunnelStep.purchase,
      payload: { orderNumber: order.orderNumber, recordedBy: 'server' },
    },
  ]);
}
