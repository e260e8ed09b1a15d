// What every price shown to a German shopper carries beside the amount: the VAT and shipping note
// (§ 1 PAngV), the Grundpreis of goods sold by quantity (§ 4 PAngV) and, for a reduced price, the lowest
// price of the 30 days before the reduction (§ 11 PAngV). Integers only; the texts are German.

import { formatMoney } from './money.js';

/** The content of a variant sold by quantity, e.g. { amount: 500, unit: 'g' }. */
export interface UnitContent {
  amount: number;
  unit: string;
}

type BaseUnit = 'kg' | 'l' | 'm' | 'm²' | 'm³';

/** Each content unit, the Grundpreis unit it is quoted in, and how many of it make that unit. */
const UNITS: Readonly<Record<string, { base: BaseUnit; perBase: number }>> = {
  g: { base: 'kg', perBase: 1000 },
  kg: { base: 'kg', perBase: 1 },
  ml: { base: 'l', perBase: 1000 },
  cl: { base: 'l', perBase: 100 },
  l: { base: 'l', perBase: 1 },
  mm: { base: 'm', perBase: 1000 },
  cm: { base: 'm', perBase: 100 },
  m: { base: 'm', perBase: 1 },
  'm²': { base: 'm²', perBase: 1 },
  'm³': { base: 'm³', perBase: 1 },
};

/** The units the product editor offers, in its order. */
export const CONTENT_UNITS: readonly string[] = ['g', 'kg', 'ml', 'cl', 'l', 'cm', 'm', 'm²', 'm³'];

/** 'm2' and 'qm' as owners type them are m². */
export function contentUnitOf(unit: unknown): string | undefined {
  const raw = String(unit ?? '')
    .trim()
    .toLowerCase();
  const named = raw === 'm2' || raw === 'qm' ? 'm²' : raw === 'm3' ? 'm³' : raw;
  return named in UNITS ? named : undefined;
}

/** A content the Grundpreis can be computed from: a known unit and a positive amount (at most 3 decimals). */
export function validUnitContent(content: unknown): UnitContent | undefined {
  if (!content || typeof content !== 'object') return undefined;
  const { amount, unit } = content as Record<string, unknown>;
  const known = contentUnitOf(unit);
  const value = typeof amount === 'string' ? Number(amount.replace(',', '.')) : Number(amount);
  if (!known || !Number.isFinite(value) || value <= 0 || value > 1_000_000) return undefined;
  return { amount: Math.round(value * 1000) / 1000, unit: known };
}

/**
 * The price per 1 kg / 1 l / 1 m / 1 m² / 1 m³ (§ 5 Abs. 1 PAngV), rounded half up to the minor unit in
 * integers: the amount is counted in thousandths, so 0,75 l is 750 and no float enters the money.
 */
export function unitPriceMinor(
  priceMinor: number,
  content: UnitContent,
): { minor: number; base: BaseUnit } | undefined {
  const valid = validUnitContent(content);
  if (!valid || !Number.isInteger(priceMinor) || priceMinor < 0) return undefined;
  const { base, perBase } = UNITS[valid.unit];
  const thousandths = Math.round(valid.amount * 1000);
  const numerator = priceMinor * perBase * 1000;
  return { minor: Math.floor((2 * numerator + thousandths) / (2 * thousandths)), base };
}

const amountText = (amount: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(amount);

/** '500 g (25,80 € / 1 kg)': the content and the Grundpreis, next to the price. */
export function unitPriceText(
  priceMinor: number,
  content: UnitContent | undefined,
  currency: string,
  locale: string,
): string | undefined {
  const valid = validUnitContent(content);
  const unit = valid && unitPriceMinor(priceMinor, valid);
  if (!valid || !unit) return undefined;
  return `${amountText(valid.amount, locale)} ${valid.unit} (${formatMoney(unit.minor, currency, locale)} / 1 ${unit.base})`;
}

/** The VAT part of the price note (§ 1 Abs. 1 PAngV); the Kleinunternehmer's instead (§ 19 UStG). */
export function vatPriceNote(smallBusiness: boolean): string {
  return smallBusiness ? 'kein Ausweis der USt. (§ 19 UStG)' : 'inkl. MwSt.';
}

/** The page of the shipping costs the "zzgl. Versandkosten" note links to (legal pages). */
export const SHIPPING_PAGE_PATH = '/versand-und-zahlung';

export interface PricePointLike {
  validFrom: number;
  priceMinor: number;
}

export const REFERENCE_PERIOD_MS = 30 * 86_400_000;

/**
 * The lowest price of the 30 days before the current reduction began (§ 11 Abs. 1 PAngV), from the shop's
 * price history, oldest first. Undefined (and so no struck price) when the history does not show the
 * reduced price in force, knows no price before it, or that lowest price is not above the reduced one.
 *
 * With the variant's normal price given, a reduction in steps counts from its first step (§ 11 Abs. 2
 * PAngV): while the price only ever went further down below the normal price (30 → 25 → 20 €), the
 * reference stays the lowest price of the 30 days before the first step, not the step before the latest
 * one. A return to the normal price, or a step back up, interrupts the reduction: a later one starts anew.
 */
export function lowestPriorPriceMinor(
  history: readonly PricePointLike[],
  currentMinor: number,
  normalMinor?: number,
): number | undefined {
  const points = [...history].sort((a, b) => a.validFrom - b.validFrom);
  let start = points.length;
  while (start > 0 && points[start - 1].priceMinor === currentMinor) start--;
  if (start === points.length || start === 0) return undefined;
  start = firstStepOfReduction(points, start, normalMinor);
  if (start === 0) return undefined;
  const reducedFrom = points[start].validFrom;
  const windowStart = reducedFrom - REFERENCE_PERIOD_MS;
  let lowest: number | undefined;
  for (let i = 0; i < start; i++) {
    const point = points[i];
    const next = points[i + 1];
    // The price counted if it was in force at some moment of the window: it ends after the window begins.
    if (next.validFrom > windowStart)
      lowest = lowest === undefined ? point.priceMinor : Math.min(lowest, point.priceMinor);
  }
  return lowest !== undefined && lowest > currentMinor ? lowest : undefined;
}

/**
 * The index of the first step of the uninterrupted reduction that the point at `latest` belongs to: walks
 * back over earlier points while each was itself reduced (below the normal price) and dearer than the step
 * after it. Without a normal price the steps cannot be told from changes of the normal price: `latest`.
 */
export function firstStepOfReduction(
  points: readonly PricePointLike[],
  latest: number,
  normalMinor?: number,
): number {
  if (normalMinor === undefined || !Number.isInteger(normalMinor)) return latest;
  let first = latest;
  while (
    first > 0 &&
    points[first - 1].priceMinor < normalMinor &&
    points[first - 1].priceMinor > points[first].priceMinor
  )
    first--;
  return first;
}

/** 'niedrigster Preis der letzten 30 Tage: 14,90 €', the reference shown instead of a plain former price. */
export function referencePriceText(minor: number, currency: string, locale: string): string {
  return `niedrigster Preis der letzten 30 Tage: ${formatMoney(minor, currency, locale)}`;
}
