import { unshippedQuantities } from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import { type FulfilChange, linesOf, markOrderFulfilled, shipLockedOrder } from './shipment-service.js';

/*
 * "Ausgeführt" in the editor and `POST …/orders/{orderId}/fulfil` in the public API: the order is done, and
 * the shopper hears of it. Goods still to ship leave as one parcel without carrier or tracking number through
 * the shipping step (shipment-service.ts), so the shopper gets the one shipping mail, the timeline shows the
 * parcel, and the last parcel makes the order fulfilled with its `order.fulfilled` webhook. An order with
 * nothing to ship (downloads, services, gift cards) is only marked fulfilled. Both under the order's row
 * lock: two calls at once ship once, and a repeated call finds the order fulfilled and is refused (409),
 * without a second mail.
 */

export interface FulfilOptions {
  /** False: no shipping mail (the API client tells the shopper itself). Default true. */
  notifyCustomer?: boolean;
}

export function fulfilOrder(
  storage: Storage,
  website: Website,
  orderId: string,
  shopUrl: string,
  options: FulfilOptions = {},
  now = Date.now(),
): Promise<FulfilChange> {
  return storage.transaction(async (tx): Promise<FulfilChange> => {
    if (!(await tx.fulfilment.lockOrder(website.id, orderId))) return { outcome: 'not-found' };
    const order = (await tx.orders.findById(website.id, orderId))!;
    if (order.status !== 'open') return { outcome: 'refused', order };
    const earlier = await tx.fulfilment.shipmentsOf(website.id, orderId);
    if (unshippedQuantities(linesOf(order), earlier).size === 0)
      return markOrderFulfilled(tx, website.id, orderId);
    const shipped = await shipLockedOrder(
      tx,
      website,
      order,
      earlier,
      { lines: 'rest', notifyCustomer: options.notifyCustomer },
      shopUrl,
      now,
    );
    return { outcome: 'changed', order: shipped.order };
  });
}
