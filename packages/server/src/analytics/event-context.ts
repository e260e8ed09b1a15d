import { parseVisitCookie, VISIT_COOKIE } from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import type { FastifyRequest } from 'fastify';
import { hostnameFromHeader } from '../tenant.js';

/*
 * Where an event belongs: the website's calendar day, the visitor and visit (from the ss_cvr cookie of
 * spec 3), the page path, and the referrer when it is another site.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      // A time zone the runtime does not know: count in UTC rather than lose the event.
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'UTC',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    }
    dayFormats.set(timeZone, format);
  }
  return format;
}

const lastDay = new Map<string, { minute: number; day: string }>();

/**
 * YYYY-MM-DD of `at` in the website's time zone: the day a merchant sees the visit on. Days of today's
 * time zones change on a whole minute, so the answer is reused within a minute (formatting is costly).
 */
export function siteDay(website: Pick<Website, 'timeZone'>, at: number): string {
  const timeZone = website.timeZone || 'UTC';
  const minute = Math.floor(at / 60_000);
  const cached = lastDay.get(timeZone);
  if (cached?.minute === minute) return cached.day;
  const day = dayFormat(timeZone).format(at);
  if (lastDay.size > 1000) lastDay.clear();
  lastDay.set(timeZone, { minute, day });
  return day;
}

export interface Visitor {
  visitorId: string | null;
  /** One visit of spec 4: the visitor id and the visit count. */
  sessionId: string | null;
}

/**
 * The visitor of a tracking call: the first valid ss_cvr among the given values (payload fields first,
 * then the cookie). Malformed values are discarded (spec 5); without any the event stays anonymous.
 */
export function visitorOf(request: FastifyRequest, ...given: (string | null | undefined)[]): Visitor {
  for (const value of [...given, request.cookies?.[VISIT_COOKIE]]) {
    const visit = parseVisitCookie(value);
    if (visit) return { visitorId: visit.id, sessionId: `${visit.id}.${visit.visitCount}` };
  }
  return { visitorId: null, sessionId: null };
}

const MAX_PATH = 500;

function urlOf(value: string): URL | null {
  try {
    return new URL(value, 'http://baukasten.invalid');
  } catch {
    return null;
  }
}

/** The path of a page (no query, no fragment), from a path or a full URL; null when neither is usable. */
export function pagePathOf(...candidates: (string | null | undefined)[]): string | null {
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || candidate.trim() === '') continue;
    const url = urlOf(candidate.trim());
    if (!url) continue;
    let path = url.pathname;
    try {
      path = decodeURI(path);
    } catch {
      // Keep the encoded form.
    }
    return path.slice(0, MAX_PATH) || '/';
  }
  return null;
}

/** Host names that are this website: its own and the one the request came in on. */
function ownHosts(request: FastifyRequest, website: Website): Set<string> {
  const hosts = new Set(website.hostnames);
  const requestHost = hostnameFromHeader(request.headers.host);
  if (requestHost) hosts.add(requestHost);
  return hosts;
}

/** The referrer's host when it is another site (http or https); null for this site or no referrer. */
export function outsideReferrer(
  request: FastifyRequest,
  website: Website,
  referrer: string | null | undefined,
) {
  if (typeof referrer !== 'string' || referrer === '') return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  if (host === '' || ownHosts(request, website).has(host)) return null;
  return host.slice(0, 255);
}

/** The page a call came from, by its Referer header, when that page is on this website. */
export function refererPath(request: FastifyRequest, website: Website): string | null {
  const header = request.headers.referer;
  if (typeof header !== 'string') return null;
  try {
    const url = new URL(header);
    return ownHosts(request, website).has(url.hostname.toLowerCase()) ? pagePathOf(header) : null;
  } catch {
    return null;
  }
}
