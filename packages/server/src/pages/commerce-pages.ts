import type { FastifyInstance } from 'fastify';
import { CartService } from '../commerce/cart-service.js';
import type { CommerceOptions } from '../commerce/commerce-routes.js';
import { defaultPaymentProviders } from '../commerce/payment-providers.js';
import { offeredProviders } from '../commerce/test-mode.js';
import { InMemoryRateLimiter, type RateLimiter } from '../rate-limit.js';
import { registerCartPage } from './cart-page.js';
import { registerCheckoutPage } from './checkout-page.js';
import { registerContextConfig } from './context-config.js';
import { registerOrderPages } from './order-pages.js';
import type { PageDeps } from './send-page.js';

/** Order-status look-ups per client address: few, since order numbers are guessable. */
export const ORDER_STATUS_LOOKUPS = { limit: 30, windowMs: 60_000 };

export interface CommercePageOptions extends CommerceOptions {
  /** Limits order-status look-ups per client address; default 30 a minute. */
  orderStatusRateLimiter?: RateLimiter;
}

/**
 * The shop's server-rendered pages of spec 2: cart (200), checkout (201), confirmation (202/207), order
 * status (211), the express-checkout redirect and the islands' bootstrap config. All of them work
 * without JavaScript and carry no script.
 */
export function registerCommercePages(
  site: FastifyInstance,
  deps: PageDeps,
  options: CommercePageOptions = {},
) {
  const limiter = options.rateLimiter ?? new InMemoryRateLimiter({ limit: 120, windowMs: 10_000 });
  const statusLimiter = options.orderStatusRateLimiter ?? new InMemoryRateLimiter(ORDER_STATUS_LOOKUPS);
  registerCartPage(site, deps, { carts: new CartService(deps.storage), limiter });
  const providers = options.paymentProviders ?? defaultPaymentProviders;
  const renderCheckout = registerCheckoutPage(site, deps, async (website) => [
    ...offeredProviders(providers, website, options.serverTestMode ?? false),
    ...((await options.hostedPayments?.providersFor(website)) ?? []),
  ]);
  registerOrderPages(site, deps, statusLimiter);
  registerContextConfig(site);
  // The checkout API renders this page again for a refused form post (issue 22).
  return { renderCheckout };
}
