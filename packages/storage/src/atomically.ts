import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { chained } from './sqlite-dialect.js';

/**
 * Runs a multi-statement write in one transaction, or inside the caller's transaction when there
 * already is one, so a half-written website or product never stays behind.
 */
export async function atomically<T>(
  db: Kysely<Database>,
  fn: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return fn(db);
  return chained(db, fn);
}
