import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { onPages } from './content-changes.js';
import type { Database } from './schema.js';

/*
 * INSERTs of plain rows with their SQL text kept. Kysely builds and compiles every query anew: for an insert
 * of an order, its lines or a mail some 25 µs of a checkout's CPU each, at five inserts per checkout
 * (bench/cart/profile-checkout.mjs). Here Kysely compiles the first insert of each shape (table, columns,
 * number of rows) on each database kind, and the rows after it only fill in their values.
 *
 * Only for tables no public page shows: the kept text runs as a raw statement, which Kysely's plugins do not
 * look at, so it raises no content version (content-changes.ts); `compiledInsert` refuses other tables.
 */

type TableName = keyof Database & string;

/** SQL texts by shape, per Kysely adapter (one per database kind; transactions share their database's). */
const textsByAdapter = new WeakMap<object, Map<string, string | null>>();

/** A value Kysely would turn into SQL of its own (an expression or a builder callback), not a parameter. */
const isExpression = (value: unknown) =>
  typeof value === 'function' ||
  (typeof value === 'object' && value !== null && 'toOperationNode' in (value as object));

/**
 * The INSERT of `rows` into `table` as Kysely would compile it, from the kept text of its shape. Rows of
 * different columns, or with an expression among their values, are compiled by Kysely as they are.
 * `skipConflictOn`: ON CONFLICT (these columns) DO NOTHING.
 */
export function compiledInsert<T extends TableName>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  skipConflictOn?: readonly string[],
): CompiledQuery {
  if (onPages(table)) throw new Error(`compiledInsert: ${table} shows on pages; insert it through Kysely`);
  const first = rows[0] as Record<string, unknown> | undefined;
  const viaKysely = () => {
    const insert = db.insertInto(table).values(rows as never);
    return (
      skipConflictOn ? insert.onConflict((c) => c.columns(skipConflictOn as never).doNothing()) : insert
    ).compile();
  };
  if (!first) return viaKysely();
  // Kysely leaves out a column whose value is undefined.
  const columns = Object.keys(first).filter((column) => first[column] !== undefined);
  const parameters: unknown[] = [];
  for (const row of rows as readonly Record<string, unknown>[]) {
    let defined = 0;
    for (const key in row) if (row[key] !== undefined) defined++;
    if (defined !== columns.length) return viaKysely();
    for (const column of columns) {
      const value = row[column];
      if (value === undefined || isExpression(value)) return viaKysely();
      parameters.push(value);
    }
  }
  const adapter = db.getExecutor().adapter;
  let texts = textsByAdapter.get(adapter);
  if (!texts) {
    texts = new Map();
    textsByAdapter.set(adapter, texts);
  }
  const shape = `${table}|${rows.length}|${columns.join(',')}|${skipConflictOn?.join(',') ?? ''}`;
  const text = texts.get(shape);
  if (text === undefined) {
    const compiled = viaKysely();
    // Kept only when Kysely's own parameters are these values in this order; else this shape always goes
    // through Kysely.
    const same =
      compiled.parameters.length === parameters.length &&
      compiled.parameters.every((value, i) => value === parameters[i]);
    if (texts.size < 500) texts.set(shape, same ? compiled.sql : null);
    return compiled;
  }
  if (text === null) return viaKysely();
  return CompiledQuery.raw(text, parameters);
}

/** Runs `compiledInsert` on `db` (a transaction's or the storage's). */
export async function insertRows<T extends TableName>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  skipConflictOn?: readonly string[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.executeQuery(compiledInsert(db, table, rows, skipConflictOn));
}
