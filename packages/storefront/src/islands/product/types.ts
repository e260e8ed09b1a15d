// The props of the product islands: small, JSON-safe, built on the server by productPurchaseProps
// (props.ts) and read back by the islands in the browser.

import type { SiteFormField } from '../forms/form-types.js';

/** One variant, with only what choosing, checking stock and showing the price need. */
export interface PurchaseVariant {
  sku: string;
  /** Option name to value, e.g. { Größe: 'M', Farbe: 'Blau' }. */
  attributes: Record<string, string>;
  unlimited: boolean;
  qtyInStock: number;
  onSale: boolean;
  /** What the shopper pays, formatted for the site's locale and currency. */
  priceText: string;
  /** The struck-through normal price while the variant is on sale. */
  originalPriceText?: string;
  /** The instalment teaser for this variant's price, when the product has a teaser. */
  instalmentText?: string;
  /** § 4 PAngV: '500 g (25,80 € / 1 kg)' for a variant sold by quantity. */
  unitPriceText?: string;
}

/** § 1 PAngV: what every price carries, "inkl. MwSt." (or § 19 UStG) and "zzgl. Versandkosten" linked. */
export interface PurchasePriceNote {
  vatText: string;
  shipping: boolean;
  shippingUrl: string;
}

/** The product's price before a variant is chosen (spec 4 price display), formatted on the server. */
export interface PurchasePrice {
  /** 'ab 12,00 €' when variants differ, else the price paid. */
  text: string;
  /** The struck normal price while the product is on sale. */
  originalText?: string;
  /** § 4 PAngV: the Grundpreis of the price shown. */
  unitPriceText?: string;
}

/** The additional-fields form (spec 3 additionalFieldsForm) a product asks before it is added. */
export interface PurchaseCustomForm {
  id: string;
  name: string;
  fields: SiteFormField[];
}

/** The instalment teaser of a product (spec 1 and 5), its texts worked out on the server. */
export interface PurchaseInstalments {
  /** Afterpay, Clearpay or Klarna. */
  providerName: string;
  /** The teaser before a variant is chosen (for the product's displayed price). */
  text: string;
  /** The provider's info page shown in the modal; none for Klarna. */
  infoUrl?: string;
  /** Interest-free payments (spec 9: 4 by default), for the modal's own text. */
  count: number;
}

/**
 * The scarcity note (spec 3 merchandising context), worked out on the server by the commerce rules
 * (scarcity.ts) so the island carries only its texts.
 */
export interface PurchaseScarcity {
  /** Whether the store wants the note on the product page and in the quick view (scarcityTemplateViews). */
  productDetail: boolean;
  quickView: boolean;
  /** The note for a chosen variant, by SKU; variants without an entry show none. */
  bySku: Record<string, string>;
  /** The note before a choice among several variants (scarcityShownByDefault). */
  beforeChoice?: string;
}

/** Site translations of the texts the islands show; the islands fall back to the catalogue. */
export interface PurchaseTexts {
  adding: string;
  added: string;
  /** Placeholder option of a variant dropdown; '{variantName}' is replaced by the option name. */
  select: string;
  quantity: string;
}

export interface ProductPurchaseProps {
  itemId: string;
  title: string;
  /** The product page, where the list button sends shoppers who still have to choose options. */
  productUrl: string;
  /** Product type code of spec 3 (physical 1, digital 2, service 3, gift card 4, paywall 5). */
  productType: number;
  subscribable: boolean;
  /** The subscription option a subscribable product is bought with. */
  subscriptionOptionId?: string;
  /** The site, for the gift-card checkout address (spec 2). */
  websiteId?: string;
  /**
   * Set on list buttons of products with options: the button only links to the product page, so the
   * page need not carry the variants (48 of them made up half of a list page's HTML).
   */
  chooseOptions?: boolean;
  variantOptionOrdering: string[];
  variants: PurchaseVariant[];
  /** Idle label: the store's custom text, else the (translated) default. */
  buttonText: string;
  showQuantity: boolean;
  /** A successful add goes straight to checkout (spec 4). */
  expressCheckout?: boolean;
  /** Echoed in the form for the no-JavaScript post; the island sends the crumb cookie instead. */
  crumb: string;
  /** Where the no-JavaScript post returns to (the page the form is on). */
  returnTo: string;
  texts?: Partial<PurchaseTexts>;
  /** The price block before a variant is chosen. */
  price?: PurchasePrice;
  priceNote?: PurchasePriceNote;
  /** Set when the product asks its additional-fields form before it is added (spec 2). */
  customForm?: PurchaseCustomForm;
  instalments?: PurchaseInstalments;
  scarcity?: PurchaseScarcity;
  /** Set by the quick view: adds are tracked with page type 'quick view' (spec 2). */
  placement?: 'quick view';
}
