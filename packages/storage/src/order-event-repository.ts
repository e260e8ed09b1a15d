import type { Kysely, Selectable } from 'kysely';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';

/*
 * An order's timeline for the owner (migration 0034). Services add an event in the transaction of the
 * change it tells about (paid, shipped, withdrawn, refunded, returned, cancelled), so it commits with the
 * change or not at all; notes are the owner's own words. "Placed" is the order row itself (created_at)
 * and is not written twice.
 */

export interface OrderEventsTable {
  website_id: string;
  id: string;
  order_id: string;
  kind: string;
  data: string;
  created_at: number;
}

declare module './schema.js' {
  interface Database {
    order_events: OrderEventsTable;
  }
}

export type OrderEventKind =
  | 'paid'
  | 'shipped'
  | 'withdrawn'
  | 'refunded'
  | 'returned'
  | 'cancelled'
  | 'note';

export interface OrderEvent {
  id: string;
  orderId: string;
  kind: OrderEventKind;
  /** What the event needs to be told: the note's text, the carrier, the amount in minor units … */
  data: Record<string, unknown>;
  createdAt: number;
}

export interface OrderEventRepository {
  add(
    websiteId: string,
    event: { orderId: string; kind: OrderEventKind; data?: Record<string, unknown> },
    now?: number,
  ): Promise<OrderEvent>;
  /** Oldest first. */
  ofOrder(websiteId: string, orderId: string): Promise<OrderEvent[]>;
}

const toEvent = (row: Selectable<OrderEventsTable>): OrderEvent => ({
  id: row.id,
  orderId: row.order_id,
  kind: row.kind as OrderEventKind,
  data: fromJson<Record<string, unknown>>(row.data, {}),
  createdAt: Number(row.created_at),
});

export function orderEventRepository(db: Kysely<Database>): OrderEventRepository {
  return {
    async add(websiteId, event, now = Date.now()) {
      const row = {
        website_id: websiteId,
        id: newId(now),
        order_id: event.orderId,
        kind: event.kind,
        data: toJson(event.data ?? {}),
        created_at: now,
      };
      await db.insertInto('order_events').values(row).execute();
      return toEvent(row);
    },
    async ofOrder(websiteId, orderId) {
      if (!websiteId || !orderId) return [];
      const rows = await db
        .selectFrom('order_events')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toEvent);
    },
  };
}
