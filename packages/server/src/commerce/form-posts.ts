import { shippingAddressProblems } from '@baukasten/commerce';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http-error.js';
import { serverMessages } from '../messages.js';
import { parseOr400 } from '../parse-input.js';
import type { AddToCartInput } from './cart-service.js';
import { type CheckoutInput, FieldsError } from './checkout-service.js';

/*
 * The shop's core actions without JavaScript (DESIGN: "add to cart, submit a form also work without
 * JavaScript"): a plain HTML form posts url-encoded with the crumb in a hidden field and is answered
 * with a 303 redirect to a page, the error type in the query, instead of JSON.
 */

/** A plain HTML form posts url-encoded; a script posts JSON. */
export const isFormPost = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

export const CART_PAGE = '/cart';
export const CHECKOUT_PAGE = '/checkout';
export const CONFIRMATION_PAGE = '/checkout/bestaetigt';
/** Query parameter that tells the page which add-to-cart error to show. */
export const CART_ERROR_PARAM = 'warenkorbFehler';
/** Query parameter that tells the checkout page which error to show. */
export const CHECKOUT_ERROR_PARAM = 'fehler';

const MAX_PATH_LENGTH = 2000;

/**
 * `returnTo` only as a path on this site: one leading '/', never '//' or a backslash (both would let a
 * browser leave the site), no control characters; anything else is '/'.
 */
export function sameSitePath(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_PATH_LENGTH) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return '/';
  return value;
}

/** The path with `name=value` set in its query (an earlier value of `name` dropped), fragment kept. */
export function withQueryParam(path: string, name: string, value: string): string {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const kept = (queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '')
    .split('&')
    .filter((pair) => pair !== '' && pair.split('=')[0] !== name);
  kept.push(`${name}=${encodeURIComponent(value)}`);
  return `${pathname}?${kept.join('&')}${hash}`;
}

const field = (max: number) => z.string().max(max).optional();
const OPTION_PREFIX = 'option-';
const MAX_OPTIONS = 20;

const addToCartForm = z
  .object({
    itemId: z.string().min(1).max(64),
    sku: field(200),
    quantity: field(20),
    additionalFields: field(20_000),
    returnTo: field(MAX_PATH_LENGTH),
    crumb: field(200),
  })
  .catchall(z.unknown());

/** What the add-to-cart form posts: the sku, or one `option-<name>` field per variant option. */
export function addToCartFormInput(body: unknown): { input: AddToCartInput; returnTo: string } {
  const returnTo = sameSitePath((body as { returnTo?: unknown } | undefined)?.returnTo);
  const fields = parseOr400(addToCartForm, body);
  const chosenOptions: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith(OPTION_PREFIX) || name.length === OPTION_PREFIX.length) continue;
    if (typeof value !== 'string' || value.length > 200 || ++count > MAX_OPTIONS) {
      throw new HttpError(400, 'BAD_REQUEST', serverMessages.badRequest);
    }
    if (value.trim() !== '') chosenOptions[name.slice(OPTION_PREFIX.length)] = value;
  }
  const sku = fields.sku?.trim();
  return {
    returnTo,
    input: {
      itemId: fields.itemId,
      ...(sku ? { sku } : {}),
      ...(Object.keys(chosenOptions).length > 0 ? { chosenOptions } : {}),
      // An empty quantity field means the form's default of one.
      quantity: fields.quantity?.trim() ? fields.quantity : 1,
      ...(fields.additionalFields ? { additionalFields: fields.additionalFields } : {}),
    },
  };
}

const checkoutForm = z.object({
  email: field(256),
  firstName: field(200),
  lastName: field(200),
  line1: field(300),
  line2: field(300),
  city: field(200),
  postalCode: field(20),
  region: field(100),
  country: field(10),
  shippingOptionId: field(64),
  /** The shipping costs the page showed, "id:cost,id:cost" (checkout-page.ts): a changed cost is refused. */
  shippingQuote: field(2000),
  couponCodes: field(1500),
  giftCardCodes: field(1500),
  company: field(200),
  vatId: field(30),
  paymentMethod: field(64),
  cardNumber: field(40),
  /** § 356 Abs. 5 BGB consent box, only on a checkout with digital content; unticked it is not sent. */
  digitalConsent: field(10),
  crumb: field(200),
});

/** "standard:490,express:990" -> { standard: 490, express: 990 }; anything malformed is left out. */
export function shownShippingOf(quote: string | undefined): Record<string, number> | undefined {
  const shown: Record<string, number> = {};
  for (const part of (quote ?? '').split(',').slice(0, 50)) {
    const match = /^([a-z0-9-]{1,64}):(\d{1,12})$/.exec(part.trim());
    if (match) shown[match[1]] = Number(match[2]);
  }
  return Object.keys(shown).length > 0 ? shown : undefined;
}

/** 'A, b,,c' -> ['A', 'b', 'c']: at most 20 codes, like the JSON call allows. */
function codeList(value: string | undefined): string[] | undefined {
  const codes = (value ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  if (codes.length > 20 || codes.some((code) => code.length > 64)) {
    throw new HttpError(400, 'BAD_REQUEST', serverMessages.badRequest);
  }
  return codes.length > 0 ? codes : undefined;
}

/** The checkout input of the checkout form: the address only when one of its fields was filled. */
export function checkoutFormInput(body: unknown): CheckoutInput {
  const f = parseOr400(checkoutForm, body);
  const address = {
    firstName: f.firstName ?? '',
    lastName: f.lastName ?? '',
    line1: f.line1 ?? '',
    city: f.city ?? '',
    postalCode: f.postalCode ?? '',
    country: f.country ?? '',
    ...(f.line2?.trim() ? { line2: f.line2 } : {}),
    ...(f.region?.trim() ? { region: f.region } : {}),
  };
  const hasAddress = [f.firstName, f.lastName, f.line1, f.line2, f.city, f.postalCode].some(
    (value) => (value ?? '').trim() !== '',
  );
  const couponCodes = codeList(f.couponCodes);
  const giftCardCodes = codeList(f.giftCardCodes);
  const cardNumber = f.cardNumber?.trim();
  const shownShipping = shownShippingOf(f.shippingQuote);
  return {
    email: f.email ?? '',
    paymentMethod: f.paymentMethod ?? '',
    ...(hasAddress ? { shippingAddress: address } : {}),
    ...(f.shippingOptionId?.trim() ? { shippingOptionId: f.shippingOptionId.trim() } : {}),
    ...(shownShipping ? { shownShipping } : {}),
    ...(couponCodes ? { couponCodes } : {}),
    ...(giftCardCodes ? { giftCardCodes } : {}),
    ...(f.company?.trim() ? { company: f.company.trim() } : {}),
    ...(f.vatId?.trim() ? { vatId: f.vatId.trim() } : {}),
    ...(cardNumber ? { paymentDetails: { cardNumber } } : {}),
    // A browser sends an unticked box not at all: a form post without it is a refusal for digital content.
    digitalConsent: f.digitalConsent === '1',
  };
}

/** Refusals after which there is no checkout form to show again: the cart page explains them. */
export const CHECKOUT_GONE: ReadonlySet<string> = new Set([
  'CART_NOT_FOUND',
  'CART_EMPTY',
  'CART_PURCHASED',
  'MINIMUM_ORDER',
]);

/** The field a refusal without its own field list concerns, by error type. */
const FIELD_OF_ERROR: Readonly<Record<string, string>> = {
  COUNTRY_UNKNOWN: 'country',
  SHIPPING_NOT_AVAILABLE: 'country',
  GIFT_CARD_NOT_FOUND: 'giftCardCodes',
  GIFT_CARD_DISABLED: 'giftCardCodes',
  GIFT_CARD_EMPTY: 'giftCardCodes',
  GIFT_CARD_BALANCE_CHANGED: 'giftCardCodes',
  GIFT_CARD_CODE_MISSING: 'giftCardCodes',
  GIFT_CARD_CURRENCY: 'giftCardCodes',
};

/** Fields shown again after a refusal; the card number never is (it is not kept anywhere). */
// The consent box is never shown ticked again: each order's consent is the shopper's own fresh act.
const KEPT_FIELDS = Object.keys(checkoutForm.shape).filter(
  (name) => name !== 'cardNumber' && name !== 'crumb' && name !== 'digitalConsent',
);

/** The checkout form's fields as typed (never the card number), to show the form again with them. */
function typedCheckoutValues(body: unknown): Record<string, string> {
  const posted = (body ?? {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const name of KEPT_FIELDS) {
    const value = posted[name];
    if (typeof value === 'string') values[name] = value.slice(0, 2000);
  }
  return values;
}

/**
 * The checkout form sent with "Aktualisieren" (no script on the checkout page): not an order, but the
 * same form again with the shipping options and totals for the country and rate now chosen.
 */
export function checkoutUpdate(body: unknown) {
  const posted = (body ?? {}) as Record<string, unknown>;
  if (posted.aktualisieren === undefined) return undefined;
  return { message: '', fields: {}, values: typedCheckoutValues(body), updateOnly: true as const };
}

/**
 * What the checkout page needs to show a refused checkout form again: the values as typed, the
 * message, and the problems by field. The service stops at the first failing check (email before
 * address), so a refused email also reports the address's problems: the shopper fixes both at once.
 */
export function checkoutRefusal(error: HttpError, body: unknown) {
  const posted = (body ?? {}) as Record<string, unknown>;
  const values = typedCheckoutValues(body);
  const fields: Record<string, string> = error instanceof FieldsError ? { ...error.fields } : {};
  const postedAddress = ['firstName', 'lastName', 'line1', 'city', 'postalCode'].some((n) => n in values);
  if (error instanceof FieldsError && error.type === 'INVALID_EMAIL' && postedAddress) {
    Object.assign(fields, shippingAddressProblems(values));
  }
  const field = FIELD_OF_ERROR[error.type];
  if (field && !fields[field]) fields[field] = error.message;
  if (
    error.type === 'PAYMENT_DECLINED' &&
    typeof posted.cardNumber === 'string' &&
    posted.cardNumber.trim()
  ) {
    fields.cardNumber = error.message;
  }
  return { message: error.message, fields, values };
}
