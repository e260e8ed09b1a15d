// Whether an add-to-cart (or subscribe, or gift-card purchase) may go ahead, with the tracked error
// type and the German alert text of spec 8. The islands call it for instant feedback; the server
// calls it again with fresh stock as the authority.

import {
  findVariant,
  isSubscribable,
  isVariantInStock,
  itemVariantOptions,
  type ProductInput,
  ProductType,
  productContent,
  productTypeOf,
  productVariants,
  type VariantLike,
} from './product-display.js';
import { QUANTITY_INPUT } from './quantity.js';
import {
  ADD_TO_CART_ALERT_TITLES,
  ADD_TO_CART_MESSAGES,
  missingOptionsMessage,
  SESSION_MESSAGES,
} from './storefront-messages.js';

/** The tracked add-to-cart error types, exactly as spec 8 lists them. */
export const ADD_TO_CART_ERROR_TYPES = [
  'NO_VARIANT_SELECTED',
  'VARIANT_UNAVAILABLE',
  'OUT_OF_STOCK',
  'QUANTITY_NOT_A_NUMBER',
  'SUB_WITH_FORM_FAILURE',
  'SUB_QUANTITY_NOT_A_WHOLE_NUMBER',
  'SUB_API_FAILURE',
  'EXPRESS_CHECKOUT_FAILURE',
  'CUSTOM_FORM_RENDER_ERROR',
  'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK',
  'API_FAILURE',
] as const;

export type AddToCartErrorType = (typeof ADD_TO_CART_ERROR_TYPES)[number];

/** Page types for add-to-cart tracking (spec 2). */
export const ADD_TO_CART_PAGE_TYPES = ['plp', 'pdp', 'add-on', 'product_block', 'quick view'] as const;

/** Button and popover timings in milliseconds (spec 4 and 9). */
export const ADD_TO_CART_TIMINGS = {
  addedStateMs: 2000,
  errorResetMs: 1000,
  chooseOptionHintMs: 2000,
  addedPopoverMs: 3000,
  scrollThrottleMs: 100,
} as const;

/** Keys that activate the add button besides a click: Enter and Space. */
export const ACTIVATION_KEY_CODES = [13, 32] as const;

export type PurchaseMode = 'cart' | 'express-checkout';

export interface AddToCartError {
  type: AddToCartErrorType;
  /** German alert text. */
  message: string;
  /** German alert title. */
  title: string;
}

export interface StockRecord {
  unlimited?: boolean | null;
  qtyInStock?: number | null;
}

export interface AddToCartRequest {
  product: ProductInput;
  /** The option values chosen in the selectors, by option name. */
  chosenOptions?: Readonly<Record<string, string | null | undefined>>;
  /** The variant chosen by SKU instead of by options (API calls send the SKU). */
  sku?: string | null;
  /** The quantity as typed or sent; subscriptions default to 1 when it is missing. */
  quantity?: unknown;
  mode?: PurchaseMode;
  /** How many of this variant the cart already holds. */
  quantityInCart?: number;
}

export type AddToCartResult =
  | { ok: true; variant: VariantLike | null; quantity: number }
  | { ok: false; error: AddToCartError };

/** The alert title for this product and purchase mode. */
export function addToCartAlertTitle(product: ProductInput, mode: PurchaseMode = 'cart'): string {
  if (productTypeOf(product) === ProductType.GIFT_CARD) return ADD_TO_CART_ALERT_TITLES.giftCard;
  return mode === 'express-checkout'
    ? ADD_TO_CART_ALERT_TITLES.expressCheckout
    : ADD_TO_CART_ALERT_TITLES.addToCart;
}

/** Option names (in the product's ordering) that have no value chosen yet. */
export function missingOptions(
  product: ProductInput,
  chosenOptions: Readonly<Record<string, string | null | undefined>> = {},
): string[] {
  return itemVariantOptions(product)
    .map((option) => option.name)
    .filter((name) => {
      const value = chosenOptions[name];
      return typeof value !== 'string' || value.trim() === '';
    });
}

type QuantityCheck =
  | { ok: true; quantity: number }
  | { ok: false; type: AddToCartErrorType; message: string };

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Quantity must be a number, then a whole number from 1 to 9999 (for subscriptions too). */
export function checkQuantity(raw: unknown, subscription = false): QuantityCheck {
  if (subscription && (raw === undefined || raw === null || raw === '')) return { ok: true, quantity: 1 };
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const value = typeof raw === 'number' ? raw : NUMERIC.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value)) {
    return { ok: false, type: 'QUANTITY_NOT_A_NUMBER', message: ADD_TO_CART_MESSAGES.quantityNotANumber };
  }
  if (!Number.isInteger(value)) {
    const type = subscription ? 'SUB_QUANTITY_NOT_A_WHOLE_NUMBER' : 'QUANTITY_NOT_A_NUMBER';
    return { ok: false, type, message: ADD_TO_CART_MESSAGES.quantityNotWhole };
  }
  if (value < QUANTITY_INPUT.min || value > QUANTITY_INPUT.max) {
    const type = subscription ? 'SUB_QUANTITY_NOT_A_WHOLE_NUMBER' : 'QUANTITY_NOT_A_NUMBER';
    return { ok: false, type, message: ADD_TO_CART_MESSAGES.quantityOutOfRange };
  }
  return { ok: true, quantity: value };
}

function chooseVariant(request: AddToCartRequest): VariantLike | null | undefined {
  const variants = productVariants(request.product);
  if (request.sku) return variants.find((v) => v.sku === request.sku);
  if (variants.length === 1) return variants[0];
  if (variants.length === 0) return null;
  const chosen = request.chosenOptions ?? {};
  // Without any chosen option there is nothing to match several variants against.
  return Object.keys(chosen).length === 0 ? undefined : findVariant(request.product, chosen);
}

function stockAllows(variant: VariantLike, wanted: number): boolean {
  if (variant.unlimited === true) return true;
  const stock = Number(variant.qtyInStock ?? 0);
  return Number.isFinite(stock) && stock >= wanted;
}

/**
 * Checks, in the order a shopper fixes them: gift-card denomination, every option chosen, the
 * variant exists and is in stock, quantity is a whole number, and cart plus request fit the stock.
 */
export function validateAddToCart(request: AddToCartRequest): AddToCartResult {
  const { product } = request;
  const fail = (type: AddToCartErrorType, message: string): AddToCartResult => ({
    ok: false,
    error: { type, message, title: addToCartAlertTitle(product, request.mode) },
  });
  const type = productTypeOf(product);
  const subscription = isSubscribable(product);
  const missing = request.sku ? [] : missingOptions(product, request.chosenOptions);

  if (type === ProductType.GIFT_CARD && missing.length > 0) {
    return fail('NO_VARIANT_SELECTED', ADD_TO_CART_MESSAGES.giftCardDenomination);
  }
  if (missing.length > 0) return fail('NO_VARIANT_SELECTED', missingOptionsMessage(missing));

  const variant = chooseVariant(request);
  const needsVariant =
    type === ProductType.PHYSICAL || type === ProductType.SERVICE || type === ProductType.GIFT_CARD;
  if (variant === undefined || (variant === null && needsVariant)) {
    return fail('VARIANT_UNAVAILABLE', ADD_TO_CART_MESSAGES.variantUnavailable);
  }
  const tracksStock = type === ProductType.PHYSICAL || type === ProductType.SERVICE;
  if (variant && tracksStock && !isVariantInStock(variant)) {
    // With a choice of variants the shopper can pick another; a single-variant product is just gone.
    return productVariants(product).length > 1
      ? fail('VARIANT_UNAVAILABLE', ADD_TO_CART_MESSAGES.variantUnavailable)
      : fail('OUT_OF_STOCK', ADD_TO_CART_MESSAGES.notEnoughStock);
  }

  const quantity = checkQuantity(request.quantity, subscription);
  if (!quantity.ok) return fail(quantity.type, quantity.message);

  const inCart = Math.max(0, Math.trunc(Number(request.quantityInCart ?? 0)) || 0);
  if (variant && tracksStock && !stockAllows(variant, quantity.quantity + inCart)) {
    return fail('OUT_OF_STOCK', ADD_TO_CART_MESSAGES.notEnoughStock);
  }
  return { ok: true, variant, quantity: quantity.quantity };
}

/** True when the product opens an additional-fields form before it is added. */
export function hasAdditionalFieldsForm(product: ProductInput): boolean {
  const content = productContent(product);
  return !!content.additionalFieldsFormId || !!content.additionalFieldsForm;
}

/**
 * Stock check before the additional-fields form opens: some stock record must be unlimited or hold
 * more than the cart already has. Fails with CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK.
 */
export function checkFormProductStock(
  product: ProductInput,
  records: readonly StockRecord[],
  quantityInCart: number,
  mode: PurchaseMode = 'cart',
): AddToCartError | null {
  const inCart = Number.isFinite(quantityInCart) ? quantityInCart : 0;
  const available = records.some((r) => r?.unlimited === true || Number(r?.qtyInStock ?? 0) > inCart);
  if (available) return null;
  return {
    type: 'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK',
    message: ADD_TO_CART_MESSAGES.notEnoughStock,
    title: addToCartAlertTitle(product, mode),
  };
}

export interface AddToCartFailureContext {
  status: number;
  /** The server refused the crumb (CSRF token). */
  crumbFailed?: boolean;
  cookiesEnabled?: boolean;
  subscription?: boolean;
  mode?: PurchaseMode;
  /** Set when the server already answered with a German message for the shopper. */
  serverMessage?: string | null;
}

/** Maps a failed cart call to its tracked type and German alert (crumb, cookies, 429, other). */
export function addToCartFailure(product: ProductInput, context: AddToCartFailureContext): AddToCartError {
  const title = addToCartAlertTitle(product, context.mode);
  const type: AddToCartErrorType = context.subscription
    ? 'SUB_API_FAILURE'
    : context.mode === 'express-checkout'
      ? 'EXPRESS_CHECKOUT_FAILURE'
      : 'API_FAILURE';
  let message: string = context.serverMessage?.trim() || ADD_TO_CART_MESSAGES.apiFailure;
  if (context.crumbFailed) {
    message =
      context.cookiesEnabled === false ? SESSION_MESSAGES.cookiesDisabled : SESSION_MESSAGES.sessionExpired;
  } else if (context.status === 429) {
    message = SESSION_MESSAGES.tooManyRequests;
  }
  return { type, message, title };
}
