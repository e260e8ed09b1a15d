import type { Order, Storage } from '@baukasten/storage';

/*
 * The order-status page names an order by its number, as the shopper knows it from the confirmation
 * and the email. The order repository answers by number only once it has `findByNumber` (one indexed
 * read on the unique (website, order number) pair); until then the page also accepts the order's id,
 * which is what the confirmation page links with. Either way the shopper's email must match.
 */

interface OrdersByNumber {
  findByNumber(websiteId: string, orderNumber: number): Promise<Order | undefined>;
}

const ORDER_NUMBER = /^[1-9]\d{0,14}$/;
const ORDER_ID = /^[A-Za-z0-9_-]{8,64}$/;

function byNumber(storage: Storage): OrdersByNumber['findByNumber'] | undefined {
  const orders = storage.orders as Storage['orders'] & Partial<OrdersByNumber>;
  return typeof orders.findByNumber === 'function' ? orders.findByNumber.bind(orders) : undefined;
}

/** True when order-status links can carry the order number instead of the order id. */
export const canFindOrdersByNumber = (storage: Storage) => byNumber(storage) !== undefined;

/** The order a status link names: its number (when the repository can look numbers up) or its id. */
export async function findOrderByReference(
  storage: Storage,
  websiteId: string,
  reference: string,
): Promise<Order | undefined> {
  if (ORDER_NUMBER.test(reference)) {
    const find = byNumber(storage);
    return find ? find(websiteId, Number(reference)) : undefined;
  }
  if (ORDER_ID.test(reference)) return storage.orders.findById(websiteId, reference);
  return undefined;
}

const normalisedEmail = (email: string) => email.trim().toLowerCase();

/** Whether the email the shopper typed is the one the order was placed with. */
export function emailMatches(order: Order, email: string): boolean {
  if (!order.customerEmail || email.trim() === '') return false;
  return normalisedEmail(order.customerEmail) === normalisedEmail(email);
}

/** The status page of an order, with the email that opens it. */
export function orderStatusPath(storage: Storage, order: Order): string {
  const reference = canFindOrdersByNumber(storage) ? String(order.orderNumber) : order.id;
  const email = order.customerEmail ? `?email=${encodeURIComponent(order.customerEmail)}` : '';
  return `/bestellung/${encodeURIComponent(reference)}${email}`;
}
