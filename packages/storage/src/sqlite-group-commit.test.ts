import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Database } from './schema.js';
import { BaukastenSqliteDialect, chained } from './sqlite-dialect.js';
import { SqliteGroupCommit } from './sqlite-group-commit.js';

/*
 * The SQLite group commit on its own (SQLite-only by nature; PostgreSQL commits each add, and the
 * add-to-cart tests run the same behaviour on both databases through the API).
 */
let dir: string;
let database: SqliteDatabase.Database;
let db: Kysely<Database>;
let executed: string[];
let group: SqliteGroupCommit;

beforeEach(() => {
  executed = [];
  dir = mkdtempSync(join(tmpdir(), 'baukasten-group-'));
  database = new SqliteDatabase(join(dir, 'group.sqlite'));
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.exec('create table notes (id text primary key, body text not null)');
  database.exec('create table note_links (id text primary key, note_id text references notes (id))');
  // The chains' COMMITs (sqlite-dialect.ts) are counted with the group's own statements.
  const dialect = new BaukastenSqliteDialect({ database }, (statement) => executed.push(statement));
  db = new Kysely<Database>({ dialect });
  dialect.serve(db as Kysely<never>);
  group = new SqliteGroupCommit(dialect, database, (statement) => executed.push(statement));
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (id: string) => (run: Parameters<Parameters<SqliteGroupCommit['write']>[0]>[0]) => {
  run.run('insert into notes (id, body) values (?, ?)', id, `note ${id}`);
  return id;
};
const stored = () =>
  (database.prepare('select id from notes order by id').all() as { id: string }[]).map((r) => r.id);

it('writes that arrive together share one commit, and each caller is answered after it', async () => {
  const answers = await Promise.all(['a', 'b', 'c', 'd'].map((id) => group.write(insert(id))));
  expect(answers).toEqual(['a', 'b', 'c', 'd']);
  expect(executed.filter((s) => s === 'commit')).toHaveLength(1);
  // Answered means committed: a second connection sees every row.
  const reader = new SqliteDatabase(join(dir, 'group.sqlite'), { readonly: true });
  expect((reader.prepare('select count(*) as n from notes').get() as { n: number }).n).toBe(4);
  reader.close();
});

it('a write that fails after writing is undone alone; the others of its group are stored', async () => {
  const failing = group.write((run) => {
    insert('x')(run);
    throw new Error('refused after writing');
  });
  const others = Promise.all([group.write(insert('a')), group.write(insert('b'))]);
  await expect(failing).rejects.toThrow('refused after writing');
  expect(await others).toEqual(['a', 'b']);
  expect(stored()).toEqual(['a', 'b']);
});

it('a write refused before it wrote anything is refused alone; its group commits once without starting over', async () => {
  const refused = group.write((run) => {
    run.get('select count(*) from notes');
    throw new Error('refused before writing');
  });
  const results = await Promise.allSettled([group.write(insert('a')), refused, group.write(insert('b'))]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(stored()).toEqual(['a', 'b']);
  expect(executed.filter((s) => s === 'begin immediate')).toHaveLength(1);
  expect(executed.filter((s) => s === 'commit')).toHaveLength(1);
});

it('when a write fails after writing, the writes before it in the group are stored once', async () => {
  const results = await Promise.allSettled([
    group.write(insert('a')),
    group.write((run) => {
      insert('x')(run);
      throw new Error('refused after writing');
    }),
    group.write(insert('b')),
  ]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(stored()).toEqual(['a', 'b']);
  expect(executed.filter((s) => s === 'commit')).toHaveLength(1);
});

it('a read that writes (INSERT ... RETURNING through get) counts as a write when it fails afterwards', async () => {
  const results = await Promise.allSettled([
    group.write((run) => {
      run.get("insert into notes (id, body) values ('r', 'returned') returning id");
      throw new Error('refused after a returning insert');
    }),
    group.write(insert('a')),
  ]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
  expect(stored()).toEqual(['a']);
});

it('a failed commit reaches every caller of the group and stores none of it', async () => {
  const results = await Promise.allSettled([
    group.write(insert('a')),
    // Breaks the transaction itself: the shared commit cannot happen.
    group.write((run) => run.run('rollback')),
    group.write(insert('b')),
  ]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  expect(stored()).toEqual([]);
  expect(database.inTransaction).toBe(false);
  // The next group works again.
  expect(await group.write(insert('c'))).toBe('c');
  expect(stored()).toEqual(['c']);
});

it('never writes into a transaction another caller holds open on the connection', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const open = db.transaction().execute(async (trx) => {
    await sql`insert into notes (id, body) values ('t', 'in transaction')`.execute(trx);
    await held;
    throw new Error('rolled back');
  });
  const write = group.write(insert('a'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  release();
  await expect(open).rejects.toThrow('rolled back');
  expect(await write).toBe('a');
  expect(stored()).toEqual(['a']);
});

it('runs after-commit work only for writes that committed, after the commit and before any answer', async () => {
  const seen: string[] = [];
  const note = (id: string, fail = false) =>
    group.write((run) => {
      insert(id)(run);
      run.afterCommit(() => seen.push(`${id} after ${executed.includes('commit') ? 'commit' : 'nothing'}`));
      if (fail) throw new Error(`${id} refused`);
      return id;
    });
  const answered = Promise.allSettled([note('a'), note('x', true), note('b')]).then((r) => {
    seen.push('answered');
    return r.map((x) => x.status);
  });
  expect(await answered).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(seen).toEqual(['a after commit', 'b after commit', 'answered']);
  // A group whose commit fails runs none.
  seen.length = 0;
  await Promise.allSettled([note('c'), group.write((run) => run.run('rollback'))]);
  expect(seen).toEqual([]);
});

// Chained transactions (the checkouts) and group writes (adds, started payments) arriving together.
const chainedNote = (id: string) =>
  chained(db, (trx) => sql`insert into notes (id, body) values (${id}, 'chained')`.execute(trx));

it('writes that arrive while chained transactions wait for their COMMIT share it, and are answered after it', async () => {
  const committed: string[] = [];
  const seen = (what: string) => () => committed.push(`${what} answered, ${stored().length} stored`);
  await Promise.all([
    chainedNote('t').then(seen('transaction')),
    group.write(insert('a')).then(seen('write')),
    chainedNote('u').then(seen('transaction')),
  ]);
  expect(stored()).toEqual(['a', 't', 'u']);
  // One COMMIT for all three; nobody answered before it.
  expect(executed.filter((s) => s === 'commit')).toHaveLength(1);
  expect(committed).toEqual(expect.arrayContaining(['write answered, 3 stored']));
  expect(committed.every((c) => c.endsWith('3 stored'))).toBe(true);
});

it('a shared COMMIT that fails fails the group writes that joined it too, and stores nothing', async () => {
  const outcomes = await Promise.allSettled([
    // A foreign key checked only at COMMIT: the COMMIT the chain and the group share fails.
    chained(db, async (trx) => {
      await sql`pragma defer_foreign_keys = on`.execute(trx);
      await sql`insert into note_links (id, note_id) values ('l', 'nobody')`.execute(trx);
    }),
    group.write(insert('a')),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  expect(stored()).toEqual([]);
  expect(database.inTransaction).toBe(false);
  // Both go on afresh.
  await Promise.all([chainedNote('t'), group.write(insert('b'))]);
  expect(stored()).toEqual(['b', 't']);
});

it('a group write that fails inside a chain is undone alone: the chained transactions and the other writes are stored', async () => {
  const outcomes = await Promise.allSettled([
    chainedNote('t'),
    group.write((run) => {
      insert('x')(run);
      throw new Error('refused after writing');
    }),
    group.write(insert('a')),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(stored()).toEqual(['a', 't']);
  expect(executed.filter((s) => s === 'commit')).toHaveLength(1);
});
