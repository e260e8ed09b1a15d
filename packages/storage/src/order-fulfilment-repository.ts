import { type Kysely, type Selectable, sql } from 'kysely';
import { newId } from './ids.js';
import { fromFlag, fromJson, toFlag, toJson } from './json-column.js';
import type { Database } from './schema.js';

/*
 * What left the shop and what came back (migration 0034): shipments with carrier and tracking number, and
 * returns with their lines, reason, withdrawal and refund. The rules (how much may still be shipped or
 * returned) live in commerce; a service asks them between `lockOrder` and the insert, all in one
 * transaction, so two owners shipping the same order at once cannot send a line twice.
 */

export interface OrderShipmentsTable {
  website_id: string;
  id: string;
  order_id: string;
  carrier: string;
  tracking_number: string | null;
  lines: string;
  shipped_at: number;
}

export interface OrderReturnsTable {
  website_id: string;
  id: string;
  order_id: string;
  lines: string;
  withdrawal_id: string | null;
  restocked: number;
  refund_id: string | null;
  note: string | null;
  created_at: number;
}

declare module './schema.js' {
  interface Database {
    order_shipments: OrderShipmentsTable;
    order_returns: OrderReturnsTable;
  }
}

export interface ShipmentLine {
  orderItemId: string;
  quantity: number;
}

export interface Shipment {
  id: string;
  orderId: string;
  carrier: string;
  trackingNumber?: string;
  lines: ShipmentLine[];
  shippedAt: number;
}

export interface NewShipment {
  orderId: string;
  carrier: string;
  trackingNumber?: string;
  lines: ShipmentLine[];
}

export interface ReturnLine {
  orderItemId: string;
  quantity: number;
  reason: string;
}

export interface OrderReturn {
  id: string;
  orderId: string;
  lines: ReturnLine[];
  withdrawalId?: string;
  restocked: boolean;
  refundId?: string;
  note?: string;
  createdAt: number;
}

export interface NewOrderReturn {
  orderId: string;
  lines: ReturnLine[];
  withdrawalId?: string;
  restocked: boolean;
  note?: string;
}

export interface OrderFulfilmentRepository {
  /**
   * Takes the order's row lock (PostgreSQL) inside the caller's transaction; a second shipment or return
   * of the same order waits here until the first commits. False when the order does not exist.
   */
  lockOrder(websiteId: string, orderId: string): Promise<boolean>;
  addShipment(websiteId: string, input: NewShipment, now?: number): Promise<Shipment>;
  /** Oldest first. */
  shipmentsOf(websiteId: string, orderId: string): Promise<Shipment[]>;
  /** Shipments of many orders in one query (the order list, the customer's account page). */
  shipmentsOfOrders(websiteId: string, orderIds: readonly string[]): Promise<Map<string, Shipment[]>>;
  addReturn(websiteId: string, input: NewOrderReturn, now?: number): Promise<OrderReturn>;
  /** Links the refund the return led to. */
  setReturnRefund(websiteId: string, returnId: string, refundId: string): Promise<void>;
  /** Oldest first. */
  returnsOf(websiteId: string, orderId: string): Promise<OrderReturn[]>;
}

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

const toShipment = (row: Selectable<OrderShipmentsTable>): Shipment => ({
  id: row.id,
  orderId: row.order_id,
  carrier: row.carrier,
  ...(row.tracking_number ? { trackingNumber: row.tracking_number } : {}),
  lines: fromJson<ShipmentLine[]>(row.lines, []),
  shippedAt: Number(row.shipped_at),
});

const toReturn = (row: Selectable<OrderReturnsTable>): OrderReturn => ({
  id: row.id,
  orderId: row.order_id,
  lines: fromJson<ReturnLine[]>(row.lines, []),
  ...(row.withdrawal_id ? { withdrawalId: row.withdrawal_id } : {}),
  restocked: fromFlag(row.restocked),
  ...(row.refund_id ? { refundId: row.refund_id } : {}),
  ...(row.note ? { note: row.note } : {}),
  createdAt: Number(row.created_at),
});

export function orderFulfilmentRepository(db: Kysely<Database>): OrderFulfilmentRepository {
  return {
    async lockOrder(websiteId, orderId) {
      if (!isKey(websiteId) || !isKey(orderId)) return false;
      // A no-op UPDATE takes the row lock on PostgreSQL; SQLite has one writer anyway.
      const locked = await db
        .updateTable('orders')
        .set({ status: sql<string>`status` })
        .where('website_id', '=', websiteId)
        .where('id', '=', orderId)
        .executeTakeFirst();
      return Number(locked.numUpdatedRows) > 0;
    },

    async addShipment(websiteId, input, now = Date.now()) {
      const row = {
        website_id: websiteId,
        id: newId(now),
        order_id: input.orderId,
        carrier: input.carrier,
        tracking_number: input.trackingNumber || null,
        lines: toJson(input.lines),
        shipped_at: now,
      };
      await db.insertInto('order_shipments').values(row).execute();
      return toShipment(row);
    },

    async shipmentsOf(websiteId, orderId) {
      if (!isKey(websiteId) || !isKey(orderId)) return [];
      const rows = await db
        .selectFrom('order_shipments')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('shipped_at')
        .orderBy('id')
        .execute();
      return rows.map(toShipment);
    },

    async shipmentsOfOrders(websiteId, orderIds) {
      const byOrder = new Map<string, Shipment[]>();
      const ids = [...new Set(orderIds.filter(isKey))];
      if (!isKey(websiteId) || ids.length === 0) return byOrder;
      const rows = await db
        .selectFrom('order_shipments')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', 'in', ids)
        .orderBy('shipped_at')
        .orderBy('id')
        .execute();
      for (const row of rows) {
        const list = byOrder.get(row.order_id) ?? [];
        list.push(toShipment(row));
        byOrder.set(row.order_id, list);
      }
      return byOrder;
    },

    async addReturn(websiteId, input, now = Date.now()) {
      const row = {
        website_id: websiteId,
        id: newId(now),
        order_id: input.orderId,
        lines: toJson(input.lines),
        withdrawal_id: input.withdrawalId ?? null,
        restocked: toFlag(input.restocked),
        refund_id: null,
        note: input.note || null,
        created_at: now,
      };
      await db.insertInto('order_returns').values(row).execute();
      return toReturn(row);
    },

    async setReturnRefund(websiteId, returnId, refundId) {
      await db
        .updateTable('order_returns')
        .set({ refund_id: refundId })
        .where('website_id', '=', websiteId)
        .where('id', '=', returnId)
        .execute();
    },

    async returnsOf(websiteId, orderId) {
      if (!isKey(websiteId) || !isKey(orderId)) return [];
      const rows = await db
        .selectFrom('order_returns')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toReturn);
    },
  };
}
