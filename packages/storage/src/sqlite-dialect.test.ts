import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type LogEvent, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BaukastenSqliteDialect, chained } from './sqlite-dialect.js';

/*
 * Shared commits on SQLite (SQLite-only by nature: PostgreSQL commits each transaction on a connection of
 * its own). What the shop relies on: a transaction is answered only once it is stored, one that fails is
 * undone alone, a COMMIT that fails fails every transaction that shared it, and a write outside
 * transactions is never answered before it is stored. "Stored" is checked from a second connection, as
 * another process would see the file.
 */
interface Tables {
  notes: { id: string; parent: string | null };
}

let dir: string;
let database: SqliteDatabase.Database;
let other: SqliteDatabase.Database;
let db: Kysely<Tables>;
let executed: string[];
let dialect: BaukastenSqliteDialect;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baukasten-chain-'));
  const file = join(dir, 'chain.sqlite');
  database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.exec('create table notes (id text primary key, parent text references notes(id))');
  executed = [];
  dialect = new BaukastenSqliteDialect({ database }, (statement) => executed.push(statement));
  db = new Kysely<Tables>({
    dialect,
    log: (event: LogEvent) => {
      executed.push(event.query.sql);
    },
  });
  dialect.serve(db as Kysely<never>);
  other = new SqliteDatabase(file, { readonly: true });
});
afterEach(async () => {
  other.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** The note ids another connection finds committed in the file. */
const storedElsewhere = () =>
  (other.prepare('select id from notes order by id').all() as { id: string }[]).map((r) => r.id);

const addNote = (id: string, parent: string | null = null) =>
  chained(db, async (trx) => {
    await trx.insertInto('notes').values({ id, parent }).execute();
    return id;
  });

it('transactions that arrive together share one COMMIT, and each is answered only once it is stored', async () => {
  const answered: string[][] = [];
  await Promise.all(
    ['a', 'b', 'c', 'd', 'e'].map((id) => addNote(id).then(() => answered.push(storedElsewhere()))),
  );
  expect(executed.filter((s) => s === 'begin immediate')).toHaveLength(1);
  expect(executed.filter((s) => s === 'commit')).toHaveLength(1);
  // Whoever was answered first could already find every note of the shared COMMIT from elsewhere.
  for (const seen of answered) expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
});

it('a transaction that fails is undone alone; the others of its COMMIT are stored', async () => {
  const outcomes = await Promise.allSettled([
    addNote('a'),
    chained(db, async (trx) => {
      await trx.insertInto('notes').values({ id: 'b', parent: null }).execute();
      throw new Error('Abbruch');
    }),
    addNote('c'),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(storedElsewhere()).toEqual(['a', 'c']);
});

it('a COMMIT that fails fails every transaction that shared it, and none of them is stored', async () => {
  const outcomes = await Promise.allSettled([
    addNote('a'),
    // A foreign key checked only at COMMIT: the shared COMMIT fails, for this transaction and 'a' alike.
    chained(db, async (trx) => {
      await sql`pragma defer_foreign_keys = on`.execute(trx);
      await trx.insertInto('notes').values({ id: 'b', parent: 'nobody' }).execute();
    }),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  expect(storedElsewhere()).toEqual([]);
  // The connection goes on: the next transaction starts afresh.
  await addNote('c');
  expect(storedElsewhere()).toEqual(['c']);
});

it('a write outside transactions while a COMMIT is pending is stored with it before it is answered', async () => {
  const inChain = addNote('a');
  // Queued behind the transaction: it runs while the shared COMMIT is still pending.
  await db.insertInto('notes').values({ id: 'b', parent: null }).execute();
  expect(storedElsewhere()).toEqual(['a', 'b']);
  await inChain;
});

it("a transaction outside `chained` (the migrator's) is stored at the latest when the dialect settles", async () => {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('notes').values({ id: 'a', parent: null }).execute();
  });
  await dialect.settle();
  expect(storedElsewhere()).toEqual(['a']);
});

it('a write outside transactions that fails while a COMMIT is pending fails alone; the chain is stored', async () => {
  const inChain = addNote('a');
  // The same id again: refused by the primary key, inside the open transaction, without undoing 'a'.
  await expect(db.insertInto('notes').values({ id: 'a', parent: null }).execute()).rejects.toThrow(/UNIQUE/);
  await inChain;
  expect(storedElsewhere()).toEqual(['a']);
});
