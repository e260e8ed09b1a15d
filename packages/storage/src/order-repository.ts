import { type ColumnType, type Generated, type Kysely, type Selectable, sql } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromFlag, fromJson, toFlag, toJson } from './json-column.js';
import { insertRows, keptQuery } from './kept-queries.js';
import type { Database, OrderItemsTable, OrdersTable } from './schema.js';
import { isUniqueViolation } from './storage-error.js';

export interface OrderItem {
  id: string;
  itemId: string;
  variantId?: string;
  sku: string;
  productName: string;
  quantity: number;
  unitPriceMinor: number;
  data: Record<string, unknown>;
}

export interface OrderTotals {
  subtotalMinor: number;
  taxMinor: number;
  shippingMinor: number;
  discountMinor: number;
  grandTotalMinor: number;
}

/** open until the owner ships it (fulfilled) or calls it off (cancelled); both are final. */
export type OrderStatus = 'open' | 'fulfilled' | 'cancelled';

export const ORDER_STATUSES: readonly OrderStatus[] = ['open', 'fulfilled', 'cancelled'];

export interface Order extends OrderTotals {
  id: string;
  /** Always set when read from storage; optional so orders built by hand (previews, tests) stay valid. */
  status?: OrderStatus;
  /** Epoch milliseconds, when the status changed. */
  fulfilledAt?: number;
  cancelledAt?: number;
  websiteId: string;
  orderNumber: number;
  purchasedCartId: string;
  testMode: boolean;
  currency: string;
  customerEmail?: string;
  /** Addresses, shipping choice, payment reference... */
  data: Record<string, unknown>;
  items: OrderItem[];
  createdAt: number;
}

export interface NewOrder extends OrderTotals {
  cartId: string;
  currency: string;
  customerEmail: string;
  testMode?: boolean;
  data: Record<string, unknown>;
  items: Omit<OrderItem, 'id'>[];
  /** Stock to take, per variant; unlimited variants are left alone. */
  stock: { variantId: string; quantity: number }[];
}

export type PlaceOrderResult =
  | { outcome: 'placed'; order: Order }
  /** The cart was bought before (a repeated submit): the order of that purchase. */
  | { outcome: 'already-placed'; order: Order }
  /** Nothing was written: this variant has less stock than asked for. */
  | { outcome: 'out-of-stock'; variantId: string }
  /** The cart does not exist on this website. */
  | { outcome: 'cart-missing' };

/** The download token of migration 0005 joins the order_items row shape by declaration merging. */
declare module './schema.js' {
  interface OrderItemsTable {
    download_token: string | null;
  }
  /** Status columns of migration 0008. */
  interface OrdersTable {
    status: Generated<string>;
    fulfilled_at: ColumnType<number | null, number | null | undefined, number | null>;
    cancelled_at: ColumnType<number | null, number | null | undefined, number | null>;
  }
}

export interface OrderFilter {
  status?: OrderStatus;
  /** Epoch milliseconds: placed at or after. */
  placedFrom?: number;
  /** Epoch milliseconds: placed before. */
  placedBefore?: number;
  /** An order number, or part of the customer's email (case-insensitive). */
  search?: string;
  /** Default 50, at most 1000. */
  limit?: number;
  offset?: number;
  /**
   * Orders after this one in the list's order (created_at, then order number, both descending): keyset
   * pages that neither skip nor repeat an order placed meanwhile (the public API's cursor).
   */
  after?: { createdAt: number; orderNumber: number };
}

/** Stock to give back when an order is cancelled; the caller decides which lines took stock. */
export type RestockOf = (order: Order) => { variantId: string; quantity: number }[];

export type OrderStatusChange =
  | { outcome: 'changed'; order: Order }
  /** Nothing was written: the order is already fulfilled or cancelled (see order.status). */
  | { outcome: 'refused'; order: Order }
  | { outcome: 'not-found' };

/** An order line with a digital download, and its order. */
export interface OrderDownload {
  order: Order;
  item: OrderItem;
}

export interface OrderRepository {
  /**
   * Creates the order, takes the stock and marks the cart purchased in one transaction. Locks are
   * taken in one fixed order (cart, then variants by id, then the order-number counter) so
   * concurrent checkouts on PostgreSQL queue up instead of deadlocking.
   */
  place(websiteId: string, input: NewOrder): Promise<PlaceOrderResult>;
  findById(websiteId: string, orderId: string): Promise<Order | undefined>;
  findByCart(websiteId: string, cartId: string): Promise<Order | undefined>;
  /** The order with this number (what the shopper knows from the confirmation); unique per website. */
  findByNumber(websiteId: string, orderNumber: number): Promise<Order | undefined>;
  /**
   * The line whose `data.downloadToken` (stored with the line when the order was placed) is this token,
   * with its order; undefined for an unknown token or one of another website.
   */
  findDownload(websiteId: string, token: string): Promise<OrderDownload | undefined>;
  /** Newest first, with their lines (one query for all of them), and how many match in all. */
  list(websiteId: string, filter?: OrderFilter): Promise<{ orders: Order[]; total: number }>;
  /** open → fulfilled. */
  markFulfilled(websiteId: string, orderId: string, now?: number): Promise<OrderStatusChange>;
  /**
   * The payment arrived (a bank transfer for Vorkasse): `data.payment.status` becomes PAID with `paidAt`.
   * Refused for a cancelled order or one already paid.
   */
  markPaid(websiteId: string, orderId: string, now?: number): Promise<OrderStatusChange>;
  /**
   * open → cancelled, and the stock `restock` names goes back to its variants (unlimited or deleted
   * variants are left alone), all in one transaction. Cancelling twice gives the stock back once.
   */
  cancel(websiteId: string, orderId: string, restock: RestockOf, now?: number): Promise<OrderStatusChange>;
}

const DEFAULT_ORDER_PAGE = 50;
const MAX_ORDER_PAGE = 1000;

const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

class OutOfStock extends Error {
  constructor(readonly variantId: string) {
    super('out of stock');
  }
}

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

function toOrder(row: Selectable<OrdersTable>, items: Selectable<OrderItemsTable>[]): Order {
  const order: Order = {
    id: row.id,
    status: isOrderStatus(row.status) ? row.status : 'open',
    websiteId: row.website_id,
    orderNumber: Number(row.order_number),
    purchasedCartId: row.cart_id,
    testMode: fromFlag(row.test_mode),
    currency: row.currency,
    data: fromJson<Record<string, unknown>>(row.data, {}),
    subtotalMinor: Number(row.subtotal_minor),
    taxMinor: Number(row.tax_minor),
    shippingMinor: Number(row.shipping_minor),
    discountMinor: Number(row.discount_minor),
    grandTotalMinor: Number(row.grand_total_minor),
    createdAt: Number(row.created_at),
    items: items.map((i) => {
      const item: OrderItem = {
        id: i.id,
        itemId: i.item_id,
        sku: i.sku,
        productName: i.product_name,
        quantity: Number(i.quantity),
        unitPriceMinor: Number(i.unit_price_minor),
        data: fromJson<Record<string, unknown>>(i.data, {}),
      };
      if (i.variant_id !== null) item.variantId = i.variant_id;
      return item;
    }),
  };
  if (row.customer_email !== null) order.customerEmail = row.customer_email;
  if (row.fulfilled_at !== null && row.fulfilled_at !== undefined)
    order.fulfilledAt = Number(row.fulfilled_at);
  if (row.cancelled_at !== null && row.cancelled_at !== undefined)
    order.cancelledAt = Number(row.cancelled_at);
  return order;
}

/** The website's next order number, taken in the order's transaction (kept-queries.ts: every checkout's). */
const nextOrderNumber = keptQuery((db, websiteId: string) =>
  db
    .insertInto('website_sequences')
    .values({ website_id: websiteId, name: 'order_number', next_value: 1001 })
    .onConflict((oc) =>
      oc.columns(['website_id', 'name']).doUpdateSet({ next_value: sql`website_sequences.next_value + 1` }),
    )
    .returning('next_value'),
);

export function orderRepository(db: Kysely<Database>): OrderRepository {
  const load = async (
    from: Kysely<Database>,
    websiteId: string,
    column: 'id' | 'cart_id' | 'order_number',
    value: string | number,
  ) => {
    if (!isKey(websiteId) || (typeof value === 'string' && !isKey(value))) return undefined;
    const row = await from
      .selectFrom('orders')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return undefined;
    const items = await from
      .selectFrom('order_items')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('order_id', '=', row.id)
      .orderBy('position')
      .execute();
    return toOrder(row, items);
  };

  const place = async (websiteId: string, input: NewOrder): Promise<PlaceOrderResult> => {
    const orderId = newId();
    const now = Date.now();
    // Same variant twice (two entries with different form answers) is one decrement.
    const wanted = new Map<string, number>();
    for (const s of input.stock) wanted.set(s.variantId, (wanted.get(s.variantId) ?? 0) + s.quantity);
    const variantIds = [...wanted.keys()].sort();

    const result = await atomically(db, async (tx): Promise<PlaceOrderResult> => {
      // Claiming the cart first also serialises two submits of the same cart.
      const claimed = await tx
        .updateTable('carts')
        .set({ is_purchased: 1, order_id: orderId, updated_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', input.cartId)
        .where('is_purchased', '=', 0)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) {
        const order = await load(tx, websiteId, 'cart_id', input.cartId);
        return order ? { outcome: 'already-placed', order } : { outcome: 'cart-missing' };
      }
      for (const variantId of variantIds) {
        const quantity = wanted.get(variantId)!;
        const taken = await tx
          .updateTable('product_variants')
          .set({ qty_in_stock: sql`qty_in_stock - ${quantity}` })
          .where('website_id', '=', websiteId)
          .where('id', '=', variantId)
          .where('unlimited', '=', 0)
          .where('qty_in_stock', '>=', quantity)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) > 0) continue;
        const variant = await tx
          .selectFrom('product_variants')
          .select('unlimited')
          .where('website_id', '=', websiteId)
          .where('id', '=', variantId)
          .executeTakeFirst();
        if (!variant || !fromFlag(variant.unlimited)) throw new OutOfStock(variantId);
      }
      const [counter] = (await tx.executeQuery(nextOrderNumber(tx, websiteId))).rows as {
        next_value: number;
      }[];
      if (!counter) throw new Error('no order number');
      const orderRow = {
        website_id: websiteId,
        id: orderId,
        order_number: Number(counter.next_value),
        cart_id: input.cartId,
        test_mode: toFlag(input.testMode),
        currency: input.currency,
        customer_email: input.customerEmail,
        data: toJson(input.data),
        subtotal_minor: input.subtotalMinor,
        tax_minor: input.taxMinor,
        shipping_minor: input.shippingMinor,
        discount_minor: input.discountMinor,
        grand_total_minor: input.grandTotalMinor,
        created_at: now,
      };
      await insertRows(tx, 'orders', [orderRow]);
      const itemRows = input.items.map((item, position) => ({
        website_id: websiteId,
        id: newId(now),
        order_id: orderId,
        item_id: item.itemId,
        variant_id: item.variantId ?? null,
        sku: item.sku,
        product_name: item.productName,
        quantity: item.quantity,
        unit_price_minor: item.unitPriceMinor,
        data: toJson(item.data),
        download_token: isKey(item.data.downloadToken) ? item.data.downloadToken : null,
        position,
      }));
      await insertRows(tx, 'order_items', itemRows);
      // The order as just written (a new order is 'open', not fulfilled, not cancelled: the columns'
      // defaults), without reading back the two rows inside the write lock.
      return {
        outcome: 'placed',
        order: toOrder(
          { ...orderRow, status: 'open', fulfilled_at: null, cancelled_at: null },
          itemRows.map((row) => ({ ...row, download_count: 0 })),
        ),
      };
    });
    return result;
  };

  return {
    async place(websiteId, input) {
      try {
        return await place(websiteId, input);
      } catch (error) {
        if (error instanceof OutOfStock) return { outcome: 'out-of-stock', variantId: error.variantId };
        // A concurrent submit of the same cart won the unique (website, cart) order: answer with its order.
        if (isUniqueViolation(error)) {
          const order = await load(db, websiteId, 'cart_id', input.cartId);
          if (order) return { outcome: 'already-placed', order };
        }
        throw error;
      }
    },
    findById: (websiteId, orderId) => load(db, websiteId, 'id', orderId),
    async findDownload(websiteId, token) {
      if (!isKey(websiteId) || !isKey(token)) return undefined;
      const line = await db
        .selectFrom('order_items')
        .select(['id', 'order_id'])
        .where('website_id', '=', websiteId)
        .where('download_token', '=', token)
        .executeTakeFirst();
      const order = line ? await load(db, websiteId, 'id', line.order_id) : undefined;
      const item = order?.items.find((i) => i.id === line?.id);
      return order && item ? { order, item } : undefined;
    },
    findByCart: (websiteId, cartId) => load(db, websiteId, 'cart_id', cartId),
    findByNumber: (websiteId, orderNumber) =>
      Number.isSafeInteger(orderNumber) && orderNumber > 0
        ? load(db, websiteId, 'order_number', orderNumber)
        : Promise.resolve(undefined),

    async list(websiteId, filter = {}) {
      if (!isKey(websiteId)) return { orders: [], total: 0 };
      const limit = Math.min(
        Math.max(Number.isFinite(filter.limit) ? Math.trunc(filter.limit!) : DEFAULT_ORDER_PAGE, 0),
        MAX_ORDER_PAGE,
      );
      const offset = Math.max(Number.isFinite(filter.offset) ? Math.trunc(filter.offset!) : 0, 0);
      const search = String(filter.search ?? '')
        .trim()
        .replace(/^#/, '');
      const orderNumber = /^\d{1,15}$/.test(search) ? Number(search) : undefined;
      const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const base = db
        .selectFrom('orders')
        .where('website_id', '=', websiteId)
        .$if(isOrderStatus(filter.status), (qb) => qb.where('status', '=', filter.status!))
        .$if(Number.isFinite(filter.placedFrom), (qb) => qb.where('created_at', '>=', filter.placedFrom!))
        .$if(Number.isFinite(filter.placedBefore), (qb) => qb.where('created_at', '<', filter.placedBefore!))
        .$if(filter.after !== undefined, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('created_at', '<', filter.after!.createdAt),
              eb.and([
                eb('created_at', '=', filter.after!.createdAt),
                eb('order_number', '<', filter.after!.orderNumber),
              ]),
            ]),
          ),
        )
        .$if(search !== '', (qb) =>
          qb.where((eb) =>
            eb.or([
              sql<boolean>`lower(customer_email) like ${pattern} escape '\\'`,
              ...(orderNumber !== undefined ? [eb('order_number', '=', orderNumber)] : []),
            ]),
          ),
        );
      const [counted, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        limit === 0
          ? Promise.resolve([])
          : base
              .selectAll()
              .orderBy('created_at', 'desc')
              .orderBy('order_number', 'desc')
              .limit(limit)
              .offset(offset)
              .execute(),
      ]);
      const lines =
        rows.length === 0
          ? []
          : await db
              .selectFrom('order_items')
              .selectAll()
              .where('website_id', '=', websiteId)
              .where(
                'order_id',
                'in',
                rows.map((r) => r.id),
              )
              .orderBy('order_id')
              .orderBy('position')
              .execute();
      const linesByOrder = new Map<string, Selectable<OrderItemsTable>[]>();
      for (const line of lines) {
        const list = linesByOrder.get(line.order_id) ?? [];
        list.push(line);
        linesByOrder.set(line.order_id, list);
      }
      return {
        orders: rows.map((row) => toOrder(row, linesByOrder.get(row.id) ?? [])),
        total: Number(counted?.n ?? 0),
      };
    },

    async markFulfilled(websiteId, orderId, now = Date.now()) {
      if (!isKey(websiteId) || !isKey(orderId)) return { outcome: 'not-found' };
      return atomically(db, async (tx): Promise<OrderStatusChange> => {
        const changed = await tx
          .updateTable('orders')
          .set({ status: 'fulfilled', fulfilled_at: now })
          .where('website_id', '=', websiteId)
          .where('id', '=', orderId)
          .where('status', '=', 'open')
          .executeTakeFirst();
        const order = await load(tx, websiteId, 'id', orderId);
        if (!order) return { outcome: 'not-found' };
        return { outcome: Number(changed.numUpdatedRows) > 0 ? 'changed' : 'refused', order };
      });
    },

    async markPaid(websiteId, orderId, now = Date.now()) {
      if (!isKey(websiteId) || !isKey(orderId)) return { outcome: 'not-found' };
      return atomically(db, async (tx): Promise<OrderStatusChange> => {
        // The no-op UPDATE takes the row lock first, so two clicks at once mark the order paid once.
        await tx
          .updateTable('orders')
          .set({ status: sql<string>`status` })
          .where('website_id', '=', websiteId)
          .where('id', '=', orderId)
          .execute();
        const order = await load(tx, websiteId, 'id', orderId);
        if (!order) return { outcome: 'not-found' };
        const payment = (order.data.payment ?? {}) as Record<string, unknown>;
        if (order.status === 'cancelled' || payment.status === 'PAID') return { outcome: 'refused', order };
        const data = { ...order.data, payment: { ...payment, status: 'PAID', paidAt: now } };
        await tx
          .updateTable('orders')
          .set({ data: toJson(data) })
          .where('website_id', '=', websiteId)
          .where('id', '=', orderId)
          .execute();
        return { outcome: 'changed', order: { ...order, data } };
      });
    },

    async cancel(websiteId, orderId, restock, now = Date.now()) {
      if (!isKey(websiteId) || !isKey(orderId)) return { outcome: 'not-found' };
      return atomically(db, async (tx): Promise<OrderStatusChange> => {
        // The conditional UPDATE is the lock: of two cancels at once, one changes the row, the other waits
        // and then finds it cancelled, so stock comes back once.
        const changed = await tx
          .updateTable('orders')
          .set({ status: 'cancelled', cancelled_at: now })
          .where('website_id', '=', websiteId)
          .where('id', '=', orderId)
          .where('status', '=', 'open')
          .executeTakeFirst();
        const order = await load(tx, websiteId, 'id', orderId);
        if (!order) return { outcome: 'not-found' };
        if (Number(changed.numUpdatedRows) === 0) return { outcome: 'refused', order };
        const back = new Map<string, number>();
        for (const { variantId, quantity } of restock(order)) {
          if (!isKey(variantId) || !Number.isSafeInteger(quantity) || quantity <= 0) continue;
          back.set(variantId, (back.get(variantId) ?? 0) + quantity);
        }
        // Variants in id order, as checkout locks them, so a cancel and a checkout never deadlock.
        for (const variantId of [...back.keys()].sort()) {
          await tx
            .updateTable('product_variants')
            .set({ qty_in_stock: sql`qty_in_stock + ${back.get(variantId)!}` })
            .where('website_id', '=', websiteId)
            .where('id', '=', variantId)
            .where('unlimited', '=', 0)
            .execute();
        }
        return { outcome: 'changed', order };
      });
    },
  };
}
