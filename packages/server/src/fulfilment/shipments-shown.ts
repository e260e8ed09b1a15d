import { FULFILMENT_STATUS_TEXTS } from '@baukasten/commerce';
import type { Order, Storage, Website } from '@baukasten/storage';
import { fulfilmentOf, shipmentView } from './fulfilment-view.js';

/*
 * The order's parcels as the shopper sees them (order status page, account order list): carrier, date,
 * what is inside and the tracking link; null when nothing was shipped yet.
 */
export async function shipmentsShown(storage: Storage, website: Website, order: Order) {
  const shipments = await storage.fulfilment.shipmentsOf(website.id, order.id);
  const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: website.timeZone });
  const status = fulfilmentOf(order, shipments);
  return {
    fulfilmentStatusText: FULFILMENT_STATUS_TEXTS[status],
    shipments:
      shipments.length === 0
        ? null
        : shipments.map((s) => ({ ...shipmentView(order, s), shippedText: day.format(s.shippedAt) })),
  };
}
