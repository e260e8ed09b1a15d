import type { TemplateId } from '@baukasten/commerce';
/*
 * The shapes the admin API answers with (packages/server/src/admin/*-views.ts), as far as the editor
 * reads them. Money is always an integer of minor units with the currency named beside it.
 */

export interface Account {
  id: string;
  email: string;
  name: string;
  createdAt: number;
}

export interface MemberSite {
  id: string;
  title: string;
  hostnames: string[];
  url?: string;
  roles: number[];
  roleNames: string[];
}

export interface Session {
  account: Account;
  sites: MemberSite[];
}

export interface SiteSettings {
  storeSettings?: {
    expressCheckout?: boolean;
    multipleQuantityAllowedForServices?: boolean;
    minimumOrderMinor?: number | null;
  };
  cookieSettings?: { isRestrictiveCookiePolicyEnabled?: boolean; isCookieBannerEnabled?: boolean };
  commentsEnabled?: boolean;
  simpleLikingEnabled?: boolean;
  disqusShortname?: string;
  shareButtonOptions?: Record<string, boolean>;
  captchaSettings?: { siteKey?: string };
  cloneable?: boolean;
  adPixels?: { metaPixelId?: string; googleTagId?: string };
  /** Testmodus: test payments, every order a test order, a banner on every storefront page. */
  testMode?: boolean;
}

export interface Site {
  id: string;
  title: string;
  hostnames: string[];
  url?: string;
  locale: string;
  timeZone: string;
  currency: string;
  settings: SiteSettings;
  createdAt: number;
  roles: number[];
  roleNames: string[];
  permissions: string[];
}

export interface NewSite {
  title: string;
  subdomain: string;
  currency: string;
  timeZone: string;
  starter: 'empty' | 'demo';
  /** The design template the site starts with (issue #22). */
  template?: TemplateId;
}

export interface SiteChanges {
  title?: string;
  timeZone?: string;
  settings?: SiteSettings;
}

export interface Member {
  accountId: string;
  email: string;
  name: string;
  roles: number[];
  roleNames: string[];
  isYou: boolean;
  since: number;
}

export interface Invitation {
  id: string;
  email: string;
  roles: number[];
  roleNames: string[];
  createdAt: number;
  expiresAt: number;
}

// Pages and blocks

export type PageKind = 'page' | 'products' | 'blog' | 'gallery' | 'events';

export interface Collection {
  id: string;
  type: PageKind | 'other';
  typeCode: number;
  title: string;
  urlId: string;
  fullUrl: string;
  isHomePage: boolean;
  position: number;
  hidden: boolean;
  /** "Titel anzeigen": the title as a heading above the blocks; off by default on the home page. */
  showTitle?: boolean;
  seo: {
    title: string | null;
    description: string | null;
    socialImage: { assetUrl: string; altText: string } | null;
  };
  hasUnpublishedChanges: boolean;
  draftUpdatedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A block as stored; each kind has its own fields (packages/server/src/admin/pages/page-blocks.ts). */
export interface Block {
  type: string;
  id?: string;
  [field: string]: unknown;
}

export interface CollectionDetail {
  collection: Collection;
  blocks: { live: Block[]; draft: Block[]; hasUnpublishedChanges: boolean };
}

export interface PageChanges {
  title?: string;
  urlId?: string;
  hidden?: boolean;
}

// Products and inventory

export type ProductTypeName = 'physical' | 'digital' | 'service' | 'giftCard';

export interface ProductSummary {
  id: string;
  collectionId: string;
  title: string;
  urlId: string;
  productType: ProductTypeName;
  image: { assetUrl: string; altText?: string } | null;
  variantCount: number;
  currency: string;
  priceMinor: { from: number; to: number };
  stock: { unlimited: boolean; total: number };
  soldOut: boolean;
  onSale: boolean;
  updatedAt: number;
}

export interface ProductOption {
  name: string;
  values: string[];
}

export interface Variant {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  priceMinor: number;
  salePriceMinor: number;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  weightGrams: number | null;
}

export interface Product extends ProductSummary {
  excerpt: string;
  body: string;
  tags: string[];
  categories: string[];
  options: ProductOption[];
  variants: Variant[];
  giftCardAmountsMinor: number[] | null;
  addButtonText: string | null;
}

export interface VariantChange {
  attributes?: Record<string, string>;
  sku?: string;
  priceMinor?: number;
  salePriceMinor?: number;
  onSale?: boolean;
  unlimited?: boolean;
  qtyInStock?: number;
}

export interface ProductInput {
  collectionId?: string;
  productType?: ProductTypeName;
  title?: string;
  excerpt?: string;
  body?: string;
  options?: ProductOption[];
  priceMinor?: number;
  variants?: VariantChange[];
  giftCardAmountsMinor?: number[];
  addButtonText?: string | null;
}

export interface Page<T> {
  total: number;
  limit: number;
  offset: number;
  rows: T[];
}

export interface StockRow {
  variantId: string;
  productId: string;
  productTitle: string;
  productType: ProductTypeName;
  sku: string;
  attributes: Record<string, string>;
  unlimited: boolean;
  qtyInStock: number;
}

export interface StockLevel {
  unlimited: boolean;
  qtyInStock: number;
}

// Store settings

export interface TaxRate {
  country: string;
  ratePercent: number;
  name: string;
}

export interface ShippingOption {
  id?: string;
  name: string;
  kind: 'flat' | 'weight' | 'price';
  costMinor: number;
  tiers?: { maxGrams: number; costMinor: number }[];
  freeFromMinor?: number;
}

/** A rate of a shipping zone (issue 23); brackets are grams (weight) or minor units (value). */
export interface ZoneRate {
  id?: string;
  name: string;
  kind: 'flat' | 'weight' | 'value';
  priceMinor?: number;
  brackets?: { upTo?: number; priceMinor: number }[];
  freeFromMinor?: number | null;
  minMinor?: number | null;
  maxMinor?: number | null;
  deliveryTime?: string;
}

export interface ShippingZone {
  id?: string;
  name: string;
  countries: string[];
  restOfWorld?: boolean;
  rates: ZoneRate[];
}

export type DiscountKind = 'percent' | 'amount' | 'free-shipping' | 'buy-x-get-y';

export interface Coupon {
  /** Absent on an automatic discount (issue 23). */
  code?: string;
  id?: string;
  automatic?: boolean;
  name?: string;
  kind?: DiscountKind;
  buyQuantity?: number;
  getQuantity?: number;
  productIds?: string[];
  categoryIds?: string[];
  usageLimit?: number | null;
  usageLimitPerCustomer?: number | null;
  /** Orders that used it so far (answers only). */
  used?: number;
  percentOff?: number;
  amountOffMinor?: number;
  minimumSubtotalMinor?: number;
  /** Epoch milliseconds in answers; 'YYYY-MM-DD' or null when sent. */
  validFrom?: number | string | null;
  validUntil?: number | string | null;
  activeNow?: boolean;
}

export interface StoreSettings {
  currency: string;
  taxRates: TaxRate[];
  taxRatesAreDefaults: boolean;
  shippingZones: ShippingZone[];
  shippingZonesAreDefaults: boolean;
  /** The shop's "Antwortadresse"; null: answers go to the owner's email (replyToDefault). */
  replyToEmail?: string | null;
  replyToDefault?: string | null;
  coupons: Coupon[];
  /** Several different codes on one order; off: one code per order. */
  allowCombiningCoupons?: boolean;
}

// Orders

export type OrderStatus = 'open' | 'fulfilled' | 'cancelled';

export interface OrderSummary {
  id: string;
  orderNumber: number;
  status: OrderStatus;
  statusText: string;
  createdAt: number;
  customerEmail: string | null;
  customerName: string | null;
  itemCount: number;
  currency: string;
  grandTotalMinor: number;
  paymentStatus: string | null;
  paymentStatusText: string | null;
  testMode: boolean;
}

export interface OrderLine {
  id: string;
  sku: string;
  productName: string;
  attributes: Record<string, string>;
  quantity: number;
  unitPriceMinor: number;
  totalMinor: number;
}

export interface Address {
  firstName?: string;
  lastName?: string;
  line1?: string;
  line2?: string;
  postalCode?: string;
  city?: string;
  region?: string;
  country?: string;
}

export interface OrderDetail extends OrderSummary {
  paymentMethod: string | null;
  paymentMethodText: string | null;
  items: OrderLine[];
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  taxMinor: number;
  giftCardMinor: number;
  shippingAddress: Address | null;
  shippingOption: { name?: string } | string | null;
  coupons: string[];
  fulfilledAt: number | null;
  cancelledAt: number | null;
  /** Declared through the shop's "Vertrag widerrufen" function (only in the order's detail). */
  withdrawals?: {
    id: string;
    name: string;
    email: string;
    itemIds: string[];
    declaration: string;
    declaredAt: number;
  }[];
  /** Version of the legal texts (AGB, Widerrufsbelehrung) the order was placed under. */
  legalTextVersion?: number | null;
}

export interface OrderFilter {
  status?: OrderStatus | '';
  from?: string;
  to?: string;
  q?: string;
  offset?: number;
}
