import {
  CARRIER_MESSAGES,
  checkShipment,
  checkTrackingNumber,
  fulfilmentStatusOf,
  type ShippedLine,
} from '@baukasten/commerce';
import type { Order, Shipment, Storage, Website } from '@baukasten/storage';
import { AdminInputError } from '../admin/admin-input.js';
import { fulfilOrder } from '../admin/orders/order-routes.js';
import { HttpError } from '../http-error.js';
import { orderStatusPath } from '../pages/order-lookup.js';
import { shippingEmail } from './shipping-email.js';

/*
 * Shipping an order, all or some of its lines, with a carrier and a tracking number. One transaction: the
 * order's row lock, the check against what was shipped before (commerce), the shipment row, the timeline
 * entry, the shopper's mail and, when this parcel was the last, the order's "fulfilled" status with its
 * webhook (fulfilOrder). The editor's single and bulk actions and the public API call this one function.
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

export interface ShipRequest {
  carrier: string;
  trackingNumber?: string;
  /** 'rest': everything not shipped yet. */
  lines: 'rest' | ShippedLine[];
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
  const tracking = checkTrackingNumber(request.carrier, request.trackingNumber ?? '');
  if (!tracking.ok) {
    const field = tracking.message === CARRIER_MESSAGES.carrierUnknown ? 'carrier' : 'trackingNumber';
    throw new AdminInputError(tracking.message, { [field]: tracking.message });
  }
  return storage.transaction(async (tx) => {
    if (!(await tx.fulfilment.lockOrder(website.id, orderId)))
      throw new HttpError(404, 'ORDER_NOT_FOUND', SHIPMENT_MESSAGES.orderNotFound);
    const order = (await tx.orders.findById(website.id, orderId))!;
    if (order.status === 'cancelled')
      throw new HttpError(409, 'ORDER_CANCELLED', SHIPMENT_MESSAGES.cancelled);
    const earlier = await tx.fulfilment.shipmentsOf(website.id, orderId);
    const lines = linesOf(order);
    const check = checkShipment(lines, earlier, request.lines);
    if (!check.ok) throw new AdminInputError(check.message, { lines: check.message });
    const shipment = await tx.fulfilment.addShipment(
      website.id,
      {
        orderId,
        carrier: request.carrier,
        ...(tracking.trackingNumber ? { trackingNumber: tracking.trackingNumber } : {}),
        lines: check.lines,
      },
      now,
    );
    const complete = fulfilmentStatusOf(lines, [...earlier, shipment]) === 'shipped';
    await tx.orderEvents.add(
      website.id,
      {
        orderId,
        kind: 'shipped',
        data: {
          shipmentId: shipment.id,
          carrier: shipment.carrier,
          ...(shipment.trackingNumber ? { trackingNumber: shipment.trackingNumber } : {}),
          complete,
        },
      },
      now,
    );
    if (order.customerEmail) {
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
      complete && order.status === 'open' ? await fulfilOrder(tx, website.id, orderId) : undefined;
    const latest = fulfilled && fulfilled.outcome !== 'not-found' ? fulfilled.order : order;
    return { order: latest, shipment, complete };
  });
}
