import {
  ADD_TO_CART_MESSAGES,
  FORM_MESSAGES,
  minimumOrderMessage,
  missingOptionsMessage,
  SESSION_MESSAGES,
} from '@baukasten/commerce';
import { giftCardMessages } from '../gift-cards/gift-card-messages.js';
import { serverMessages } from '../messages.js';

/*
 * German texts of the cart, checkout, confirmation and order-status pages. Errors arrive at these pages
 * only as a type in the query (`?fehler=OUT_OF_STOCK`, after a redirect from a form post); each known
 * type maps to the message the JSON API gives for it, so a shopper without JavaScript reads the same
 * words as one with it. The raw query value is never shown.
 */

export const commercePageTexts = {
  cartTitle: 'Warenkorb',
  checkoutTitle: 'Kasse',
  orderConfirmedTitle: 'Bestellung bestätigt',
  orderReceivedTitle: 'Bestellung eingegangen',
  orderStatusTitle: 'Bestellstatus',
  /** Any failure whose type this catalogue does not know. */
  genericCheckoutError:
    'Deine Bestellung konnte nicht abgeschlossen werden. Bitte prüfe deine Angaben und versuche es erneut.',
  genericCartError: 'Dein Warenkorb konnte nicht geändert werden. Bitte versuche es erneut.',
  paymentStatus: {
    PAID: 'Bezahlt',
    AWAITING_PAYMENT: 'Zahlung ausstehend',
  } as Record<string, string>,
  unknownPaymentStatus: 'In Bearbeitung',
  paymentMethods: {
    'bank-transfer': 'Vorkasse (Überweisung)',
    'test-card': 'Kreditkarte (Testmodus)',
    'gift-card': 'Geschenkgutschein',
    stripe: 'Karte, SEPA-Lastschrift, Klarna, Apple Pay oder Google Pay',
    paypal: 'PayPal',
  } as Record<string, string>,
} as const;

/** Error types a form post of the cart page may come back with, and their messages. */
const CART_ERRORS: Readonly<Record<string, string>> = {
  // The redirect names no option, so the sentence without one (the product page shows the selects).
  NO_VARIANT_SELECTED: missingOptionsMessage([]),
  QUANTITY_NOT_A_NUMBER: ADD_TO_CART_MESSAGES.quantityNotANumber,
  QUANTITY_NOT_WHOLE: ADD_TO_CART_MESSAGES.quantityNotWhole,
  QUANTITY_OUT_OF_RANGE: ADD_TO_CART_MESSAGES.quantityOutOfRange,
  OUT_OF_STOCK: ADD_TO_CART_MESSAGES.notEnoughStock,
  VARIANT_UNAVAILABLE: ADD_TO_CART_MESSAGES.variantUnavailable,
  CART_NOT_FOUND: serverMessages.cartNotFound,
  CART_ENTRY_NOT_FOUND: serverMessages.cartEntryNotFound,
  CART_PURCHASED: serverMessages.cartPurchased,
  CART_EMPTY: serverMessages.cartEmpty,
  CRUMB_FAILED: SESSION_MESSAGES.sessionExpired,
  COOKIES_DISABLED: SESSION_MESSAGES.cookiesDisabled,
  RATE_LIMITED: SESSION_MESSAGES.tooManyRequests,
  BAD_REQUEST: serverMessages.badRequest,
};

/** Error types of the checkout API (spec 8 and the server's catalogue). */
const CHECKOUT_ERRORS: Readonly<Record<string, string>> = {
  ...CART_ERRORS,
  INVALID_EMAIL: FORM_MESSAGES.emailInvalid,
  INVALID_ADDRESS: serverMessages.addressInvalid,
  COUNTRY_UNKNOWN: serverMessages.countryUnknown,
  SHIPPING_OPTION_UNKNOWN: serverMessages.shippingOptionUnknown,
  SHIPPING_NOT_AVAILABLE:
    'In dieses Land liefern wir diesen Warenkorb leider nicht. Bitte wähle ein anderes Land.',
  SHIPPING_CHANGED: 'Die Versandkosten haben sich geändert. Bitte prüfe die Gesamtsumme und bestelle erneut.',
  PAYMENT_METHOD_UNKNOWN: serverMessages.paymentMethodUnknown,
  PAYMENT_DECLINED: serverMessages.paymentDeclined,
  CHECKOUT_UNAVAILABLE: SESSION_MESSAGES.checkoutUnavailable,
  GIFT_CARD_NOT_FOUND: giftCardMessages.codeNotFound,
  GIFT_CARD_DISABLED: giftCardMessages.disabled,
  GIFT_CARD_EMPTY: giftCardMessages.empty,
  GIFT_CARD_BALANCE_CHANGED: giftCardMessages.balanceChanged,
  GIFT_CARD_CODE_MISSING: giftCardMessages.codeMissing,
  // The card's own currency is not in the redirect, so this text does without it.
  GIFT_CARD_CURRENCY: 'Dieser Gutschein gilt nicht für Bestellungen in dieser Währung.',
};

/** Only names of this shape are looked up at all; anything else counts as unknown. */
const ERROR_TYPE = /^[A-Z][A-Z0-9_]{0,63}$/;

const lookup = (table: Readonly<Record<string, string>>, type: string) =>
  ERROR_TYPE.test(type) && Object.hasOwn(table, type) ? table[type] : undefined;

export interface ErrorTextOptions {
  /** The shop's minimum order value, formatted, for MINIMUM_ORDER. */
  minimumText?: string;
}

/** The German message for an error type the checkout API answered with; a generic one for unknown types. */
export function checkoutErrorMessage(type: unknown, options: ErrorTextOptions = {}): string {
  const name = typeof type === 'string' ? type : '';
  if (name === 'MINIMUM_ORDER' && options.minimumText) return minimumOrderMessage(options.minimumText);
  return lookup(CHECKOUT_ERRORS, name) ?? commercePageTexts.genericCheckoutError;
}

/** The German message for an error type a cart form post came back with. */
export function cartErrorMessage(type: unknown): string {
  const name = typeof type === 'string' ? type : '';
  return lookup(CART_ERRORS, name) ?? commercePageTexts.genericCartError;
}

/**
 * The error type the cart page shows for a failed quantity: the shop's quantity rule answers one type
 * for three different texts, so the text decides which of ours it is.
 */
export function quantityErrorType(message: string): string {
  if (message === ADD_TO_CART_MESSAGES.quantityNotWhole) return 'QUANTITY_NOT_WHOLE';
  if (message === ADD_TO_CART_MESSAGES.quantityOutOfRange) return 'QUANTITY_OUT_OF_RANGE';
  return 'QUANTITY_NOT_A_NUMBER';
}
