import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { raisesNoVersion, tableWritten } from './content-changes.js';
import type { Database } from './schema.js';

/*
 * The checkout's statements with their SQL text kept. Kysely builds and compiles every query anew: for an
 * insert of an order, its lines or a mail some 25 µs of a checkout's CPU each, at five inserts and two reads
 * per checkout (bench/cart/profile-checkout.mjs). Here Kysely compiles the first statement of each shape
 * (for an insert: table, columns, number of rows) on each database kind, and the later ones only put in
 * their values.
 *
 * Only for reads and for tables whose writes raise no version (content-changes.ts): the kept text runs as a
 * raw statement, which Kysely's plugins do not look at; other tables are refused.
 */

type TableName = keyof Database & string;

/** The SQL text of one shape of insert; null when Kysely's parameters were not the row values in order. */
interface KeptInsert {
  columns: readonly string[];
  sql: string | null;
}

/** Kept inserts by table, number of rows and conflict columns, per Kysely adapter (one per database kind). */
const insertsByAdapter = new WeakMap<object, Map<string, KeptInsert[]>>();

/** A value Kysely would turn into SQL of its own (an expression or a builder callback), not a parameter. */
const isExpression = (value: unknown) =>
  typeof value === 'function' ||
  (typeof value === 'object' && value !== null && 'toOperationNode' in (value as object));

/** Whether the row's defined values (Kysely leaves out undefined ones) are exactly these columns, in order. */
function hasColumns(row: Record<string, unknown>, columns: readonly string[]): boolean {
  let i = 0;
  for (const key in row) {
    if (row[key] === undefined) continue;
    if (columns[i] !== key) return false;
    i++;
  }
  return i === columns.length;
}

/** The rows' values column by column, or undefined when a row differs in its columns or holds an expression. */
function valuesOf(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
): unknown[] | undefined {
  const values: unknown[] = [];
  for (const row of rows) {
    if (!hasColumns(row, columns)) return undefined;
    for (const column of columns) {
      const value = row[column];
      if (isExpression(value)) return undefined;
      values.push(value);
    }
  }
  return values;
}

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
  if (!raisesNoVersion(table)) throw new Error(`compiledInsert: ${table} has a version to raise; use Kysely`);
  const viaKysely = () => {
    const insert = db.insertInto(table).values(rows as never);
    return (
      skipConflictOn ? insert.onConflict((c) => c.columns(skipConflictOn as never).doNothing()) : insert
    ).compile();
  };
  const plain = rows as readonly Record<string, unknown>[];
  const first = plain[0];
  if (!first) return viaKysely();
  const adapter = db.getExecutor().adapter;
  let byShape = insertsByAdapter.get(adapter);
  if (!byShape) {
    byShape = new Map();
    insertsByAdapter.set(adapter, byShape);
  }
  const group = `${table}|${rows.length}|${skipConflictOn ? skipConflictOn.join(',') : ''}`;
  let kept = byShape.get(group);
  if (!kept) {
    kept = [];
    if (byShape.size < 500) byShape.set(group, kept);
  }
  const known = kept.find((k) => hasColumns(first, k.columns));
  if (known) {
    const values = known.sql === null ? undefined : valuesOf(plain, known.columns);
    return values ? CompiledQuery.raw(known.sql!, values) : viaKysely();
  }
  const columns = Object.keys(first).filter((column) => first[column] !== undefined);
  const values = valuesOf(plain, columns);
  const compiled = viaKysely();
  if (values) {
    // Kept only when Kysely's own parameters are these values in this order; else this shape always goes
    // through Kysely.
    const same =
      compiled.parameters.length === values.length &&
      compiled.parameters.every((value, i) => value === values[i]);
    if (kept.length < 20) kept.push({ columns, sql: same ? compiled.sql : null });
  }
  return compiled;
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

/** A compiled statement: its SQL text, and for each parameter the caller's value it takes or a fixed one. */
interface KeptQuery {
  sql: string;
  slots: Array<number | { fixed: unknown }>;
}

const PLACEHOLDER = '\u0000kept-query:';

/**
 * A statement whose SQL text Kysely compiles once per database kind; later calls only put in their values.
 * `build` writes the query with the values it is given: at the first call per database kind they are
 * placeholders, found again among the compiled parameters (a query that uses one in a way that is not a
 * plain parameter is compiled every time). A read, or a write of a table that raises no version
 * (content-changes.ts); anything else is refused. For what every checkout runs (its cart and entries, the
 * next order number).
 */
export function keptQuery<P extends unknown[]>(
  build: (db: Kysely<Database>, ...values: P) => { compile(): CompiledQuery },
): (db: Kysely<Database>, ...values: P) => CompiledQuery {
  const byAdapter = new WeakMap<object, KeptQuery | null>();
  return (db, ...values) => {
    const adapter = db.getExecutor().adapter;
    let kept = byAdapter.get(adapter);
    if (kept === undefined) {
      const placeholders = values.map((_, i) => `${PLACEHOLDER}${i}`) as P;
      const compiled = build(db, ...placeholders).compile();
      const table = tableWritten(compiled.query);
      if (table !== null && (table === undefined || !raisesNoVersion(table)))
        throw new Error('keptQuery: this statement has a version to raise; run it through Kysely');
      const slots = compiled.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(PLACEHOLDER)
          ? Number(value.slice(PLACEHOLDER.length))
          : { fixed: value },
      );
      const used = slots.filter((slot): slot is number => typeof slot === 'number');
      const plain = used.length === values.length && new Set(used).size === values.length;
      kept = plain && !compiled.sql.includes(PLACEHOLDER) ? { sql: compiled.sql, slots } : null;
      byAdapter.set(adapter, kept);
    }
    if (kept === null) return build(db, ...values).compile();
    return CompiledQuery.raw(
      kept.sql,
      kept.slots.map((slot) => (typeof slot === 'number' ? values[slot] : slot.fixed)),
    );
  };
}
