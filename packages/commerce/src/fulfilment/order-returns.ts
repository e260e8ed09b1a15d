/*
 * Returns: pieces of an order that came back (after a withdrawal, or as a goodwill return). A line can
 * come back at most as often as it was bought, across all returns of the order. The refund the editor
 * suggests is what the returned pieces cost; the owner may change it (a discount on the whole order, or
 * a damaged piece), and the refund service caps it at what is still refundable.
 */

export interface ReturnableLine {
  id: string;
  productName: string;
  quantity: number;
  unitPriceMinor: number;
}

export interface ReturnedLine {
  orderItemId: string;
  quantity: number;
}

export const RETURN_REASONS = ['withdrawal', 'defective', 'wrong-item', 'not-as-described', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_TEXTS: Readonly<Record<ReturnReason, string>> = {
  withdrawal: 'Widerruf',
  defective: 'Defekt oder beschädigt',
  'wrong-item': 'Falscher Artikel geliefert',
  'not-as-described': 'Entspricht nicht der Beschreibung',
  other: 'Anderer Grund',
};

export const isReturnReason = (value: unknown): value is ReturnReason =>
  typeof value === 'string' && (RETURN_REASONS as readonly string[]).includes(value);

export const RETURN_MESSAGES = {
  nothingChosen: 'Bitte gib bei mindestens einem Artikel eine zurückgekommene Menge an.',
  unknownLine: 'Diesen Artikel gibt es in der Bestellung nicht.',
  quantityInvalid: 'Bitte gib eine ganze Zahl ab 0 an.',
  tooMany: (name: string, left: number) =>
    left === 0
      ? `„${name}“ ist schon vollständig zurückgekommen.`
      : `Von „${name}“ können höchstens noch ${left} Stück zurückkommen.`,
  reasonUnknown: 'Bitte wähle einen Grund für die Rücksendung.',
  withdrawalUnknown: 'Diesen Widerruf gibt es zu dieser Bestellung nicht.',
} as const;

/** Pieces per order line that may still come back. */
export function returnableQuantities(
  lines: readonly ReturnableLine[],
  returns: readonly { lines: readonly ReturnedLine[] }[],
): Map<string, number> {
  const back = new Map<string, number>();
  for (const r of returns)
    for (const line of r.lines) back.set(line.orderItemId, (back.get(line.orderItemId) ?? 0) + line.quantity);
  return new Map(lines.map((line) => [line.id, Math.max(0, line.quantity - (back.get(line.id) ?? 0))]));
}

export type ReturnCheck = { ok: true; lines: ReturnedLine[] } | { ok: false; message: string };

export function checkReturn(
  lines: readonly ReturnableLine[],
  earlier: readonly { lines: readonly ReturnedLine[] }[],
  requested: readonly ReturnedLine[],
): ReturnCheck {
  const left = returnableQuantities(lines, earlier);
  const wanted = new Map<string, number>();
  for (const r of requested) {
    if (!Number.isSafeInteger(r.quantity) || r.quantity < 0)
      return { ok: false, message: RETURN_MESSAGES.quantityInvalid };
    if (r.quantity > 0) wanted.set(r.orderItemId, (wanted.get(r.orderItemId) ?? 0) + r.quantity);
  }
  if (wanted.size === 0) return { ok: false, message: RETURN_MESSAGES.nothingChosen };
  for (const [id, quantity] of wanted) {
    const line = lines.find((l) => l.id === id);
    if (!line) return { ok: false, message: RETURN_MESSAGES.unknownLine };
    const rest = left.get(id) ?? 0;
    if (quantity > rest) return { ok: false, message: RETURN_MESSAGES.tooMany(line.productName, rest) };
  }
  return { ok: true, lines: [...wanted].map(([orderItemId, quantity]) => ({ orderItemId, quantity })) };
}

/** What the returned pieces cost, in minor units: the refund the editor suggests. */
export function suggestedRefundMinor(
  lines: readonly ReturnableLine[],
  returned: readonly ReturnedLine[],
): number {
  let sum = 0;
  for (const r of returned) {
    const line = lines.find((l) => l.id === r.orderItemId);
    if (line) sum += line.unitPriceMinor * r.quantity;
  }
  return sum;
}
