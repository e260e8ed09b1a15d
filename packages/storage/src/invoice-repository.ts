import { type Kysely, type Selectable, sql } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';

/*
 * Invoices and cancellation invoices (migration 0030). A number is taken from the website's counter
 * 'invoice_number' with one INSERT … ON CONFLICT DO UPDATE … RETURNING inside the caller's transaction:
 * on PostgreSQL the counter row stays locked until that transaction ends, so concurrent issues queue up and
 * a rolled-back one gives its number back; SQLite has a single writer. Numbers are therefore 1, 2, 3 …
 * per website without gaps or duplicates (§ 14 Abs. 4 Nr. 4 UStG). An issued invoice is never updated.
 */

export interface InvoicesTable {
  website_id: string;
  id: string;
  number: number;
  order_id: string;
  kind: string;
  cancels_number: number | null;
  /** The refund a correcting invoice belongs to (migration 0041); null otherwise. */
  refund_id: string | null;
  issued_at: number;
  data: string;
}

declare module './schema.js' {
  interface Database {
    invoices: InvoicesTable;
  }
}

/** 'correction': the correcting invoice of a partial refund (§ 17 UStG), one per refund. */
export type InvoiceKind = 'invoice' | 'cancellation' | 'correction';

export interface StoredInvoice<T = Record<string, unknown>> {
  id: string;
  websiteId: string;
  number: number;
  orderId: string;
  kind: InvoiceKind;
  /** A cancellation names the invoice it cancels. */
  cancelsNumber?: number;
  /** A correction names the refund it documents. */
  refundId?: string;
  issuedAt: number;
  /** The invoice as issued: everything its PDF shows. */
  data: T;
}

export interface IssueInvoice<T> {
  orderId: string;
  kind: InvoiceKind;
  cancelsNumber?: number;
  /** Required for a correction: one correction per refund. */
  refundId?: string;
  /** Builds the frozen data once the number and date are known. */
  build: (number: number, issuedAt: number) => T;
}

export interface InvoiceRepository {
  /**
   * Issues the order's invoice (or cancellation) with the next number, or answers with the one issued
   * before: one invoice and one cancellation per order, one correction per refund. Call it inside the transaction that makes the order paid (or
   * cancels it), so the number and the state change commit together or not at all.
   */
  issue<T extends Record<string, unknown>>(
    websiteId: string,
    input: IssueInvoice<T>,
    now?: number,
  ): Promise<{ invoice: StoredInvoice<T>; issued: boolean }>;
  forOrder(websiteId: string, orderId: string): Promise<StoredInvoice[]>;
  findByNumber(websiteId: string, number: number): Promise<StoredInvoice | undefined>;
  /** Every invoice of the website, newest first (the editor's list). */
  list(websiteId: string, limit?: number): Promise<StoredInvoice[]>;
}

const toInvoice = (row: Selectable<InvoicesTable>): StoredInvoice => {
  const invoice: StoredInvoice = {
    id: row.id,
    websiteId: row.website_id,
    number: Number(row.number),
    orderId: row.order_id,
    kind: row.kind === 'cancellation' || row.kind === 'correction' ? row.kind : 'invoice',
    issuedAt: Number(row.issued_at),
    data: fromJson<Record<string, unknown>>(row.data, {}),
  };
  if (row.cancels_number !== null) invoice.cancelsNumber = Number(row.cancels_number);
  if (row.refund_id) invoice.refundId = row.refund_id;
  return invoice;
};

export function invoiceRepository(db: Kysely<Database>): InvoiceRepository {
  const find = (from: Kysely<Database>, websiteId: string, input: IssueInvoice<unknown>) =>
    input.kind === 'correction'
      ? from
          .selectFrom('invoices')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('refund_id', '=', input.refundId ?? '')
          .executeTakeFirst()
      : from
          .selectFrom('invoices')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('order_id', '=', input.orderId)
          .where('kind', '=', input.kind)
          .executeTakeFirst();

  return {
    async issue(websiteId, input, now = Date.now()) {
      return atomically(db, async (tx) => {
        if (input.kind === 'correction' && !input.refundId) throw new Error('a correction needs its refund');
        const existing = await find(tx, websiteId, input);
        if (existing) return { invoice: toInvoice(existing) as StoredInvoice<never>, issued: false };
        const counter = await tx
          .insertInto('website_sequences')
          .values({ website_id: websiteId, name: 'invoice_number', next_value: 1 })
          .onConflict((oc) =>
            oc
              .columns(['website_id', 'name'])
              .doUpdateSet({ next_value: sql`website_sequences.next_value + 1` }),
          )
          .returning('next_value')
          .executeTakeFirstOrThrow();
        const number = Number(counter.next_value);
        const data = input.build(number, now);
        const row: InvoicesTable = {
          website_id: websiteId,
          id: newId(now),
          number,
          order_id: input.orderId,
          kind: input.kind,
          cancels_number: input.cancelsNumber ?? null,
          refund_id: input.kind === 'correction' ? (input.refundId ?? null) : null,
          issued_at: now,
          data: toJson(data),
        };
        await tx.insertInto('invoices').values(row).execute();
        return { invoice: toInvoice(row) as StoredInvoice<typeof data>, issued: true };
      });
    },
    async forOrder(websiteId, orderId) {
      const rows = await db
        .selectFrom('invoices')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('number')
        .execute();
      return rows.map(toInvoice);
    },
    async findByNumber(websiteId, number) {
      if (!Number.isSafeInteger(number) || number <= 0) return undefined;
      const row = await db
        .selectFrom('invoices')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('number', '=', number)
        .executeTakeFirst();
      return row ? toInvoice(row) : undefined;
    },
    async list(websiteId, limit = 200) {
      const rows = await db
        .selectFrom('invoices')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('number', 'desc')
        .limit(Math.min(Math.max(1, limit), 1000))
        .execute();
      return rows.map(toInvoice);
    },
  };
}
