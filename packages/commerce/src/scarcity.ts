// The scarcity note of product pages (spec 1, 2 and 3: scarcityEnabled, scarcityTemplateViews,
// scarcityText, scarcityShownByDefault): 'Nur noch 3 auf Lager' when few pieces are left.

import {
  isVariantInStock,
  type ProductInput,
  ProductType,
  productTypeOf,
  type VariantLike,
} from './product-display.js';

/**
 * The views a product's merchandising settings name: where the scarcity note shows (scarcityTemplateViews)
 * and where the restock sign-up is offered (restockNotificationViews).
 */
export const MERCHANDISING_VIEWS = {
  productDetail: 'PRODUCT_DETAIL',
  quickView: 'PRODUCT_QUICK_VIEW',
} as const;
export type MerchandisingView = (typeof MERCHANDISING_VIEWS)[keyof typeof MERCHANDISING_VIEWS];

/**
 * The note shows from this many pieces down (the spec names no threshold; a store that wants it
 * at any stock sets scarcityShownByDefault).
 */
export const SCARCITY_LOW_STOCK = 5;

/** Used when the store left scarcityText empty. */
export const DEFAULT_SCARCITY_TEXT = 'Nur noch {qty} auf Lager';

/** The part of the merchandising context (spec 3) the note reads. */
export interface ScarcitySettings {
  scarcityEnabled?: boolean | null;
  scarcityTemplateViews?: readonly unknown[] | null;
  scarcityText?: string | null;
  scarcityShownByDefault?: boolean | null;
}

/** Whether the store wants the note in this view; no listed view means every view. */
export function scarcityEnabledIn(
  settings: ScarcitySettings | null | undefined,
  view: MerchandisingView,
): boolean {
  if (settings?.scarcityEnabled !== true) return false;
  const views = Array.isArray(settings.scarcityTemplateViews) ? settings.scarcityTemplateViews : [];
  return views.length === 0 || views.includes(view);
}

/** The store's text (or the default) with `{qty}` (also `{qtyInStock}`, `{quantity}`) filled in. */
export function scarcityText(template: string | null | undefined, qtyInStock: number): string {
  const text = typeof template === 'string' && template.trim() !== '' ? template : DEFAULT_SCARCITY_TEXT;
  return text.replace(/\{\s*(qty|qtyInStock|quantity)\s*\}/g, String(qtyInStock));
}

const stockOf = (variant: VariantLike): number => {
  const stock = Number(variant.qtyInStock ?? 0);
  return Number.isFinite(stock) ? Math.max(0, Math.trunc(stock)) : 0;
};

/**
 * The pieces left the note speaks of, or null when it does not show: only physical and service
 * products run low; the variant the shopper chose (a product with one variant counts as chosen),
 * limited and in stock. Before a choice among several variants it shows only with
 * scarcityShownByDefault, for the stock of all variants together. Low means at most
 * SCARCITY_LOW_STOCK unless the store shows the note by default.
 */
export function scarcityQuantity(
  product: ProductInput,
  variants: readonly VariantLike[],
  chosen: VariantLike | undefined,
  settings: ScarcitySettings | null | undefined,
  view: MerchandisingView,
): number | null {
  if (!scarcityEnabledIn(settings, view)) return null;
  const type = productTypeOf(product);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return null;
  const byDefault = settings?.scarcityShownByDefault === true;
  const variant = chosen ?? (variants.length === 1 ? variants[0] : undefined);
  let quantity: number;
  if (variant) {
    if (variant.unlimited === true || !isVariantInStock(variant)) return null;
    quantity = stockOf(variant);
  } else {
    if (!byDefault || variants.length === 0 || variants.some((v) => v.unlimited === true)) return null;
    quantity = variants.reduce((sum, v) => sum + stockOf(v), 0);
  }
  if (quantity <= 0) return null;
  return byDefault || quantity <= SCARCITY_LOW_STOCK ? quantity : null;
}
