// Who and where the census records a page-view hit (spec 2 and 6), and the analytics constants of
// spec 3 and 9 that server and browser must agree on.

import { PageType } from './enumerations.js';

/** Website role code of a viewer (spec 3). */
const VIEWER_ROLE = 10;

/** Pages that never record a hit: not found, lock screen, member-area access denied. */
export const CENSUS_SKIPPED_PAGE_TYPES: readonly number[] = [
  PageType.NOT_FOUND,
  PageType.LOCK_SCREEN,
  PageType.MEMBER_AREA_ACCESS_DENIED,
];

export const CENSUS_TIMEOUT_MS = 2500;
export const PERFORMANCE_FLUSH_MS = 30_000;
export const PERFORMANCE_CAP_MS = 60_000;
export const ELEMENT_PATH_MAX_CHARS = 200;
export const SLOWEST_INTERACTIONS_TRACKED = 10;

/** Good and poor thresholds of the web vitals (spec 9). */
export const WEB_VITALS_THRESHOLDS = {
  firstContentfulPaintMs: { good: 1800, poor: 3000 },
  largestContentfulPaintMs: { good: 2500, poor: 4000 },
  cumulativeLayoutShift: { good: 0.1, poor: 0.25 },
  firstInputDelayMs: { good: 100, poor: 300 },
  interactionToNextPaintMs: { good: 200, poor: 500 },
} as const;

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateVital(metric: keyof typeof WEB_VITALS_THRESHOLDS, value: number): VitalRating {
  const { good, poor } = WEB_VITALS_THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** The error reporter's limits (spec 9). */
export const ERROR_REPORTER_LIMITS = {
  maxReportsPerPage: 20,
  maxQueue: 10,
  maxStackChars: 5000,
  debounceMs: 1000,
} as const;

export const SOURCE_ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'] as const;
export const EVENT_SOURCES = ['WEB', 'IOS', 'ANDROID', 'SERVER'] as const;
export type SourceEnvironment = (typeof SOURCE_ENVIRONMENTS)[number];

/** The v2 tracker host kind: a staging host for dev, qa and staging, production for prod. */
export function trackerHostKind(environment: SourceEnvironment): 'staging' | 'production' {
  return environment === 'prod' ? 'production' : 'staging';
}

/** The warning for an unset or unknown tracker environment, or null when it is known. */
export function trackerEnvironmentWarning(environment: unknown): string | null {
  return typeof environment === 'string' && (SOURCE_ENVIRONMENTS as readonly string[]).includes(environment)
    ? null
    : 'Tracker environment must be dev, staging or prod';
}

/** Tracker answers other than 200 and 202 are logged with this text. */
export function trackerStatusError(status: number): string | null {
  return status === 200 || status === 202 ? null : `Error tracking event: HTTP Status ${status}`;
}

/** resolved_locale: the given locale, else the document language, else en-US. */
export function resolveTrackingLocale(locale?: string | null, documentLanguage?: string | null): string {
  return locale?.trim() || documentLanguage?.trim() || 'en-US';
}

export interface CensusVisitor {
  /** The site-user cookie's authenticated flag. */
  authenticated: boolean;
  /** Website role codes of the logged-in account (spec 3). */
  websiteRoles?: readonly number[];
}

export interface CensusPage {
  /** URL path of the page. */
  path: string;
  /** Page-type code (spec 2). */
  pageType?: number | null;
}

function isSearchPath(path: string): boolean {
  return path === '/search' || path.startsWith('/search/') || path.startsWith('/search?');
}

/** Paths containing /config are the site owner's editing context. */
export function isConfigPath(path: string): boolean {
  return /(^|\/)config(\/|$|\?)/.test(path);
}

/**
 * A hit is recorded for visitors who are not logged in, and for logged-in accounts whose only
 * website role is viewer outside config paths (an account with no website role is a shopper and
 * counts as a visitor). Never on not-found, lock-screen and access-denied pages, on /search, or
 * when the global switch is off.
 */
export function shouldRecordCensusHit(
  visitor: CensusVisitor,
  page: CensusPage,
  censusEnabled = true,
): boolean {
  if (!censusEnabled || isSearchPath(page.path)) return false;
  if (
    page.pageType !== null &&
    page.pageType !== undefined &&
    CENSUS_SKIPPED_PAGE_TYPES.includes(page.pageType)
  ) {
    return false;
  }
  if (!visitor.authenticated) return true;
  const roles = visitor.websiteRoles ?? [];
  if (roles.length === 0) return !isConfigPath(page.path);
  return roles.every((role) => role === VIEWER_ROLE) && !isConfigPath(page.path);
}

/** contentSource of a census hit: i for an item page, c for a collection. */
export function censusContentSource(page: { itemId?: string | null }): 'i' | 'c' {
  return page.itemId ? 'i' : 'c';
}
