import type { Generated } from 'kysely';

/*
 * Row shapes as both dialects store them: booleans are integers 0/1, JSON is text, timestamps are
 * epoch milliseconds and money is an integer of minor units. Every tenant-owned table is keyed by
 * website_id first so that each lookup is an index range inside one website.
 */

export interface WebsitesTable {
  id: string;
  title: string;
  locale: string;
  time_zone: string;
  currency: string;
  settings: string;
  created_at: number;
  updated_at: number;
}

export interface WebsiteHostnamesTable {
  hostname: string;
  website_id: string;
  position: number;
  /** 'serve' | 'primary' | 'redirect' (migration 0036, own domains). */
  role: Generated<string>;
}

/** Per-website counters, e.g. the next order number; bumped with one UPDATE inside a transaction. */
export interface WebsiteSequencesTable {
  website_id: string;
  name: string;
  next_value: number;
}

export interface CollectionsTable {
  website_id: string;
  id: string;
  type: number;
  url_id: string;
  title: string;
  position: number;
  hidden: number;
  folder_behavior: number | null;
  description: string | null;
  blocks: string;
  settings: string;
  created_at: number;
  updated_at: number;
}

export interface ItemsTable {
  website_id: string;
  id: string;
  collection_id: string;
  record_type: number;
  url_id: string;
  title: string;
  excerpt: string;
  body: string;
  asset_url: string | null;
  images: string;
  tags: string;
  categories: string;
  position: number;
  published_on: number;
  created_at: number;
  updated_at: number;
}

export interface ProductsTable {
  website_id: string;
  item_id: string;
  product_type: number;
  is_subscribable: number;
  subscription_plan: string | null;
  product_subscription_options: string | null;
  additional_fields_form_id: string | null;
  additional_fields_form: string | null;
  use_custom_add_button_text: number;
  custom_add_button_text: string | null;
  variant_option_ordering: string;
  on_sale: number;
  merchandising: string;
  gift_card_denominations: string | null;
}

export interface ProductVariantsTable {
  website_id: string;
  id: string;
  item_id: string;
  sku: string;
  attributes: string;
  option_values: string;
  price_minor: number;
  sale_price_minor: number;
  on_sale: number;
  unlimited: number;
  /** Never below zero: decremented only by a conditional UPDATE in the order transaction. */
  qty_in_stock: number;
  weight_grams: number | null;
  position: number;
}

export interface CartsTable {
  website_id: string;
  id: string;
  order_id: string | null;
  is_purchased: Generated<number>;
  currency: string;
  /** Shipping options, location, tax rules, coupons... of spec section 3 as one JSON object. */
  data: Generated<string>;
  subtotal_minor: Generated<number>;
  tax_minor: Generated<number>;
  shipping_cost_minor: Generated<number>;
  discount_minor: Generated<number>;
  grand_total_minor: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Raised by every write of the cart or its entries; add-to-cart writes only over the version it read. */
  version: Generated<number>;
}

export interface CartEntriesTable {
  website_id: string;
  id: string;
  cart_id: string;
  item_id: string;
  variant_id: string | null;
  sku: string;
  quantity: number;
  chosen_variant: string;
  additional_fields: string | null;
  subscription_option_id: string | null;
  purchase_price_minor: number;
  position: number;
  created_at: number;
}

export interface OrdersTable {
  website_id: string;
  id: string;
  order_number: number;
  cart_id: string;
  test_mode: Generated<number>;
  currency: string;
  customer_email: string | null;
  /** Addresses, shipping choice, payment reference... as one JSON object. */
  data: Generated<string>;
  subtotal_minor: number;
  tax_minor: number;
  shipping_minor: number;
  discount_minor: number;
  grand_total_minor: number;
  created_at: number;
}

export interface OrderItemsTable {
  website_id: string;
  id: string;
  order_id: string;
  item_id: string;
  variant_id: string | null;
  sku: string;
  product_name: string;
  quantity: number;
  unit_price_minor: number;
  data: Generated<string>;
  position: number;
}

export interface Database {
  websites: WebsitesTable;
  website_hostnames: WebsiteHostnamesTable;
  website_sequences: WebsiteSequencesTable;
  collections: CollectionsTable;
  items: ItemsTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  carts: CartsTable;
  cart_entries: CartEntriesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  comments: CommentsTable;
  likes: LikesTable;
  customer_accounts: CustomerAccountsTable;
  customer_sessions: CustomerSessionsTable;
  customer_tokens: CustomerTokensTable;
  customer_orders: CustomerOrdersTable;
  customer_addresses: CustomerAddressesTable;
}

/** Shoppers' accounts, one per website and email (migration 0009). */
export interface CustomerAccountsTable {
  website_id: string;
  id: string;
  email: string;
  name: string;
  password_hash: string;
  email_verified_at: number | null;
  cart_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface CustomerSessionsTable {
  id_hash: string;
  website_id: string;
  customer_id: string;
  created_at: number;
  expires_at: number;
}

/** Single-use email links: purpose 'verify' or 'reset'. */
export interface CustomerTokensTable {
  token_hash: string;
  website_id: string;
  customer_id: string;
  purpose: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface CustomerOrdersTable {
  website_id: string;
  order_id: string;
  customer_id: string;
  claimed_at: number;
}

export interface CustomerAddressesTable {
  website_id: string;
  id: string;
  customer_id: string;
  address: string;
  is_default: Generated<number>;
  created_at: number;
}

/** Visitor comments on a page or item (migration 0011); status pending, approved or rejected. */
export interface CommentsTable {
  website_id: string;
  id: string;
  target_type: string;
  target_id: string;
  parent_id: string | null;
  author_name: string;
  author_email: string | null;
  body: string;
  status: Generated<string>;
  client_hash: string;
  created_at: number;
  moderated_at: number | null;
}

/** One like per visitor and page or item (migration 0011). */
export interface LikesTable {
  website_id: string;
  target_type: string;
  target_id: string;
  visitor_hash: string;
  created_at: number;
}
