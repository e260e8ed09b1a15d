import {
  CENSUS_TIMEOUT_MS,
  type CensusVisitor,
  censusContentSource,
  shouldRecordCensusHit,
} from '@baukasten/commerce';
import { isAuthenticated } from '../cookies.js';
import type { PageFacts } from './page-facts.js';
import { CENSUS_HIT_URL, postForm } from './tracking-transport.js';

/*
 * The census page view of spec 3, 6 and 7: who is counted (commerce's shouldRecordCensusHit) and the
 * hit's fields, posted form-encoded as event, data (JSON text) and ss_cvr. Failures are swallowed.
 */

/** URL max length of spec 9; the server refuses longer fields, so the hit cuts them. */
const URL_MAX = 2083;
export const CENSUS_HIT_EVENT = 'view';

export interface CensusSite {
  websiteId?: string;
  locale?: string;
}

/** The census hit's fields (spec 3, "Census hit"). */
export interface CensusHitData {
  visitorCookie: string;
  pageTitle: string;
  pageId?: string;
  contentSource: 'i' | 'c';
  pagePath: string;
  pagePermissionTypeValue?: number;
  websiteId?: string;
  templateId?: string;
  website_locale?: string;
  userAgent: string;
  clientDate: number;
  viewportWidth: number;
  viewportHeight: number;
  screenWidth: number;
  screenHeight: number;
  url: string;
  title: string;
  itemId: string | null;
  recordType: number | null;
  collectionId: string | null;
  localStorageSupported: boolean;
  queryString: string;
  referrer: string;
}

/** The visitor as the browser knows them: the site-user cookie, and roles when the page names them. */
export function censusVisitor(cookieHeader: string, facts: PageFacts): CensusVisitor {
  return { authenticated: isAuthenticated(cookieHeader), websiteRoles: facts.websiteRoles };
}

/** Whether this page view is counted (spec 6). */
export function censusCounts(facts: PageFacts, visitor: CensusVisitor, censusEnabled: boolean): boolean {
  return shouldRecordCensusHit(visitor, { path: facts.path, pageType: facts.pageType }, censusEnabled);
}

function localStorageSupported(win: Window): boolean {
  try {
    const key = '__baukasten_probe__';
    win.localStorage.setItem(key, '1');
    win.localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const size = (value: number) => Math.max(0, Math.min(100_000, Math.round(value || 0)));

function optional<K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> {
  return value === null || value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

export function censusHitData(
  facts: PageFacts,
  visitCookie: string,
  site: CensusSite,
  win: Window = window,
  now: number = Date.now(),
): CensusHitData {
  const doc = win.document;
  const title = cut(doc.title ?? '', 500);
  return {
    visitorCookie: visitCookie,
    pageTitle: title,
    ...optional('pageId', facts.pageId),
    contentSource: censusContentSource({ itemId: facts.itemId }),
    pagePath: cut(facts.path, URL_MAX),
    ...optional('pagePermissionTypeValue', facts.pagePermissionTypeValue),
    ...optional('websiteId', site.websiteId),
    ...optional('templateId', facts.templateId),
    ...optional('website_locale', site.locale ? cut(site.locale, 35) : undefined),
    userAgent: cut(win.navigator.userAgent ?? '', 1000),
    clientDate: now,
    viewportWidth: size(win.innerWidth),
    viewportHeight: size(win.innerHeight),
    screenWidth: size(win.screen?.width),
    screenHeight: size(win.screen?.height),
    url: cut(win.location.href, URL_MAX),
    title,
    itemId: facts.itemId,
    recordType: facts.recordType,
    collectionId: facts.collectionId,
    localStorageSupported: localStorageSupported(win),
    queryString: cut(win.location.search, URL_MAX),
    referrer: cut(doc.referrer ?? '', URL_MAX),
  };
}

/** POST /api/census/RecordHit, form-encoded, given up after the census timeout; never fails. */
export async function sendCensusHit(data: CensusHitData): Promise<void> {
  await postForm(
    CENSUS_HIT_URL,
    { event: CENSUS_HIT_EVENT, data: JSON.stringify(data), ss_cvr: data.visitorCookie },
    { timeoutMs: CENSUS_TIMEOUT_MS },
  );
}
