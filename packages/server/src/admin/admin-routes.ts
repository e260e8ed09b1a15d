import type { Storage } from '@baukasten/storage';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultPaymentProviders, type PaymentProvider } from '../commerce/payment-providers.js';
import { offeredProviders } from '../commerce/test-mode.js';
import { registerCrumbCookie, requireCrumb } from '../crumb.js';
import { registerCustomerRoutes } from '../customers/customer-routes.js';
import type { DemoOwnerAccess } from '../demo-owner.js';
import { type DomainOptions, registerDomainAdminRoutes } from '../domains/domain-admin-routes.js';
import { registerMemberNotificationRoutes } from '../email/member-notification-routes.js';
import { registerFulfilmentRoutes } from '../fulfilment/fulfilment-routes.js';
import { type ImportOptions, registerImportRoutes } from '../imports/import-routes.js';
import { registerInvoiceAdminRoutes } from '../invoices/invoice-routes.js';
import { registerVatAdminRoutes } from '../invoices/vat-admin-routes.js';
import { registerLegalAdminRoutes } from '../legal/legal-admin-routes.js';
import type { PageDeps } from '../pages/send-page.js';
import { registerPaymentSettingsRoutes } from '../payments/payment-settings-routes.js';
import type { PaymentSetup } from '../payments/payment-setup.js';
import { registerRefundRoutes } from '../payments/refund-routes.js';
import type { RateLimiter } from '../rate-limit.js';
import { registerRedirectAdminRoutes } from '../redirects/redirect-admin-routes.js';
import type { SharedState } from '../shared-state.js';
import { registerSiteStylesAdminRoutes } from '../site-styles/site-styles-routes.js';
import { registerWebhookRoutes, type WebhookOptions } from '../webhooks/webhook-admin-routes.js';
import { registerAccountRoutes } from './account-routes.js';
import { AdminInputError } from './admin-input.js';
import { AdminAuth } from './admin-session.js';
import { skipsCrumb } from './api-keys/api-key-auth.js';
import { registerApiKeyRoutes } from './api-keys/api-key-routes.js';
import { registerProductFileRoutes } from './catalog/product-file-routes.js';
import { registerProductRoutes } from './catalog/product-routes.js';
import { registerRestockAdminRoutes } from './catalog/restock-admin-routes.js';
import { registerStockAlertRoutes } from './catalog/stock-alert-routes.js';
import { registerStoreSettingsRoutes } from './catalog/store-settings-routes.js';
import { registerContentAdminRoutes } from './content/content-routes.js';
import { registerFormBuilderRoutes } from './forms/form-routes.js';
import { registerSubmissionRoutes } from './forms/submission-routes.js';
import { registerMediaRoutes } from './media/media-routes.js';
import { registerMemberRoutes } from './member-routes.js';
import { registerMailingListRoutes } from './newsletter/mailing-list-routes.js';
import { registerOrderRoutes } from './orders/order-routes.js';
import { registerPageAdminRoutes } from './pages/page-routes.js';
import { registerPreviewRoutes } from './previews/preview-routes.js';
import { registerSiteRoutes } from './site-routes.js';
import { registerThemeCodeRoutes } from './theme-code/theme-code-routes.js';

export const ADMIN_PREFIX = '/api/admin';

export interface AdminOptions {
  storage: Storage;
  /** Where rate-limit counts live (memory or Redis). */
  shared: SharedState;
  /** Websites are created at `<subdomain>.<baseDomain>` (config BASE_DOMAIN, default 'localhost'). */
  baseDomain?: string;
  /** Explicit limiters win over the shared defaults (tests, or other limits per deployment). */
  limiters?: Partial<AdminLimiters>;
  now?: () => number;
  /** Page rendering, for previews and the theme code editor (theme cache, preview tokens). */
  pages?: PageDeps;
  /** Where the demo shop's local owner may sign in (demo-owner.ts); without it, nowhere. */
  demoOwner?: DemoOwnerAccess;
  /** Product imports (image fetching limits, the test switch for images on 127.0.0.1). */
  imports?: ImportOptions;
  /** The shop's payment providers and test mode, for the go-live checklist (legal/go-live-checklist.ts). */
  paymentProviders?: readonly PaymentProvider[];
  serverTestMode?: boolean;
  /** Stripe and PayPal keys of each site (payments/payment-setup.ts): the "Zahlungen" screen. */
  payments?: PaymentSetup;
  /** The "Webhooks" screen: the outbound address guard's test switch. */
  webhooks?: WebhookOptions;
  /** The "Domains" screen: the DNS resolver that checks TXT records, the platform's own hosts. */
  domains?: DomainOptions;
}

export interface AdminLimiters {
  signInByEmail: RateLimiter;
  signInByIp: RateLimiter;
  signUpByIp: RateLimiter;
  siteCreation: RateLimiter;
}

const MINUTE = 60_000;

/**
 * The owner side's JSON API under /api/admin. It is not host-scoped: an owner manages all of their
 * websites from wherever the editor runs. The session lookup and the guards are decorated on the root
 * instance so routes elsewhere (the host-scoped merchant API) can adopt requireSitePermission.
 */
export async function registerAdminRoutes(app: FastifyInstance, options: AdminOptions): Promise<void> {
  const { storage, shared } = options;
  const baseDomain = options.baseDomain ?? 'localhost';
  const limiters: AdminLimiters = {
    signInByEmail:
      options.limiters?.signInByEmail ??
      shared.rateLimiter('admin-sign-in-email', { limit: 10, windowMs: 15 * MINUTE }),
    signInByIp:
      options.limiters?.signInByIp ??
      shared.rateLimiter('admin-sign-in-ip', { limit: 50, windowMs: 15 * MINUTE }),
    signUpByIp:
      options.limiters?.signUpByIp ??
      shared.rateLimiter('admin-sign-up-ip', { limit: 20, windowMs: 60 * MINUTE }),
    siteCreation:
      options.limiters?.siteCreation ??
      shared.rateLimiter('admin-site-creation', { limit: 20, windowMs: 60 * MINUTE }),
  };

  if (!app.hasDecorator('adminAuth')) app.decorate('adminAuth', new AdminAuth(storage, options.now));
  if (!app.hasRequestDecorator('adminAccount')) app.decorateRequest('adminAccount', undefined);
  if (!app.hasRequestDecorator('siteAccess')) app.decorateRequest('siteAccess', undefined);

  await app.register(
    async (admin) => {
      registerCrumbCookie(admin);
      // Same double-submit crumb as the shop API: every state-changing call, sign-in included (a forged
      // sign-in would put the victim into the attacker's account), echoes the crumb cookie in X-CSRF-Token.
      admin.addHook('preHandler', async (request) => {
        if (request.method === 'GET' || request.method === 'HEAD') return;
        // Calls a valid API key authenticates speak for the key, never for cookies (admin-session.ts), so a
        // foreign page has nothing to ride on and they need no crumb. A made-up key is refused.
        if (await skipsCrumb(storage, request)) return;
        await requireCrumb(request);
      });
      // Input errors carry their field messages; everything else goes on to the app's error handler.
      admin.setErrorHandler(async (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
        if (error instanceof AdminInputError)
          return reply
            .code(400)
            .send({ error: { type: error.type, message: error.message, fields: error.fields } });
        throw error;
      });
      registerAccountRoutes(admin, { storage, ...limiters, demoOwner: options.demoOwner });
      registerSiteRoutes(admin, { storage, baseDomain, siteCreation: limiters.siteCreation });
      registerMemberRoutes(admin, storage);
      registerPageAdminRoutes(admin, storage);
      registerMailingListRoutes(admin, storage);
      registerContentAdminRoutes(admin, storage);
      registerProductRoutes(admin, storage);
      registerProductFileRoutes(admin, storage);
      registerStockAlertRoutes(admin, storage);
      registerStoreSettingsRoutes(admin, storage);
      registerOrderRoutes(admin, storage);
      registerFulfilmentRoutes(admin, storage, options.payments);
      registerCustomerRoutes(admin, storage);
      registerMemberNotificationRoutes(admin, storage);
      if (options.payments) {
        registerPaymentSettingsRoutes(admin, storage, options.payments);
        registerRefundRoutes(admin, storage, options.payments);
      }
      registerSubmissionRoutes(admin, storage);
      registerFormBuilderRoutes(admin, storage);
      registerRestockAdminRoutes(admin, storage);
      registerMediaRoutes(admin, storage);
      registerThemeCodeRoutes(admin, storage, options.pages);
      registerPreviewRoutes(admin, storage, options.pages);
      registerSiteStylesAdminRoutes(admin, storage, options.pages);
      registerApiKeyRoutes(admin, storage);
      registerWebhookRoutes(admin, storage, options.webhooks);
      registerRedirectAdminRoutes(admin, storage);
      if (options.domains) registerDomainAdminRoutes(admin, storage, options.domains);
      registerImportRoutes(admin, storage, options.imports);
      registerInvoiceAdminRoutes(admin, storage);
      registerVatAdminRoutes(admin, storage);
      registerLegalAdminRoutes(admin, storage, (website) =>
        offeredProviders(
          options.paymentProviders ?? defaultPaymentProviders,
          website,
          options.serverTestMode ?? false,
        ),
      );
    },
    { prefix: ADMIN_PREFIX },
  );
}
