import type { CustomerAccount, Storage } from '@baukasten/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieOptions } from '../admin/admin-session.js';

/*
 * Customer sessions, apart from owner sessions: a random 32-byte id in the httpOnly cookie
 * `bk_customer` (SameSite=Lax), stored as its sha256 and bound to the website of the request, so a
 * cookie of one shop signs nobody in on another. Beside it the page-readable cookies of spec 3 and 6:
 * `authenticated=true` (the cart pill loads the cart, analytics mark the visitor logged in) and
 * `siteUserId`. Both are hints for scripts only; the server trusts the httpOnly cookie alone.
 */

export const CUSTOMER_SESSION_COOKIE = 'bk_customer';
export const AUTHENTICATED_COOKIE = 'authenticated';
export const SITE_USER_ID_COOKIE = 'siteUserId';
const DAY_MS = 86_400_000;
export const CUSTOMER_SESSION_TTL_MS = 30 * DAY_MS;
const EXTEND_AFTER_MS = DAY_MS;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer of this website; undefined until looked up, null when nobody is. */
    customer?: CustomerAccount | null;
  }
}

const readableCookie = (request: FastifyRequest, maxAgeSeconds: number) => ({
  path: '/',
  httpOnly: false,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
  maxAge: maxAgeSeconds,
});

export class CustomerAuth {
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  tokenOf(request: FastifyRequest): string | undefined {
    const value = request.cookies?.[CUSTOMER_SESSION_COOKIE];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  /** The signed-in customer of the request's website, looked up once per request; slides the expiry. */
  async current(request: FastifyRequest, reply: FastifyReply): Promise<CustomerAccount | undefined> {
    if (request.customer !== undefined) return request.customer ?? undefined;
    const token = this.tokenOf(request);
    const website = request.website;
    const now = this.now();
    const found =
      token && website ? await this.storage.customers.findSession(website.id, token, now) : undefined;
    request.customer = found?.customer ?? null;
    if (!found || !token) {
      // A stale flag would make scripts believe someone is signed in.
      if (request.cookies?.[AUTHENTICATED_COOKIE] === 'true') this.clearCookies(request, reply);
      return undefined;
    }
    if (found.expiresAt - now < CUSTOMER_SESSION_TTL_MS - EXTEND_AFTER_MS) {
      await this.storage.customers.extendSession(
        found.customer.websiteId,
        token,
        now + CUSTOMER_SESSION_TTL_MS,
      );
      this.setCookies(request, reply, token, found.customer.id);
    }
    return found.customer;
  }

  /** Signs the customer in with a fresh session (no fixation), ending the one this browser had. */
  async start(request: FastifyRequest, reply: FastifyReply, customer: CustomerAccount): Promise<void> {
    const previous = this.tokenOf(request);
    if (previous) await this.storage.customers.endSession(customer.websiteId, previous);
    // Sign-ins are rare enough to carry the clean-up of the website's expired sessions.
    await this.storage.customers.purgeExpiredSessions(customer.websiteId, this.now());
    const { token } = await this.storage.customers.startSession(customer.websiteId, customer.id, {
      ttlMs: CUSTOMER_SESSION_TTL_MS,
      now: this.now(),
    });
    request.customer = customer;
    this.setCookies(request, reply, token, customer.id);
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = this.tokenOf(request);
    if (token && request.website) await this.storage.customers.endSession(request.website.id, token);
    request.customer = null;
    this.clearCookies(request, reply);
  }

  private setCookies(request: FastifyRequest, reply: FastifyReply, token: string, customerId: string) {
    const maxAge = CUSTOMER_SESSION_TTL_MS / 1000;
    reply.setCookie(CUSTOMER_SESSION_COOKIE, token, sessionCookieOptions(request, maxAge));
    reply.setCookie(AUTHENTICATED_COOKIE, 'true', readableCookie(request, maxAge));
    reply.setCookie(SITE_USER_ID_COOKIE, customerId, readableCookie(request, maxAge));
  }

  private clearCookies(request: FastifyRequest, reply: FastifyReply) {
    reply.clearCookie(CUSTOMER_SESSION_COOKIE, sessionCookieOptions(request, 0));
    reply.clearCookie(AUTHENTICATED_COOKIE, readableCookie(request, 0));
    reply.clearCookie(SITE_USER_ID_COOKIE, readableCookie(request, 0));
  }
}
