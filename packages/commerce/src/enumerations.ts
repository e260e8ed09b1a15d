// Code tables of spec 2 and 3. Only the codes the spec shows are listed; the spec says the full
// record-type, collection-type, slice-type and block-type lists are longer.

export const PageType = {
  MAIN_CONTENT: 1,
  PAGE: 2,
  SPLASH_PAGE: 3,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  POPUP_OVERLAY: 104,
  PROTECTED_CONTENT: 105,
  MEMBER_AREA_ACCESS_DENIED: 106,
  PAYWALL: 107,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  COMMERCE_CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  ORDER_RECEIVED: 207,
  MEMBERSHIP_CONFIRMED: 208,
  REVIEWS_REQUEST: 209,
  DIGITAL_PRODUCT_COMPOSER_PREVIEW: 210,
  ORDER_STATUS: 211,
  NEWSLETTER_UNSUBSCRIBE: 300,
  COMMERCE_EMAIL_PREVIEW: 301,
  SSO_PAGE: 400,
} as const;

export const RecordType = {
  TEXT: 1,
  IMAGE: 2,
  QUOTE: 4,
  LINK: 5,
  CHAT: 6,
  AUDIO: 7,
  VIDEO: 8,
  REVIEW: 10,
  STORE_ITEM: 11,
  EVENT: 12,
  THREAD: 13,
  GALLERY: 14,
  DIGITAL_GOOD: 18,
  COURSE_ITEM: 63,
} as const;

export const CollectionType = {
  GENERIC: 1,
  SUBSCRIPTION: 2,
  GALLERY_BLOCK: 6,
  TEMPLATE_PAGE: 7,
  SPLASH_PAGE: 8,
  PAGE: 10,
  PRODUCTS: 13,
  SLIDE_GALLERY: 15,
  ALBUM_BLOCK: 18,
  PORTFOLIO: 23,
  LESSONS: 24,
  COURSE: 25,
} as const;

export const FolderBehavior = { INDEX: 1, REDIRECT: 2, NONE: 3, VARIATION: 4 } as const;

export const BackgroundSource = { UNDEFINED: -1, UPLOAD: 1, INSTAGRAM: 2, VIDEO: 3, NONE: 4 } as const;

export const SliceType = { HEADING: 1, BODY: 3, IMAGE: 4, GALLERY: 5, VIDEO: 6, TWITTER: 19 } as const;

export const BlockType = {
  NAVIGATION: 1,
  HTML: 2,
  LOGO: 3,
  MAP: 4,
  IMAGE: 5,
  JOURNAL: 7,
  GALLERY: 8,
  FORM: 9,
  COMMENTS: 16,
  FOLDER: 17,
  MENU: 18,
  SUMMARY: 20,
  SPACER: 21,
  EMBED: 22,
  CODE: 23,
  SEARCH: 33,
  AUDIO: 41,
  PRODUCT: 43,
  MARKDOWN: 44,
  NEWSLETTER: 51,
  DONATION: 52,
  BUTTON: 53,
  MEMBER_AREA: 67,
  ACCORDION: 69,
  PRICING_PLAN: 72,
  WEBSITE_COMPONENT: 1337,
} as const;

export const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
] as const;

export const UserRole = {
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
  NONE: 14,
  WEBSITE_MANAGER: 15,
  DRAFT_EDITOR: 16,
} as const;

/** Captcha actions (spec 7). */
export const CAPTCHA_ACTIONS = [
  'FORM_BLOCK_SUBMISSION',
  'NEWSLETTER_BLOCK_SUBMISSION',
  'PRODUCT_WAITLIST_SUBMISSION',
  'PROMO_POPUP_SUBMISSION',
] as const;

/** Gallery block settings with their bounds and defaults (spec 3 and 9). */
export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export const GALLERY_ACTIVE_ALIGNMENTS = ['center', 'left', 'right'] as const;
export const GALLERY_LIMITS = {
  autoplayDurationS: { min: 1, max: 10, default: 5 },
  thumbnailStripHeight: { min: 0, max: 200, default: 80 },
  thumbnailStripMargin: { min: 0, max: 60, default: 20 },
  thumbnailsPerRow: { min: 1, max: 10, default: 4 },
  padding: { min: 0, max: 50, default: 20 },
  maxWidth: { min: 100, max: 300, default: 300 },
} as const;

/** A gallery setting clamped to its bounds; unreadable values give the default. */
export function gallerySetting(name: keyof typeof GALLERY_LIMITS, value: unknown): number {
  const { min, max, default: fallback } = GALLERY_LIMITS[name];
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, number));
}

export const DEFAULT_TIME_ZONE = 'America/New_York';
