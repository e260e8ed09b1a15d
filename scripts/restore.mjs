// `npm run restore -- <backup file> | --latest [--force]`: puts a backup made by `npm run backup` in place of
// the SQLite database in DATA_DIR. The backup is checked first (integrity, Baukasten tables), and the current
// database is kept as DATA_DIR/backups/vor-wiederherstellung-<UTC time>.sqlite.
//
// While a process (the server) has the database open, restore refuses: stop the server first. With --force it
// restores anyway, through SQLite's backup API, so the running server's connection stays consistent and
// serves the restored data from its next query on; every change made since the backup is gone.
// The server migrates an older backup to the current schema when it starts. PostgreSQL: prints pg_restore advice.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  checkBackup,
  copyDatabase,
  databaseLocation,
  holdersOf,
  postgresAdvice,
  replaceDatabase,
  restoreIntoOpenDatabase,
  stamp,
} from './lib/sqlite-backup.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const where = databaseLocation();
const fail = (message) => {
  console.error(message);
  process.exit(1);
};

if (where.postgres) {
  console.error(postgresAdvice());
  process.exit(2);
}

let backup = args.find((a) => !a.startsWith('--'));
if (args.includes('--latest')) {
  const newest = existsSync(where.backupsDir)
    ? readdirSync(where.backupsDir)
        .filter((f) => /^baukasten-\d{8}T\d{6}Z\.sqlite$/.test(f))
        .sort()
        .at(-1)
    : undefined;
  if (!newest) fail(`Keine Sicherung in ${where.backupsDir}.`);
  backup = join(where.backupsDir, newest);
}
if (!backup) fail('Welche Sicherung? npm run restore -- <Datei> oder npm run restore -- --latest [--force]');
backup = resolve(backup);
if (!existsSync(backup)) fail(`${backup} gibt es nicht.`);

try {
  const { websites, orders } = checkBackup(backup);
  const holders = holdersOf(where.file);
  if (holders.open && !force) {
    const who = holders.pids.length > 0 ? ` (Prozess ${holders.pids.join(', ')})` : '';
    fail(
      `Die Datenbank ${where.file} ist noch geöffnet${who}: der Server läuft noch auf diesem Datenordner. ` +
        'Erst den Server stoppen, dann wiederherstellen; --force stellt im laufenden Betrieb wieder her ' +
        '(alle Änderungen seit der Sicherung gehen verloren).',
    );
  }
  if (existsSync(where.file)) {
    const kept = copyDatabase(where.file, join(where.backupsDir, `vor-wiederherstellung-${stamp()}.sqlite`));
    console.log(`» Bisherige Datenbank aufbewahrt: ${kept}`);
  }
  if (holders.open) await restoreIntoOpenDatabase(backup, where.file);
  else replaceDatabase(backup, where.file);
  console.log(
    `» Wiederhergestellt aus ${backup} nach ${where.file} (${websites} Websites, ${orders} Bestellungen)` +
      (holders.open ? ' – im laufenden Betrieb' : ''),
  );
} catch (error) {
  fail(`Wiederherstellung fehlgeschlagen: ${error instanceof Error ? error.message : error}`);
}
