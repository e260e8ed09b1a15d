/**
 * The shapes the rest of Baukasten sees. Rows are mapped into these in the repositories, so callers
 * get real booleans, numbers and objects whatever the database stores underneath.
 */

// The code tables of spec section 3 live in the rules package; storage re-exports them for its callers.
export { CollectionType, FolderBehavior, ProductType, RecordType } from '@baukasten/commerce';

import type { ProductType } from '@baukasten/commerce';

export type ProductTypeCode = (typeof ProductType)[keyof typeof ProductType];

export interface StoreSettings {
  selectedCurrency: string;
  expressCheckout: boolean;
  multipleQuantityAllowedForServices: boolean;
  /** Smallest order value in minor units; absent means no minimum. */
  minimumOrderMinor?: number;
}

export interface CookieSettings {
  isRestrictiveCookiePolicyEnabled: boolean;
  isCookieBannerEnabled: boolean;
}

interface KnownWebsiteSettings {
  storeSettings: StoreSettings;
  cookieSettings: CookieSettings;
  commentsEnabled: boolean;
  simpleLikingEnabled: boolean;
  disqusShortname?: string;
  /** Share services switched on, e.g. { facebook: true, x: true }. */
  shareButtonOptions: Record<string, boolean>;
  captchaSettings: { siteKey?: string };
  recaptchaEnterpriseContext?: { recaptchaEnterpriseSiteKey?: string };
  cloneable: boolean;
}

export interface WebsiteSettings extends KnownWebsiteSettings {
  /** Settings later issues add travel here unchanged. */
  [key: string]: unknown;
}

export interface Website {
  id: string;
  title: string;
  /** Lower case, without port; unique across all websites. */
  hostnames: string[];
  /**
   * The site's address for absolute links: its verified primary own domain, else its first hostname
   * (migration 0036). Missing on websites built by hand (tests): then the first hostname.
   */
  primaryHostname?: string;
  /** Verified own domains that are not the primary: requests to them get a 301 to the primary. */
  redirectingHostnames?: string[];
  locale: string;
  timeZone: string;
  /** ISO 4217 code of the shop's money. */
  currency: string;
  settings: WebsiteSettings;
  /** Epoch milliseconds. */
  createdAt: number;
}

type DeepPartialSettings = Partial<Omit<KnownWebsiteSettings, 'storeSettings' | 'cookieSettings'>> & {
  [key: string]: unknown;
  storeSettings?: Partial<StoreSettings>;
  cookieSettings?: Partial<CookieSettings>;
};

export interface NewWebsite {
  id?: string;
  title: string;
  hostnames: string[];
  /** Default 'de-DE'. */
  locale?: string;
  /** Default 'America/New_York' (spec section 3). */
  timeZone?: string;
  /** Default 'USD' (spec section 9). */
  currency?: string;
  settings?: DeepPartialSettings;
}

/** A piece of page content. Kept deliberately small: the editor issue will grow this list. */
export type Block =
  | { type: 'heading'; text: string; level?: 1 | 2 | 3 }
  | { type: 'text'; html: string }
  | { type: 'image'; assetUrl: string; altText: string; originalSize?: string; caption?: string }
  | { type: 'button'; label: string; href: string }
  | { type: 'products'; collectionUrlId: string; title?: string; limit?: number }
  | { type: 'form'; formId: string }
  | { type: 'newsletter'; title?: string; description?: string; listId?: string }
  | { type: 'table'; caption?: string; headerRow?: boolean; rows: string[][] };

export interface Collection {
  id: string;
  websiteId: string;
  /** Collection-type code, see {@link CollectionType}. */
  type: number;
  /** Path segment; '' is the home page. */
  urlId: string;
  title: string;
  position: number;
  /** Hidden collections stay reachable by URL but are left out of the navigation. */
  hidden: boolean;
  folderBehavior?: number;
  description?: string;
  blocks: Block[];
  settings: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

export interface NewCollection {
  id?: string;
  type: number;
  urlId: string;
  title: string;
  position?: number;
  hidden?: boolean;
  folderBehavior?: number;
  description?: string;
  blocks?: Block[];
  settings?: Record<string, unknown>;
}

export interface Image {
  assetUrl: string;
  altText: string;
  /** 'WxH' in pixels. */
  originalSize: string;
  mediaFocalPoint: { x: number; y: number };
}

export interface BillingPeriod {
  value: number;
  unit: 'WEEK' | 'MONTH' | 'YEAR';
}

export interface SubscriptionPlan {
  billingPeriod: BillingPeriod;
  /** 0 means until cancelled. */
  numBillingCycles: number;
}

export interface ProductSubscriptionOption {
  id: string;
  billingPeriod: BillingPeriod;
  numBillingCycles: number;
}

export type FormFieldType =
  | 'address'
  | 'checkbox'
  | 'date'
  | 'hidden'
  | 'likert'
  | 'name'
  | 'phone'
  | 'radio'
  | 'select'
  | 'time'
  | 'text'
  | 'textarea'
  | 'email';

export interface FormField {
  id: string;
  type: FormFieldType;
  title: string;
  required: boolean;
  description?: string;
  placeholder?: string;
  maxLength?: number;
  options?: string[];
}

export interface FormDefinition {
  id: string;
  name: string;
  fields: FormField[];
  submissionMessage?: string;
  [key: string]: unknown;
}

/** Restock and scarcity settings of spec section 3, kept per product. */
export interface Merchandising {
  restockNotificationViews: string[];
  restockNotificationMessages: Record<string, string>;
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
  scarcityEnabled: boolean;
  scarcityTemplateViews: string[];
  scarcityText: string;
  scarcityShownByDefault: boolean;
  customSoldOutText: string;
}

export interface Variant {
  id: string;
  sku: string;
  /** Option name to chosen value, e.g. { Größe: 'M', Farbe: 'Schwarz' }. */
  attributes: Record<string, string>;
  optionValues: { optionName: string; value: string }[];
  priceMinor: number;
  salePriceMinor: number;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  weightGrams?: number;
  position: number;
  /** Grundpreis content (§ 4 PAngV, migration 0030), e.g. { amount: 500, unit: 'g' }; absent for goods sold by the piece. */
  unitContent?: { amount: number; unit: string };
}

export interface NewVariant {
  id?: string;
  sku: string;
  attributes?: Record<string, string>;
  priceMinor: number;
  salePriceMinor?: number;
  onSale?: boolean;
  unlimited?: boolean;
  qtyInStock?: number;
  weightGrams?: number;
}

export interface Product {
  productType: ProductTypeCode;
  variants: Variant[];
  isSubscribable: boolean;
  subscriptionPlan?: SubscriptionPlan;
  productSubscriptionOptions?: ProductSubscriptionOption[];
  additionalFieldsFormId?: string;
  additionalFieldsForm?: FormDefinition;
  useCustomAddButtonText: boolean;
  customAddButtonText?: string;
  variantOptionOrdering: string[];
  /** The product's own sale flag; spec section 4 uses it for digital products. */
  onSale: boolean;
  merchandising: Merchandising;
  /** Gift-card amounts in minor units. */
  giftCardDenominations?: number[];
  /** VAT class (migration 0030): 'reduced' or 'zero'; absent means the standard rate. */
  taxClass?: string;
}

export interface NewProduct {
  productType: ProductTypeCode;
  variants: NewVariant[];
  isSubscribable?: boolean;
  subscriptionPlan?: SubscriptionPlan;
  productSubscriptionOptions?: ProductSubscriptionOption[];
  additionalFieldsForm?: FormDefinition;
  useCustomAddButtonText?: boolean;
  customAddButtonText?: string;
  /** Defaults to the option names in the order the first variant lists them. */
  variantOptionOrdering?: string[];
  onSale?: boolean;
  merchandising?: Partial<Merchandising>;
  giftCardDenominations?: number[];
}

export interface Item {
  id: string;
  websiteId: string;
  collectionId: string;
  recordType: number;
  urlId: string;
  title: string;
  /** HTML. */
  excerpt: string;
  /** HTML. */
  body: string;
  assetUrl?: string;
  images: Image[];
  tags: string[];
  categories: string[];
  position: number;
  publishedOn: number;
  createdAt: number;
  updatedAt: number;
  product?: Product;
}

export interface NewItem {
  id?: string;
  collectionId: string;
  /** Default 11 (store item) when a product is given, else 1 (text). */
  recordType?: number;
  urlId: string;
  title: string;
  excerpt?: string;
  body?: string;
  assetUrl?: string;
  images?: Image[];
  tags?: string[];
  categories?: string[];
  position?: number;
  publishedOn?: number;
  product?: NewProduct;
}
