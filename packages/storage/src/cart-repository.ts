import { type Kysely, PostgresAdapter, type Selectable } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromFlag, fromJson, toJson } from './json-column.js';
import type { CartEntriesTable, CartsTable, Database } from './schema.js';

/** A cart entry as stored: what was chosen and the unit price at the moment it was added. */
export interface StoredCartEntry {
  id: string;
  itemId: string;
  variantId?: string;
  sku: string;
  quantity: number;
  chosenVariant: { sku: string; attributes: Record<string, string> };
  /** The additional-fields answers as the shopper sent them (a JSON string), or undefined. */
  additionalFields?: string;
  subscriptionOptionId?: string;
  purchasePriceMinor: number;
  position: number;
  createdAt: number;
}

export interface StoredCartTotals {
  subtotalMinor: number;
  taxMinor: number;
  shippingCostMinor: number;
  discountMinor: number;
  grandTotalMinor: number;
}

export interface StoredCart extends StoredCartTotals {
  id: string;
  websiteId: string;
  orderId?: string;
  isPurchased: boolean;
  currency: string;
  /** Shipping choice, coupons, location... kept as the service wrote them. */
  data: Record<string, unknown>;
  entries: StoredCartEntry[];
  createdAt: number;
  updatedAt: number;
}

export interface NewCartEntry {
  itemId: string;
  variantId?: string;
  sku: string;
  quantity: number;
  chosenVariant: { sku: string; attributes: Record<string, string> };
  additionalFields?: string;
  subscriptionOptionId?: string;
  purchasePriceMinor: number;
}

/** What to add, decided from the cart's entries as they are inside the add's transaction. */
export interface PlannedAdd {
  entry: NewCartEntry;
  /** The cart's totals and data with the entry added, from its entries after the change. */
  totals(entries: readonly StoredCartEntry[]): { totals: StoredCartTotals; data: Record<string, unknown> };
}

export interface CartRepository {
  create(websiteId: string, currency: string): Promise<StoredCart>;
  /** Undefined for an unknown id or a cart of another website. */
  find(websiteId: string, cartId: string): Promise<StoredCart | undefined>;
  /**
   * Adds the entry, or raises the quantity of an entry with the same SKU, form answers and
   * subscription option. Undefined when the cart is missing or already purchased.
   */
  addEntry(
    websiteId: string,
    cartId: string,
    entry: NewCartEntry,
  ): Promise<{ cart: StoredCart; entry: StoredCartEntry } | undefined>;
  /**
   * The add-to-cart write in one transaction of few statements: holds the open cart `cartId` for the
   * change (row lock on PostgreSQL, the write lock on SQLite), or starts a new cart when it is missing or
   * purchased; `plan` sees the entries and data as they are and may throw to write nothing. The entry is merged
   * like addEntry merges it, the totals are stored with it, and the cart is answered as written, not read back.
   */
  addPlanned(
    websiteId: string,
    cartId: string | undefined,
    currency: string,
    plan: (current: { entries: readonly StoredCartEntry[]; data: Record<string, unknown> }) => PlannedAdd,
  ): Promise<{ cart: StoredCart; entry: StoredCartEntry; created: boolean }>;
  /** Undefined when the cart or entry is missing or the cart was purchased. */
  updateEntry(
    websiteId: string,
    cartId: string,
    entryId: string,
    change: { quantity?: number; additionalFields?: string | null },
  ): Promise<{ cart: StoredCart; entry: StoredCartEntry } | undefined>;
  removeEntry(websiteId: string, cartId: string, entryId: string): Promise<StoredCart | undefined>;
  /** Stores the totals and data the service computed; ignored for a purchased cart. */
  saveTotals(
    websiteId: string,
    cartId: string,
    totals: StoredCartTotals,
    data: Record<string, unknown>,
  ): Promise<void>;
}

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

function toEntry(row: Selectable<CartEntriesTable>): StoredCartEntry {
  const entry: StoredCartEntry = {
    id: row.id,
    itemId: row.item_id,
    sku: row.sku,
    quantity: Number(row.quantity),
    chosenVariant: fromJson(row.chosen_variant, { sku: row.sku, attributes: {} }),
    purchasePriceMinor: Number(row.purchase_price_minor),
    position: Number(row.position),
    createdAt: Number(row.created_at),
  };
  if (row.variant_id !== null) entry.variantId = row.variant_id;
  if (row.additional_fields !== null) entry.additionalFields = row.additional_fields;
  if (row.subscription_option_id !== null) entry.subscriptionOptionId = row.subscription_option_id;
  return entry;
}

function toCart(row: Selectable<CartsTable>, entries: StoredCartEntry[]): StoredCart {
  const cart: StoredCart = {
    id: row.id,
    websiteId: row.website_id,
    isPurchased: fromFlag(row.is_purchased),
    currency: row.currency,
    data: fromJson<Record<string, unknown>>(row.data, {}),
    entries,
    subtotalMinor: Number(row.subtotal_minor),
    taxMinor: Number(row.tax_minor),
    shippingCostMinor: Number(row.shipping_cost_minor),
    discountMinor: Number(row.discount_minor),
    grandTotalMinor: Number(row.grand_total_minor),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.order_id !== null) cart.orderId = row.order_id;
  return cart;
}

export function cartRepository(db: Kysely<Database>): CartRepository {
  const find = async (websiteId: string, cartId: string, from: Kysely<Database> = db) => {
    if (!isKey(websiteId) || !isKey(cartId)) return undefined;
    const row = await from
      .selectFrom('carts')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('id', '=', cartId)
      .executeTakeFirst();
    if (!row) return undefined;
    const entries = await from
      .selectFrom('cart_entries')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('cart_id', '=', cartId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return toCart(row, entries.map(toEntry));
  };

  /** Marks the cart changed; false when it is missing or purchased, so the caller writes nothing. */
  const touchOpenCart = async (tx: Kysely<Database>, websiteId: string, cartId: string) => {
    const result = await tx
      .updateTable('carts')
      .set({ updated_at: Date.now() })
      .where('website_id', '=', websiteId)
      .where('id', '=', cartId)
      .where('is_purchased', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };

  const totalsColumns = (totals: StoredCartTotals, data: Record<string, unknown>) => ({
    subtotal_minor: totals.subtotalMinor,
    tax_minor: totals.taxMinor,
    shipping_cost_minor: totals.shippingCostMinor,
    discount_minor: totals.discountMinor,
    grand_total_minor: totals.grandTotalMinor,
    data: toJson(data),
  });
  // SQLite has no FOR UPDATE; its BEGIN IMMEDIATE already holds the only write lock.
  const rowLocks = db.getExecutor().adapter instanceof PostgresAdapter;

  return {
    async create(websiteId, currency) {
      const now = Date.now();
      const id = newId(now);
      await db
        .insertInto('carts')
        .values({ website_id: websiteId, id, currency, created_at: now, updated_at: now })
        .execute();
      return (await find(websiteId, id))!;
    },

    find: (websiteId, cartId) => find(websiteId, cartId),

    async addEntry(websiteId, cartId, input) {
      if (!isKey(websiteId) || !isKey(cartId)) return undefined;
      return atomically(db, async (tx) => {
        if (!(await touchOpenCart(tx, websiteId, cartId))) return undefined;
        const existing = await tx
          .selectFrom('cart_entries')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('cart_id', '=', cartId)
          .where('sku', '=', input.sku)
          .execute();
        const same = existing.find(
          (row) =>
            (row.additional_fields ?? undefined) === input.additionalFields &&
            (row.subscription_option_id ?? undefined) === input.subscriptionOptionId,
        );
        let entryId: string;
        if (same) {
          entryId = same.id;
          await tx
            .updateTable('cart_entries')
            .set({ quantity: Number(same.quantity) + input.quantity })
            .where('website_id', '=', websiteId)
            .where('id', '=', same.id)
            .execute();
        } else {
          const last = await tx
            .selectFrom('cart_entries')
            .select((eb) => eb.fn.max('position').as('position'))
            .where('website_id', '=', websiteId)
            .where('cart_id', '=', cartId)
            .executeTakeFirst();
          const now = Date.now();
          entryId = newId(now);
          await tx
            .insertInto('cart_entries')
            .values({
              website_id: websiteId,
              id: entryId,
              cart_id: cartId,
              item_id: input.itemId,
              variant_id: input.variantId ?? null,
              sku: input.sku,
              quantity: input.quantity,
              chosen_variant: toJson(input.chosenVariant),
              additional_fields: input.additionalFields ?? null,
              subscription_option_id: input.subscriptionOptionId ?? null,
              purchase_price_minor: input.purchasePriceMinor,
              position:
                last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1,
              created_at: now,
            })
            .execute();
        }
        const cart = (await find(websiteId, cartId, tx))!;
        return { cart, entry: cart.entries.find((e) => e.id === entryId)! };
      });
    },

    async addPlanned(websiteId, cartId, currency, plan) {
      if (!isKey(websiteId)) throw new Error('addPlanned needs a website id');
      return atomically(db, async (tx) => {
        const now = Date.now();
        let row: Selectable<CartsTable> | undefined;
        if (isKey(cartId)) {
          const query = tx
            .selectFrom('carts')
            .selectAll()
            .where('website_id', '=', websiteId)
            .where('id', '=', cartId)
            .where('is_purchased', '=', 0);
          row = await (rowLocks ? query.forUpdate() : query).executeTakeFirst();
        }
        const entries = row
          ? (
              await tx
                .selectFrom('cart_entries')
                .selectAll()
                .where('website_id', '=', websiteId)
                .where('cart_id', '=', row.id)
                .orderBy('position')
                .orderBy('id')
                .execute()
            ).map(toEntry)
          : [];
        const { entry: input, totals } = plan({
          entries,
          data: row ? fromJson<Record<string, unknown>>(row.data, {}) : {},
        });
        const same = entries.find(
          (e) =>
            e.sku === input.sku &&
            e.additionalFields === input.additionalFields &&
            e.subscriptionOptionId === input.subscriptionOptionId,
        );
        const entry: StoredCartEntry = same
          ? { ...same, quantity: same.quantity + input.quantity }
          : {
              id: newId(now),
              itemId: input.itemId,
              sku: input.sku,
              quantity: input.quantity,
              chosenVariant: input.chosenVariant,
              purchasePriceMinor: input.purchasePriceMinor,
              position: entries.reduce((last, e) => Math.max(last, e.position + 1), 0),
              createdAt: now,
              ...(input.variantId !== undefined ? { variantId: input.variantId } : {}),
              ...(input.additionalFields !== undefined ? { additionalFields: input.additionalFields } : {}),
              ...(input.subscriptionOptionId !== undefined
                ? { subscriptionOptionId: input.subscriptionOptionId }
                : {}),
            };
        const after = same ? entries.map((e) => (e === same ? entry : e)) : [...entries, entry];
        const { totals: sums, data } = totals(after);
        const targetId = row?.id ?? newId(now);
        if (row) {
          await tx
            .updateTable('carts')
            .set({ ...totalsColumns(sums, data), updated_at: now })
            .where('website_id', '=', websiteId)
            .where('id', '=', row.id)
            .execute();
        } else {
          await tx
            .insertInto('carts')
            .values({
              website_id: websiteId,
              id: targetId,
              currency,
              ...totalsColumns(sums, data),
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
        if (same) {
          await tx
            .updateTable('cart_entries')
            .set({ quantity: entry.quantity })
            .where('website_id', '=', websiteId)
            .where('id', '=', entry.id)
            .execute();
        } else {
          await tx
            .insertInto('cart_entries')
            .values({
              website_id: websiteId,
              id: entry.id,
              cart_id: targetId,
              item_id: entry.itemId,
              variant_id: entry.variantId ?? null,
              sku: entry.sku,
              quantity: entry.quantity,
              chosen_variant: toJson(entry.chosenVariant),
              additional_fields: entry.additionalFields ?? null,
              subscription_option_id: entry.subscriptionOptionId ?? null,
              purchase_price_minor: entry.purchasePriceMinor,
              position: entry.position,
              created_at: entry.createdAt,
            })
            .execute();
        }
        const cart: StoredCart = {
          ...(row
            ? toCart(row, after)
            : toCart(
                {
                  website_id: websiteId,
                  id: targetId,
                  order_id: null,
                  is_purchased: 0,
                  currency,
                  data: '{}',
                  subtotal_minor: 0,
                  tax_minor: 0,
                  shipping_cost_minor: 0,
                  discount_minor: 0,
                  grand_total_minor: 0,
                  created_at: now,
                  updated_at: now,
                },
                after,
              )),
          ...sums,
          data,
          updatedAt: now,
        };
        return { cart, entry, created: !row };
      });
    },

    async updateEntry(websiteId, cartId, entryId, change) {
      if (!isKey(websiteId) || !isKey(cartId) || !isKey(entryId)) return undefined;
      return atomically(db, async (tx) => {
        if (!(await touchOpenCart(tx, websiteId, cartId))) return undefined;
        const set: { quantity?: number; additional_fields?: string | null } = {};
        if (change.quantity !== undefined) set.quantity = change.quantity;
        if (change.additionalFields !== undefined) set.additional_fields = change.additionalFields;
        const result = await tx
          .updateTable('cart_entries')
          .set(set)
          .where('website_id', '=', websiteId)
          .where('cart_id', '=', cartId)
          .where('id', '=', entryId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return undefined;
        const cart = (await find(websiteId, cartId, tx))!;
        return { cart, entry: cart.entries.find((e) => e.id === entryId)! };
      });
    },

    async removeEntry(websiteId, cartId, entryId) {
      if (!isKey(websiteId) || !isKey(cartId) || !isKey(entryId)) return undefined;
      return atomically(db, async (tx) => {
        if (!(await touchOpenCart(tx, websiteId, cartId))) return undefined;
        const result = await tx
          .deleteFrom('cart_entries')
          .where('website_id', '=', websiteId)
          .where('cart_id', '=', cartId)
          .where('id', '=', entryId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return undefined;
        return find(websiteId, cartId, tx);
      });
    },

    async saveTotals(websiteId, cartId, totals, data) {
      await db
        .updateTable('carts')
        .set({
          subtotal_minor: totals.subtotalMinor,
          tax_minor: totals.taxMinor,
          shipping_cost_minor: totals.shippingCostMinor,
          discount_minor: totals.discountMinor,
          grand_total_minor: totals.grandTotalMinor,
          data: toJson(data),
        })
        .where('website_id', '=', websiteId)
        .where('id', '=', cartId)
        .where('is_purchased', '=', 0)
        .execute();
    },
  };
}
