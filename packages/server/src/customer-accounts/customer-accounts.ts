import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageDeps } from '../pages/send-page.js';
import type { SharedState } from '../shared-state.js';
import { registerAccountPages } from './account-pages.js';
import {
  type CustomerLimiters,
  customerLimiters,
  registerCustomerAccountRoutes,
} from './customer-account-routes.js';
import { CustomerAccountService } from './customer-account-service.js';
import { CUSTOMER_SESSION_COOKIE, CustomerAuth } from './customer-session.js';

export interface CustomerAccountsOptions {
  shared: SharedState;
  /** Explicit limiters win over the shared defaults (tests). */
  limiters?: Partial<CustomerLimiters>;
  now?: () => number;
}

export interface CustomerAccounts {
  auth: CustomerAuth;
  /** For the restock route: the signed-in customer's sign-up, or undefined without a customer session. */
  restockSignUp: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<Record<string, unknown> | undefined>;
}

/**
 * Customer accounts of the website the request names (issue 10): pages and form posts under /account,
 * the session lookup for other pages (checkout pre-fill), and the signed-in restock sign-up. Register it
 * inside the host-scoped site plugin, before the page routes.
 */
export function registerCustomerAccounts(
  site: FastifyInstance,
  deps: PageDeps,
  options: CustomerAccountsOptions,
): CustomerAccounts {
  const auth = new CustomerAuth(deps.storage, options.now);
  if (!site.hasRequestDecorator('customer')) site.decorateRequest('customer', undefined);
  // Pages such as the checkout read request.customer; only a browser with the cookie costs a query.
  // A callback hook, so the calls that need no lookup (all but GETs with the cookie) cost no promise.
  site.addHook('preHandler', (request, reply, done) => {
    if (request.method === 'GET' && request.cookies[CUSTOMER_SESSION_COOKIE])
      auth.current(request, reply).then(() => done(), done);
    else done();
  });
  const limiters = { ...customerLimiters(options.shared), ...options.limiters };
  // The pages first: a refused sign-up or sign-in form is answered with its page again (issue 22).
  const refusalPage = registerAccountPages(site, deps, auth, options.now);
  const restockSignUp = registerCustomerAccountRoutes(site, deps.storage, auth, limiters, refusalPage);
  return { auth, restockSignUp };
}

/** What the checkout pre-fills for the signed-in customer of the request (null when signed out). */
export async function checkoutPrefillOf(deps: Pick<PageDeps, 'storage'>, request: FastifyRequest) {
  const customer = request.customer;
  if (!customer || !request.website) return null;
  return new CustomerAccountService(deps.storage).checkoutPrefill(request.website, customer);
}
