import { CompiledQuery, type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { itemFromRows, itemRepository } from './item-repository.js';
import { fromFlag, fromJson, toJson } from './json-column.js';
import { keptQuery } from './kept-queries.js';
import type { Remembered } from './remembered.js';
import type {
  CartEntriesTable,
  CartsTable,
  Database,
  ItemsTable,
  ProductsTable,
  ProductVariantsTable,
} from './schema.js';
import type { ReadStatements, SqliteGroupCommit } from './sqlite-group-commit.js';
import type { Item, Variant } from './types.js';

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
  /** Raised by every write of the cart or its entries (migration 0021). */
  version: number;
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

/** What add-to-cart reads before the shop's rules decide: the item and the visitor's open cart. */
export interface AddBasis {
  /** With its product and variants; undefined when the website has no such item. */
  item: Item | undefined;
  /** The open cart with its entries and version; undefined when it is missing or was bought. */
  cart: StoredCart | undefined;
  /**
   * SQLite, when both came from memory: when they were remembered. The write checks under the file's lock
   * that nothing wrote the item's rows since (CartAddition.readAt) and decides again otherwise.
   */
  readAt?: RememberedAt;
}

/** When an AddBasis was remembered: SQLite's data version (other processes) and this process's writes. */
export interface RememberedAt {
  readonly dataVersion: number;
  readonly writes: number;
}

/**
 * An add as the shop's rules decided it from an AddBasis. Storage writes it only while what the decision
 * rests on is still so: the cart's version (no write of the cart or its entries since it was read) and the
 * chosen variant (stock, prices) as read.
 */
export interface CartAddition {
  /** The cart as read (AddBasis.cart); undefined starts a new cart. */
  cart: StoredCart | undefined;
  currency: string;
  /** Raise an entry of `cart` to `quantity`, or add `entry` at `position`. */
  placement: { merge: StoredCartEntry; quantity: number } | { merge?: undefined; position: number };
  entry: NewCartEntry;
  /** The variant the rules checked, as read. */
  variant: Variant;
  /** The cart's totals and data after the add. */
  totals: StoredCartTotals;
  data: Record<string, unknown>;
  /** AddBasis.readAt, handed back unchanged. */
  readAt?: RememberedAt;
}

export interface CartRepository {
  create(websiteId: string, currency: string): Promise<StoredCart>;
  /** Undefined for an unknown id or a cart of another website. */
  find(websiteId: string, cartId: string): Promise<StoredCart | undefined>;
  /**
   * What add-to-cart decides on: the item with its product and the open cart with its entries, in one
   * read. On SQLite both are answered from what the last add read or wrote while provably unchanged;
   * `fresh` reads them from the database (an add whose write found them changed decides again).
   */
  readForAdd(
    websiteId: string,
    cartId: string | undefined,
    itemId: string,
    fresh?: boolean,
  ): Promise<AddBasis>;
  /**
   * The one way into a cart: writes an add the shop's rules decided (CartAddition), in one transaction of
   * few statements, and answers the cart as written (not read back). Undefined, writing nothing, when the
   * cart or the chosen variant changed since they were read: the caller reads and decides again. On SQLite,
   * outside a caller's transaction, adds that arrive together share one commit (sqlite-group-commit.ts);
   * each is answered after it.
   */
  writeAddition(
    websiteId: string,
    addition: CartAddition,
  ): Promise<{ cart: StoredCart; entry: StoredCartEntry; created: boolean } | undefined>;
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
    version: Number(row.version),
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

/**
 * The add's statements, with positional parameters, run by the SQLite group commit without Kysely and by
 * Kysely as compiled queries (PostgreSQL, and SQLite inside a caller's transaction). Each write of the cart
 * applies only over what the decision read: the cart's version, and the chosen variant as it was.
 */
const SQLITE_ITEM = 'select * from "items" where "website_id" = ? and "id" = ?';
const SQLITE_PRODUCT = 'select * from "products" where "website_id" = ? and "item_id" = ?';
const SQLITE_VARIANTS =
  'select * from "product_variants" where "website_id" = ? and "item_id" = ? order by "position"';
const SQLITE_OPEN_CART = 'select * from "carts" where "website_id" = ? and "id" = ? and "is_purchased" = 0';
const SQLITE_ENTRIES =
  'select * from "cart_entries" where "website_id" = ? and "cart_id" = ? order by "position", "id"';
// The variant as read, for a decision whose basis no memory vouches for (CartAddition.readAt).
const VARIANT_AS_READ = `exists (select 1 from "product_variants" where "website_id" = ? and "id" = ? and "sku" = ?
  and "qty_in_stock" = ? and "unlimited" = ? and "price_minor" = ? and "sale_price_minor" = ? and "on_sale" = ?)`;
const variantAsRead = (websiteId: string, v: Variant) => [
  websiteId,
  v.id,
  v.sku,
  v.qtyInStock,
  v.unlimited ? 1 : 0,
  v.priceMinor,
  v.salePriceMinor,
  v.onSale ? 1 : 0,
];
// An insert with a condition is an INSERT ... SELECT; PostgreSQL types its parameters from the columns.
const INSERT_CART_IF = `insert into "carts" ("website_id", "id", "order_id", "is_purchased", "currency", "data",
  "subtotal_minor", "tax_minor", "shipping_cost_minor", "discount_minor", "grand_total_minor", "created_at",
  "updated_at") select ?, ?, null, 0, ?, ?, ?, ?, ?, ?, ?, ?, ? where ${VARIANT_AS_READ}`;
// Bound by position: measured, binding named parameters from a row object cost about as much again as
// running the statement.
const UPDATE_CART_IF = `update "carts" set "subtotal_minor" = ?, "tax_minor" = ?, "shipping_cost_minor" = ?,
  "discount_minor" = ?, "grand_total_minor" = ?, "data" = ?, "updated_at" = ?, "version" = "version" + 1
  where "website_id" = ? and "id" = ? and "version" = ? and "is_purchased" = 0 and ${VARIANT_AS_READ}`;
// The same writes for a basis remembered and still provably unchanged: the variant needs no second look.
const INSERT_CART = INSERT_CART_IF.slice(0, INSERT_CART_IF.indexOf(' where '));
const UPDATE_CART = UPDATE_CART_IF.slice(0, UPDATE_CART_IF.indexOf(' and "is_purchased" = 0 and ')).concat(
  ' and "is_purchased" = 0',
);
const UPDATE_QUANTITY = 'update "cart_entries" set "quantity" = ? where "website_id" = ? and "id" = ?';
const INSERT_ENTRY = `insert into "cart_entries" ("website_id", "id", "cart_id", "item_id", "variant_id", "sku",
  "quantity", "chosen_variant", "additional_fields", "subscription_option_id", "purchase_price_minor", "position",
  "created_at") select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?`;

/** A written add: its cart and entry as stored, and the parameters of its statements. */
interface WrittenAddition {
  cart: StoredCart;
  entry: StoredCartEntry;
  created: boolean;
  dataText: string;
  /** The cart's statement (on the cart's version, and the variant as read unless vouched) and its parameters. */
  cartStatement: string;
  cartParams: unknown[];
  /** The entry's statement and its parameters (INSERT_ENTRY or UPDATE_QUANTITY). */
  entryStatement: string;
  entryParams: unknown[];
}

/** The JSON text each cart's data was read as, so data an add left alone keeps its stored text. */
const dataTexts = new (class {
  /*
   * Not a WeakMap: every add hands it a new cart object, and weak entries with short-lived keys made each
   * young-generation collection measurably slower (per collection 2.4 -> 1.5-2.0 ms, about 10 % of an
   * add's CPU, bench/cart). A text is only needed from an add's read to its write, so the map keeps the last
   * few hundred carts (oldest out first), few enough that most die young. A cart that dropped out is only
   * written with its data encoded again.
   */
  readonly #texts = new Map<StoredCart, string>();
  get(cart: StoredCart) {
    return this.#texts.get(cart);
  }
  set(cart: StoredCart, text: string) {
    if (this.#texts.size >= 256) this.#texts.delete(this.#texts.keys().next().value as StoredCart);
    this.#texts.set(cart, text);
  }
})();

/**
 * Turns a decided add into the rows and statements that store it; no rule is applied here. `vouched`: the
 * basis came from memory that the writer checks is still unchanged, so the variant is not looked at again.
 */
function written(websiteId: string, addition: CartAddition, vouched = false): WrittenAddition {
  const now = Date.now();
  const before = addition.cart;
  const entries = before?.entries ?? [];
  const { placement, entry: input } = addition;
  let entry: StoredCartEntry;
  let after: StoredCartEntry[];
  if (placement.merge) {
    entry = { ...placement.merge, quantity: placement.quantity };
    after = entries.map((e) => (e.id === entry.id ? entry : e));
  } else {
    entry = {
      id: newId(now),
      itemId: input.itemId,
      sku: input.sku,
      quantity: input.quantity,
      chosenVariant: input.chosenVariant,
      purchasePriceMinor: input.purchasePriceMinor,
      position: placement.position,
      createdAt: now,
      ...(input.variantId !== undefined ? { variantId: input.variantId } : {}),
      ...(input.additionalFields !== undefined ? { additionalFields: input.additionalFields } : {}),
      ...(input.subscriptionOptionId !== undefined
        ? { subscriptionOptionId: input.subscriptionOptionId }
        : {}),
    };
    after = [...entries, entry];
  }
  const { totals, data } = addition;
  const kept = before && data === before.data ? dataTexts.get(before) : undefined;
  const dataText = kept ?? toJson(data);
  // Field by field rather than spreading the cart read and the totals: this runs on every add.
  const cart: StoredCart = {
    id: before ? before.id : newId(now),
    websiteId,
    isPurchased: false,
    currency: before ? before.currency : addition.currency,
    data,
    entries: after,
    subtotalMinor: totals.subtotalMinor,
    taxMinor: totals.taxMinor,
    shippingCostMinor: totals.shippingCostMinor,
    discountMinor: totals.discountMinor,
    grandTotalMinor: totals.grandTotalMinor,
    createdAt: before ? before.createdAt : now,
    updatedAt: now,
    version: before ? before.version + 1 : 0,
  };
  const sums = [
    cart.subtotalMinor,
    cart.taxMinor,
    cart.shippingCostMinor,
    cart.discountMinor,
    cart.grandTotalMinor,
  ];
  const variant = vouched ? [] : variantAsRead(websiteId, addition.variant);
  return {
    cart,
    entry,
    created: !before,
    dataText,
    ...(before
      ? {
          cartStatement: vouched ? UPDATE_CART : UPDATE_CART_IF,
          cartParams: [...sums, dataText, now, websiteId, cart.id, before.version, ...variant],
        }
      : {
          cartStatement: vouched ? INSERT_CART : INSERT_CART_IF,
          cartParams: [websiteId, cart.id, cart.currency, dataText, ...sums, now, now, ...variant],
        }),
    // A merge writes the quantity alone, so the other columns are only encoded for a new entry.
    ...(placement.merge
      ? { entryStatement: UPDATE_QUANTITY, entryParams: [entry.quantity, websiteId, entry.id] }
      : {
          entryStatement: INSERT_ENTRY,
          entryParams: [
            websiteId,
            entry.id,
            cart.id,
            entry.itemId,
            entry.variantId ?? null,
            entry.sku,
            entry.quantity,
            toJson(entry.chosenVariant),
            entry.additionalFields ?? null,
            entry.subscriptionOptionId ?? null,
            entry.purchasePriceMinor,
            entry.position,
            entry.createdAt,
          ],
        }),
  };
}

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the statements hold no other question mark). */
const numbered = (statement: string) => {
  let n = 0;
  return statement.replace(/\?/g, () => `$${++n}`);
};

/**
 * PostgreSQL writes an add in one statement, so in one round trip and atomic without BEGIN/COMMIT: the cart
 * (conditional) in a data-modifying WITH, the entry only when the cart was written. When the cart's version
 * moved or the variant changed, nothing is written and the statement answers 0 rows.
 */
const postgresAddition = (w: WrittenAddition) =>
  CompiledQuery.raw(
    numbered(
      `with "cart_written" as (${w.cartStatement} returning "id") ${w.entryStatement}${
        w.entryStatement === UPDATE_QUANTITY ? ' and' : ' where'
      } exists (select 1 from "cart_written")`,
    ),
    [...w.cartParams, ...w.entryParams],
  );

/** An open cart's row and entries as an add committed them, with its data's stored text. */
export interface RememberedCart {
  cart: StoredCart;
  dataText: string;
}

/**
 * SQLite only: concurrent adds share one commit (sqlite-group-commit.ts) and reuse the products they read
 * (unchanged while this process wrote no content: ContentChanges.version) and the carts they committed
 * (unchanged while it wrote no carts through Kysely: checkout, quantity changes, removals, website deletion
 * with its cascade — ContentChanges.cartVersion); both only while no other process wrote the file. A
 * memory that is wrong all the same (a cart written inside a caller's transaction) costs a second decision:
 * the write's conditions do not hold.
 */
export interface SqliteAdds {
  group: SqliteGroupCommit;
  items: Remembered<Item>;
  carts: Remembered<RememberedCart>;
}

/** A cart and its entries, as every checkout reads them (kept-queries.ts). */
const cartById = keptQuery((db, websiteId: string, cartId: string) =>
  db.selectFrom('carts').selectAll().where('website_id', '=', websiteId).where('id', '=', cartId),
);
const entriesOfCart = keptQuery((db, websiteId: string, cartId: string) =>
  db
    .selectFrom('cart_entries')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('cart_id', '=', cartId)
    .orderBy('position')
    .orderBy('id'),
);

export function cartRepository(db: Kysely<Database>, sqliteAdds?: SqliteAdds): CartRepository {
  const groupCommit = sqliteAdds?.group;
  /** The item with its product, outside a transaction; remembered while provably unchanged. */
  const readItem = (run: ReadStatements, websiteId: string, itemId: string, fresh: boolean) => {
    const key = `${websiteId}/${itemId}`;
    const remembered = fresh ? undefined : sqliteAdds?.items.get(key, run.dataVersion);
    if (remembered) return remembered;
    const row = run.get<Selectable<ItemsTable>>(SQLITE_ITEM, websiteId, itemId);
    if (!row) return undefined;
    const item = itemFromRows(
      row,
      run.get<Selectable<ProductsTable>>(SQLITE_PRODUCT, websiteId, itemId),
      run.all<Selectable<ProductVariantsTable>>(SQLITE_VARIANTS, websiteId, itemId),
    );
    sqliteAdds?.items.set(key, item, run.dataVersion);
    return item;
  };
  /** The open cart with its entries: as the last add committed it while provably unchanged, else read. */
  const readOpenCart = (run: ReadStatements, websiteId: string, cartId: string, fresh: boolean) => {
    const remembered = fresh ? undefined : sqliteAdds?.carts.get(`${websiteId}/${cartId}`, run.dataVersion);
    if (remembered) {
      dataTexts.set(remembered.cart, remembered.dataText);
      return remembered.cart;
    }
    const row = run.get<Selectable<CartsTable>>(SQLITE_OPEN_CART, websiteId, cartId);
    if (!row) return undefined;
    const cart = toCart(
      row,
      run.all<Selectable<CartEntriesTable>>(SQLITE_ENTRIES, websiteId, row.id).map(toEntry),
    );
    dataTexts.set(cart, row.data);
    return cart;
  };
  const find = async (websiteId: string, cartId: string, from: Kysely<Database> = db) => {
    if (!isKey(websiteId) || !isKey(cartId)) return undefined;
    const [row] = (await from.executeQuery(cartById(from, websiteId, cartId)))
      .rows as Selectable<CartsTable>[];
    if (!row) return undefined;
    const entries = (await from.executeQuery(entriesOfCart(from, websiteId, cartId)))
      .rows as Selectable<CartEntriesTable>[];
    return toCart(row, entries.map(toEntry));
  };

  /**
   * Marks the cart changed (a new version, so an add decided on the old one decides again); false when it
   * is missing or purchased, so the caller writes nothing.
   */
  const touchOpenCart = async (tx: Kysely<Database>, websiteId: string, cartId: string) => {
    const result = await tx
      .updateTable('carts')
      .set((eb) => ({ updated_at: Date.now(), version: eb('version', '+', 1) }))
      .where('website_id', '=', websiteId)
      .where('id', '=', cartId)
      .where('is_purchased', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /**
   * The basis through Kysely: PostgreSQL in one statement (item, product, variants, the open cart and its
   * entries as row_to_json, so bigints come as numbers; the row mappers read both), SQLite inside a
   * caller's transaction statement by statement.
   */
  const readThroughKysely = async (
    websiteId: string,
    cartId: string | undefined,
    itemId: string,
  ): Promise<AddBasis> => {
    if (postgres) {
      const { rows } = await sql<{
        item: Selectable<ItemsTable> | null;
        product: Selectable<ProductsTable> | null;
        variants: Selectable<ProductVariantsTable>[];
        cart: Selectable<CartsTable> | null;
        entries: Selectable<CartEntriesTable>[];
      }>`select
        (select row_to_json(i) from "items" i where i."website_id" = ${websiteId} and i."id" = ${itemId}) as item,
        (select row_to_json(p) from "products" p where p."website_id" = ${websiteId} and p."item_id" = ${itemId})
          as product,
        (select coalesce(json_agg(v order by v."position"), '[]'::json) from "product_variants" v
          where v."website_id" = ${websiteId} and v."item_id" = ${itemId}) as variants,
        (select row_to_json(c) from "carts" c
          where c."website_id" = ${websiteId} and c."id" = ${cartId ?? ''} and c."is_purchased" = 0) as cart,
        (select coalesce(json_agg(e order by e."position", e."id"), '[]'::json) from "cart_entries" e
          where e."website_id" = ${websiteId} and e."cart_id" = ${cartId ?? ''}) as entries`.execute(db);
      const read = rows[0]!;
      const item = read.item ? itemFromRows(read.item, read.product ?? undefined, read.variants) : undefined;
      if (!read.cart) return { item, cart: undefined };
      const cart = toCart(read.cart, read.entries.map(toEntry));
      dataTexts.set(cart, read.cart.data);
      return { item, cart };
    }
    const item = await itemRepository(db).findById(websiteId, itemId);
    const row = cartId
      ? await db
          .selectFrom('carts')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('id', '=', cartId)
          .where('is_purchased', '=', 0)
          .executeTakeFirst()
      : undefined;
    if (!row) return { item, cart: undefined };
    const cart = (await find(websiteId, row.id))!;
    dataTexts.set(cart, row.data);
    return { item, cart };
  };

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

    readForAdd(websiteId, cartId, itemId, fresh = false) {
      if (!isKey(websiteId)) return Promise.reject(new Error('readForAdd needs a website id'));
      const cart = isKey(cartId) ? cartId : undefined;
      const item = isKey(itemId) ? itemId : '';
      if (groupCommit && !db.isTransaction) {
        // Both remembered (at one data version): answered without a statement or the connection lock. Whether
        // anything wrote them since is asked by the write, under the lock it takes anyway: reading SQLite's
        // data_version here took the file's shared lock per turn (3 % of an add, issue #19).
        if (!fresh && sqliteAdds && item) {
          const known = sqliteAdds.items.peek(`${websiteId}/${item}`);
          const open = cart ? sqliteAdds.carts.peek(`${websiteId}/${cart}`) : undefined;
          if (known && (!cart || open?.dataVersion === known.dataVersion)) {
            if (open) dataTexts.set(open.value.cart, open.value.dataText);
            const readAt = { dataVersion: known.dataVersion, writes: known.version };
            return Promise.resolve({ item: known.value, cart: open?.value.cart, readAt });
          }
        }
        // Else the reads that arrive together share the connection lock.

        return groupCommit.read((run) => ({
          item: item ? readItem(run, websiteId, item, fresh) : undefined,
          cart: cart ? readOpenCart(run, websiteId, cart, fresh) : undefined,
        }));
      }
      return readThroughKysely(websiteId, cart, item);
    },

    // Not async: the group commit's promise is handed back as it is, without another wrapper per add.
    writeAddition(websiteId, addition) {
      if (!isKey(websiteId)) return Promise.reject(new Error('writeAddition needs a website id'));
      const { readAt } = addition;
      const sqliteGroup = groupCommit && !db.isTransaction ? groupCommit : undefined;
      const w = written(websiteId, addition, sqliteGroup !== undefined && readAt !== undefined);
      const answer = { cart: w.cart, entry: w.entry, created: w.created };
      if (sqliteGroup) {
        return sqliteGroup.write((run) => {
          // Decided on memories: they hold only if neither another process (SQLite's data_version) nor this
          // one (through Kysely) wrote the item's rows since; else decided again on a fresh read.
          if (
            readAt !== undefined &&
            (readAt.dataVersion !== run.dataVersion || !sqliteAdds!.items.unchangedSince(readAt.writes))
          ) {
            return undefined;
          }
          // The cart goes first: when its conditions fail, nothing was written and the add is refused alone.
          if (run.run(w.cartStatement, ...w.cartParams) === 0) return undefined;
          run.run(w.entryStatement, ...w.entryParams);
          const remembered: RememberedCart = { cart: w.cart, dataText: w.dataText };
          run.afterCommit(() =>
            sqliteAdds?.carts.set(`${websiteId}/${w.cart.id}`, remembered, run.dataVersion),
          );
          return answer;
        });
      }
      if (postgres) {
        return db
          .executeQuery(postgresAddition(w))
          .then((result) => (Number(result.numAffectedRows ?? 0) > 0 ? answer : undefined));
      }
      // SQLite inside a caller's transaction, which already holds the file's write lock.
      return atomically(db, async (tx) => {
        const cartWritten = await tx.executeQuery(CompiledQuery.raw(w.cartStatement, w.cartParams));
        if (Number(cartWritten.numAffectedRows ?? 0) === 0) return undefined;
        await tx.executeQuery(CompiledQuery.raw(w.entryStatement, w.entryParams));
        return answer;
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
        .set((eb) => ({ ...totalsColumns(totals, data), version: eb('version', '+', 1) }))
        .where('website_id', '=', websiteId)
        .where('id', '=', cartId)
        .where('is_purchased', '=', 0)
        .execute();
    },
  };
}
