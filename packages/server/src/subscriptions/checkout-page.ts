import { type ShippingAddress, shippingAddressProblems } from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { boundedText, shippingAddressInput } from '../commerce/checkout-input.js';
import type { CheckoutInput } from '../commerce/checkout-service.js';
import { FieldsError } from '../commerce/checkout-service.js';
import { type PaymentProvider, takesCardNumber } from '../commerce/payment-providers.js';
import { TEST_MODE_BANNER_TEXT, withTestModeBanner } from '../commerce/test-mode.js';
import { escapeHtml } from '../email/email-templates.js';
import { HttpError } from '../http-error.js';
import { serverMessages } from '../messages.js';
import { formRefusal } from '../pages/form-refusal.js';

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
  stripe: 'Karte oder SEPA-Lastschrift (Stripe)',
  paypal: 'PayPal',
};

export interface CheckoutPage {
  website: Website;
  pageType: number;
  title: string;
  /** The page's data for `?format=json`. */
  context: Record<string, unknown>;
  /** Inner HTML of the main element; every value in it already escaped. */
  html: string;
  /** A refused form shown again: the title starts with "Fehler" (WCAG 2.4.2, issue 22). */
  refused?: boolean;
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
<title>${page.refused ? 'Fehler: ' : ''}${esc(page.title)} – ${esc(page.website.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin:.6rem 0 .2rem}input,select{width:100%;padding:.4rem;box-sizing:border-box}
.wahl{display:flex;align-items:center;gap:.5rem}.wahl input{width:auto;margin:0}
button{margin-top:1rem;padding:.6rem 1.2rem}.hinweis{background:#fff3cd;padding:.6rem}fieldset{margin-top:1rem}
.fehlerliste{border:3px solid #b3261e;padding:.6rem 1rem;margin:1rem 0}.fehlerliste h2{font-size:1.1rem;margin:0}
.feldfehler{color:#b3261e;font-weight:600;margin:.2rem 0}[aria-invalid="true"]{border:2px solid #b3261e}</style>
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

/** Problems of a refused post, by field name; set while one form is rendered (one request at a time). */
type FieldProblems = Readonly<Record<string, string>>;

const input = (
  name: string,
  label: string,
  type = 'text',
  required = true,
  autocomplete = '',
  value?: string | null,
  problem?: string,
) =>
  `<label for="${name}">${esc(label)}</label>${
    problem ? `<p class="feldfehler" id="${name}-fehler">${esc(problem)}</p>` : ''
  }<input id="${name}" name="${name}" type="${type}"${value ? ` value="${esc(value)}"` : ''}${
    required ? ' required' : ''
  }${autocomplete ? ` autocomplete="${autocomplete}"` : ''}${
    problem ? ` aria-invalid="true" aria-describedby="${name}-fehler"` : ''
  }>`;

/** The labels of the order form's fields, in form order: they name the fields in the error summary. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'E-Mail-Adresse',
  firstName: 'Vorname',
  lastName: 'Nachname',
  line1: 'Straße und Hausnummer',
  line2: 'Adresszusatz',
  postalCode: 'Postleitzahl',
  city: 'Ort',
  country: 'Land',
  cardNumber: 'Kartennummer',
};

/**
 * The error summary above a refused form (issue 22): focused without script (`autofocus`), linking to
 * each field with a problem.
 */
function errorSummaryHtml(refusal: CheckoutFormRefusal): string {
  const { summary } = formRefusal(refusal.message, refusal.fields, FIELD_LABELS);
  const list = summary.length
    ? `<ul>${summary.map((line) => `<li><a href="#${esc(line.target)}">${esc(line.text)}</a></li>`).join('')}</ul>`
    : '';
  return `<div class="fehlerliste" id="fehler" tabindex="-1" autofocus role="group" aria-labelledby="fehler-titel"><h2 id="fehler-titel">${esc(
    refusal.message,
  )}</h2>${list}</div>`;
}

/** A refused post of the order form: the message, the problems by field, what was typed. */
export interface CheckoutFormRefusal {
  message: string;
  fields: FieldProblems;
  values: Readonly<Record<string, string>>;
}

/**
 * The refusal of a posted order form: the service stops at the email, so a refused email also names the
 * address's problems. The card number is never sent back.
 */
export function checkoutFormRefusal(
  error: HttpError,
  body: unknown,
  needsAddress: boolean,
): CheckoutFormRefusal {
  const posted = (body ?? {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const name of [...Object.keys(FIELD_LABELS), 'paymentMethod']) {
    const value = posted[name];
    if (name !== 'cardNumber' && typeof value === 'string') values[name] = value.slice(0, 2000);
  }
  const fields: Record<string, string> = error instanceof FieldsError ? { ...error.fields } : {};
  if (needsAddress && error.type === 'INVALID_EMAIL') Object.assign(fields, shippingAddressProblems(values));
  if (
    error.type === 'PAYMENT_DECLINED' &&
    typeof posted.cardNumber === 'string' &&
    posted.cardNumber.trim()
  ) {
    fields.cardNumber = error.message;
  }
  return { message: error.message, fields, values };
}

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
  /** A refused post: shown again with its values and problems (status 422 by the caller). */
  refusal?: CheckoutFormRefusal;
}

/** The order form: email, address when something is shipped, payment. */
export function checkoutFormHtml(options: CheckoutFormOptions): string {
  const hidden = Object.entries({ ...options.hidden, crumb: options.crumb ?? '' })
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  const refusal = options.refusal;
  const saved: Partial<Record<string, string>> = refusal
    ? refusal.values
    : ((options.prefill?.address ?? {}) as Partial<Record<string, string>>);
  const problem = (name: string) => refusal?.fields[name];
  const address = options.needsAddress
    ? `<fieldset><legend>Lieferadresse</legend>${input('firstName', 'Vorname', 'text', true, 'given-name', saved.firstName, problem('firstName'))}${input(
        'lastName',
        'Nachname',
        'text',
        true,
        'family-name',
        saved.lastName,
        problem('lastName'),
      )}${input('line1', 'Straße und Hausnummer', 'text', true, 'address-line1', saved.line1, problem('line1'))}${input(
        'line2',
        'Adresszusatz',
        'text',
        false,
        'address-line2',
        saved.line2,
        problem('line2'),
      )}${input('postalCode', 'Postleitzahl', 'text', true, 'postal-code', saved.postalCode, problem('postalCode'))}${input(
        'city',
        'Ort',
        'text',
        true,
        'address-level2',
        saved.city,
        problem('city'),
      )}<label for="country">Land</label>${
        problem('country') ? `<p class="feldfehler" id="country-fehler">${esc(problem('country'))}</p>` : ''
      }<input id="country" name="country" value="${esc(saved.country || 'DE')}" required${
        problem('country') ? ' aria-invalid="true" aria-describedby="country-fehler"' : ''
      }></fieldset>`
    : '';
  const email = refusal ? refusal.values.email : options.prefill?.email;
  // A refused post keeps the method chosen, when it is still offered.
  const posted = refusal?.values.paymentMethod;
  const chosen = options.providers.some((p) => p.id === posted) ? posted : undefined;
  const methods = options.providers
    .map(
      (p, i) =>
        `<label class="wahl"><input type="radio" name="paymentMethod" value="${esc(p.id)}"${
          (chosen ? p.id === chosen : i === 0) ? ' checked' : ''
        }> ${esc(PAYMENT_LABELS[p.id] ?? p.id)}</label>`,
    )
    .join('');
  return `${refusal ? errorSummaryHtml(refusal) : ''}<form method="post" action="${esc(options.action)}">${hidden}
${input('email', 'E-Mail-Adresse', 'email', true, 'email', email, problem('email'))}
${address}${options.extraHtml ?? ''}
<fieldset><legend>Zahlungsart</legend>${methods}${
    options.providers.some((p) => takesCardNumber(p.id))
      ? input(
          'cardNumber',
          'Kartennummer (nur bei Kreditkarte)',
          'text',
          false,
          'cc-number',
          null,
          problem('cardNumber'),
        )
      : ''
  }</fieldset>
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
