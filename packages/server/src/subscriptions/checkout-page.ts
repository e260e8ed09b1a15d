import type { ShippingAddress } from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { boundedText, shippingAddressInput } from '../commerce/checkout-input.js';
import type { CheckoutInput } from '../commerce/checkout-service.js';
import { FieldsError } from '../commerce/checkout-service.js';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { TEST_MODE_BANNER_TEXT, withTestModeBanner } from '../commerce/test-mode.js';
import { escapeHtml } from '../email/email-templates.js';
import { HttpError } from '../http-error.js';
import { serverMessages } from '../messages.js';

/*
 * The small server-rendered pages of the subscription and gift-card checkouts (page types 201, 202,
 * 206) and the form both post. The page works without JavaScript: the form posts url-encoded with
 * the crumb in a hidden field and is answered with a redirect to the confirmation page; a script
 * posting JSON gets the order as JSON instead. `?format=json` returns the page's context as other
 * pages do.
 */

export const esc = (value: unknown) => escapeHtml(String(value ?? ''));

const PAYMENT_LABELS: Record<string, string> = {
  'bank-transfer': 'Vorkasse (Überweisung)',
  'test-card': 'Kreditkarte (Testmodus)',
};

export interface CheckoutPage {
  website: Website;
  pageType: number;
  title: string;
  /** The page's data for `?format=json`. */
  context: Record<string, unknown>;
  /** Inner HTML of the main element; every value in it already escaped. */
  html: string;
}

export function sendCheckoutPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CheckoutPage,
  status = 200,
) {
  const format = (request.query as { format?: unknown } | undefined)?.format;
  if (format !== undefined && format !== 'json') {
    throw new HttpError(400, 'UNKNOWN_FORMAT', serverMessages.unknownFormat);
  }
  // Wherever test payments are possible, every page says so (security review #18, finding 2).
  const banner = request.testPayments ? { testModeBanner: TEST_MODE_BANNER_TEXT } : {};
  if (format === 'json') {
    return reply
      .code(status)
      .send({ pageType: page.pageType, title: page.title, ...page.context, ...banner });
  }
  const html = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(page.title)} – ${esc(page.website.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin:.6rem 0 .2rem}input,select{width:100%;padding:.4rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1.2rem}.hinweis{background:#fff3cd;padding:.6rem}fieldset{margin-top:1rem}</style>
</head><body data-page-type="${page.pageType}">
<header><a href="/">${esc(page.website.title)}</a></header>
<main><h1>${esc(page.title)}</h1>
${page.html}
</main></body></html>
`;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(request.testPayments ? withTestModeBanner(html) : html);
}

/** A German page that only says what went wrong (and offers a way on, when given). */
export function messagePage(website: Website, pageType: number, title: string, message: string, extra = '') {
  return {
    website,
    pageType,
    title,
    context: { message },
    html: `<p class="hinweis">${esc(message)}</p>${extra}`,
  };
}

const input = (
  name: string,
  label: string,
  type = 'text',
  required = true,
  autocomplete = '',
  value?: string | null,
) =>
  `<label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" type="${type}"${
    value ? ` value="${esc(value)}"` : ''
  }${required ? ' required' : ''}${autocomplete ? ` autocomplete="${autocomplete}"` : ''}>`;

/** What a signed-in customer finds filled in: the account's email and its default saved address. */
export interface CheckoutPrefill {
  email: string;
  address: Partial<ShippingAddress> | null;
}

export interface CheckoutFormOptions {
  action: string;
  crumb: string | undefined;
  hidden: Record<string, string>;
  providers: readonly PaymentProvider[];
  needsAddress: boolean;
  submitLabel: string;
  /** More fields before the payment choice, already escaped. */
  extraHtml?: string;
  /** A signed-in customer's email and address (customer-accounts' checkoutPrefillOf); null: empty fields. */
  prefill?: CheckoutPrefill | null;
}

/** The order form: email, address when something is shipped, payment. */
export function checkoutFormHtml(options: CheckoutFormOptions): string {
  const hidden = Object.entries({ ...options.hidden, crumb: options.crumb ?? '' })
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  const saved = options.prefill?.address ?? {};
  const address = options.needsAddress
    ? `<fieldset><legend>Lieferadresse</legend>${input('firstName', 'Vorname', 'text', true, 'given-name', saved.firstName)}${input(
        'lastName',
        'Nachname',
        'text',
        true,
        'family-name',
        saved.lastName,
      )}${input('line1', 'Straße und Hausnummer', 'text', true, 'address-line1', saved.line1)}${input(
        'line2',
        'Adresszusatz',
        'text',
        false,
        'address-line2',
        saved.line2,
      )}${input('postalCode', 'Postleitzahl', 'text', true, 'postal-code', saved.postalCode)}${input(
        'city',
        'Ort',
        'text',
        true,
        'address-level2',
        saved.city,
      )}<label for="country">Land</label><input id="country" name="country" value="${esc(
        saved.country || 'DE',
      )}" required></fieldset>`
    : '';
  const methods = options.providers
    .map(
      (p, i) =>
        `<label><input type="radio" name="paymentMethod" value="${esc(p.id)}"${i === 0 ? ' checked' : ''}> ${esc(
          PAYMENT_LABELS[p.id] ?? p.id,
        )}</label>`,
    )
    .join('');
  return `<form method="post" action="${esc(options.action)}">${hidden}
${input('email', 'E-Mail-Adresse', 'email', true, 'email', options.prefill?.email)}
${address}${options.extraHtml ?? ''}
<fieldset><legend>Zahlungsart</legend>${methods}${input('cardNumber', 'Kartennummer (nur bei Kreditkarte)', 'text', false, 'cc-number')}</fieldset>
<button type="submit">${esc(options.submitLabel)}</button>
</form>`;
}

const text = boundedText;

/** What the checkout forms post, as JSON or url-encoded (address as an object or as flat fields). */
export const checkoutFormFields = {
  email: text(256),
  shippingAddress: shippingAddressInput.optional(),
  firstName: text(200).optional(),
  lastName: text(200).optional(),
  line1: text(300).optional(),
  line2: text(300).optional(),
  city: text(200).optional(),
  postalCode: text(20).optional(),
  region: text(100).optional(),
  country: text(10).optional(),
  paymentMethod: text(64),
  paymentDetails: z.record(z.string(), z.unknown()).optional(),
  cardNumber: text(40).optional(),
  crumb: z.string().optional(),
};

const checkoutForm = z.object(checkoutFormFields);
type CheckoutForm = z.infer<typeof checkoutForm>;

/** The checkout input of a posted form; an address only when some address field was filled. */
export function checkoutInputOf(body: CheckoutForm): CheckoutInput {
  const flat = {
    firstName: body.firstName ?? '',
    lastName: body.lastName ?? '',
    line1: body.line1 ?? '',
    city: body.city ?? '',
    postalCode: body.postalCode ?? '',
    country: body.country ?? '',
    ...(body.line2 ? { line2: body.line2 } : {}),
    ...(body.region ? { region: body.region } : {}),
  };
  const anyFlat = ['firstName', 'lastName', 'line1', 'city', 'postalCode'].some(
    (k) => (flat as Record<string, string>)[k].trim() !== '',
  );
  const shippingAddress = body.shippingAddress ?? (anyFlat ? flat : undefined);
  const paymentDetails =
    body.paymentDetails ?? (body.cardNumber ? { cardNumber: body.cardNumber } : undefined);
  return {
    email: body.email,
    paymentMethod: body.paymentMethod,
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(paymentDetails ? { paymentDetails } : {}),
  };
}

/** A plain HTML form posts url-encoded; it is answered with a redirect instead of JSON. */
export const isFormPost = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/** Field errors keep their fields in the answer, like the cart checkout's; others go to the error handler. */
export function sendFieldsError(reply: FastifyReply, error: unknown) {
  if (error instanceof FieldsError) {
    return reply
      .code(error.statusCode)
      .send({ error: { type: error.type, message: error.message, fields: error.fields } });
  }
  throw error;
}
