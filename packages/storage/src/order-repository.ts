import { type Kysely, type Selectable, sql } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromFlag, fromJson, toFlag, toJson } from './json-column.js';
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

export interface Order extends OrderTotals {
  id: string;
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

export interface OrderRepository {
  /**
   * Creates the order, takes the stock and marks the cart purchased in one transaction. Locks are
   * taken in one fixed order (cart, then variants by id, then the order-number counter) so
   * concurrent checkouts on PostgreSQL queue up instead of deadlocking.
   */
  place(websiteId: string, input: NewOrder): Promise<PlaceOrderResult>;
  findById(websiteId: string, orderId: string): Promise<Order | undefined>;
  findByCart(websiteId: string, cartId: string): Promise<Order | undefined>;
}

class OutOfStock extends Error {
  constructor(readonly variantId: string) {
    super('out of stock');
  }
}

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

function toOrder(row: Selectable<OrdersTable>, items: Selectable<OrderItemsTable>[]): Order {
  const order: Order = {
    id: row.id,
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
  return order;
}

export function orderRepository(db: Kysely<Database>): OrderRepository {
  const load = async (from: Kysely<Database>, websiteId: string, column: 'id' | 'cart_id', value: string) => {
    if (!isKey(websiteId) || !isKey(value)) return undefined;
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
      const counter = await tx
        .insertInto('website_sequences')
        .values({ website_id: websiteId, name: 'order_number', next_value: 1001 })
        .onConflict((oc) =>
          oc
            .columns(['website_id', 'name'])
            .doUpdateSet({ next_value: sql`website_sequences.next_value + 1` }),
        )
        .returning('next_value')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('orders')
        .values({
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
        })
        .execute();
      if (input.items.length > 0) {
        await tx
          .insertInto('order_items')
          .values(
            input.items.map((item, position) => ({
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
              position,
            })),
          )
          .execute();
      }
      return { outcome: 'placed', order: (await load(tx, websiteId, 'id', orderId))! };
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
    findByCart: (websiteId, cartId) => load(db, websiteId, 'cart_id', cartId),
  };
}
