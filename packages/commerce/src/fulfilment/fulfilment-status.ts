import { ProductType } from '../product-display.js';

/*
 * How far an order is shipped, derived from its lines and the shipments recorded for it, never stored:
 * a shipment is the only fact, so the status can never disagree with what was sent. Only physical lines
 * travel in a parcel; downloads, services and gift cards (sent by mail) need no shipment.
 */

export interface FulfilmentLine {
  id: string;
  quantity: number;
  productType?: number;
}

/** One line of one shipment: how many pieces of an order line went into the parcel. */
export interface ShippedLine {
  orderItemId: string;
  quantity: number;
}

export type FulfilmentStatus = 'unfulfilled' | 'partly-shipped' | 'shipped' | 'not-needed';

export const FULFILMENT_STATUS_TEXTS: Readonly<Record<FulfilmentStatus, string>> = {
  unfulfilled: 'Nicht versandt',
  'partly-shipped': 'Teilweise versandt',
  shipped: 'Versandt',
  'not-needed': 'Kein Versand nötig',
};

export const FULFILMENT_MESSAGES = {
  nothingLeft: 'Alle Artikel dieser Bestellung sind schon versandt.',
  nothingChosen: 'Bitte wähle mindestens einen Artikel für die Sendung.',
  unknownLine: 'Diesen Artikel gibt es in der Bestellung nicht.',
  notShippable: (name: string) => `„${name}“ wird nicht als Paket verschickt.`,
  quantityInvalid: 'Bitte gib eine ganze Zahl größer als 0 an.',
  tooMany: (name: string, left: number) => `Von „${name}“ sind nur noch ${left} Stück zu versenden.`,
} as const;

/** Old lines without a product type were physical goods: the shop sold nothing else back then. */
export const needsShipping = (line: { productType?: number }): boolean =>
  line.productType === undefined || line.productType === ProductType.PHYSICAL;

/** Pieces per order line already shipped. */
export function shippedQuantities(
  shipments: readonly { lines: readonly ShippedLine[] }[],
): Map<string, number> {
  const shipped = new Map<string, number>();
  for (const shipment of shipments)
    for (const line of shipment.lines)
      shipped.set(line.orderItemId, (shipped.get(line.orderItemId) ?? 0) + line.quantity);
  return shipped;
}

/** Pieces per physical order line still to ship (lines with nothing left are left out). */
export function unshippedQuantities(
  lines: readonly FulfilmentLine[],
  shipments: readonly { lines: readonly ShippedLine[] }[],
): Map<string, number> {
  const shipped = shippedQuantities(shipments);
  const left = new Map<string, number>();
  for (const line of lines) {
    if (!needsShipping(line)) continue;
    const rest = line.quantity - (shipped.get(line.id) ?? 0);
    if (rest > 0) left.set(line.id, rest);
  }
  return left;
}

export function fulfilmentStatusOf(
  lines: readonly FulfilmentLine[],
  shipments: readonly { lines: readonly ShippedLine[] }[],
): FulfilmentStatus {
  const physical = lines.filter(needsShipping);
  if (physical.length === 0) return 'not-needed';
  const shipped = shippedQuantities(shipments);
  const anyShipped = physical.some((line) => (shipped.get(line.id) ?? 0) > 0);
  if (!anyShipped) return 'unfulfilled';
  return unshippedQuantities(lines, shipments).size === 0 ? 'shipped' : 'partly-shipped';
}

export type ShipmentCheck = { ok: true; lines: ShippedLine[] } | { ok: false; message: string };

/**
 * The lines of a new shipment: `'rest'` is everything not shipped yet; otherwise each chosen line must be
 * physical and at most what is left of it. Lines asked for with quantity 0 are left out (a form's rows).
 */
export function checkShipment(
  lines: readonly (FulfilmentLine & { productName: string })[],
  shipments: readonly { lines: readonly ShippedLine[] }[],
  requested: 'rest' | readonly ShippedLine[],
): ShipmentCheck {
  const left = unshippedQuantities(lines, shipments);
  if (left.size === 0) return { ok: false, message: FULFILMENT_MESSAGES.nothingLeft };
  if (requested === 'rest')
    return { ok: true, lines: [...left].map(([orderItemId, quantity]) => ({ orderItemId, quantity })) };
  const wanted = new Map<string, number>();
  for (const r of requested) {
    if (!Number.isSafeInteger(r.quantity) || r.quantity < 0)
      return { ok: false, message: FULFILMENT_MESSAGES.quantityInvalid };
    if (r.quantity > 0) wanted.set(r.orderItemId, (wanted.get(r.orderItemId) ?? 0) + r.quantity);
  }
  if (wanted.size === 0) return { ok: false, message: FULFILMENT_MESSAGES.nothingChosen };
  for (const [id, quantity] of wanted) {
    const line = lines.find((l) => l.id === id);
    if (!line) return { ok: false, message: FULFILMENT_MESSAGES.unknownLine };
    if (!needsShipping(line))
      return { ok: false, message: FULFILMENT_MESSAGES.notShippable(line.productName) };
    const rest = left.get(id) ?? 0;
    if (quantity > rest) return { ok: false, message: FULFILMENT_MESSAGES.tooMany(line.productName, rest) };
  }
  return { ok: true, lines: [...wanted].map(([orderItemId, quantity]) => ({ orderItemId, quantity })) };
}
