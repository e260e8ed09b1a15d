import { type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { itemFromRows, itemRepository } from './item-repository.js';
import { fromFlag, fromJson, toJson } from './json-column.js';
import type { Remembered } from './remembered.js';
import type {
  CartEntriesTable,
  CartsTable,
  Database,
  ItemsTable,
  ProductsTable,
  ProductVariantsTable,
} from './schema.js';
import type { RunStatement, SqliteGroupCommit } from './sqlite-group-commit.js';
import type { Item } from './types.js';

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
   * The add-to-cart write in one transaction of few statements: reads the item `itemId` with its product
   * (undefined when there is none), holds the open cart `cartId` for the change (row lock on PostgreSQL, the
   * write lock on SQLite), or starts a new cart when it is missing or purchased; `plan` sees the item, the
   * entries and data as they are and may throw to write nothing. The entry is merged like addEntry merges it,
   * the totals are stored with it, and the cart is answered as written, not read back. On SQLite, adds that
   * arrive together share one commit (sqlite-group-commit.ts); each is answered after it.
   */
  addPlanned(
    websiteId: string,
    cartId: string | undefined,
    currency: string,
    itemId: string,
    plan: (current: {
      item: Item | undefined;
      entries: readonly StoredCartEntry[];
      data: Record<string, unknown>;
    }) => PlannedAdd,
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

const totalsColumns = (totals: StoredCartTotals, data: Record<string, unknown> | string) => ({
  subtotal_minor: totals.subtotalMinor,
  tax_minor: totals.taxMinor,
  shipping_cost_minor: totals.shippingCostMinor,
  discount_minor: totals.discountMinor,
  grand_total_minor: totals.grandTotalMinor,
  data: typeof data === 'string' ? data : toJson(data),
});

const entryRow = (websiteId: string, cartId: string, entry: StoredCartEntry) => ({
  website_id: websiteId,
  id: entry.id,
  cart_id: cartId,
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
});

/**
 * What an add writes, decided from the open cart's row and entries as read inside its transaction (none
 * for a new cart): the same entry merges (same SKU, form answers and subscription option), else a new one
 * goes last. Pure, so both ways of writing (Kysely, SQLite group commit) decide alike.
 */
function planAddition(
  websiteId: string,
  currency: string,
  row: Selectable<CartsTable> | undefined,
  entries: readonly StoredCartEntry[],
  item: Item | undefined,
  plan: Parameters<CartRepository['addPlanned']>[4],
) {
  const now = Date.now();
  const current = row ? fromJson<Record<string, unknown>>(row.data, {}) : {};
  const { entry: input, totals } = plan({ item, entries, data: current });
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
  // Choices the add left as they were keep their stored text.
  const cartChanges = { ...totalsColumns(sums, row && data === current ? row.data : data), updated_at: now };
  const cartRow: Selectable<CartsTable> = row
    ? { ...row, ...cartChanges }
    : {
        website_id: websiteId,
        id: newId(now),
        order_id: null,
        is_purchased: 0,
        currency,
        ...cartChanges,
        created_at: now,
      };
  return {
    created: !row,
    cartRow,
    cartChanges,
    // A merge writes the quantity alone, so the other columns are only encoded for a new entry.
    ...(same
      ? { merged: true as const, entryRow: { website_id: websiteId, id: entry.id, quantity: entry.quantity } }
      : { merged: false as const, entryRow: entryRow(websiteId, cartRow.id, entry) }),
    answer: { cart: toCart(cartRow, after), entry, created: !row },
  };
}

/*
 * The add's statements for the SQLite group commit (sqlite-group-commit.ts), which runs them without Kysely;
 * the same reads and writes as the Kysely path below.
 */
const SQLITE_ITEM = 'select * from "items" where "website_id" = ? and "id" = ?';
const SQLITE_PRODUCT = 'select * from "products" where "website_id" = ? and "item_id" = ?';
const SQLITE_VARIANTS =
  'select * from "product_variants" where "website_id" = ? and "item_id" = ? order by "position"';
const SQLITE_OPEN_CART = 'select * from "carts" where "website_id" = ? and "id" = ? and "is_purchased" = 0';
const SQLITE_ENTRIES =
  'select * from "cart_entries" where "website_id" = ? and "cart_id" = ? order by "position", "id"';
const SQLITE_INSERT_CART = `insert into "carts" ("website_id", "id", "order_id", "is_purchased", "currency", "data",
  "subtotal_minor", "tax_minor", "shipping_cost_minor", "discount_minor", "grand_total_minor", "created_at", "updated_at")
  values (@website_id, @id, @order_id, @is_purchased, @currency, @data, @subtotal_minor, @tax_minor,
  @shipping_cost_minor, @discount_minor, @grand_total_minor, @created_at, @updated_at)`;
// The two updates of a repeated add bind by position: measured, binding named parameters from a row
// object cost about as much again as running the statement.
const SQLITE_UPDATE_CART = `update "carts" set "subtotal_minor" = ?, "tax_minor" = ?, "shipping_cost_minor" = ?,
  "discount_minor" = ?, "grand_total_minor" = ?, "data" = ?, "updated_at" = ? where "website_id" = ? and "id" = ?`;
const updateCartSqlite = (run: RunStatement, row: Selectable<CartsTable>) =>
  run.run(
    SQLITE_UPDATE_CART,
    row.subtotal_minor,
    row.tax_minor,
    row.shipping_cost_minor,
    row.discount_minor,
    row.grand_total_minor,
    row.data,
    row.updated_at,
    row.website_id,
    row.id,
  );
const SQLITE_UPDATE_QUANTITY = 'update "cart_entries" set "quantity" = ? where "website_id" = ? and "id" = ?';
const SQLITE_INSERT_ENTRY = `insert into "cart_entries" ("website_id", "id", "cart_id", "item_id", "variant_id", "sku",
  "quantity", "chosen_variant", "additional_fields", "subscription_option_id", "purchase_price_minor", "position",
  "created_at") values (@website_id, @id, @cart_id, @item_id, @variant_id, @sku, @quantity, @chosen_variant,
  @additional_fields, @subscription_option_id, @purchase_price_minor, @position, @created_at)`;

/** An open cart's row and entries as an add committed them. */
export interface RememberedCart {
  row: Selectable<CartsTable>;
  entries: readonly StoredCartEntry[];
}

/**
 * SQLite only: concurrent adds share one commit (sqlite-group-commit.ts) and reuse the products they read
 * (unchanged while this process wrote no content: ContentChanges.version) and the carts they committed
 * (unchanged while it wrote no carts through Kysely: checkout, quantity changes, removals, website deletion
 * with its cascade — ContentChanges.cartVersion); both only while no other process wrote the file.
 */
export interface SqliteAdds {
  group: SqliteGroupCommit;
  items: Remembered<Item>;
  carts: Remembered<RememberedCart>;
}

/**
 * An add on PostgreSQL in five round trips instead of eleven: BEGIN, the open cart locked FOR UPDATE, one
 * statement that reads the item with its product and variants and the cart's entries, one that writes,
 * COMMIT. Measured, the server's CPU per add went mostly into one socket write per statement, not into the
 * database. The entries are read after the lock is held, in a statement of their own: a statement's snapshot
 * is taken when it starts, so read together with the lock they could miss an add that committed while this
 * one waited. The rows come as row_to_json, so bigints are numbers here; the row mappers read both.
 */
async function addOnPostgres(
  tx: Kysely<Database>,
  websiteId: string,
  cartId: string | undefined,
  currency: string,
  itemId: string,
  plan: Parameters<CartRepository['addPlanned']>[4],
) {
  const row = cartId
    ? await tx
        .selectFrom('carts')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('id', '=', cartId)
        .where('is_purchased', '=', 0)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  const wanted = isKey(itemId) ? itemId : '';
  const { rows } = await sql<{
    item: Selectable<ItemsTable> | null;
    product: Selectable<ProductsTable> | null;
    variants: Selectable<ProductVariantsTable>[];
    entries: Selectable<CartEntriesTable>[];
  }>`select
      (select row_to_json(i) from "items" i where i."website_id" = ${websiteId} and i."id" = ${wanted}) as item,
      (select row_to_json(p) from "products" p where p."website_id" = ${websiteId} and p."item_id" = ${wanted})
        as product,
      (select coalesce(json_agg(v order by v."position"), '[]'::json) from "product_variants" v
        where v."website_id" = ${websiteId} and v."item_id" = ${wanted}) as variants,
      (select coalesce(json_agg(e order by e."position", e."id"), '[]'::json) from "cart_entries" e
        where e."website_id" = ${websiteId} and e."cart_id" = ${row?.id ?? ''}) as entries`.execute(tx);
  const read = rows[0]!;
  const item = read.item ? itemFromRows(read.item, read.product ?? undefined, read.variants) : undefined;
  const added = planAddition(websiteId, currency, row, read.entries.map(toEntry), item, plan);
  await writeAddition(tx, websiteId, added, true);
  return added.answer;
}

/**
 * An add's writes through Kysely. A new cart's row goes first, for its entry's foreign key (a new cart has no
 * entry to merge with). With `oneStatement` (PostgreSQL) an existing cart's row and entry are written in one
 * statement, a data-modifying WITH; SQLite has none.
 */
async function writeAddition(
  tx: Kysely<Database>,
  websiteId: string,
  added: ReturnType<typeof planAddition>,
  oneStatement: boolean,
) {
  if (added.created) {
    await tx.insertInto('carts').values(added.cartRow).execute();
    if (!added.merged) await tx.insertInto('cart_entries').values(added.entryRow).execute();
    return;
  }
  const updateCart = tx
    .updateTable('carts')
    .set(added.cartChanges)
    .where('website_id', '=', websiteId)
    .where('id', '=', added.cartRow.id);
  if (!oneStatement) await updateCart.execute();
  const entries = oneStatement ? tx.with('cart_written', () => updateCart) : tx;
  if (added.merged) {
    await entries
      .updateTable('cart_entries')
      .set({ quantity: added.entryRow.quantity })
      .where('website_id', '=', websiteId)
      .where('id', '=', added.entryRow.id)
      .execute();
  } else {
    await entries.insertInto('cart_entries').values(added.entryRow).execute();
  }
}

export function cartRepository(db: Kysely<Database>, sqliteAdds?: SqliteAdds): CartRepository {
  const groupCommit = sqliteAdds?.group;
  /** The item with its product, inside the group's transaction; remembered while provably unchanged. */
  const readItem = (run: RunStatement, websiteId: string, itemId: string): Item | undefined => {
    const remembered = sqliteAdds?.items.get(`${websiteId}/${itemId}`, run.dataVersion);
    if (remembered) return remembered;
    const row = run.get<Selectable<ItemsTable>>(SQLITE_ITEM, websiteId, itemId);
    if (!row) return undefined;
    const item = itemFromRows(
      row,
      run.get<Selectable<ProductsTable>>(SQLITE_PRODUCT, websiteId, itemId),
      run.all<Selectable<ProductVariantsTable>>(SQLITE_VARIANTS, websiteId, itemId),
    );
    sqliteAdds?.items.set(`${websiteId}/${itemId}`, item, run.dataVersion);
    return item;
  };
  /**
   * The open cart with its entries, inside the group's transaction: as the last add committed it while
   * provably unchanged, else read. Forgotten until this add commits (it is remembered again only after the
   * commit, never in a rolled-back state), so a later add of the same cart in the same group reads what this
   * one wrote.
   */
  const readOpenCart = (run: RunStatement, websiteId: string, cartId: string) => {
    const key = `${websiteId}/${cartId}`;
    const remembered = sqliteAdds?.carts.get(key, run.dataVersion);
    sqliteAdds?.carts.forget(key);
    if (remembered) return remembered;
    const row = run.get<Selectable<CartsTable>>(SQLITE_OPEN_CART, websiteId, cartId);
    const entries = row
      ? run.all<Selectable<CartEntriesTable>>(SQLITE_ENTRIES, websiteId, row.id).map(toEntry)
      : [];
    return { row, entries };
  };
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

  // PostgreSQL locks the cart's row (addOnPostgres); SQLite has no FOR UPDATE, its BEGIN IMMEDIATE already
  // holds the only write lock.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

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
          const position =
            last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
          await tx
            .insertInto('cart_entries')
            .values(entryRow(websiteId, cartId, { ...input, id: entryId, position, createdAt: now }))
            .execute();
        }
        const cart = (await find(websiteId, cartId, tx))!;
        return { cart, entry: cart.entries.find((e) => e.id === entryId)! };
      });
    },

    // Not async: the group commit's promise is handed back as it is, without another wrapper per add.
    addPlanned(websiteId, cartId, currency, itemId, plan) {
      if (!isKey(websiteId)) return Promise.reject(new Error('addPlanned needs a website id'));
      const id = isKey(cartId) ? cartId : undefined;
      // SQLite outside a caller's transaction: adds that arrive together share one commit, and the reads run
      // inside it (a statement outside a transaction takes and drops the file's read lock each time).
      if (groupCommit && !db.isTransaction) {
        return groupCommit.write((run) => {
          const item = isKey(itemId) ? readItem(run, websiteId, itemId) : undefined;
          const { row, entries } = id ? readOpenCart(run, websiteId, id) : { row: undefined, entries: [] };
          const added = planAddition(websiteId, currency, row, entries, item, plan);
          if (added.created) run.run(SQLITE_INSERT_CART, added.cartRow);
          else updateCartSqlite(run, added.cartRow);
          if (added.merged)
            run.run(SQLITE_UPDATE_QUANTITY, added.entryRow.quantity, websiteId, added.entryRow.id);
          else run.run(SQLITE_INSERT_ENTRY, added.entryRow);
          const written: RememberedCart = { row: added.cartRow, entries: added.answer.cart.entries };
          run.afterCommit(() =>
            sqliteAdds?.carts.set(`${websiteId}/${added.cartRow.id}`, written, run.dataVersion),
          );
          return added.answer;
        });
      }
      if (postgres) return atomically(db, (tx) => addOnPostgres(tx, websiteId, id, currency, itemId, plan));
      // SQLite inside a caller's transaction, which already holds the file's write lock.
      return atomically(db, async (tx) => {
        const item = await itemRepository(tx).findById(websiteId, itemId);
        let row: Selectable<CartsTable> | undefined;
        if (id) {
          row = await tx
            .selectFrom('carts')
            .selectAll()
            .where('website_id', '=', websiteId)
            .where('id', '=', id)
            .where('is_purchased', '=', 0)
            .executeTakeFirst();
        }
        const entries = row
          ? await tx
              .selectFrom('cart_entries')
              .selectAll()
              .where('website_id', '=', websiteId)
              .where('cart_id', '=', row.id)
              .orderBy('position')
              .orderBy('id')
              .execute()
          : [];
        const added = planAddition(websiteId, currency, row, entries.map(toEntry), item, plan);
        await writeAddition(tx, websiteId, added, false);
        return added.answer;
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
        .set(totalsColumns(totals, data))
        .where('website_id', '=', websiteId)
        .where('id', '=', cartId)
        .where('is_purchased', '=', 0)
        .execute();
    },
  };
}
