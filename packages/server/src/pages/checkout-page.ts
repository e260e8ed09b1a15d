import { formatMoney, PageType } from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CartChoices, cartView } from '../commerce/cart-view.js';
import { CART_COOKIE } from '../commerce/commerce-routes.js';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { checkoutPrefillOf } from '../customer-accounts/customer-accounts.js';
import { CART_PATH, CHECKOUT_PATH, confirmationPath, pageQueryOf } from './cart-page.js';
import { countryOptions } from './checkout-countries.js';
import { cartDisplay, minimumOrderOf, paymentMethodLabel, productLinks } from './commerce-page-context.js';
import { checkoutErrorMessage, commercePageTexts } from './commerce-page-messages.js';
import { baseContext, type PageDeps, sendPage } from './page-routes.js';
import { siteOrigin } from './seo-routes.js';

/*
 * The checkout page (page type 201): one plain form that posts url-encoded to the checkout API, which
 * answers 303 to the confirmation or back here with `?fehler=<TYPE>`. Only a cart that can be bought
 * gets this far; every other visitor is sent to the cart page, which says why.
 */

export const CHECKOUT_API_PATH = '/api/commerce/checkout';

/** Providers whose payment needs the card number field. */
const CARD_PROVIDERS = new Set(['test-card']);

const pageQuery = z.object({ fehler: z.string().max(100).optional() });

export function registerCheckoutPage(
  site: FastifyInstance,
  deps: PageDeps,
  /** The providers this website offers: test ones only where test payments are allowed (test-mode.ts). */
  providersOf: (website: Website) => readonly PaymentProvider[],
) {
  const { storage } = deps;

  site.get(CHECKOUT_PATH, async (request, reply) => {
    const website = request.website!;
    const providers = providersOf(website);
    reply.header('cache-control', 'no-store');
    const cartId = request.cookies[CART_COOKIE];
    const cart = cartId ? await storage.carts.find(website.id, cartId) : undefined;
    if (cart?.isPurchased && cart.orderId) return reply.redirect(confirmationPath(cart.orderId), 303);
    if (!cart || cart.isPurchased || cart.entries.length === 0) return reply.redirect(CART_PATH, 303);
    const view = cartView(website, cart);
    const minimum = minimumOrderOf(website, view.subtotalCents, view.currency);
    // The cart page explains the minimum order; the checkout would only refuse the order.
    if (!minimum.met) return reply.redirect(CART_PATH, 303);

    const { fehler } = pageQueryOf(pageQuery, request.query);
    const links = await productLinks(
      storage,
      website.id,
      view.entries.map((e) => e.itemId),
    );
    const shoppingCart = cartDisplay(website, view, links);
    const choices = cart.data as CartChoices;
    // A signed-in customer finds their email and default address filled in.
    const prefill = await checkoutPrefillOf(deps, request);
    const configuredMinimum = website.settings.storeSettings?.minimumOrderMinor;
    const context = {
      ...(await baseContext(storage, website)),
      pageType: PageType.CHECKOUT,
      seo: {
        title: `${commercePageTexts.checkoutTitle} – ${website.title}`,
        canonicalUrl: `${siteOrigin(request)}${CHECKOUT_PATH}`,
      },
      crumb: request.crumb ?? '',
      shoppingCart,
      checkoutForm: {
        action: CHECKOUT_API_PATH,
        requiresShipping: view.requiresShipping,
        countries: countryOptions(website, choices.country ?? prefill?.address?.country),
        prefill: { email: prefill?.email ?? '', ...prefill?.address },
        shippingOptions: shoppingCart.shippingOptions,
        couponCodes: (choices.couponCodes ?? []).join(', '),
        paymentMethods: providers.map((provider, index) => ({
          id: provider.id,
          label: paymentMethodLabel(provider.id),
          checked: index === 0,
          needsCardNumber: CARD_PROVIDERS.has(provider.id),
        })),
        acceptsCards: providers.some((p) => CARD_PROVIDERS.has(p.id)),
      },
      error: fehler
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
    return sendPage(deps, request, reply, 'checkout', context, 200, { scripts: false });
  });
}
