import type { Order, Storage } from '@baukasten/storage';

/*
 * The order-status page names an order by its number, as the shopper knows it from the confirmation
 * and the email (one indexed read on the unique website + order number pair). Links made before numbers
 * were used name the order's id, which is still accepted. Either way the shopper's email must match.
 */

const ORDER_NUMBER = /^[1-9]\d{0,14}$/;
const ORDER_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The order a status link names: its number or its id. */
export async function findOrderByReference(
  storage: Storage,
  websiteId: string,
  reference: string,
): Promise<Order | undefined> {
  if (ORDER_NUMBER.test(reference)) return storage.orders.findByNumber(websiteId, Number(reference));
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
export function orderStatusPath(order: Order): string {
  const reference = String(order.orderNumber);
  const email = order.customerEmail ? `?email=${encodeURIComponent(order.customerEmail)}` : '';
  return `/bestellung/${encodeURIComponent(reference)}${email}`;
}
