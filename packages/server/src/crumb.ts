import { randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_MESSAGES } from '@baukasten/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

/*
 * The crumb is a double-submit CSRF token: a random value in a cookie the page can read, echoed in
 * the X-CSRF-Token header (or a `crumb` form field without JavaScript). A page on another site can
 * make the browser send the cookie but cannot read it to echo it.
 */

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The crumb of this visitor: from the cookie, or freshly issued with this answer. */
    crumb?: string;
  }
}

const newCrumb = () => randomBytes(18).toString('base64url');

/**
 * The exact shape of a crumb this server issues: 18 random bytes in base64url. A cookie of any other
 * shape is not a crumb: it is neither echoed into pages (a kept page once got every `e` swapped for a
 * crumb `e`) nor accepted as a token; the visitor gets a fresh one instead.
 */
const CRUMB_FORMAT = /^[A-Za-z0-9_-]{24}$/;

export const isCrumb = (value: unknown): value is string =>
  typeof value === 'string' && CRUMB_FORMAT.test(value);

/** Issues a crumb cookie to every visitor who has none, on page and API answers alike. */
export function registerCrumbCookie(app: FastifyInstance) {
  if (!app.hasRequestDecorator('crumb')) app.decorateRequest('crumb', undefined);
  // A callback hook: it runs on every request, and an async one would cost a promise and a turn.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const existing = request.cookies[CRUMB_COOKIE];
    if (isCrumb(existing)) {
      request.crumb = existing;
      return done();
    }
    request.crumb = newCrumb();
    // Readable by the page (it echoes the value), so not httpOnly; Secure whenever the page came over https.
    reply.setCookie(CRUMB_COOKIE, request.crumb, {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: request.protocol === 'https',
    });
    done();
  });
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * preHandler for state-changing routes: 403 with the spec's session text when the echoed crumb is
 * missing or wrong, or its cookies text when the browser sent no cookies at all.
 */
export async function requireCrumb(request: FastifyRequest): Promise<void> {
  checkCrumb(request);
}

/** requireCrumb for callers that are not hooks: throws at once instead of rejecting. */
export function checkCrumb(request: FastifyRequest): void {
  // Only a well-formed crumb counts; a malformed cookie was replaced by a fresh one on this answer.
  const cookie = isCrumb(request.cookies[CRUMB_COOKIE]) ? request.cookies[CRUMB_COOKIE] : undefined;
  const header = request.headers[CRUMB_HEADER];
  const body = request.body as { crumb?: unknown } | undefined;
  const echoed =
    typeof header === 'string' ? header : typeof body?.crumb === 'string' ? body.crumb : undefined;
  if (cookie && echoed && sameText(cookie, echoed)) return;
  if (!request.headers.cookie) throw new HttpError(403, 'COOKIES_DISABLED', SESSION_MESSAGES.cookiesDisabled);
  throw new HttpError(403, 'CRUMB_FAILED', SESSION_MESSAGES.sessionExpired);
}
