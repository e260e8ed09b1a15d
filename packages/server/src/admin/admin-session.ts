import type { Account, Storage } from '@baukasten/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerKeyOf } from './api-keys/api-key-auth.js';

/*
 * Owner sessions: a random 32-byte id in the httpOnly cookie `bk_session`, stored only as its sha256
 * (see storage's account repository). A session lives 30 days after its last use: each use more than a
 * day after the last extension moves the expiry and renews the cookie, so an active owner stays signed
 * in while a session left alone ends. Signing in always starts a fresh session (no fixation).
 */

export const SESSION_COOKIE = 'bk_session';
const DAY_MS = 86_400_000;
export const SESSION_TTL_MS = 30 * DAY_MS;
/** Extend at most once a day, so reading pages does not write the sessions table on every request. */
const EXTEND_AFTER_MS = DAY_MS;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in owner account; undefined until looked up, null when nobody is signed in. */
    adminAccount?: Account | null;
  }
  interface FastifyInstance {
    /** Set by registerAdminRoutes on the root instance, so the guards work in every route context. */
    adminAuth: AdminAuth;
  }
}

/** The session cookie's attributes: Secure whenever the request came over https. */
export const sessionCookieOptions = (request: Pick<FastifyRequest, 'protocol'>, maxAgeSeconds: number) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
  maxAge: maxAgeSeconds,
});

/** Sessions and the roles behind them; one per app, decorated on the root instance. */
export class AdminAuth {
  constructor(
    readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  tokenOf(request: FastifyRequest): string | undefined {
    const value = request.cookies?.[SESSION_COOKIE];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  /** The signed-in account, looked up once per request; slides the session's expiry as it goes. */
  async current(request: FastifyRequest, reply: FastifyReply): Promise<Account | undefined> {
    if (request.adminAccount !== undefined) return request.adminAccount ?? undefined;
    // A call with an API key speaks for that key only: the session cookie that may travel with it is not
    // looked at, so a key's call that skipped the crumb can never act as the signed-in owner (#18, finding 8).
    const token = bearerKeyOf(request) === undefined ? this.tokenOf(request) : undefined;
    const now = this.now();
    const found = token ? await this.storage.accounts.findSession(token, now) : undefined;
    request.adminAccount = found?.account ?? null;
    if (!found || !token) return undefined;
    if (found.session.expiresAt - now < SESSION_TTL_MS - EXTEND_AFTER_MS) {
      await this.storage.accounts.extendSession(token, now + SESSION_TTL_MS);
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, SESSION_TTL_MS / 1000));
    }
    return found.account;
  }

  /** Signs the account in with a new session, ending the one this browser had. */
  async start(request: FastifyRequest, reply: FastifyReply, account: Account): Promise<void> {
    const previous = this.tokenOf(request);
    if (previous) await this.storage.accounts.endSession(previous);
    // Sign-ins are rare enough to carry the clean-up of sessions that ran out (one indexed delete).
    await this.storage.accounts.purgeExpiredSessions(this.now());
    const { token } = await this.storage.accounts.startSession(account.id, {
      ttlMs: SESSION_TTL_MS,
      now: this.now(),
    });
    request.adminAccount = account;
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, SESSION_TTL_MS / 1000));
  }

  /** The account's roles on a website; undefined when it holds none there or the site does not exist. */
  rolesOn(websiteId: string, accountId: string): Promise<number[] | undefined> {
    return this.storage.siteMembers.rolesOf(websiteId, accountId);
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = this.tokenOf(request);
    if (token) await this.storage.accounts.endSession(token);
    request.adminAccount = null;
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request, 0));
  }
}
