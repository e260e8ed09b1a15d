import type { AppliedDiscount } from '@baukasten/commerce';

/*
 * The discount lines of cart, checkout, order page and mail (issue 23): one named row per discount that
 * applied, e.g. "10 % ab 50 €  −6,00 €" or "Rabattcode VERSAND (Kostenloser Versand)  kostenlos".
 */
export interface DiscountRow {
  label: string;
  amountText: string;
}

export function discountRowsOf(discounts: unknown, money: (minor: number) => string): DiscountRow[] {
  if (!Array.isArray(discounts)) return [];
  return (discounts as AppliedDiscount[])
    .filter((d) => d && typeof d.label === 'string')
    .map((d) => ({
      label: d.label,
      amountText: d.freeShipping && !d.amountMinor ? 'Versand kostenlos' : `−${money(d.amountMinor ?? 0)}`,
    }));
}
