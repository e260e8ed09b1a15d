// The legal notes of one product or variant as a theme prints them (§ 1, § 4, § 11 PAngV): which
// Grundpreis goes beside its price, whether "zzgl. Versandkosten" applies, and the reference price of a
// reduction. The built-in templates and the theme formatters (JSON-T `base-price`, `price-note`) read
// them from here, so a custom theme prints what the built-in one does.

import { referencePriceText, type UnitContent, unitPriceText, validUnitContent } from './price-notes.js';
import {
  hasVariedPrices,
  type ProductInput,
  ProductType,
  productTypeOf,
  productVariants,
  type VariantLike,
  variantEffectivePrice,
} from './product-display.js';

/** A variant of the page context: the spec's fields plus the legal ones Baukasten adds. */
export interface VariantWithNotes extends VariantLike {
  unitContent?: UnitContent | null;
  /** The lowest price of the 30 days before the reduction (§ 11 PAngV), minor units; null: none known. */
  referencePriceMinor?: number | null;
}

/** '500 g (39,80 € / 1 kg)' for this variant at the price the shopper pays; undefined without content. */
export function variantBasePriceText(variant: VariantWithNotes, locale: string): string | undefined {
  const content = validUnitContent(variant?.unitContent);
  if (!content) return undefined;
  const paid = variantEffectivePrice(variant);
  return unitPriceText(paid.minor, content, paid.currency, locale);
}

/**
 * The Grundpreis beside a product's price line: of the variant whose price the line shows, so the
 * cheapest one under "ab …" (§ 4 Abs. 1 PAngV: next to the price it belongs to), else the first.
 */
export function productBasePriceText(input: ProductInput, locale: string): string | undefined {
  const variants = productVariants(input) as VariantWithNotes[];
  if (variants.length === 0) return undefined;
  const shown = hasVariedPrices(input)
    ? variants.reduce((a, v) => (variantEffectivePrice(v).minor < variantEffectivePrice(a).minor ? v : a))
    : variants[0];
  return variantBasePriceText(shown, locale);
}

/** Shipped goods cost shipping on top (§ 6 Abs. 2 PAngV); downloads, services and gift cards do not. */
export function shipsGoods(input: ProductInput): boolean {
  return productTypeOf(input) === ProductType.PHYSICAL;
}

/**
 * The reference price of a reduced variant (§ 11 Abs. 1 PAngV) with its German text ('niedrigster Preis
 * der letzten 30 Tage: 14,90 €'), or undefined when it is not reduced or the shop's history backs no
 * reference (then nothing may be struck through).
 */
export function variantReferencePrice(
  variant: VariantWithNotes,
  locale: string,
): { minor: number; currency: string; text: string } | undefined {
  const minor = variant?.referencePriceMinor;
  if (variant?.onSale !== true || typeof minor !== 'number' || !Number.isInteger(minor)) return undefined;
  const paid = variantEffectivePrice(variant);
  if (minor <= paid.minor) return undefined;
  return { minor, currency: paid.currency, text: referencePriceText(minor, paid.currency, locale) };
}
