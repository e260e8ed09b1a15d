// Where an add-to-cart lands in the cart: the entry it raises, or the place of a new one. Pure, so the
// server decides it from the cart as read and storage only writes the outcome.

/** What identifies an entry for merging: the same variant with the same form answers and plan. */
export interface PlacedLine {
  id: string;
  sku: string;
  quantity: number;
  additionalFields?: string | undefined;
  subscriptionOptionId?: string | undefined;
  position: number;
}

export interface WantedLine {
  sku: string;
  quantity: number;
  additionalFields?: string | undefined;
  subscriptionOptionId?: string | undefined;
}

export type CartPlacement<E extends PlacedLine> =
  /** The same variant with the same answers and plan is in the cart: its quantity goes up. */
  | { merge: E; quantity: number }
  /** Otherwise a new entry goes last. */
  | { merge?: undefined; position: number };

/**
 * The same entry merges (same SKU, form answers and subscription option: one line per thing the shopper
 * chose), anything else becomes a new entry after the last one.
 */
export function placeInCart<E extends PlacedLine>(
  entries: readonly E[],
  wanted: WantedLine,
): CartPlacement<E> {
  const same = entries.find(
    (e) =>
      e.sku === wanted.sku &&
      e.additionalFields === wanted.additionalFields &&
      e.subscriptionOptionId === wanted.subscriptionOptionId,
  );
  if (same) return { merge: same, quantity: same.quantity + wanted.quantity };
  return { position: entries.reduce((last, e) => Math.max(last, e.position + 1), 0) };
}

/** How many of the item (of this sku, when one is chosen) the cart holds: the stock rule counts them. */
export function quantityInCart(
  entries: readonly { itemId: string; sku: string; quantity: number }[],
  itemId: string,
  sku: string | undefined,
): number {
  return entries
    .filter((e) => e.itemId === itemId && (!sku || e.sku === sku))
    .reduce((sum, e) => sum + e.quantity, 0);
}
