// Installs dependencies when node_modules is missing or older than the lock file. Node builtins only:
// this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('../../', import.meta.url).pathname;

function manifestHash() {
  const h = createHash('sha256');
  h.update(readFileSync(join(root, 'package-lock.json')));
  h.update(readFileSync(join(root, 'package.json')));
  for (const pkg of readdirSync(join(root, 'packages'))) {
    const file = join(root, 'packages', pkg, 'package.json');
    if (existsSync(file)) h.update(readFileSync(file));
  }
  return h.digest('hex');
}

export function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function ensureDeps() {
  const stamp = join(root, 'node_modules', '.baukasten-deps');
  const wanted = manifestHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.log('» Abhängigkeiten werden installiert (npm install) …');
  const status = run('npm', ['install', '--no-audit', '--no-fund']);
  if (status !== 0) {
    console.error('npm install ist fehlgeschlagen.');
    process.exit(status);
  }
  writeFileSync(stamp, wanted);
}

export function build() {
  const status = run(process.execPath, [join(root, 'scripts', 'build.mjs')]);
  if (status !== 0) process.exit(status);
}
