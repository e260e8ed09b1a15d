import {
  CARRIER_MESSAGES,
  checkShipment,
  checkTrackingNumber,
  fulfilmentStatusOf,
  type ShippedLine,
} from '@baukasten/commerce';
import type { Order, Shipment, Storage, Website } from '@baukasten/storage';
import { AdminInputError } from '../admin/admin-input.js';
import { HttpError } from '../http-error.js';
import { orderStatusPath } from '../pages/order-lookup.js';
import { emitOrderEvent } from '../webhooks/webhook-events.js';
import { shippingEmail } from './shipping-email.js';

/*
 * Shipping an order, all or some of its lines, with a carrier and a tracking number. One transaction: the
 * order's row lock, the check against what was shipped before (commerce), the shipment row, the timeline
 * entry, the shopper's mail and, when this parcel was the last, the order's "fulfilled" status with its
 * webhook (markOrderFulfilled). The editor's single and bulk actions call shipOrder; "Ausgeführt" in the
 * editor and the API's fulfil call ship the rest through shipLockedOrder (fulfil-order.ts).
 */

export const SHIPMENT_MESSAGES = {
  orderNotFound: 'Diese Bestellung gibt es nicht.',
  cancelled: 'Diese Bestellung ist storniert und kann nicht versandt werden.',
} as const;

export const linesOf = (order: Order) =>
  order.items.map((item) => ({
    id: item.id,
    productName: item.productName,
    quantity: item.quantity,
    unitPriceMinor: item.unitPriceMinor,
    ...(typeof item.data.productType === 'number' ? { productType: item.data.productType } : {}),
  }));

/**
 * The carrier of a parcel the owner sent without naming one ("Ausgeführt"): the column needs a value, and
 * an empty one is no carrier id, so no name and no tracking link are made up for it.
 */
export const NO_CARRIER = '';

export interface ShipRequest {
  /** Left out: a parcel without a named carrier (and so without tracking number). */
  carrier?: string;
  trackingNumber?: string;
  /** 'rest': everything not shipped yet. */
  lines: 'rest' | ShippedLine[];
  /** False: no shipping mail (an API client that tells the shopper itself). Default true. */
  notifyCustomer?: boolean;
}

export type FulfilChange = { outcome: 'changed' | 'refused'; order: Order } | { outcome: 'not-found' };

/** Marks the order fulfilled and tells webhooks (`order.fulfilled`) in the same transaction. */
export function markOrderFulfilled(
  storage: Storage,
  websiteId: string,
  orderId: string,
): Promise<FulfilChange> {
  return storage.transaction(async (tx) => {
    const change = await tx.orders.markFulfilled(websiteId, orderId);
    if (change.outcome === 'changed') await emitOrderEvent(tx, 'order.fulfilled', change.order);
    return change;
  });
}

/** The carrier and tracking number as stored, or the German message for the field that is wrong. */
function checkCarrier(request: ShipRequest) {
  if (request.carrier === undefined) return { carrier: NO_CARRIER, trackingNumber: '' };
  const tracking = checkTrackingNumber(request.carrier, request.trackingNumber ?? '');
  if (!tracking.ok) {
    const field = tracking.message === CARRIER_MESSAGES.carrierUnknown ? 'carrier' : 'trackingNumber';
    throw new AdminInputError(tracking.message, { [field]: tracking.message });
  }
  return { carrier: request.carrier, trackingNumber: tracking.trackingNumber };
}

export interface ShipResult {
  order: Order;
  shipment: Shipment;
  /** The order is now shipped in full. */
  complete: boolean;
}

/** Throws AdminInputError (400) with a German message for a bad carrier, number or line choice. */
export async function shipOrder(
  storage: Storage,
  website: Website,
  orderId: string,
  request: ShipRequest,
  shopUrl: string,
  now = Date.now(),
): Promise<ShipResult> {
  checkCarrier(request);
  return storage.transaction(async (tx) => {
    if (!(await tx.fulfilment.lockOrder(website.id, orderId)))
      throw new HttpError(404, 'ORDER_NOT_FOUND', SHIPMENT_MESSAGES.orderNotFound);
    const order = (await tx.orders.findById(website.id, orderId))!;
    if (order.status === 'cancelled')
      throw new HttpError(409, 'ORDER_CANCELLED', SHIPMENT_MESSAGES.cancelled);
    const earlier = await tx.fulfilment.shipmentsOf(website.id, orderId);
    return shipLockedOrder(tx, website, order, earlier, request, shopUrl, now);
  });
}

/**
 * The shipment itself, for a caller inside a transaction that holds the order's lock (lockOrder) and has
 * read the order and its earlier shipments under it.
 */
export async function shipLockedOrder(
  tx: Storage,
  website: Website,
  order: Order,
  earlier: readonly Shipment[],
  request: ShipRequest,
  shopUrl: string,
  now = Date.now(),
): Promise<ShipResult> {
  const tracking = checkCarrier(request);
  const lines = linesOf(order);
  const check = checkShipment(lines, earlier, request.lines);
  if (!check.ok) throw new AdminInputError(check.message, { lines: check.message });
  const shipment = await tx.fulfilment.addShipment(
    website.id,
    {
      orderId: order.id,
      carrier: tracking.carrier,
      ...(tracking.trackingNumber ? { trackingNumber: tracking.trackingNumber } : {}),
      lines: check.lines,
    },
    now,
  );
  const complete = fulfilmentStatusOf(lines, [...earlier, shipment]) === 'shipped';
  const notify = request.notifyCustomer !== false && Boolean(order.customerEmail);
  await tx.orderEvents.add(
    website.id,
    {
      orderId: order.id,
      kind: 'shipped',
      data: {
        shipmentId: shipment.id,
        carrier: shipment.carrier,
        ...(shipment.trackingNumber ? { trackingNumber: shipment.trackingNumber } : {}),
        complete,
        // The timeline says when the shopper was not told, so the owner does not assume a mail went out.
        ...(request.notifyCustomer === false ? { customerNotified: false } : {}),
      },
    },
    now,
  );
  if (notify) {
    await tx.outbox.enqueue(
      website.id,
      shippingEmail({
        order,
        shipment,
        siteTitle: website.title,
        orderStatusUrl: `${shopUrl}${orderStatusPath(order)}`,
        complete,
      }),
      now,
    );
  }
  // The last parcel makes the order "Ausgeführt" (open → fulfilled), with the `order.fulfilled` webhook.
  const fulfilled =
    complete && order.status === 'open' ? await markOrderFulfilled(tx, website.id, order.id) : undefined;
  const latest = fulfilled && fulfilled.outcome !== 'not-found' ? fulfilled.order : order;
  return { order: latest, shipment, complete };
}
