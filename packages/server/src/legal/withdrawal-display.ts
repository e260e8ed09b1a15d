import type { Order, Storage, Website } from '@baukasten/storage';
import { itemLabel, receivedTextOf } from './withdrawal-service.js';

/** The order's withdrawals as the shopper's order status page lists them; null when there are none. */
export async function withdrawalsShown(storage: Storage, website: Website, order: Order) {
  const withdrawals = await storage.legal.withdrawalsOf(website.id, order.id);
  if (withdrawals.length === 0) return null;
  return withdrawals.map((w) => ({
    receivedText: receivedTextOf(website, w.declaredAt),
    itemsText: order.items
      .filter((item) => w.itemIds.includes(item.id))
      .map(itemLabel)
      .join(', '),
  }));
}
