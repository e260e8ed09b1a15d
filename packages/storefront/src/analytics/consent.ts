import { ANALYTICS_COOKIE_MAX_AGE_S } from '@baukasten/commerce';
import type { AnalyticsSiteContext } from './context-config.js';
import type { PageFacts } from './page-facts.js';
import type { CookieStore } from './visitor-cookies.js';

/*
 * Cookie consent. When the site runs a restrictive cookie policy or shows the cookie banner, analytics set
 * no cookie and send no hit until the visitor allowed performance cookies
 * (ss_performanceCookiesAllowed=true). Without either, analytics run unless the visitor declined (the
 * cookie set to false). Ad pixels are marketing, not measurement: they always wait for an explicit yes.
 */

export const CONSENT_COOKIE = 'ss_performanceCookiesAllowed';

export type ConsentState = 'granted' | 'declined' | 'unset';

/**
 * The site context decides (restrictive policy or banner on); only when it is unknown does the page's
 * data-cookie-consent attribute.
 */
export function consentRequired(context: AnalyticsSiteContext | null, facts: PageFacts): boolean {
  const settings = context?.website?.cookieSettings;
  const policy = settings?.isRestrictiveCookiePolicyEnabled;
  const banner = settings?.isCookieBannerEnabled;
  if (typeof policy !== 'boolean' && typeof banner !== 'boolean') return facts.consentRequiredByPage;
  return policy === true || banner === true;
}

/** The site asks for the visitor's choice and the visitor has not made one yet. */
export function bannerNeeded(required: boolean, adPixelsConfigured: boolean, state: ConsentState): boolean {
  return state === 'unset' && (required || adPixelsConfigured);
}

export function consentState(store: CookieStore): ConsentState {
  const value = store.read(CONSENT_COOKIE);
  return value === 'true' ? 'granted' : value === 'false' ? 'declined' : 'unset';
}

export function trackingAllowed(required: boolean, state: ConsentState): boolean {
  return state === 'granted' || (!required && state === 'unset');
}

/** Stores the visitor's choice for as long as the analytics cookie lives. */
export function writeConsent(store: CookieStore, allowed: boolean): void {
  store.write(CONSENT_COOKIE, String(allowed), ANALYTICS_COOKIE_MAX_AGE_S);
}
