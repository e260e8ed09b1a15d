import { formatMoney, normaliseVatId, PageType, ProductType } from '@baukasten/commerce';
import type { StoredCart, Website } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CartChoices, type CartView, cartView, totalsOf } from '../commerce/cart-view.js';
import { countryOptions } from '../commerce/checkout-countries.js';
import { CART_COOKIE } from '../commerce/commerce-routes.js';
import { type PaymentProvider, takesCardNumber } from '../commerce/payment-providers.js';
import { checkoutPrefillOf } from '../customer-accounts/customer-accounts.js';
import { websiteOf } from '../site-request.js';
import { CART_PATH, CHECKOUT_PATH, confirmationPath, pageQueryOf } from './cart-page.js';
import {
  cartDisplay,
  minimumOrderOf,
  moneyTextOf,
  paymentMethodLabel,
  productLinks,
  vatSummaryLabel,
} from './commerce-page-context.js';
import { checkoutErrorMessage, commercePageTexts } from './commerce-page-messages.js';
import { discountRowsOf } from './discount-rows.js';
import { formRefusal, REFUSED_STATUS, refusedTitle } from './form-refusal.js';
import { baseContext, type PageDeps, sendPage } from './send-page.js';
import { siteOrigin } from './seo-routes.js';

/*
 * The checkout page (page type 201): one plain form that posts url-encoded to the checkout API, which
 * answers 303 to the confirmation or back here with `?fehler=<TYPE>`. Only a cart that can be bought
 * gets this far; every other visitor is sent to the cart page, which says why.
 */

export const CHECKOUT_API_PATH = '/api/commerce/checkout';

const pageQuery = z.object({ fehler: z.string().max(100).optional() });

/** A checkout form the server refused: shown again with what was typed (never the card number). */
export interface CheckoutRefusal {
  message: string;
  /** Messages by field name (= the input's id in checkout.jsont). */
  fields: Readonly<Record<string, string>>;
  values: Readonly<Record<string, string>>;
  /** Sent with "Aktualisieren": shown again with its totals, as no refusal (form-posts.ts checkoutUpdate). */
  updateOnly?: boolean;
}

/** The checkout form's labels, in the form's order: they name the fields in the error summary. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'E-Mail-Adresse',
  firstName: 'Vorname',
  lastName: 'Nachname',
  line1: 'Straße und Hausnummer',
  line2: 'Adresszusatz',
  postalCode: 'Postleitzahl',
  city: 'Ort',
  region: 'Bundesland oder Region',
  country: 'Land',
  couponCodes: 'Rabattcode',
  giftCardCodes: 'Geschenkgutschein-Code',
  cardNumber: 'Kartennummer',
  digitalConsent: 'Zustimmung zur sofortigen Lieferung digitaler Inhalte',
};

/** The form's comma list of codes, as checkoutFormInput reads it (form-posts.ts): the same codes, the same total. */
const typedCodes = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '')
    .slice(0, 20);

/**
 * One complete set of the lines that make the total (§ 1 PAngV, § 312j Abs. 2 BGB: shown directly above
 * "Zahlungspflichtig bestellen"): items, codes, shipping with its delivery time, VAT per rate, the total.
 * The same totalsOf as the order (checkout-service.ts), so what the set shows is what the order keeps.
 */
function totalSetOf(
  website: Website,
  cart: StoredCart,
  choices: CartChoices,
  option: { id: string; name: string; deliveryTime: string | null } | undefined,
  checked: boolean,
) {
  const view = cartView(website, cart, totalsOf(website, cart.entries, choices));
  const money = moneyTextOf(website, view.currency);
  const rule = view.applicableTaxRules[0];
  return {
    id: option?.id ?? '',
    name: option?.name ?? '',
    checked,
    requiresShipping: view.requiresShipping,
    deliveryTime: option?.deliveryTime ?? null,
    subtotalText: money(view.subtotalCents),
    hasDiscount: view.discountCents > 0,
    discountText: money(view.discountCents),
    discountRows: discountRowsOf(view.appliedDiscounts, money),
    codesText: view.validCoupons.join(', ') || null,
    shippingCostText: money(view.shippingCostCents),
    // The compact rows of the summary beside the form (one "enthaltene MwSt." row).
    taxLabel:
      vatSummaryLabel(view.vatLines, view.vatTreatment) ??
      (rule ? `enthaltene ${rule.name} (${rule.ratePercent} %)` : 'enthaltene Steuern'),
    taxText: money(view.taxCents),
    // One row per VAT rate (§ 14 Abs. 4 Nr. 8 UStG), or the § 19 / reverse-charge note instead.
    vatRows: view.vatTreatment === 'domestic' || view.vatTreatment === 'oss' ? view.vatLines : [],
    vatNote: view.vatNote,
    grandTotalText: money(view.grandTotalCents),
    grandTotalMinor: view.grandTotalCents,
  };
}

/**
 * The totals with each offered rate: the theme shows the set of the checked rate, so the total follows
 * the choice at once without a script (the checkout page runs none) and with "Aktualisieren" where the
 * browser cannot select by the checked option. A cart without rates (digital only) has one set.
 */
function totalSetsOf(website: Website, cart: StoredCart, choices: CartChoices, view: CartView) {
  if (view.shippingOptions.length === 0) return [totalSetOf(website, cart, choices, undefined, true)];
  return view.shippingOptions.map((option) =>
    totalSetOf(
      website,
      cart,
      { ...choices, shippingOptionId: option.id },
      option,
      option.id === view.selectedShippingOption?.id,
    ),
  );
}

/**
 * Renders the checkout page, or answers a redirect when there is nothing to check out. With a refusal,
 * the page of the refused form post (status 422).
 */
export type CheckoutPageRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  refusal?: CheckoutRefusal,
) => Promise<FastifyReply>;

export function registerCheckoutPage(
  site: FastifyInstance,
  deps: PageDeps,
  /** The providers this website offers: test ones only where test payments are allowed (test-mode.ts). */
  providersOf: (website: Website) => readonly PaymentProvider[] | Promise<readonly PaymentProvider[]>,
) {
  const { storage } = deps;

  const render: CheckoutPageRenderer = async (request, reply, sent) => {
    const refusal = sent?.updateOnly ? undefined : sent;
    const website = websiteOf(request);
    // Stripe and PayPal come from the website's connected keys (payments/hosted-checkout.ts).
    const providers = await providersOf(website);
    reply.header('cache-control', 'no-store');
    const cartId = request.cookies[CART_COOKIE];
    const cart = cartId ? await storage.carts.find(website.id, cartId) : undefined;
    if (cart?.isPurchased && cart.orderId) return reply.redirect(confirmationPath(cart.orderId), 303);
    if (!cart || cart.isPurchased || cart.entries.length === 0) return reply.redirect(CART_PATH, 303);
    const basicView = cartView(website, cart);
    const minimum = minimumOrderOf(website, basicView.subtotalCents, basicView.currency);
    // The cart page explains the minimum order; the checkout would only refuse the order.
    if (!minimum.met) return reply.redirect(CART_PATH, 303);

    const { fehler } = pageQueryOf(pageQuery, request.query);
    const links = await productLinks(
      storage,
      website.id,
      basicView.entries.map((e) => e.itemId),
    );
    const choices = cart.data as CartChoices;
    // A signed-in customer finds their email and default address filled in; a refused form what was typed.
    const saved = await checkoutPrefillOf(deps, request);
    const typed = sent?.values;
    const prefill = typed
      ? { email: typed.email ?? '', address: { ...typed, country: typed.country || undefined } }
      : saved;
    const countries = countryOptions(
      website,
      (typed?.country || undefined) ?? choices.country ?? prefill?.address?.country,
    );
    // The totals are those of the country the form shows and the rate chosen (issue 23): only the rates
    // of that country's zone that fit this cart, the cheapest preselected.
    const shipTo = countries.find((c) => c.selected)?.code;
    // Codes and business buyer as typed (after "Aktualisieren"): the order reads the form, not the cart.
    const shownChoices: CartChoices = {
      ...choices,
      ...(shipTo ? { country: shipTo } : {}),
      ...(typed?.shippingOptionId ? { shippingOptionId: typed.shippingOptionId } : {}),
      ...(typed ? { couponCodes: typedCodes(typed.couponCodes) } : {}),
      ...(typed
        ? { company: typed.company?.trim() || undefined, vatId: normaliseVatId(typed.vatId) || undefined }
        : {}),
    };
    const view = cartView(website, cart, totalsOf(website, cart.entries, shownChoices));
    const totalSets = totalSetsOf(website, cart, shownChoices, view);
    const shoppingCart = {
      ...cartDisplay(website, view, links),
      shippingTotals: view.shippingOptions.length > 0 ? totalSets : [],
    };
    const configuredMinimum = website.settings.storeSettings?.minimumOrderMinor;
    const context = {
      ...(await baseContext(storage, website)),
      pageType: PageType.CHECKOUT,
      seo: {
        title: `${refusal ? refusedTitle(commercePageTexts.checkoutTitle) : commercePageTexts.checkoutTitle} – ${website.title}`,
        canonicalUrl: `${siteOrigin(request)}${CHECKOUT_PATH}`,
      },
      crumb: request.crumb ?? '',
      shoppingCart,
      checkoutForm: {
        action: CHECKOUT_API_PATH,
        requiresShipping: view.requiresShipping,
        countries,
        prefill: { email: prefill?.email ?? '', ...prefill?.address },
        shippingOptions: shoppingCart.shippingOptions,
        // What each rate costs as shown: the order is refused if it costs something else by then.
        shippingQuote: view.shippingOptions.map((o) => `${o.id}:${o.costMinor}`).join(','),
        noShipping: view.requiresShipping && view.shippingOptions.length === 0,
        couponCodes: typed ? (typed.couponCodes ?? '') : (choices.couponCodes ?? []).join(', '),
        giftCardCodes: typed?.giftCardCodes ?? '',
        paymentMethods: providers.map((provider, index) => ({
          id: provider.id,
          label: paymentMethodLabel(provider.id),
          checked: providers.some((p) => p.id === typed?.paymentMethod)
            ? provider.id === typed?.paymentMethod
            : index === 0,
          needsCardNumber: takesCardNumber(provider.id),
        })),
        acceptsCards: providers.some((p) => takesCardNumber(p.id)),
        // § 356 Abs. 5 BGB: digital content is delivered at once only with this consent; never pre-ticked.
        needsDigitalConsent: view.entries.some((e) => e.productType === ProductType.DIGITAL),
        invalidCodesText: view.invalidCoupons.length > 0 ? view.invalidCoupons.join(', ') : null,
        // Directly above the order button: every line of the total, per shipping rate (§ 312j Abs. 2 BGB).
        orderTotal: { entries: shoppingCart.entries, sets: totalSets },
      },
      refusal: refusal ? formRefusal(refusal.message, refusal.fields, FIELD_LABELS) : null,
      error: refusal
        ? null
        : fehler
          ? {
              message: checkoutErrorMessage(fehler, {
                minimumText:
                  configuredMinimum !== undefined
                    ? formatMoney(configuredMinimum, view.currency, website.locale)
                    : undefined,
              }),
            }
          : null,
    };
    const status = refusal ? REFUSED_STATUS : 200;
    return sendPage(deps, request, reply, 'checkout', context, status, { scripts: false });
  };

  site.get(CHECKOUT_PATH, (request, reply) => render(request, reply));
  return render;
}
