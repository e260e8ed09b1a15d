import { isDisqusShortname } from '@baukasten/commerce';
import type { FastifyInstance } from 'fastify';
import { HttpError, isApiUrl } from '../http-error.js';
import { serverMessages } from '../messages.js';

/*
 * Security headers on every answer: pages, JSON, assets and errors alike. The Content-Security-Policy of
 * documents is the one the storefront and the editor pass without a single violation
 * (e2e/keep-scripts-out.spec.ts); JSON answers get the API policy below:
 *
 * - scripts only from this origin (the islands bundle, the editor bundle) plus the reCAPTCHA Enterprise
 *   script a site with its own captcha keys loads; no inline script, no eval. JSON-LD is a data block,
 *   which script-src does not govern, so product pages keep their structured data.
 * - inline style attributes stay allowed: the spacer block sets its height that way and islands toggle
 *   `overflow`. Style cannot run script, so the cost is small.
 * - images from anywhere over https (owners link product images), data: and blob: for previews.
 * - frames: embed blocks show https pages; the editor previews a site in an iframe, so site pages may be
 *   framed by the site itself and the editor's origins, by nobody else; not by another site under the base
 *   domain. The editor (/config, and every non-JSON answer under /api/) may be framed by nothing but
 *   itself (security review #18, finding 7: a shop's page framed the editor for clickjacking).
 */

export interface SecurityHeaderOptions {
  /** Sites live at `<subdomain>.<baseDomain>`; the editor frames them for its preview. */
  baseDomain: string;
  /**
   * Where the editor is opened (`scheme://host[:port]`: BASE_DOMAIN and the demo hosts with the configured
   * scheme and port): the only origins besides a site itself that may frame its pages.
   */
  editorOrigins?: string[];
  /**
   * Origins of payment pages besides the providers' own: the STRIPE_API_BASE / PAYPAL_API_BASE overrides
   * (a local fake in tests, a staging stand-in), so no other host is allowed as a form target.
   */
  extraPaymentPages?: string[];
}

/** Who may frame an answer: a site's page (the editor's preview), or the editor itself. */
export type FrameAudience = 'site' | 'editor';

/** The editor's shell and assets: /config, /config/…, /config-assets/…. */
export const isEditorUrl = (url: string) => /^\/config(?:[/?#-]|$)/.test(url);

const NUL_IN_URL = /%00|\u0000/i;
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * What a site's own settings add to the policy: the ad pixels' vendor scripts and beacons (loaded only after
 * the visitor's consent, on sites whose owner entered an id), and the instalment provider's info page the
 * teaser fetches.
 */
export interface SiteSources {
  script: string[];
  connect: string[];
}

const META_PIXEL = { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com'] };
const GOOGLE_TAG = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.googletagmanager.com',
  ],
};
/** The hosted payment pages a checkout form may lead to (payments/hosted-checkout.ts). */
const PAYMENT_PAGES = [
  'https://checkout.stripe.com',
  'https://www.paypal.com',
  'https://www.sandbox.paypal.com',
];
const INSTALMENT_INFO = ['https://static.afterpay.com', 'https://static.clearpay.co.uk'];

export function siteSources(settings: Record<string, unknown> | undefined): SiteSources {
  const pixels = (settings?.adPixels ?? {}) as { metaPixelId?: unknown; googleTagId?: unknown };
  const sources: SiteSources = { script: [], connect: [] };
  const add = (more: { script?: string[]; connect?: string[] }) => {
    sources.script.push(...(more.script ?? []));
    sources.connect.push(...(more.connect ?? []));
  };
  if (typeof pixels.metaPixelId === 'string' && pixels.metaPixelId !== '') add(META_PIXEL);
  if (typeof pixels.googleTagId === 'string' && pixels.googleTagId !== '') add(GOOGLE_TAG);
  if (settings?.instalments) add({ connect: INSTALMENT_INFO });
  // Disqus (a forum name, checked like the island checks it): its embed script and what that script loads.
  const disqus = settings?.disqusShortname;
  if (isDisqusShortname(disqus)) {
    add({
      script: [`https://${disqus.toLowerCase()}.disqus.com`, 'https://c.disquscdn.com'],
      connect: ['https://*.disqus.com'],
    });
  }
  return sources;
}

export function contentSecurityPolicy(
  { baseDomain, editorOrigins = [], extraPaymentPages = [] }: SecurityHeaderOptions,
  site: SiteSources = { script: [], connect: [] },
  audience: FrameAudience = 'site',
): string {
  // Host sources without a scheme take the page's own: http in development, https in production.
  const siteHosts = [...new Set([`${baseDomain}:*`, `*.${baseDomain}:*`, 'localhost:*', '127.0.0.1:*'])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...RECAPTCHA_SCRIPTS, ...site.script],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...RECAPTCHA_SCRIPTS, ...site.connect],
    // The editor previews its sites (http in development) in a frame.
    'frame-src': ["'self'", 'https:', ...siteHosts, ...RECAPTCHA_FRAMES],
    'media-src': ["'self'", 'https:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The checkout form answers with a redirect to the payment provider's page, and Chromium checks
    // form-action on that redirect too: Stripe Checkout, PayPal (live and sandbox), and only where
    // configured the overridden API bases (the local fakes of tests).
    'form-action': ["'self'", ...PAYMENT_PAGES, ...extraPaymentPages],
    // A site's pages: itself and the editor's preview frame. The editor: nobody but itself.
    'frame-ancestors': audience === 'editor' ? ["'self'"] : ["'self'", ...editorOrigins],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The policy of a JSON answer: no document is ever shown from it, so it may load nothing and be framed by
 * nobody (what OWASP's REST cheat sheet asks of APIs). The page policy above would only add some 600 bytes
 * to every cart call.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && contentType.startsWith('application/json');

/** Adds the headers in onRequest, so even early refusals (404, 403, 413) carry them. */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const csp = contentSecurityPolicy(options);
  const editorCsp = contentSecurityPolicy(options, undefined, 'editor');
  // Policies widened for a site's own settings, by what they add (few distinct ones exist).
  const widened = new Map<string, string>();
  // Both hooks take a callback: on every request, an async hook would cost a promise and a turn each.
  app.addHook('onSend', (request, reply, payload, done) => {
    const api = isApiUrl(request.url);
    if (isJson(reply.getHeader('content-type'))) {
      if (!api) reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
      return done(null, payload);
    }
    // The editor's pages and whatever else the API answers outside JSON (exports, files): framed by
    // nothing but the editor itself, whichever site's host they were asked on.
    if (api || isEditorUrl(request.url)) {
      reply.header('content-security-policy', editorCsp);
      return done(null, payload);
    }
    const sources = siteSources(request.website?.settings as Record<string, unknown> | undefined);
    if (sources.script.length === 0 && sources.connect.length === 0) return done(null, payload);
    const key = JSON.stringify(sources);
    let policy = widened.get(key);
    if (policy === undefined) {
      policy = contentSecurityPolicy(options, sources);
      if (widened.size < 100) widened.set(key, policy);
    }
    reply.header('content-security-policy', policy);
    return done(null, payload);
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Most answers under /api/ are JSON: they start with the API policy (a page answer there gets the page's
    // policy in onSend), so the common case sets the header once.
    reply.header(
      'content-security-policy',
      isApiUrl(request.url) ? API_CONTENT_SECURITY_POLICY : isEditorUrl(request.url) ? editorCsp : csp,
    );
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    // Browsers ignore HSTS over plain http; sent only where it can mean something.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    // A NUL character is in no path or query of ours, and PostgreSQL refuses it in any text parameter:
    // refused here once, instead of as a 500 from whichever lookup meets it first.
    if (NUL_IN_URL.test(request.url))
      return done(new HttpError(400, 'BAD_REQUEST', serverMessages.badRequest));
    done();
  });
}
