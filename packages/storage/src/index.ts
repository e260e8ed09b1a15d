export {
  type Account,
  AccountEmailTaken,
  type AccountRepository,
  type AccountSession,
  type NewAccount,
  normaliseEmail,
  type StartedSession,
} from './account-repository.js';
export {
  type AnalyticsErrorSummary,
  type AnalyticsFunnel,
  AnalyticsKind,
  type AnalyticsRepository,
  type AnalyticsSummary,
  type DateRange,
  FunnelStep,
  type FunnelStepName,
  type NewAnalyticsEvent,
  type StoredAnalyticsEvent,
  type WebVitalPercentile,
} from './analytics-repository.js';
export type { ApiKey, ApiKeyRepository, NewApiKey } from './api-key-repository.js';
export type {
  AddBasis,
  CartAddition,
  CartRepository,
  NewCartEntry,
  StoredCart,
  StoredCartEntry,
  StoredCartTotals,
} from './cart-repository.js';
export type { CollectionRepository } from './collection-repository.js';
export type {
  CommentRepository,
  CommentStatus,
  CommentTarget,
  CommentTargetType,
  EngagementCounts,
  NewComment,
  StoredComment,
} from './comment-repository.js';
export { ContentChanges, changesContent } from './content-changes.js';
export {
  type ContentDetailChanges,
  type ContentDetails,
  type ContentItem,
  type ContentRepository,
  contentMessages,
  type EventListOptions,
  type EventLocation,
  type Listed,
  type NewEvent,
  type NewPost,
  type PostListOptions,
  type SearchHit,
} from './content-repository.js';
export {
  type CustomerAccount,
  type CustomerAccountRepository,
  type CustomerAddress,
  type CustomerDownload,
  CustomerEmailTaken,
  type CustomerOrderSummary,
  type CustomerRestockNotice,
  type CustomerTokenPurpose,
  type NewCustomerAccount,
  type SubscriptionCancellation,
} from './customer-account-repository.js';
export type {
  CustomerDirectoryRepository,
  CustomerErasure,
  CustomerListFilter,
  CustomerSummary,
  NewsletterStatus,
} from './customer-directory-repository.js';
export type {
  CustomerImportOutcome,
  CustomerImportRepository,
  CustomerProfile,
  ExportedCustomer,
  ImportedCustomer,
} from './customer-import-repository.js';
export { DEMO_CONTACT_FORM_ID } from './demo-contact-form.js';
export { type DemoOwner, type SeedDemoShopOptions, seedDemoShop } from './demo-shop.js';
export type { DiscountLimit, DiscountUsageRepository } from './discount-usage-repository.js';
export {
  type DomainRepository,
  domainMessages,
  type SiteDomain,
  wwwPartner,
} from './domain-repository.js';
export type {
  ClaimedEmail,
  EmailAttachmentRef,
  EmailOutboxRepository,
  NewEmail,
  OutboxEmail,
  OutboxStatus,
} from './email-outbox-repository.js';
export {
  type GiftCard,
  GiftCardBalanceTooLow,
  type GiftCardRedemption,
  type GiftCardRepository,
  type GiftCardStatus,
  type NewGiftCard,
  type NewPendingGiftCard,
  normaliseGiftCardCode,
  type VoidedGiftCards,
} from './gift-card-repository.js';
export type {
  IdempotencyClaim,
  IdempotencyRepository,
  StoredIdempotentRequest,
} from './idempotency-repository.js';
export { newId, randomHex } from './ids.js';
export type {
  CatalogueIndexRow,
  ImageCounts,
  ImportImage,
  ImportJob,
  ImportJobStatus,
  ImportRepository,
  NewImportJob,
} from './import-repository.js';
export type {
  InvoiceKind,
  InvoiceRepository,
  IssueInvoice,
  StoredInvoice,
} from './invoice-repository.js';
export type { ItemRepository } from './item-repository.js';
export type {
  LegalRepository,
  LegalTextVersion,
  NewWithdrawal,
  Withdrawal,
} from './legal-repository.js';
export {
  type MailingList,
  MailingListNameTaken,
  type MailingListRepository,
  type NewsletterCampaign,
} from './mailing-list-repository.js';
export type { Media, MediaChanges, MediaFile, MediaRepository, NewMedia } from './media-repository.js';
export type {
  NewsletterRepository,
  NewsletterSubscriber,
  SubscriberStatus,
} from './newsletter-repository.js';
export { type ExecutedQuery, openStorage, type Storage, type StorageOptions } from './open-storage.js';
export type { OrderEvent, OrderEventKind, OrderEventRepository } from './order-event-repository.js';
export type {
  NewOrderReturn,
  NewShipment,
  OrderFulfilmentRepository,
  OrderReturn,
  ReturnLine,
  Shipment,
  ShipmentLine,
} from './order-fulfilment-repository.js';
export type {
  NewOrder,
  Order,
  OrderItem,
  OrderRepository,
  OrderTotals,
  PlaceOrderResult,
} from './order-repository.js';
export type { PageLock, PageLockRepository } from './page-lock-repository.js';
export type {
  ClaimedPaymentDeadline,
  NewPayment,
  NewPaymentRefund,
  Payment,
  PaymentDeadline,
  PaymentDeadlineKind,
  PaymentProviderMode,
  PaymentProviderName,
  PaymentProviderSettings,
  PaymentProviderStatus,
  PaymentRefund,
  PaymentRepository,
  PaymentStatus,
  SavedPaymentProviderSettings,
} from './payment-repository.js';
export type { PricePoint, PricingRepository, UnitContent } from './pricing-repository.js';
export {
  DEFAULT_DOWNLOAD_RULES,
  type DownloadRules,
  type NewProductFile,
  type ProductFile,
  type ProductFileRepository,
} from './product-file-repository.js';
export {
  type NewRedirect,
  type Redirect,
  type RedirectMatch,
  type RedirectRepository,
  type RedirectStatus,
  redirectCandidates,
  redirectTakenMessage,
} from './redirect-repository.js';
export type {
  NewRestockSignup,
  Page,
  RestockSignup,
  RestockSignupGroup,
  RestockSignupRepository,
} from './restock-repository.js';
export type { NewSignUp, PendingSignUp, SignUpRepository } from './sign-up-repository.js';
export type {
  FormSubmission,
  NewSiteForm,
  SiteForm,
  SiteFormField,
  SiteFormRepository,
  SiteFormSettings,
  StoredFormAnswer,
} from './site-form-repository.js';
export type {
  InvitationAcceptance,
  InvitationRefusal,
  MemberChange,
  MemberChangeRefusal,
  MemberSite,
  SiteInvitation,
  SiteMember,
  SiteMemberRepository,
} from './site-member-repository.js';
export type {
  DayFigures,
  LowStockVariant,
  MemberNotificationChoice,
  MemberNotificationRepository,
} from './site-member-repository-notifications.js';
export type { StockAlertRepository } from './stock-alert-repository.js';
export { StorageError, type StorageErrorType, storageMessages } from './storage-error.js';
export type {
  ClaimedSubscriptionRenewal,
  NewSubscription,
  Subscription,
  SubscriptionRenewal,
  SubscriptionRenewalStatus,
  SubscriptionRepository,
  SubscriptionStatus,
} from './subscription-repository.js';
// The test utility lives at '@baukasten/storage/testing' so the running server never loads vitest.
export type { ThemeOverride, ThemeOverrideRepository } from './theme-override-repository.js';
export * from './types.js';
export type {
  ClaimedWebhookDelivery,
  NewWebhookEvent,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookRepository,
  WebhookSubscription,
} from './webhook-repository.js';
export type { WebsiteAdminRepository, WebsiteChanges } from './website-admin-repository.js';
export type { WebsiteRepository } from './website-repository.js';
