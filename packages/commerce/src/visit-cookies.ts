// The visitor cookies of spec 3 and 4: ss_cvr counts visits ("id|first|previous|current|count"),
// ss_cvt marks the last activity of the 30-minute session. A visit is a new session after the
// previous one ran out; a malformed cookie is discarded and the visitor starts again.

export const VISIT_COOKIE = 'ss_cvr';
export const SESSION_COOKIE = 'ss_cvt';
export const OTHER_VISITOR_COOKIES = [
  'ss_cid',
  'ss_cpvisit',
  'ss_cvisit',
  'ss_performanceCookiesAllowed',
] as const;

export const SESSION_LENGTH_MS = 30 * 60 * 1000;
/** The visit cookie lasts two years, the analytics cookie 390 days (spec 9). */
export const VISIT_COOKIE_MAX_AGE_S = 2 * 365 * 24 * 60 * 60;
export const SESSION_COOKIE_MAX_AGE_S = 30 * 60;
export const ANALYTICS_COOKIE_MAX_AGE_S = 390 * 24 * 60 * 60;

export interface VisitRecord {
  id: string;
  /** Epoch milliseconds of the first, previous and current visit. */
  firstVisit: number;
  previousVisit: number;
  currentVisit: number;
  visitCount: number;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const POSITIVE = /^[1-9]\d{0,15}$/;

function positive(text: string): number | null {
  if (!POSITIVE.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** Reads ss_cvr; null unless it is an id plus exactly four positive integers separated by '|'. */
export function parseVisitCookie(value: string | null | undefined): VisitRecord | null {
  if (typeof value !== 'string') return null;
  let text = value.trim();
  try {
    text = decodeURIComponent(text);
  } catch {
    return null;
  }
  const parts = text.split('|');
  if (parts.length !== 5 || !ID.test(parts[0])) return null;
  const numbers = parts.slice(1).map(positive);
  if (numbers.some((n) => n === null)) return null;
  const [firstVisit, previousVisit, currentVisit, visitCount] = numbers as number[];
  return { id: parts[0], firstVisit, previousVisit, currentVisit, visitCount };
}

/** Writes ss_cvr. */
export function formatVisitCookie(record: VisitRecord): string {
  return [record.id, record.firstVisit, record.previousVisit, record.currentVisit, record.visitCount].join(
    '|',
  );
}

/** Reads ss_cvt: a positive integer timestamp, else null. */
export function parseSessionCookie(value: string | null | undefined): number | null {
  return typeof value === 'string' ? positive(value.trim()) : null;
}

/** The session is over when there is no valid ss_cvt or it is 30 minutes old. */
export function isSessionExpired(lastActivity: number | null, now: number): boolean {
  return lastActivity === null || now - lastActivity >= SESSION_LENGTH_MS;
}

export interface VisitAdvance {
  visit: VisitRecord;
  /** The new ss_cvt value. */
  sessionTimestamp: number;
  /** True when this page view starts a new visit (or a first one). */
  newVisit: boolean;
  firstVisit: boolean;
}

function newVisitorId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The cookies after a page view at `now`: no (or a malformed) visit cookie starts a visitor with
 * count 1; an expired session starts a new visit (count + 1, previous = old current); an active
 * session keeps the visit and only refreshes the session time.
 */
export function advanceVisit(
  cookies: { visit?: string | null; session?: string | null },
  now: number,
  createId: () => string = newVisitorId,
): VisitAdvance {
  const at = Math.max(1, Math.trunc(now));
  const existing = parseVisitCookie(cookies.visit);
  if (!existing) {
    const visit = { id: createId(), firstVisit: at, previousVisit: at, currentVisit: at, visitCount: 1 };
    return { visit, sessionTimestamp: at, newVisit: true, firstVisit: true };
  }
  if (!isSessionExpired(parseSessionCookie(cookies.session), at)) {
    return { visit: existing, sessionTimestamp: at, newVisit: false, firstVisit: false };
  }
  const visit = {
    ...existing,
    previousVisit: existing.currentVisit,
    currentVisit: at,
    visitCount: existing.visitCount + 1,
  };
  return { visit, sessionTimestamp: at, newVisit: true, firstVisit: false };
}
