import { RESTOCK_MESSAGES } from '@baukasten/commerce';
import type { CustomerAccount, Storage } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CART_COOKIE, HAS_CART_COOKIE } from '../commerce/commerce-routes.js';
import { isFormPost, sameSitePath, withQueryParam } from '../commerce/form-posts.js';
import { requireCrumb } from '../crumb.js';
import { HttpError } from '../http-error.js';
import { siteOrigin } from '../pages/seo-routes.js';
import { parseOr400 } from '../parse-input.js';
import type { RateLimiter } from '../rate-limit.js';
import type { SharedState } from '../shared-state.js';
import { websiteOf } from '../site-request.js';
import type { EntryRefusalPage } from './account-pages.js';
import { CustomerAccountService, CustomerError } from './customer-account-service.js';
import { type CustomerNoticeType, customerNotices } from './customer-messages.js';
import type { CustomerAuth } from './customer-session.js';

/*
 * The customer's actions. Each is a POST that works two ways: a plain HTML form (url-encoded, crumb in a
 * hidden field) is answered with 303 to a page that shows the German notice or error (`?hinweis=` /
 * `?fehler=`), a script's JSON call with JSON and the status code. Every action except sign-up,
 * sign-in and the email links needs the customer's session of this website.
 */

export const ACCOUNT_HOME = '/account';
export const SIGN_IN_PAGE = '/account/anmelden';
export const NOTICE_PARAM = 'hinweis';
export const ERROR_PARAM = 'fehler';
/** The spec 7 call for signed-in customers (visitors without a session still go through the captcha). */
export const ACCOUNT_RESTOCK_PATH = '/api/site-users/account/notifications/restock';

export interface CustomerLimiters {
  signInByEmail: RateLimiter;
  signInByIp: RateLimiter;
  signUpByIp: RateLimiter;
  /** Reset and verification mails per client address. */
  mailsByIp: RateLimiter;
}

const MINUTE = 60_000;

export function customerLimiters(shared: SharedState): CustomerLimiters {
  return {
    signInByEmail: shared.rateLimiter('customer-sign-in-email', { limit: 10, windowMs: 15 * MINUTE }),
    signInByIp: shared.rateLimiter('customer-sign-in-ip', { limit: 50, windowMs: 15 * MINUTE }),
    signUpByIp: shared.rateLimiter('customer-sign-up-ip', { limit: 20, windowMs: 60 * MINUTE }),
    mailsByIp: shared.rateLimiter('customer-mails-ip', { limit: 10, windowMs: 60 * MINUTE }),
  };
}

const text = (max: number) => z.string().max(max).optional().default('');
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === 'on');

const forms = {
  signUp: z.object({
    name: text(200),
    email: text(256),
    password: z.string().max(1000).optional().default(''),
  }),
  signIn: z.object({
    email: text(256),
    password: z.string().max(1000).optional().default(''),
    returnTo: text(2000),
  }),
  forgot: z.object({ email: text(256) }),
  reset: z.object({ token: text(100), password: z.string().max(1000).optional().default('') }),
  address: z.object({
    firstName: text(200),
    lastName: text(200),
    line1: text(300),
    line2: text(300),
    city: text(200),
    postalCode: text(20),
    region: text(100),
    country: text(10),
  }),
  restock: z.object({
    productId: z.string().min(1).max(64),
    variantId: z.string().min(1).max(64),
    isJoinMailingList: flag,
    language: z.string().max(20).optional(),
    siteVisitorEmail: z.unknown().optional(),
    recaptchaEnterpriseV3Token: z.unknown().optional(),
  }),
  newsletter: z.object({ subscribe: flag }),
  delete: z.object({ password: z.string().max(1000).optional().default('') }),
};
const idParams = z.object({ id: z.string().min(1).max(64) });

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const { crumb: _crumb, ...fields } = (value ?? {}) as Record<string, unknown>;
  return parseOr400(schema, fields, () => new CustomerError(400, 'INVALID_INPUT'));
}

/** Points the browser's cart cookies at `cartId`, or clears them. */
export function useCart(reply: FastifyReply, cartId: string | undefined) {
  const options = { path: '/', sameSite: 'lax' as const, maxAge: 30 * 24 * 3600 };
  if (cartId) {
    reply.setCookie(CART_COOKIE, cartId, { ...options, httpOnly: true });
    reply.setCookie(HAS_CART_COOKIE, 'true', options);
  } else {
    reply.clearCookie(CART_COOKIE, { path: '/' });
    reply.clearCookie(HAS_CART_COOKIE, { path: '/' });
  }
}

/** What an action answers when it worked: the page a form goes to and the notice it shows there. */
interface Done {
  to: string;
  notice?: CustomerNoticeType;
  json?: Record<string, unknown>;
}

export function registerCustomerAccountRoutes(
  site: FastifyInstance,
  storage: Storage,
  auth: CustomerAuth,
  limiters: CustomerLimiters,
  /** Shows a refused sign-up, sign-in or password form again with its values (account-pages.ts). */
  refusalPage?: EntryRefusalPage,
) {
  const service = new CustomerAccountService(storage);

  const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<CustomerAccount> => {
    const customer = await auth.current(request, reply);
    if (!customer) throw new CustomerError(401, 'NOT_SIGNED_IN');
    return customer;
  };

  /**
   * Registers an action at `path`. `failTo` is the page a form returns to with the error; a missing
   * session sends a form to the sign-in page instead.
   */
  const action = (
    path: string,
    failTo: string | ((request: FastifyRequest) => string),
    run: (request: FastifyRequest, reply: FastifyReply) => Promise<Done>,
  ) => {
    site.post(path, async (request, reply) => {
      const form = isFormPost(request);
      reply.header('cache-control', 'no-store');
      try {
        await requireCrumb(request);
        const done = await run(request, reply);
        if (form)
          return reply.redirect(
            done.notice ? withQueryParam(done.to, NOTICE_PARAM, done.notice) : done.to,
            303,
          );
        return {
          ok: true,
          ...(done.notice ? { message: customerNotices[done.notice] } : {}),
          ...done.json,
        };
      } catch (error) {
        if (!form || !(error instanceof HttpError)) throw error;
        // An entry form comes back with what was typed and the problem at its field, status 422 (issue 22).
        if (error.type !== 'NOT_SIGNED_IN' && refusalPage) {
          const shown = await refusalPage(path, request, reply, error);
          if (shown) return shown;
        }
        const page =
          error.type === 'NOT_SIGNED_IN'
            ? SIGN_IN_PAGE
            : typeof failTo === 'string'
              ? failTo
              : failTo(request);
        return reply.redirect(withQueryParam(page, ERROR_PARAM, error.type), 303);
      }
    });
  };

  // The same answer for a new and a taken address, and no session (security review #18): the mail's
  // link (GET /account/bestaetigen, account-pages.ts) makes the account and signs in.
  action('/account/registrieren', '/account/registrieren', async (request) => {
    if (!(await limiters.signUpByIp.hit(`${websiteOf(request).id}:${request.ip}`)))
      throw new CustomerError(429, 'TOO_MANY_REQUESTS');
    const input = parse(forms.signUp, request.body);
    await service.signUp(websiteOf(request), input, siteOrigin(request));
    return { to: SIGN_IN_PAGE, notice: 'CHECK_MAIL' };
  });

  action(SIGN_IN_PAGE, SIGN_IN_PAGE, async (request, reply) => {
    const input = parse(forms.signIn, request.body);
    const website = websiteOf(request);
    // Both count every attempt: many passwords for one address, one password for many addresses.
    const [byEmail, byIp] = await Promise.all([
      limiters.signInByEmail.hit(`${website.id}:${input.email.trim().toLowerCase()}`),
      limiters.signInByIp.hit(`${website.id}:${request.ip}`),
    ]);
    if (!byEmail || !byIp) throw new CustomerError(429, 'TOO_MANY_SIGN_INS');
    const customer = await service.checkCredentials(website, input.email, input.password);
    await auth.start(request, reply, customer);
    useCart(reply, await service.mergeCarts(website, customer, request.cookies[CART_COOKIE]));
    const returnTo = sameSitePath(input.returnTo || ACCOUNT_HOME);
    return {
      to: returnTo.startsWith('/api/') ? ACCOUNT_HOME : returnTo,
      json: { customer: customerView(customer) },
    };
  });

  action('/account/abmelden', ACCOUNT_HOME, async (request, reply) => {
    const customer = await auth.current(request, reply);
    if (customer) await service.keepCart(websiteOf(request), customer, request.cookies[CART_COOKIE]);
    await auth.end(request, reply);
    // The cart stays with the account, not with the next person at this browser.
    useCart(reply, undefined);
    return { to: SIGN_IN_PAGE, notice: 'SIGNED_OUT' };
  });

  action('/account/passwort-vergessen', '/account/passwort-vergessen', async (request) => {
    const input = parse(forms.forgot, request.body);
    const website = websiteOf(request);
    const [byEmail, byIp] = await Promise.all([
      limiters.signInByEmail.hit(`${website.id}:${input.email.trim().toLowerCase()}`),
      limiters.mailsByIp.hit(`${website.id}:${request.ip}`),
    ]);
    if (!byEmail || !byIp) throw new CustomerError(429, 'TOO_MANY_REQUESTS');
    await service.requestPasswordReset(website, input.email, siteOrigin(request));
    return { to: SIGN_IN_PAGE, notice: 'RESET_SENT' };
  });

  action(
    '/account/passwort-neu',
    (request) => {
      const token = (request.body as { token?: unknown } | undefined)?.token;
      return typeof token === 'string' && token.length <= 100
        ? `/account/passwort-neu?token=${encodeURIComponent(token)}`
        : '/account/passwort-vergessen';
    },
    async (request, reply) => {
      const input = parse(forms.reset, request.body);
      const customer = await service.resetPassword(websiteOf(request), input.token, input.password);
      await auth.start(request, reply, customer);
      return { to: ACCOUNT_HOME, notice: 'PASSWORD_CHANGED' };
    },
  );

  action('/account/bestaetigung-senden', ACCOUNT_HOME, async (request, reply) => {
    const customer = await signedIn(request, reply);
    if (!(await limiters.mailsByIp.hit(`${websiteOf(request).id}:${request.ip}`)))
      throw new CustomerError(429, 'TOO_MANY_REQUESTS');
    await service.resendVerification(websiteOf(request), customer, siteOrigin(request));
    return { to: ACCOUNT_HOME, notice: 'VERIFICATION_SENT' };
  });

  action('/account/abos/:id/kuendigen', '/account/abos', async (request, reply) => {
    const customer = await signedIn(request, reply);
    const { id } = parse(idParams, request.params);
    await service.cancelSubscription(websiteOf(request), customer, id);
    return { to: '/account/abos', notice: 'SUBSCRIPTION_CANCELLED' };
  });

  action('/account/adressen', '/account/adressen', async (request, reply) => {
    const customer = await signedIn(request, reply);
    const address = await service.addAddress(
      websiteOf(request),
      customer,
      parse(forms.address, request.body),
    );
    return { to: '/account/adressen', notice: 'ADDRESS_SAVED', json: { address } };
  });

  action('/account/adressen/:id/loeschen', '/account/adressen', async (request, reply) => {
    const customer = await signedIn(request, reply);
    await service.removeAddress(websiteOf(request), customer, parse(idParams, request.params).id);
    return { to: '/account/adressen', notice: 'ADDRESS_REMOVED' };
  });

  action('/account/adressen/:id/standard', '/account/adressen', async (request, reply) => {
    const customer = await signedIn(request, reply);
    await service.makeDefaultAddress(websiteOf(request), customer, parse(idParams, request.params).id);
    return { to: '/account/adressen', notice: 'ADDRESS_DEFAULT' };
  });

  action('/account/benachrichtigungen', '/account/benachrichtigungen', async (request, reply) => {
    const customer = await signedIn(request, reply);
    const input = parse(forms.restock, request.body);
    await service.signUpForRestock(websiteOf(request), customer, input);
    return { to: '/account/benachrichtigungen', notice: 'NOTICE_ADDED' };
  });

  action(
    '/account/benachrichtigungen/:id/entfernen',
    '/account/benachrichtigungen',
    async (request, reply) => {
      const customer = await signedIn(request, reply);
      await service.removeRestockNotice(websiteOf(request), customer, parse(idParams, request.params).id);
      return { to: '/account/benachrichtigungen', notice: 'NOTICE_REMOVED' };
    },
  );

  action('/account/newsletter', '/account/newsletter', async (request, reply) => {
    const customer = await signedIn(request, reply);
    const { subscribe } = parse(forms.newsletter, request.body);
    await service.setNewsletter(websiteOf(request), customer, subscribe);
    return { to: '/account/newsletter', notice: subscribe ? 'NEWSLETTER_ON' : 'NEWSLETTER_OFF' };
  });

  action('/account/loeschen', '/account/loeschen', async (request, reply) => {
    const customer = await signedIn(request, reply);
    const { password } = parse(forms.delete, request.body);
    // Guessing the password through a stolen session is limited like sign-in.
    if (!(await limiters.signInByEmail.hit(`${customer.websiteId}:${customer.email}`)))
      throw new CustomerError(429, 'TOO_MANY_SIGN_INS');
    await service.deleteAccount(websiteOf(request), customer, password);
    await auth.end(request, reply);
    useCart(reply, undefined);
    return { to: SIGN_IN_PAGE, notice: 'ACCOUNT_DELETED' };
  });

  /**
   * `POST /api/site-users/account/notifications/restock` for a signed-in customer: signed up with the
   * account's address, no captcha; the crumb guards it since the session cookie rides along. Answers
   * undefined without a customer session, so the visitor flow (with captcha) takes the call.
   */
  return async function accountRestockSignUp(request: FastifyRequest, reply: FastifyReply) {
    const customer = await auth.current(request, reply);
    if (!customer) return undefined;
    await requireCrumb(request);
    const input = parse(forms.restock, request.body);
    const item = await service.signUpForRestock(websiteOf(request), customer, input);
    // The same answer as the visitor's sign-up, so the product page's form shows the same text.
    const custom = item.product?.merchandising.restockNotificationMessages?.successMessage;
    return { success: true, message: custom?.trim() ? custom : RESTOCK_MESSAGES.success };
  };
}

/** The customer as the API shows them: never the password hash, never the cart id. */
export const customerView = (customer: CustomerAccount) => ({
  siteUserId: customer.id,
  email: customer.email,
  name: customer.name,
  emailVerified: customer.emailVerifiedAt !== undefined,
});
