import { constants as zlibConstants } from 'node:zlib';
import { PageType } from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import { loadTheme, type Theme } from '@baukasten/theme';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { registerAdminRoutes } from './admin/admin-routes.js';
import { registerMediaFileRoutes } from './admin/media/media-file-routes.js';
import { PreviewTokens } from './admin/previews/preview-tokens.js';
import { registerSiteThemeRoutes } from './admin/theme-code/site-theme-routes.js';
import { SiteThemes } from './admin/theme-code/site-themes.js';
import { type Analytics, registerAnalyticsRoutes } from './analytics/analytics-routes.js';
import { registerAnalyticsAdminRoutes } from './analytics/dashboard-admin-routes.js';
import { registerAssetRoutes } from './assets/asset-routes.js';
import { registerCommentModerationRoutes, registerCommentRoutes } from './comments/comment-routes.js';
import { type CommerceOptions, registerCommerceRoutes } from './commerce/commerce-routes.js';
import { defaultPaymentProviders } from './commerce/payment-providers.js';
import { offeredProviders, testPaymentsAllowed } from './commerce/test-mode.js';
import { registerConfigApp } from './config-app.js';
import { registerContentRoutes } from './content/content-routes.js';
import { registerCustomerAccounts } from './customer-accounts/customer-accounts.js';
import type { DemoOwnerAccess } from './demo-owner.js';
import { DomainVerifier } from './domains/domain-verification.js';
import { primaryDomainRedirect, registerTlsAsk } from './domains/own-domains.js';
import { ProofOfWorkCaptcha } from './forms/captcha.js';
import { registerFormRoutes } from './forms/form-routes.js';
import { type VisitorFormOptions, visitorFormGuard } from './forms/visitor-form-guard.js';
import {
  BALANCE_LOOKUPS_PER_MINUTE,
  type GiftCardRouteOptions,
  registerGiftCardRoutes,
} from './gift-cards/gift-card-routes.js';
import { HttpError, isApiUrl } from './http-error.js';
import type { ImportOptions } from './imports/import-routes.js';
import { registerInvoiceDownloads } from './invoices/invoice-routes.js';
import { registerLegalRoutes, WITHDRAWAL_LOOKUPS } from './legal/legal-routes.js';
import { serverMessages } from './messages.js';
import { registerNewsletterRoutes } from './newsletter/newsletter-routes.js';
import type { CheckoutPageRenderer } from './pages/checkout-page.js';
import { ORDER_STATUS_LOOKUPS, registerCommercePages } from './pages/commerce-pages.js';
import { PageCache } from './pages/page-cache.js';
import { registerPageRoutes } from './pages/page-routes.js';
import { notFoundContext, type PageDeps, sendPage } from './pages/send-page.js';
import { registerSeoRoutes } from './pages/seo-routes.js';
import { HostedPayments } from './payments/hosted-checkout.js';
import { registerHostedCheckoutRoutes } from './payments/hosted-checkout-routes.js';
import { orderPaidHooks } from './payments/order-paid.js';
import { type PaymentConfig, PaymentSetup } from './payments/payment-setup.js';
import { paymentWebhookRoutes } from './payments/payment-webhook-routes.js';
import { registerPublicApi } from './public-api/public-api.js';
import type { RateLimiter } from './rate-limit.js';
import { sendStorefrontRedirect } from './redirects/storefront-redirects.js';
import { registerRestockRoutes } from './restock/restock-routes.js';
import { type LogSink, redactedLoggerOptions, requestLogger } from './security/log-redaction.js';
import { recordRoutes } from './security/route-catalogue.js';
import { registerSecurityHeaders } from './security/security-headers.js';
import { inMemorySharedState, type SharedState } from './shared-state.js';
import { DEFAULT_PUBLIC_URL, originOf, type PublicUrl } from './site-url.js';
import { registerSubscriptionRoutes } from './subscriptions/subscription-routes.js';
import { hostnameFromHeader } from './tenant.js';
import type { WebhookOptions } from './webhooks/webhook-admin-routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The website the Host header names; undefined when no site answers on that host. */
    website?: Website;
    /** Test payments are possible on this website (commerce/test-mode.ts): its pages show the banner. */
    testPayments: boolean;
  }
}

export interface AppOptions {
  storage: Storage;
  logLevel?: string;
  theme?: Theme;
  /** Rate limiter and payment providers of the shop API; defaults suit one process. */
  commerce?: CommerceOptions;
  /** Captcha provider and rate limiter of site forms, restock sign-ups and the newsletter. */
  visitorForms?: VisitorFormOptions;
  /**
   * Rate-limit counts, spent captcha tokens and the captcha secret: in memory by default, in Redis when
   * several processes serve the same shops (see shared-state.ts). Explicit options above win.
   */
  shared?: SharedState;
  /** Websites created in the editor live at `<subdomain>.<baseDomain>` (default `localhost`). */
  baseDomain?: string;
  /** Take client addresses from X-Forwarded-For (only behind a reverse proxy). */
  trustProxy?: boolean;
  /** Where log lines go after redaction (default stdout); tests capture them here. */
  logSink?: LogSink;
  /**
   * The server runs in test mode (config.serverTestMode): test payments on every site. Off by default,
   * so a server built without it offers test payments only on sites in Testmodus.
   */
  serverTestMode?: boolean;
  /**
   * How absolute links are written (config PUBLIC_URL_SCHEME, PUBLIC_PORT): each site's primary hostname
   * with this scheme and port, never the request's Host (site-url.ts). Default plain http, no port.
   */
  publicUrl?: PublicUrl;
  /**
   * Hosts besides `baseDomain` the editor is opened on (config DEMO_HOSTNAMES, default localhost and
   * 127.0.0.1): their origins may frame site pages for the editor's preview, nobody else's may.
   */
  editorHostnames?: string[];
  /** The demo shop's local owner (config.demoOwner) and the demo hosts it may sign in on (demo-owner.ts). */
  demoOwner?: DemoOwnerAccess;
  /** Product imports: image fetching limits and the test switch for images from 127.0.0.1. */
  imports?: ImportOptions;
  /**
   * SECRETS_KEY and the providers' API bases (config). Without a key, a server in test mode seals keys with
   * one made for this process only; a production server then cannot store provider keys.
   */
  payments?: PaymentConfig;
  /** Webhooks: the outbound address guard's test switch for registering addresses on 127.0.0.1. */
  webhooks?: WebhookOptions;
  /** The public API's limiter per API key (default 600 requests a minute in the shared store). */
  publicApi?: { rateLimiter?: RateLimiter };
  /** Own domains: the DNS server that checks TXT records (config DNS_RESOLVER, `host:port`); default the system's. */
  dnsResolver?: string;
}

const isApiRequest = (request: FastifyRequest) => isApiUrl(request.url);

export async function buildApp({
  storage,
  logLevel = 'info',
  theme = loadTheme(),
  commerce: commerceOptions,
  visitorForms: visitorFormOptions,
  shared = inMemorySharedState(),
  baseDomain = 'localhost',
  trustProxy = false,
  logSink,
  serverTestMode = false,
  publicUrl = DEFAULT_PUBLIC_URL,
  editorHostnames = ['localhost', '127.0.0.1'],
  demoOwner,
  imports,
  payments: paymentConfig = {},
  webhooks,
  publicApi,
  dnsResolver,
}: AppOptions): Promise<FastifyInstance> {
  const paymentSetup =
    paymentConfig.secretsKey || !serverTestMode
      ? new PaymentSetup(storage, paymentConfig)
      : PaymentSetup.ephemeral(storage, paymentConfig);
  const hostedPayments = new HostedPayments(
    storage,
    paymentSetup,
    orderPaidHooks(() => publicUrl),
    serverTestMode,
  );
  const commerce: GiftCardRouteOptions = {
    serverTestMode,
    hostedPayments,
    ...commerceOptions,
    rateLimiter:
      commerceOptions?.rateLimiter ?? shared.rateLimiter('commerce', { limit: 120, windowMs: 10_000 }),
    balanceRateLimiter:
      (commerceOptions as GiftCardRouteOptions | undefined)?.balanceRateLimiter ??
      shared.rateLimiter('gift-card-balance', { limit: BALANCE_LOOKUPS_PER_MINUTE, windowMs: 60_000 }),
  };
  const visitorForms: VisitorFormOptions = {
    captcha:
      visitorFormOptions?.captcha ??
      new ProofOfWorkCaptcha({ secret: await shared.captchaSecret(), spentTokens: shared.spentTokens }),
    rateLimiter:
      visitorFormOptions?.rateLimiter ?? shared.rateLimiter('forms', { limit: 20, windowMs: 60_000 }),
  };
  const app = Fastify({
    // Secrets and email addresses are censored before a line is written (security/log-redaction.ts).
    logger: redactedLoggerOptions(logLevel, logSink),
    childLoggerFactory: requestLogger,
    trustProxy,
    bodyLimit: 256 * 1024,
    // Bounded parsing of hostile input: deep query strings and huge bodies are refused early.
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
  });
  recordRoutes(app);
  app.decorate('publicUrl', publicUrl);
  app.decorate('editorBaseUrl', originOf(baseDomain, publicUrl));
  registerSecurityHeaders(app, {
    baseDomain,
    editorOrigins: [...new Set([baseDomain, ...editorHostnames].map((h) => originOf(h, publicUrl)))],
    extraPaymentPages: [paymentConfig.stripeApiBase, paymentConfig.paypalApiBase]
      .filter((base): base is string => typeof base === 'string')
      .map((base) => new URL(base).origin),
  });
  await app.register(cookie);
  // Pages, JSON and assets go out compressed when the browser accepts it; brotli at a quality that keeps
  // the CPU cost per page well under a millisecond.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(formbody);

  app.decorateRequest('website', undefined);
  app.decorateRequest('testPayments', false);
  const knownWebsite = (request: FastifyRequest, website: Website | undefined) => {
    request.website = website;
    request.testPayments = website ? testPaymentsAllowed(website, serverTestMode) : false;
  };
  // A callback hook: a remembered host (nearly every request) is answered without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.headers.host;
    const hostname = hostnameFromHeader(host);
    // Host must be exactly `hostname[:port]` (security review #18, finding 3): anything else is refused
    // here, before a route could pick a website by one part of it and reflect another.
    if (!hostname)
      return done(host === undefined ? undefined : new HttpError(400, 'BAD_HOST', serverMessages.badHost));
    // A verified own domain that is not the site's primary sends visitors there (domains/own-domains.ts).
    const found = (website: Website | undefined) => {
      const primary = primaryDomainRedirect(request, website, hostname, publicUrl);
      if (primary) return void reply.code(301).header('location', primary).send();
      knownWebsite(request, website);
      done();
    };
    const remembered = storage.websites.rememberedByHostname(hostname);
    if (remembered) return found(remembered.website);
    storage.websites.findByHostname(hostname).then(found, done);
  });

  app.get('/healthz', async (_request, reply) => {
    const ok = await storage.ping().catch(() => false);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : serverMessages.unavailable });
  });

  const assets = await registerAssetRoutes(app, theme);
  const deps: PageDeps = {
    storage,
    theme,
    assets,
    siteThemes: new SiteThemes(storage, theme),
    previews: new PreviewTokens(() => shared.captchaSecret()),
    pageCache: new PageCache(storage.changes),
  };
  // Content written here is announced (at most every 50 ms) so other processes drop their remembered
  // host look-ups and kept pages; this process's own go stale with `storage.changes.version` by itself.
  let announcing = false;
  storage.changes.onChange(() => {
    if (announcing) return;
    announcing = true;
    setTimeout(() => {
      announcing = false;
      shared.announceContentChanged();
    }, 50).unref();
  });
  void shared.onContentChanged(() => {
    storage.websites.forgetCached();
    deps.pageCache?.forget();
  });

  // Handlers first: plugin contexts registered later inherit them.
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiRequest(request)) {
      return reply.code(404).send({ error: { type: 'NOT_FOUND', message: serverMessages.notFound } });
    }
    // The owner's redirects, and the automatic ones after a rename, apply where the site has no page.
    if (await sendStorefrontRedirect(storage, request, reply)) return reply;
    const context = await notFoundContext(storage, request.website);
    return sendPage(deps, request, reply, 'not-found', context, 404);
  });

  app.setErrorHandler(
    async (error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
      const { status, type, message } = describeError(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      if (isApiRequest(request) || status >= 500 || request.method !== 'GET') {
        return reply.code(status).send({ error: { type, message } });
      }
      const website = request.website;
      const base = await notFoundContext(storage, website).catch(() => ({}) as Record<string, unknown>);
      try {
        return await sendPage(
          deps,
          request,
          reply,
          'error',
          {
            ...base,
            pageType: PageType.ERROR,
            seo: { title: serverMessages.errorTitle, canonicalUrl: '/' },
            title: serverMessages.errorTitle,
            message,
          },
          status,
          { asHtml: true },
        );
      } catch {
        return reply.code(status).type('text/plain; charset=utf-8').send(message);
      }
    },
  );

  await registerAdminRoutes(app, {
    storage,
    shared,
    baseDomain,
    pages: deps,
    demoOwner,
    imports,
    paymentProviders: commerce.paymentProviders,
    serverTestMode,
    payments: paymentSetup,
    // Webhook signing secrets are sealed with the same key as payment provider keys (webhook-secrets.ts).
    webhooks: { ...(paymentConfig.secretsKey ? { secretsKey: paymentConfig.secretsKey } : {}), ...webhooks },
    domains: { verifier: new DomainVerifier(dnsResolver), baseDomain, editorHostnames },
  });
  // Caddy's on-demand TLS asks here before it gets a certificate for a name (README "Eigene Domains").
  registerTlsAsk(app, storage, { baseDomain });
  // The documented API for other systems (/api/v1, /api/docs): not host-scoped, the URL and key name the site.
  await registerPublicApi(app, {
    storage,
    rateLimiter: publicApi?.rateLimiter ?? shared.rateLimiter('public-api', { limit: 600, windowMs: 60_000 }),
    payments: paymentSetup,
  });
  // The providers' webhooks: not host-scoped (the URL names the website), authenticated by their signature.
  await app.register(paymentWebhookRoutes, {
    storage,
    hooks: hostedPayments.hooks,
    gatewayFor: (websiteId, provider) => paymentSetup.gatewayFor(websiteId, provider),
  });
  await registerCommentModerationRoutes(app, storage);
  await registerConfigApp(app);

  let analytics: Analytics | undefined;
  // Every other route belongs to a website: an unknown host gets the German not-found page, never another site.
  await app.register(async (site) => {
    const unknownWebsite = async (request: FastifyRequest, reply: FastifyReply) => {
      if (isApiRequest(request)) {
        return reply
          .code(404)
          .send({ error: { type: 'UNKNOWN_WEBSITE', message: serverMessages.unknownWebsite } });
      }
      const context = await notFoundContext(storage, undefined, serverMessages.unknownWebsite);
      return sendPage(deps, request, reply, 'not-found', context, 404);
    };
    // A callback hook: every site request passes it, and one with its website costs no promise.
    site.addHook('onRequest', (request, reply, done) => {
      if (request.website) return done();
      unknownWebsite(request, reply).catch(done);
    });
    // Customer accounts first: their session lookup runs before the other pages (checkout pre-fill).
    const customerAccounts = registerCustomerAccounts(site, deps, { shared });
    registerSeoRoutes(site, storage);
    registerMediaFileRoutes(site, storage);
    registerSiteThemeRoutes(site, deps);
    registerPageRoutes(site, deps);
    registerContentRoutes(site, deps);
    // A refused checkout form is answered with the checkout page, which registers after the API: bound late.
    let renderCheckout: CheckoutPageRenderer | undefined;
    registerCommerceRoutes(site, storage, {
      ...commerce,
      renderCheckout: (request, reply, refusal) =>
        renderCheckout
          ? renderCheckout(request, reply, refusal)
          : Promise.reject(new Error('checkout page not registered')),
    });
    registerHostedCheckoutRoutes(site, hostedPayments);
    // Order-status look-ups are limited in the shared store too, or each process would allow its own 30.
    ({ renderCheckout } = registerCommercePages(site, deps, {
      ...commerce,
      orderStatusRateLimiter: shared.rateLimiter('order-status', ORDER_STATUS_LOOKUPS),
    }));
    registerInvoiceDownloads(site, storage, shared.rateLimiter('invoice-download', ORDER_STATUS_LOOKUPS));
    registerLegalRoutes(site, deps, {
      // As the checkout offers them: the built-in ones and the connected Stripe and PayPal (Art. 13 DSGVO).
      providersOf: async (website) => [
        ...offeredProviders(commerce.paymentProviders ?? defaultPaymentProviders, website, serverTestMode),
        ...(await hostedPayments.providersFor(website)),
      ],
      withdrawalLimiter: shared.rateLimiter('withdrawal', WITHDRAWAL_LOOKUPS),
    });
    registerSubscriptionRoutes(site, storage, commerce);
    registerGiftCardRoutes(site, storage, commerce);
    const formGuard = visitorFormGuard(visitorForms);
    registerRestockRoutes(site, storage, formGuard, customerAccounts.restockSignUp);
    registerFormRoutes(site, storage, formGuard);
    registerNewsletterRoutes(site, storage, formGuard);
    registerCommentRoutes(site, { storage, shared });
    analytics = registerAnalyticsRoutes(site, { storage, shared });
  });
  // The editor's dashboards read through the same ingestion queue as the site routes above.
  registerAnalyticsAdminRoutes(app, {
    storage,
    catchUp: (websiteId) => analytics?.catchUp(websiteId) ?? Promise.resolve(),
    now: Date.now,
  });

  return app;
}

/** Maps any error to a status and a German message; internals (stack, SQL) never reach the client. */
function describeError(error: FastifyError | HttpError): { status: number; type: string; message: string } {
  if (error instanceof HttpError)
    return { status: error.statusCode, type: error.type, message: error.message };
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 413) return { status, type: 'BODY_TOO_LARGE', message: serverMessages.bodyTooLarge };
  if (status === 415)
    return { status, type: 'UNSUPPORTED_MEDIA_TYPE', message: serverMessages.unsupportedMediaType };
  if (status >= 400 && status < 500)
    return { status, type: 'BAD_REQUEST', message: serverMessages.badRequest };
  return { status: 500, type: 'SERVER_ERROR', message: serverMessages.serverError };
}
