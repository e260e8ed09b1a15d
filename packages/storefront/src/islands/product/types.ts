// The props of the product islands: small, JSON-safe, built on the server by productPurchaseProps
// (props.ts) and read back by the islands in the browser.

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
}
