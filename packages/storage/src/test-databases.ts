import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { openStorage, type Storage, type StorageOptions } from './open-storage.js';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty, not yet migrated database; closed and removed after the describe block. */
  open(options?: TestStorageOptions): Promise<Storage>;
  /** Closes `storage` and opens the same database again, as a restarted server would. */
  reopen(storage: Storage): Promise<Storage>;
  /** A second storage on the database of `storage`, both open, as a second server process would have. */
  openAnother(storage: Storage, options?: TestStorageOptions): Promise<Storage>;
}

/** Options a test may pass to open(); where the database lives is the helper's business. */
export type TestStorageOptions = Pick<StorageOptions, 'onQuery' | 'websiteCacheMs'>;

const DEFAULT_TEST_URL = 'postgres://postgres@127.0.0.1:5432/test';

/*
 * Reading the environment here is the one exception to "config is read once": this is test
 * tooling, never loaded by the running server.
 */
const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || DEFAULT_TEST_URL;
const inCi = () => process.env.CI === 'true' || process.env.CI === '1';

/** Decided once per test file, before describe blocks are collected. */
async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');

let reachable: Promise<boolean> | undefined;

/**
 * Declares one `describe` per database so the same tests run on SQLite and PostgreSQL.
 * PostgreSQL comes from TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); each
 * open() gets its own schema, dropped afterwards. Unreachable PostgreSQL skips its block with a
 * message, except under CI=true where the block fails.
 */
export function withTestDatabases(fn: (db: TestDatabase) => void): void {
  describe('sqlite', () => {
    const opened: Storage[] = [];
    const files = new Map<Storage, string>();
    let dir: string | undefined;
    afterAll(async () => {
      await Promise.all(opened.map((s) => s.close()));
      if (dir) rmSync(dir, { recursive: true, force: true });
    });
    fn({
      name: 'sqlite',
      async open(options = {}) {
        dir ??= mkdtempSync(join(tmpdir(), 'baukasten-test-'));
        const sqliteFile = join(dir, `${randomBytes(6).toString('hex')}.sqlite`);
        const storage = await openStorage({ ...options, sqliteFile });
        opened.push(storage);
        files.set(storage, sqliteFile);
        return storage;
      },
      async reopen(previous) {
        const sqliteFile = files.get(previous);
        if (!sqliteFile) throw new Error('reopen() needs a storage from open()');
        await previous.close();
        const storage = await openStorage({ sqliteFile });
        opened.push(storage);
        files.set(storage, sqliteFile);
        return storage;
      },
      async openAnother(first, options = {}) {
        const sqliteFile = files.get(first);
        if (!sqliteFile) throw new Error('openAnother() needs a storage from open()');
        const storage = await openStorage({ ...options, sqliteFile });
        opened.push(storage);
        files.set(storage, sqliteFile);
        return storage;
      },
    });
  });

  const url = testDatabaseUrl();
  reachable ??= postgresReachable(url);
  describe('postgres', async () => {
    if (!(await reachable)) {
      const where = `PostgreSQL not reachable at ${redact(url)}`;
      if (inCi()) {
        it('PostgreSQL is reachable (required when CI=true)', () => {
          throw new Error(`${where}; with CI=true the PostgreSQL storage tests must run`);
        });
        return;
      }
      const message = `${where} — skipping PostgreSQL storage tests`;
      console.warn(message);
      // A visible skipped entry instead of an empty suite, which vitest would count as a failure.
      it.skip(message, () => {});
      return;
    }
    const opened: { storage: Storage; schema: string }[] = [];
    afterAll(async () => {
      await Promise.all(opened.map((o) => o.storage.close()));
      if (opened.length === 0) return;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        for (const schema of new Set(opened.map((o) => o.schema)))
          await admin.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await admin.end();
      }
    });
    fn({
      name: 'postgres',
      async open(options = {}) {
        const schema = `t_${randomBytes(8).toString('hex')}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          await admin.query(`create schema ${schema}`);
        } finally {
          await admin.end();
        }
        const storage = await openStorage({
          ...options,
          databaseUrl: url,
          postgresSchema: schema,
          postgresPoolSize: 4,
        });
        opened.push({ storage, schema });
        return storage;
      },
      async reopen(previous) {
        const entry = opened.find((o) => o.storage === previous);
        if (!entry) throw new Error('reopen() needs a storage from open()');
        await previous.close();
        const storage = await openStorage({
          databaseUrl: url,
          postgresSchema: entry.schema,
          postgresPoolSize: 4,
        });
        opened.push({ storage, schema: entry.schema });
        return storage;
      },
      async openAnother(first, options = {}) {
        const entry = opened.find((o) => o.storage === first);
        if (!entry) throw new Error('openAnother() needs a storage from open()');
        const storage = await openStorage({
          ...options,
          databaseUrl: url,
          postgresSchema: entry.schema,
          postgresPoolSize: 4,
        });
        opened.push({ storage, schema: entry.schema });
        return storage;
      },
    });
  });
}
