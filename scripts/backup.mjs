// `npm run backup`: a consistent copy of the shop's SQLite database, taken while the server keeps serving.
// Writes DATA_DIR/backups/baukasten-<UTC time>.sqlite (or the file named by --to) and prints its path.
// With DATABASE_URL on PostgreSQL it prints how to use pg_dump instead and exits with 2.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkBackup, copyDatabase, databaseLocation, postgresAdvice, stamp } from './lib/sqlite-backup.mjs';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

const where = databaseLocation();
if (where.postgres) {
  console.error(postgresAdvice());
  process.exit(2);
}
if (!existsSync(where.file)) {
  console.error(`Keine Datenbank unter ${where.file} (DATA_DIR=${where.dataDir}).`);
  process.exit(1);
}
const target = flag('to') ? resolve(flag('to')) : join(where.backupsDir, `baukasten-${stamp()}.sqlite`);
if (existsSync(target)) {
  console.error(`${target} gibt es schon; eine Sicherung überschreibt nichts.`);
  process.exit(1);
}
try {
  const started = Date.now();
  copyDatabase(where.file, target);
  const { websites, orders } = checkBackup(target);
  const mb = (statSync(target).size / 1024 / 1024).toFixed(1);
  console.log(
    `» Sicherung geschrieben: ${target} (${mb} MB, ${websites} Websites, ${orders} Bestellungen, ${Date.now() - started} ms)`,
  );
} catch (error) {
  console.error(`Sicherung fehlgeschlagen: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
