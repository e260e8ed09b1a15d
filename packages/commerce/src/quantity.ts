// When a shopper may pick a quantity, and the bounds of that input (spec 5).

import {
  isSubscribable,
  type ProductInput,
  ProductType,
  productTypeOf,
  totalStockRemaining,
} from './product-display.js';

export const QUANTITY_INPUT = { min: 1, max: 9999, step: 1, default: 1, width: 4 } as const;

export interface StoreSettingsLike {
  selectedCurrency?: string | null;
  expressCheckout?: boolean | null;
  /** Defaults to true when missing (spec 3). */
  multipleQuantityAllowedForServices?: boolean | null;
}

/** Services may be bought in quantity unless the store switched it off; missing means allowed. */
export function isMultipleQuantityAllowedForServices(
  storeSettings: StoreSettingsLike | null | undefined,
): boolean {
  const value = storeSettings?.multipleQuantityAllowedForServices;
  return value === null || value === undefined ? true : value !== false;
}

/**
 * The quantity input shows for physical products, and for services when the store allows several;
 * never for subscriptions, and not when there is at most one unit left in total.
 */
export function showsQuantityInput(input: ProductInput, storeSettings?: StoreSettingsLike | null): boolean {
  if (isSubscribable(input)) return false;
  const type = productTypeOf(input);
  const allowedType =
    type === ProductType.PHYSICAL ||
    (type === ProductType.SERVICE && isMultipleQuantityAllowedForServices(storeSettings));
  return allowedType && totalStockRemaining(input) > 1;
}

/** Only subscriptions are exempt from a quantity when a product is placed in the cart. */
export function requiresQuantity(input: ProductInput): boolean {
  return !isSubscribable(input);
}

/** Keeps a typed quantity inside the input's bounds; unreadable input gives the default. */
export function clampQuantity(value: unknown): number {
  const number = typeof value === 'string' ? Number(value.trim()) : Number(value);
  if (!Number.isFinite(number)) return QUANTITY_INPUT.default;
  return Math.min(QUANTITY_INPUT.max, Math.max(QUANTITY_INPUT.min, Math.trunc(number)));
}

/** The cart pill shows '100+' above 100 items. */
export function cartQuantityLabel(totalQuantity: number): string {
  const count = Number.isFinite(totalQuantity) ? Math.max(0, Math.trunc(totalQuantity)) : 0;
  return count > 100 ? '100+' : String(count);
}
