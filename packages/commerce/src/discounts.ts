// Discounts of issue 23: automatic ones (no code) and codes, as percent, fixed amount, free shipping or
// "buy X get Y"; limited to products or categories, a minimum subtotal, start and end dates and usage
// limits. Pure: what applies to a cart and the German label the cart and the order show for it. Usage
// limits are counted by the storage in the order transaction; this module only leaves out the discounts
// the caller says are used up.

export type DiscountKind = 'percent' | 'amount' | 'free-shipping' | 'buy-x-get-y';

export interface CouponDefinition {
  /** Stable id the usage counter is kept under; a code's id is its code where none was stored. */
  id?: string;
  /** The code a shopper types; absent for an automatic discount. */
  code?: string;
  /** Applies without a code whenever its conditions hold. */
  automatic?: boolean;
  /** The owner's name for it, shown on cart and order, e.g. "10 % ab 50 €". */
  name?: string;
  /** Absent on coupons saved before kinds: percent where percentOff is set, else amount. */
  kind?: DiscountKind;
  percentOff?: number;
  amountOffMinor?: number;
  /** buy-x-get-y: of every buyQuantity + getQuantity eligible items, the getQuantity cheapest are free. */
  buyQuantity?: number;
  getQuantity?: number;
  minimumSubtotalMinor?: number;
  /** Only these products (item ids) and/or categories count; neither: the whole cart. */
  productIds?: string[];
  categoryIds?: string[];
  /** Epoch milliseconds (the site's days, converted when saved); outside them the discount is unknown. */
  validFrom?: number;
  validUntil?: number;
  /** Orders that may use it in total, and per customer (by e-mail). */
  usageLimit?: number;
  usageLimitPerCustomer?: number;
}

export interface AppliedDiscount {
  id: string;
  code: string | null;
  kind: DiscountKind;
  /** German line for cart and order, e.g. "10 % ab 50 €", "Rabatt (SALE10)" or "Kostenloser Versand (GRATIS)". */
  label: string;
  /** What it takes off the goods (0 for free shipping, whose saving is the shipping cost). */
  amountMinor: number;
  freeShipping: boolean;
}

export interface DiscountLine {
  unitPriceMinor: number;
  quantity: number;
  productId?: string;
  categoryIds?: readonly string[];
  /** Gift cards are never discounted. */
  discountable: boolean;
}

export const kindOf = (d: CouponDefinition): DiscountKind =>
  d.kind ?? (d.percentOff !== undefined ? 'percent' : 'amount');

/** The id a discount's usage is counted under. */
export function discountIdOf(d: CouponDefinition, normalise: (code: unknown) => string): string {
  if (d.id) return d.id;
  return d.code ? normalise(d.code) : `auto-${(d.name ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** Within its dates at `now` (no dates: always). */
export function isActiveAt(d: CouponDefinition, now: number): boolean {
  return (
    (d.validFrom === undefined || d.validFrom <= now) && (d.validUntil === undefined || now <= d.validUntil)
  );
}

const isLimited = (d: CouponDefinition) =>
  (d.productIds?.length ?? 0) > 0 || (d.categoryIds?.length ?? 0) > 0;

/** Whether a line counts for the discount: discountable and, if limited, one of its products or categories. */
export function lineEligible(d: CouponDefinition, line: DiscountLine): boolean {
  if (!line.discountable) return false;
  if (!isLimited(d)) return true;
  if (line.productId && d.productIds?.includes(line.productId)) return true;
  return (line.categoryIds ?? []).some((c) => d.categoryIds?.includes(c));
}

/** The sum of the lines the discount may lower. */
export function eligibleSubtotalMinor(d: CouponDefinition, lines: readonly DiscountLine[]): number {
  let sum = 0;
  for (const line of lines) if (lineEligible(d, line)) sum += line.unitPriceMinor * line.quantity;
  return sum;
}

/**
 * Whether the conditions hold: a minimum subtotal (of the eligible lines when it is limited to products or
 * categories, of the whole cart otherwise) and at least one eligible line. Dates are checked by the caller.
 */
export function conditionsHold(d: CouponDefinition, lines: readonly DiscountLine[], subtotalMinor: number) {
  const eligible = eligibleSubtotalMinor(d, lines);
  if (eligible <= 0 && kindOf(d) !== 'free-shipping') return false;
  const base = isLimited(d) ? eligible : subtotalMinor;
  return base >= (d.minimumSubtotalMinor ?? 0);
}

/** What the discount takes off the goods, never more than the eligible subtotal. */
export function discountAmountMinor(d: CouponDefinition, lines: readonly DiscountLine[]): number {
  const eligible = eligibleSubtotalMinor(d, lines);
  switch (kindOf(d)) {
    case 'percent':
      return Math.min(eligible, Math.floor((eligible * Math.max(0, d.percentOff ?? 0)) / 100));
    case 'amount':
      return Math.min(eligible, Math.max(0, d.amountOffMinor ?? 0));
    case 'buy-x-get-y': {
      const buy = Math.max(1, Math.floor(d.buyQuantity ?? 0));
      const get = Math.max(1, Math.floor(d.getQuantity ?? 0));
      // Every eligible unit, dearest first: of each group of buy + get units the last `get` are free.
      const units: number[] = [];
      for (const line of lines) {
        if (!lineEligible(d, line)) continue;
        for (let i = 0; i < line.quantity && units.length < 10_000; i++) units.push(line.unitPriceMinor);
      }
      units.sort((a, b) => b - a);
      let free = 0;
      const group = buy + get;
      for (let i = 0; i + group <= units.length; i += group) {
        for (let j = i + buy; j < i + group; j++) free += units[j];
      }
      return Math.min(eligible, free);
    }
    default:
      return 0;
  }
}

/** The German text of what the discount gives, without its name. */
export function discountDescription(d: CouponDefinition): string {
  switch (kindOf(d)) {
    case 'percent':
      return `${d.percentOff ?? 0} % Rabatt`;
    case 'amount':
      return `${((d.amountOffMinor ?? 0) / 100).toFixed(2).replace('.', ',')} € Rabatt`;
    case 'free-shipping':
      return 'Kostenloser Versand';
    case 'buy-x-get-y':
      return `Kaufe ${d.buyQuantity ?? 1}, erhalte ${d.getQuantity ?? 1} gratis`;
  }
}

/** The line the cart and the order show: the owner's name, else what it gives, with the code if any. */
export function discountLabel(d: CouponDefinition, code: string | null): string {
  const name = d.name?.trim();
  // A code without a name keeps the line the cart always showed: "Rabatt (SALE10)".
  const kind = kindOf(d);
  if (code)
    return `${name || (kind === 'percent' || kind === 'amount' ? 'Rabatt' : discountDescription(d))} (${code})`;
  return name || discountDescription(d);
}
