// Shared by `npm run backup` and `npm run restore`: where the database is (the server's DATA_DIR and
// DATABASE_URL, same defaults as packages/server/src/config.ts), copying it consistently, and finding out
// whether a process still has it open.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';

export const DB_FILE = 'baukasten.sqlite';

export function databaseLocation(env = process.env) {
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    dataDir,
    file: join(dataDir, DB_FILE),
    backupsDir: join(dataDir, 'backups'),
    postgres: /^postgres(ql)?:\/\//i.test((env.DATABASE_URL ?? '').trim()),
  };
}

export function postgresAdvice() {
  return [
    'DATABASE_URL zeigt auf PostgreSQL: Sicherung und Wiederherstellung übernehmen dort pg_dump und pg_restore,',
    'beide laufen, während die Server weiterarbeiten (pg_dump liest einen konsistenten Schnappschuss):',
    '',
    '  pg_dump --format=custom --file=baukasten-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"',
    '',
    'Wiederherstellen in eine leere Datenbank (Server vorher stoppen):',
    '',
    '  createdb baukasten_neu',
    '  pg_restore --no-owner --exit-on-error --dbname=postgres://…/baukasten_neu baukasten-….dump',
    '',
    'Dann DATABASE_URL auf die neue Datenbank setzen und die Server starten; sie migrieren beim Start.',
  ].join('\n');
}

/** UTC time stamp usable in a file name: 20261125T163651Z. */
export const stamp = (date = new Date()) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

function fsyncPath(path) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies a live SQLite database with `VACUUM INTO`: one read transaction, so the copy is the database as of
 * one commit, taken while the server goes on reading and writing (WAL readers do not block writers). The
 * copy is written under a temporary name, synced and checked, then renamed: a file with the final name is
 * always a complete backup.
 */
export function copyDatabase(source, target) {
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(partial);
  } finally {
    db.close();
  }
  try {
    checkBackup(partial);
    fsyncPath(partial);
    renameSync(partial, target);
    fsyncPath(dirname(target));
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return target;
}

/** Throws unless the file is an intact SQLite database with Baukasten's migration table; counts a few rows. */
export function checkBackup(file) {
  let db;
  let problem;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    const tables = new Set(
      db
        .prepare("select name from sqlite_master where type = 'table'")
        .all()
        .map((t) => t.name),
    );
    if (integrity !== 'ok') problem = `ist beschädigt (integrity_check: ${integrity})`;
    else if (!tables.has('kysely_migration'))
      problem = 'ist keine Baukasten-Datenbank (keine Migrationstabelle)';
    else {
      const count = (table) =>
        tables.has(table) ? db.prepare(`select count(*) as n from ${table}`).get().n : 0;
      return { websites: count('websites'), orders: count('orders') };
    }
  } catch (error) {
    problem = `lässt sich nicht als SQLite-Datenbank lesen (${error.message})`;
  } finally {
    db?.close();
  }
  throw new Error(`${file} ${problem}`);
}

/**
 * Processes (other than this one) that have the database, its WAL or its shared-memory file open. On Linux
 * from /proc, with their ids. Elsewhere SQLite tells: the last connection to close a WAL database removes
 * the -wal file, so when it stays after we open and close the database, someone else has it open.
 */
export function holdersOf(file) {
  if (!existsSync(file)) return { open: false, pids: [] };
  const real = realpathSync(file);
  const names = new Set([real, `${real}-wal`, `${real}-shm`]);
  if (existsSync('/proc/self/fd')) {
    const pids = [];
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      if (Number(pid) === process.pid) continue;
      let fds;
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue; // gone, or not ours to look at
      }
      const holds = fds.some((fd) => {
        try {
          return names.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
        } catch {
          return false;
        }
      });
      if (holds) pids.push(Number(pid));
    }
    return { open: pids.length > 0, pids };
  }
  const db = new Database(file, { fileMustExist: true });
  db.close();
  return { open: existsSync(`${real}-wal`), pids: [] };
}

/**
 * Puts a backup in place of the database nobody has open: copied next to it, synced, then renamed over it
 * after the old -wal and -shm are removed (an old WAL must never be replayed onto the restored file).
 */
export function replaceDatabase(backup, target) {
  mkdirSync(dirname(target), { recursive: true });
  const incoming = join(dirname(target), `.${basename(target)}.wiederherstellung`);
  rmSync(incoming, { force: true });
  // A plain copy of a checked, closed backup file.
  const src = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    src.prepare('VACUUM INTO ?').run(incoming);
  } finally {
    src.close();
  }
  fsyncPath(incoming);
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  renameSync(incoming, target);
  fsyncPath(dirname(target));
}

/**
 * Restores into a database that a server has open, through SQLite's backup API: the pages are written
 * under SQLite's locks, so the running server's connection stays consistent and reads the restored data
 * with its next query (a request in the middle of a transaction may fail once).
 */
export async function restoreIntoOpenDatabase(backup, target) {
  const src = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    await src.backup(target);
  } finally {
    src.close();
  }
}
