import type { Migration, MigrationProvider } from 'kysely';
import { initialSchema } from './0001-initial-schema.js';
import { formsEmail } from './0003-forms-email.js';
import { subscriptionsGiftCards } from './0004-subscriptions-gift-cards.js';
import { orderDownloads } from './0005-order-downloads.js';
import { accounts } from './0006-accounts.js';
import { analytics } from './0007-analytics.js';
import { draftsOrderStatus } from './0008-drafts-order-status.js';
import { customerAccounts } from './0009-customer-accounts.js';
import { content } from './0010-content.js';
import { commentsGalleries } from './0011-comments-galleries.js';
import { mediaThemeKeys } from './0012-media-theme-keys.js';
import { restockLanguage } from './0013-restock-language.js';
import { postMarkdown } from './0014-post-markdown.js';
import { giftCardActivation } from './0015-gift-card-activation.js';
import { signUpVerification } from './0017-sign-up-verification.js';
import { cartVersion } from './0021-cart-version.js';
import { payments } from './0022-payments.js';
import { legalTexts } from './0023-legal-texts.js';
import { productImports } from './0025-product-imports.js';
import { editorCollaboration } from './0026-editor-collaboration.js';
import { outboxWaitingIndex } from './0027-outbox-waiting-index.js';
import { paymentRefunds } from './0028-payment-refunds.js';
import { shippingZones } from './0029-shipping-zones.js';
import { vatInvoicesPrices } from './0030-vat-invoices-prices.js';
import { apiWebhooks } from './0031-api-webhooks.js';
import { paymentDeadlines } from './0033-payment-deadlines.js';
import { shipmentsReturnsTimeline } from './0034-shipments-returns-timeline.js';
import { domainsRedirects } from './0036-domains-redirects.js';
import { discountRedemptions } from './0037-discount-redemptions.js';
import { productFiles } from './0038-product-files.js';
import { subscriptionRenewals } from './0039-subscription-renewals.js';
import { invoiceCorrections } from './0041-invoice-corrections.js';
import { outboxAttachments } from './0042-outbox-attachments.js';
import { memberNotifications } from './0045-member-notifications.js';
import { customerImports } from './0047-customer-imports.js';

/**
 * Migrations live in code, not in files found at run time, so the bundled and compiled package
 * carries them. Names sort in the order they run; never rename or edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0003-forms-email': formsEmail,
  '0004-subscriptions-gift-cards': subscriptionsGiftCards,
  '0005-order-downloads': orderDownloads,
  '0006-accounts': accounts,
  '0007-analytics': analytics,
  '0008-drafts-order-status': draftsOrderStatus,
  '0009-customer-accounts': customerAccounts,
  '0010-content': content,
  '0011-comments-galleries': commentsGalleries,
  '0012-media-theme-keys': mediaThemeKeys,
  '0013-restock-language': restockLanguage,
  '0014-post-markdown': postMarkdown,
  '0015-gift-card-activation': giftCardActivation,
  '0017-sign-up-verification': signUpVerification,
  '0021-cart-version': cartVersion,
  '0022-payments': payments,
  '0023-legal-texts': legalTexts,
  '0025-product-imports': productImports,
  '0026-editor-collaboration': editorCollaboration,
  '0027-outbox-waiting-index': outboxWaitingIndex,
  '0028-payment-refunds': paymentRefunds,
  '0029-shipping-zones': shippingZones,
  '0030-vat-invoices-prices': vatInvoicesPrices,
  '0031-api-webhooks': apiWebhooks,
  '0033-payment-deadlines': paymentDeadlines,
  '0034-shipments-returns-timeline': shipmentsReturnsTimeline,
  '0036-domains-redirects': domainsRedirects,
  '0037-discount-redemptions': discountRedemptions,
  '0038-product-files': productFiles,
  '0039-subscription-renewals': subscriptionRenewals,
  '0041-invoice-corrections': invoiceCorrections,
  '0042-outbox-attachments': outboxAttachments,
  '0045-member-notifications': memberNotifications,
  '0047-customer-imports': customerImports,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
