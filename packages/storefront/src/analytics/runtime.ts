import type { AdPixelIds } from './ad-pixels.js';
import { trackCensusElements } from './census-elements.js';
import { censusCounts, censusHitData, censusVisitor, sendCensusHit } from './census-hit.js';
import { trackCommerceEvents } from './commerce-events.js';
import { bannerNeeded, consentRequired, consentState, trackingAllowed, writeConsent } from './consent.js';
import { type AnalyticsSiteContext, forgetContextConfig, loadContextConfig } from './context-config.js';
import { type ErrorReporter, installErrorReporter } from './error-reporter.js';
import { type PageFacts, readPageFacts } from './page-facts.js';
import { collectPerformance, type PerformanceCollection } from './performance-collector.js';
import { beaconJson, PERFORMANCE_RECORDS_URL } from './tracking-transport.js';
import { type CookieStore, documentCookies, forgetVisitor, recordVisit } from './visitor-cookies.js';

/*
 * The analytics runtime of a storefront page, loaded as its own chunk after the islands are scheduled.
 * The error reporter runs on every page (it sets no cookie). Everything else — visitor cookies, the
 * census hit, commerce events, web vitals — starts only when analytics cookies are allowed: at once
 * without a restrictive cookie policy or banner, after grantConsent() with one. Sites that ask for consent
 * (or run ad pixels) get the cookie banner, a chunk of its own loaded only there; ad pixels start only
 * after an explicit yes.
 */

interface Runtime {
  win: Window;
  store: CookieStore;
  facts: PageFacts;
  context: AnalyticsSiteContext | null;
  errors: ErrorReporter;
  tracking: { stopCommerce: () => void; stopCensus: () => void; performance: PerformanceCollection } | null;
  /** The site's ad pixels (null: none configured) and, once started, how to stop them. */
  adPixels: AdPixelIds | null;
  stopAdPixels: (() => void) | null;
  removeBanner: (() => void) | null;
}

let runtime: Runtime | null = null;
let starting: Promise<void> | null = null;

function startTracking(current: Runtime): void {
  if (current.tracking) return;
  const { win, store, facts, context } = current;
  const visit = recordVisit(store);
  const site = {
    websiteId: context?.website?.id,
    locale: context?.website?.locale ?? facts.documentLanguage ?? undefined,
  };
  const visitor = censusVisitor(win.document.cookie, facts);
  const censusEnabled = context?.website?.censusEnabled !== false && !facts.censusSwitchedOff;
  let stopCensus = () => {};
  if (censusCounts(facts, visitor, censusEnabled)) {
    const hit = censusHitData(facts, visit.visitCookie, site, win);
    void sendCensusHit(hit);
    stopCensus = trackCensusElements(hit, win);
  }

  const stopCommerce = trackCommerceEvents(
    { facts, site, visit, store, loggedIn: visitor.authenticated },
    win,
  );
  const performance = collectPerformance({
    path: facts.path,
    win,
    send: (records) =>
      beaconJson(PERFORMANCE_RECORDS_URL, {
        ...(site.websiteId ? { websiteId: site.websiteId } : {}),
        pagePath: facts.path.slice(0, 2083),
        url: win.location.href.slice(0, 2083),
        visitorCookie: visit.visitCookie,
        records,
      }),
  });
  current.tracking = { stopCommerce, stopCensus, performance };
}

/** Ad pixels run only after an explicit yes; their code is a chunk of its own. */
async function startAdPixels(current: Runtime): Promise<void> {
  if (!current.adPixels || current.stopAdPixels) return;
  current.stopAdPixels = () => {};
  const { startAdPixels: start } = await import('./ad-pixels.js');
  if (runtime !== current || !current.stopAdPixels) return;
  current.stopAdPixels = start(current.adPixels, current.facts, current.win);
}

async function showBanner(current: Runtime): Promise<void> {
  const { showConsentBanner } = await import('../islands/consent/consent-banner.js');
  if (runtime !== current || current.removeBanner) return;
  current.removeBanner = showConsentBanner(
    {
      mentionsAdPixels: current.adPixels !== null,
      onAgree: () => void grantConsent(current.win),
      onDecline: () => declineConsent(current.win),
    },
    current.win.document,
  );
}

async function adPixelsOf(context: AnalyticsSiteContext | null): Promise<AdPixelIds | null> {
  const ids = context?.website?.adPixels;
  if (!ids?.metaPixelId && !ids?.googleTagId) return null;
  const { configuredAdPixels } = await import('./ad-pixels.js');
  return configuredAdPixels(ids);
}

/** Starts analytics on this page; calling it again does nothing. */
export function startAnalytics(win: Window = window): Promise<void> {
  starting ??= (async () => {
    const errors = installErrorReporter(win);
    const facts = readPageFacts(win.document, win.location);
    const store = documentCookies(win.document);
    const context = await loadContextConfig();
    const adPixels = await adPixelsOf(context);
    const current: Runtime = {
      win,
      store,
      facts,
      context,
      errors,
      tracking: null,
      adPixels,
      stopAdPixels: null,
      removeBanner: null,
    };
    runtime = current;
    const required = consentRequired(context, facts);
    const state = consentState(store);
    if (trackingAllowed(required, state)) startTracking(current);
    if (state === 'granted') await startAdPixels(current);
    if (bannerNeeded(required, adPixels !== null, state)) await showBanner(current);
  })().catch(() => {
    // Analytics never disturb the page.
  });
  return starting;
}

/** The visitor allowed performance cookies: remember it, then start tracking this page. */
export async function grantConsent(win: Window = window): Promise<void> {
  writeConsent(runtime?.store ?? documentCookies(win.document), true);
  await startAnalytics(win);
  if (!runtime) return;
  runtime.removeBanner?.();
  startTracking(runtime);
  await startAdPixels(runtime).catch(() => {});
}

/** The visitor declined: remember it, remove the visitor cookies and stop tracking this page. */
export function declineConsent(win: Window = window): void {
  const store = runtime?.store ?? documentCookies(win.document);
  writeConsent(store, false);
  forgetVisitor(store);
  if (!runtime) return;
  runtime.removeBanner?.();
  if (runtime.tracking) {
    runtime.tracking.stopCommerce();
    runtime.tracking.stopCensus();
    runtime.tracking.performance.stop();
    runtime.tracking = null;
  }
  runtime.stopAdPixels?.();
  runtime.stopAdPixels = null;
}

/** Stops everything and forgets this page's state (tests; a page that is being torn down). */
export function stopAnalytics(): void {
  if (runtime) {
    runtime.errors.stop();
    runtime.tracking?.stopCommerce();
    runtime.tracking?.stopCensus();
    runtime.tracking?.performance.stop();
    runtime.stopAdPixels?.();
    runtime.removeBanner?.();
  }
  runtime = null;
  starting = null;
  forgetContextConfig();
}
