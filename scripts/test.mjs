// `npm test`: install what the tests need, then type check, lint, and run every test project
// (unit, storage on SQLite and PostgreSQL, end-to-end in Chromium). Extra arguments go to vitest.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, ensureDeps, root, run } from './lib/ensure-deps.mjs';

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log('» Chromium fehlt und wird über apt installiert …');
    if (run('apt-get', ['update', '-qq']) === 0 && run('apt-get', ['install', '-y', '-qq', 'chromium']) === 0)
      return;
  }
  console.error(
    `Chromium fehlt (${CHROMIUM}). Bitte als root installieren: apt-get update && apt-get install -y chromium`,
  );
  process.exit(1);
}

// The SQL-injection test (packages/server/src/reliability/sqlmap.test.ts) runs the Debian package sqlmap.
const SQLMAP = '/usr/bin/sqlmap';

function ensureSqlmap() {
  if (existsSync(SQLMAP)) return;
  if (process.getuid?.() === 0) {
    console.log('» sqlmap fehlt und wird über apt installiert …');
    if (run('apt-get', ['update', '-qq']) === 0 && run('apt-get', ['install', '-y', '-qq', 'sqlmap']) === 0)
      return;
  }
  console.error(
    `sqlmap fehlt (${SQLMAP}). Bitte als root installieren: apt-get update && apt-get install -y sqlmap`,
  );
  process.exit(1);
}

// The HTTPS test for own domains (packages/server/src/domains/caddy-tls.test.ts) runs the Debian package caddy.
const CADDY = '/usr/bin/caddy';

function ensureCaddy() {
  if (existsSync(CADDY)) return;
  if (process.getuid?.() === 0) {
    console.log('» Caddy fehlt und wird über apt installiert …');
    // Another apt run (a parallel setup) holds the lock for a while: wait for it instead of failing.
    const wait = ['-o', 'DPkg::Lock::Timeout=600'];
    if (
      run('apt-get', [...wait, 'update', '-qq']) === 0 &&
      run('apt-get', [...wait, 'install', '-y', '-qq', 'caddy']) === 0
    )
      return;
  }
  console.error(
    `Caddy fehlt (${CADDY}). Bitte als root installieren: apt-get update && apt-get install -y caddy`,
  );
  process.exit(1);
}

function step(title, cmd, args) {
  console.log(`\n» ${title}`);
  const status = run(cmd, args);
  if (status !== 0) {
    console.error(`✗ ${title} fehlgeschlagen (Exit-Code ${status})`);
    process.exit(status);
  }
}

await ensureDeps();
ensureChromium();
ensureSqlmap();
ensureCaddy();
build();
const bin = (name) => join(root, 'node_modules', '.bin', name);
const extra = process.argv.slice(2);
if (extra.length === 0) {
  step('Typprüfung (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  step('Lint (biome check)', bin('biome'), ['check', '.']);
}

const report = join(root, 'test-results', 'vitest.json');
rmSync(report, { force: true });
console.log('\n» Tests (vitest: unit, storage auf SQLite und PostgreSQL, e2e in Chromium)');
const status = run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]);

// One plain closing line that any CI reader understands, whatever vitest printed above it.
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // Storage and API suites run once per database (withTestDatabases names the describe after it): show both ran.
  const perDatabase = { sqlite: 0, postgres: 0 };
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      const db = t.ancestorTitles?.[0];
      if (t.status === 'passed' && db in perDatabase) perDatabase[db]++;
    }
  }
  console.log(
    `\nStorage and API tests passed: ${perDatabase.sqlite} on SQLite, ${perDatabase.postgres} on PostgreSQL`,
  );
  console.log(`\nTests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(status);
