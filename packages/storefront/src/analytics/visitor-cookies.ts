import {
  ANALYTICS_COOKIE_MAX_AGE_S,
  advanceVisit,
  formatVisitCookie,
  SESSION_COOKIE,
  SESSION_COOKIE_MAX_AGE_S,
  VISIT_COOKIE,
  VISIT_COOKIE_MAX_AGE_S,
} from '@baukasten/commerce';
import { readCookie } from '../cookies.js';

/*
 * The visitor cookies of spec 3, 4 and 9 as the browser keeps them. The visit rules (count 1 on a first
 * visit, +1 after the 30-minute session ran out, malformed values discarded) are commerce's
 * `advanceVisit`; this file only reads and writes the cookies around it.
 *
 *   ss_cvr      id|first|previous|current|count                     2 years
 *   ss_cvt      last activity (epoch ms), the 30-minute session      30 minutes
 *   ss_cid      analytics id of the v2 tracker (analytics_id)        390 days
 *   ss_cvisit   session id of the current visit ("<id>.<count>")     30 minutes, path /, Secure on https
 *   ss_cpvisit  start of the previous visit (epoch ms)               2 years
 */

export const ANALYTICS_ID_COOKIE = 'ss_cid';
export const SESSION_ID_COOKIE = 'ss_cvisit';
export const PREVIOUS_VISIT_COOKIE = 'ss_cpvisit';
const VISITOR_COOKIES = [
  VISIT_COOKIE,
  SESSION_COOKIE,
  ANALYTICS_ID_COOKIE,
  SESSION_ID_COOKIE,
  PREVIOUS_VISIT_COOKIE,
] as const;

export interface CookieStore {
  read(name: string): string | undefined;
  write(name: string, value: string, maxAgeSeconds: number): void;
}

/** document.cookie with the attributes of spec 9: path /, SameSite Lax, Secure on https. */
export function documentCookies(doc: Document = document): CookieStore {
  return {
    read: (name) => readCookie(doc.cookie, name),
    write(name, value, maxAgeSeconds) {
      const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
      // Expires as well as Max-Age: browsers that ignore Max-Age=0 still drop the cookie.
      const expires = new Date(maxAgeSeconds > 0 ? Date.now() + maxAgeSeconds * 1000 : 0).toUTCString();
      doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Expires=${expires}; Path=/; SameSite=Lax${secure}`;
    },
  };
}

/** Session info of spec 3. */
export interface SessionInfo {
  /** The first page view of this visit. */
  firstLanding: boolean;
  /** The visitor's first visit (visit count 1). */
  firstSession: boolean;
  sessionId: string;
}

export interface VisitState {
  /** The ss_cvr value sent with census calls. */
  visitCookie: string;
  visitorId: string;
  visitCount: number;
  analyticsId: string;
  session: SessionInfo;
}

const ANALYTICS_ID = /^[A-Za-z0-9_-]{1,64}$/;

function newId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

export const ANALYTICS_ID_NOT_STORED = 'Analytics-ID konnte nicht gespeichert werden';

/**
 * Writes ss_cid and warns when it did not stick (spec 8): a browser that blocks or refuses cookies would
 * otherwise give the visitor a new analytics id on every page without anyone noticing. Tracking goes on
 * with the id of this page.
 */
function storeAnalyticsId(store: CookieStore, analyticsId: string): void {
  try {
    store.write(ANALYTICS_ID_COOKIE, analyticsId, ANALYTICS_COOKIE_MAX_AGE_S);
    if (store.read(ANALYTICS_ID_COOKIE) === analyticsId) return;
    console.warn(ANALYTICS_ID_NOT_STORED);
  } catch (error) {
    console.warn(ANALYTICS_ID_NOT_STORED, error);
  }
}

/**
 * Counts this page view: advances ss_cvr and ss_cvt by the visit rules and writes the other visitor
 * cookies. Call it once per page, and only when analytics cookies are allowed.
 */
export function recordVisit(
  store: CookieStore,
  now: number = Date.now(),
  createId: () => string = newId,
): VisitState {
  const advanced = advanceVisit(
    { visit: store.read(VISIT_COOKIE), session: store.read(SESSION_COOKIE) },
    now,
    createId,
  );
  const { visit } = advanced;
  const visitCookie = formatVisitCookie(visit);
  const sessionId = `${visit.id}.${visit.visitCount}`;
  const storedAnalyticsId = store.read(ANALYTICS_ID_COOKIE);
  const analyticsId =
    storedAnalyticsId && ANALYTICS_ID.test(storedAnalyticsId) ? storedAnalyticsId : createId();

  store.write(VISIT_COOKIE, visitCookie, VISIT_COOKIE_MAX_AGE_S);
  store.write(SESSION_COOKIE, String(advanced.sessionTimestamp), SESSION_COOKIE_MAX_AGE_S);
  storeAnalyticsId(store, analyticsId);
  store.write(SESSION_ID_COOKIE, sessionId, SESSION_COOKIE_MAX_AGE_S);
  if (!advanced.firstVisit)
    store.write(PREVIOUS_VISIT_COOKIE, String(visit.previousVisit), VISIT_COOKIE_MAX_AGE_S);

  return {
    visitCookie,
    visitorId: visit.id,
    visitCount: visit.visitCount,
    analyticsId,
    session: { firstLanding: advanced.newVisit, firstSession: visit.visitCount === 1, sessionId },
  };
}

/** The visitor cookies as commerce events carry them (spec 7: "session cookies"). */
export function sessionCookies(store: CookieStore): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const name of VISITOR_COOKIES) {
    const value = store.read(name);
    if (value) cookies[name] = value.slice(0, 300);
  }
  return cookies;
}

/** Removes the visitor cookies, when the visitor declined analytics cookies. */
export function forgetVisitor(store: CookieStore): void {
  for (const name of VISITOR_COOKIES) if (store.read(name) !== undefined) store.write(name, '', 0);
}
