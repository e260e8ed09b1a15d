import type { Item, Order, Storage } from '@baukasten/storage';
import { orderSummaryView } from '../admin/orders/order-views.js';
import { enqueueLowStockNotice } from '../email/owner-notifications.js';
import { keptWithWebsite } from '../kept-with-website.js';

/*
 * The events an owner can subscribe a URL to, and the one way to announce one: `emitWebhook` on the storage
 * of the transaction that made the change, so the delivery rows (the webhook outbox) commit with it or not
 * at all. Sending happens later, in webhook-worker.ts.
 */

export const WEBHOOK_EVENTS = [
  'order.created',
  'order.paid',
  'order.fulfilled',
  'order.refunded',
  'order.withdrawn',
  'product.changed',
  'stock.low',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.created': 'Bestellung eingegangen',
  'order.paid': 'Bestellung bezahlt',
  'order.fulfilled': 'Bestellung versandt',
  'order.refunded': 'Bestellung erstattet',
  'order.withdrawn': 'Widerruf eingegangen',
  'product.changed': 'Produkt geändert',
  'stock.low': 'Lagerbestand niedrig',
};

/**
 * A variant without its own threshold (set by the owner on /lager, issue 23) counts as low below this many
 * pieces, and `stock.low` fires once when a change crosses it from above (see the webhooks README).
 */
export const LOW_STOCK_THRESHOLD = 5;

/** Writes the deliveries of one event; returns its id, or undefined when no subscription wants it. */
export function emitWebhook(
  tx: Storage,
  websiteId: string,
  type: WebhookEventType,
  data: unknown,
): Promise<string | undefined> {
  return tx.webhooks.emit(websiteId, { type, data });
}

/** The order as receivers get it: the summary the API lists (money in minor units of its currency). */
export const orderEventData = (order: Order) => ({ order: orderSummaryView(order) });

/**
 * What listens to a website's orders: the event types its webhook subscriptions want and the owner's
 * low-stock thresholds by variant. The checkout reads it before its transaction, kept with the website
 * object (see `orderListenersOf`), so an order nobody listens to costs no reads and no event body.
 */
export interface OrderListeners {
  events: ReadonlySet<string>;
  thresholds: ReadonlyMap<string, number>;
}

/**
 * The website's `OrderListeners`, kept with the website object (a write to its subscriptions or thresholds
 * renews the object: ContentChanges' SITE_FACTS). The two reads and the event body nobody wanted cost each
 * checkout some 60 µs of CPU.
 */
export const orderListenersOf = keptWithWebsite(async (storage, website): Promise<OrderListeners> => {
  const [subscriptions, thresholds] = await Promise.all([
    storage.webhooks.listSubscriptions(website.id),
    storage.stockAlerts.all(website.id),
  ]);
  return { events: new Set(subscriptions.flatMap((s) => s.events)), thresholds };
});

/** `listeners`: when the caller knows them, an event nobody subscribed to is skipped without a read. */
export const emitOrderEvent = async (
  tx: Storage,
  type: WebhookEventType,
  order: Order,
  listeners?: OrderListeners,
): Promise<string | undefined> =>
  listeners && !listeners.events.has(type)
    ? undefined
    : emitWebhook(tx, order.websiteId, type, orderEventData(order));

export const productEventData = (item: Item, change: 'created' | 'updated' | 'deleted') => ({
  change,
  product: { id: item.id, title: item.title, urlId: item.urlId, updatedAt: item.updatedAt },
});

/**
 * Whether this stock is low: at or below the owner's threshold for the variant (issue 23), or without one
 * below the fixed default. Unlimited stock is never low.
 */
const isLowStock = (stock: { unlimited: boolean; qtyInStock: number }, threshold: number | undefined) =>
  !stock.unlimited &&
  (threshold === undefined ? stock.qtyInStock < LOW_STOCK_THRESHOLD : stock.qtyInStock <= threshold);

/**
 * When a change took a variant's stock from above the mark to low: `stock.low`, and when the owner set a
 * threshold for the variant the owner's mail too. Once per crossing: the stock must rise above the mark
 * before it is told again.
 */
export async function emitIfStockLow(
  tx: Storage,
  websiteId: string,
  variant: { variantId: string; productId?: string; sku?: string },
  before: { unlimited: boolean; qtyInStock: number },
  after: { unlimited: boolean; qtyInStock: number },
  known?: Map<string, number>,
): Promise<void> {
  const threshold = (known ?? (await tx.stockAlerts.thresholds(websiteId, [variant.variantId]))).get(
    variant.variantId,
  );
  if (!isLowStock(after, threshold) || isLowStock(before, threshold)) return;
  await emitWebhook(tx, websiteId, 'stock.low', {
    ...variant,
    qtyInStock: after.qtyInStock,
    threshold: threshold ?? LOW_STOCK_THRESHOLD,
  });
  if (threshold === undefined) return;
  const item = variant.productId ? await tx.items.findById(websiteId, variant.productId) : undefined;
  const sku = variant.sku ?? item?.product?.variants.find((v) => v.id === variant.variantId)?.sku;
  await enqueueLowStockNotice(tx, websiteId, {
    sku: sku ?? variant.variantId,
    productTitle: item?.title,
    qtyInStock: after.qtyInStock,
    threshold,
  });
}

/**
 * After checkout took the stock of `order`: `stock.low` for each variant it took below the mark. Read in the
 * order's transaction, so the stock seen is the one this order left.
 */
export async function emitLowStockAfterOrder(
  tx: Storage,
  order: Order,
  listeners?: OrderListeners,
): Promise<void> {
  const taken = new Map<string, number>();
  for (const line of order.items)
    if (line.variantId) taken.set(line.variantId, (taken.get(line.variantId) ?? 0) + line.quantity);
  if (taken.size === 0) return;
  // Nobody listening and no owner threshold on these variants: no further reads on the checkout path.
  const thresholds = listeners
    ? new Map(
        [...taken.keys()].flatMap((id) => {
          const threshold = listeners.thresholds.get(id);
          return threshold === undefined ? [] : [[id, threshold] as const];
        }),
      )
    : await tx.stockAlerts.thresholds(order.websiteId, [...taken.keys()]);
  if (thresholds.size === 0) {
    const listening = listeners
      ? listeners.events.has('stock.low')
      : (await tx.webhooks.listSubscriptions(order.websiteId)).some((s) => s.events.includes('stock.low'));
    if (!listening) return;
  }
  for (const itemId of new Set(order.items.map((line) => line.itemId))) {
    const item = await tx.items.findById(order.websiteId, itemId);
    for (const variant of item?.product?.variants ?? []) {
      const quantity = taken.get(variant.id);
      if (quantity === undefined || variant.unlimited) continue;
      await emitIfStockLow(
        tx,
        order.websiteId,
        { variantId: variant.id, productId: itemId, sku: variant.sku },
        { unlimited: false, qtyInStock: variant.qtyInStock + quantity },
        variant,
        thresholds,
      );
    }
  }
}
