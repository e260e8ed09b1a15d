import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { compiledInsert, insertRows, keptQuery } from './kept-queries.js';
import { kyselyOf, type Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

// The checkout's inserts keep their SQL text per shape (kept-queries.ts): what lands in the table must be
// what Kysely's own insert would have written, for every row after the first of a shape too.
withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Einfügen', hostnames: ['einfuegen.test'] })).id;
  });

  const deadline = (orderId: string, dueAt: number, kind = 'reservation') => ({
    website_id: websiteId,
    order_id: orderId,
    kind,
    due_at: dueAt,
    lease_until: null,
    claim_token: null,
    created_at: 1,
  });
  const stored = () =>
    kyselyOf(storage)
      .selectFrom('payment_deadlines')
      .select(['order_id', 'kind', 'due_at', 'lease_until'])
      .where('website_id', '=', websiteId)
      .orderBy('order_id')
      .execute();

  it('rows of one shape, one after another and several at once, each land with their own values', async () => {
    const k = kyselyOf(storage);
    await insertRows(k, 'payment_deadlines', [deadline('b-1', 100)]);
    await insertRows(k, 'payment_deadlines', [deadline('b-2', 200, 'bank-transfer')]);
    await insertRows(k, 'payment_deadlines', [deadline('b-3', 300), deadline('b-4', 400)]);
    await insertRows(k, 'payment_deadlines', [deadline('b-5', 500), deadline('b-6', 600)]);
    // Another shape: a lease instead of null.
    await insertRows(k, 'payment_deadlines', [{ ...deadline('b-7', 700), lease_until: 9 }]);
    expect(await stored()).toEqual([
      { order_id: 'b-1', kind: 'reservation', due_at: 100, lease_until: null },
      { order_id: 'b-2', kind: 'bank-transfer', due_at: 200, lease_until: null },
      { order_id: 'b-3', kind: 'reservation', due_at: 300, lease_until: null },
      { order_id: 'b-4', kind: 'reservation', due_at: 400, lease_until: null },
      { order_id: 'b-5', kind: 'reservation', due_at: 500, lease_until: null },
      { order_id: 'b-6', kind: 'reservation', due_at: 600, lease_until: null },
      { order_id: 'b-7', kind: 'reservation', due_at: 700, lease_until: 9 },
    ]);
  });

  it('skips a row that is already there when asked to, inside a transaction too', async () => {
    const k = kyselyOf(storage);
    const conflict = ['website_id', 'order_id'];
    await insertRows(k, 'payment_deadlines', [deadline('c-1', 100)], conflict);
    await insertRows(k, 'payment_deadlines', [deadline('c-1', 999)], conflict);
    await storage.transaction(async (tx) => {
      await insertRows(kyselyOf(tx), 'payment_deadlines', [deadline('c-1', 555)], conflict);
      await insertRows(kyselyOf(tx), 'payment_deadlines', [deadline('c-2', 200)], conflict);
    });
    const rows = (await stored()).filter((r) => r.order_id.startsWith('c-'));
    expect(rows.map((r) => [r.order_id, r.due_at])).toEqual([
      ['c-1', 100],
      ['c-2', 200],
    ]);
    // Without the skip the same row is refused by the primary key.
    await expect(insertRows(k, 'payment_deadlines', [deadline('c-2', 1)])).rejects.toThrow();
  });

  it('rows of different columns, or with undefined values, are written as Kysely writes them', async () => {
    const k = kyselyOf(storage);
    const { lease_until: _, ...withoutLease } = deadline('d-1', 100);
    await insertRows(k, 'payment_deadlines', [withoutLease, deadline('d-2', 200)]);
    await insertRows(k, 'payment_deadlines', [{ ...deadline('d-3', 300), lease_until: undefined }]);
    const rows = (await stored()).filter((r) => r.order_id.startsWith('d-'));
    expect(rows).toEqual([
      { order_id: 'd-1', kind: 'reservation', due_at: 100, lease_until: null },
      { order_id: 'd-2', kind: 'reservation', due_at: 200, lease_until: null },
      { order_id: 'd-3', kind: 'reservation', due_at: 300, lease_until: null },
    ]);
  });

  it('a kept read answers each call with the rows of its own values', async () => {
    const k = kyselyOf(storage);
    await insertRows(k, 'payment_deadlines', [deadline('r-1', 10), deadline('r-2', 20), deadline('r-3', 30)]);
    const dueBetween = keptQuery((db, from: number, to: number) =>
      db
        .selectFrom('payment_deadlines')
        .select('order_id')
        .where('website_id', '=', websiteId)
        .where('due_at', '>=', from)
        .where('due_at', '<=', to)
        .where('order_id', 'like', 'r-%')
        .orderBy('order_id'),
    );
    const ids = async (from: number, to: number) =>
      ((await k.executeQuery(dueBetween(k, from, to))).rows as { order_id: string }[]).map((r) => r.order_id);
    expect(await ids(10, 20)).toEqual(['r-1', 'r-2']);
    expect(await ids(20, 30)).toEqual(['r-2', 'r-3']);
    expect(await ids(31, 99)).toEqual([]);
    // In a transaction: the same text, the transaction's connection.
    await storage.transaction(async (tx) => {
      const t = kyselyOf(tx);
      const rows = (await t.executeQuery(dueBetween(t, 30, 30))).rows as { order_id: string }[];
      expect(rows.map((r) => r.order_id)).toEqual(['r-3']);
    });
  });

  it('a read that uses its value as more than a parameter is compiled every time, still right', async () => {
    const k = kyselyOf(storage);
    // The value becomes part of the SQL text (a literal), so no text can be kept for all values.
    const literal = keptQuery((db, kind: string) =>
      db
        .selectFrom('payment_deadlines')
        .select('order_id')
        .where('website_id', '=', websiteId)
        .where('kind', '=', sql.lit(kind))
        .where('order_id', 'like', 'b-%')
        .orderBy('order_id'),
    );
    const ids = async (kind: string) =>
      ((await k.executeQuery(literal(k, kind))).rows as { order_id: string }[]).map((r) => r.order_id);
    expect(await ids('bank-transfer')).toEqual(['b-2']);
    expect(await ids('reservation')).toEqual(['b-1', 'b-3', 'b-4', 'b-5', 'b-6', 'b-7']);
  });

  it('a kept write of a table that raises no version does its work each time', async () => {
    const k = kyselyOf(storage);
    const drop = keptQuery((db, orderId: string) =>
      db.deleteFrom('payment_deadlines').where('website_id', '=', websiteId).where('order_id', '=', orderId),
    );
    await k.executeQuery(drop(k, 'r-1'));
    await k.executeQuery(drop(k, 'r-2'));
    expect((await stored()).map((r) => r.order_id).filter((id) => id.startsWith('r-'))).toEqual(['r-3']);
  });

  it('refuses writes that must raise a version: pages, website objects, remembered carts', () => {
    const k = kyselyOf(storage);
    // A page (content version), a webhook subscription (kept with the website object), a cart (add-to-cart's
    // remembered carts): their writes must pass Kysely's plugin.
    expect(() => compiledInsert(k, 'collections', [{ website_id: websiteId } as never])).toThrow(
      /collections/,
    );
    expect(() => compiledInsert(k, 'webhook_subscriptions', [{ website_id: websiteId } as never])).toThrow(
      /webhook_subscriptions/,
    );
    const claim = keptQuery((db, id: string) =>
      db.updateTable('carts').set({ is_purchased: 1 }).where('id', '=', id),
    );
    expect(() => claim(k, 'x')).toThrow(/version/);
    const rename = keptQuery((db, id: string) =>
      db.updateTable('collections').set({ title: 'Neu' }).where('id', '=', id),
    );
    expect(() => rename(k, 'x')).toThrow(/version/);
  });
});
