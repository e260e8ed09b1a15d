// Installs dependencies when node_modules is missing or older than the lock file. Node builtins only:
// this runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireLock } from './lock.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Where the scripts keep their locks and notes; npm leaves node_modules/.cache alone. */
export const stateDir = (dir = root) => join(dir, 'node_modules', '.cache', 'baukasten');

export function manifestHash(dir = root) {
  const h = createHash('sha256');
  h.update(readFileSync(join(dir, 'package-lock.json')));
  h.update(readFileSync(join(dir, 'package.json')));
  for (const pkg of readdirSync(join(dir, 'packages')).sort()) {
    const file = join(dir, 'packages', pkg, 'package.json');
    if (existsSync(file)) h.update(readFileSync(file));
  }
  return h.digest('hex');
}

export function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/**
 * Runs a long command and says every few seconds that it still runs, which step it is in and for how long
 * (`» npm install: Installationsskript von better-sqlite3 … 35 s`). Its own output is passed through;
 * `stepOf(line)` may name a new step from a line of it.
 */
export function runWithProgress(
  title,
  cmd,
  args,
  { stepOf, everyMs = 5000, cwd = root, out = console } = {},
) {
  const started = Date.now();
  let step = title;
  out.log(`» ${title} …`);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['inherit', 'pipe', 'pipe'] });
    const scan = (target) => (chunk) => {
      target.write(chunk);
      if (!stepOf) return;
      for (const line of chunk.toString().split('\n')) {
        const next = stepOf(line);
        if (next && next !== step) {
          step = next;
          out.log(`» ${step} …`);
        }
      }
    };
    child.stdout.on('data', scan(process.stdout));
    child.stderr.on('data', scan(process.stderr));
    const ticker = setInterval(() => {
      out.log(`  … ${step} läuft seit ${Math.round((Date.now() - started) / 1000)} s`);
    }, everyMs);
    child.once('error', (error) => {
      clearInterval(ticker);
      reject(error);
    });
    child.once('close', (code) => {
      clearInterval(ticker);
      out.log(
        `» ${title}: ${code === 0 ? 'fertig' : 'fehlgeschlagen'} nach ${Math.round((Date.now() - started) / 1000)} s`,
      );
      resolve(code ?? 1);
    });
  });
}

/** npm announces each package's install script as `> name@version install`: the slow part (compiling). */
export function npmStep(line) {
  const script = /^> (@?[^@\s]+)@\S+ (preinstall|install|postinstall)$/.exec(line.trim());
  if (!script) return undefined;
  const name = script[1];
  return name === 'better-sqlite3'
    ? 'npm install: better-sqlite3 wird übersetzt (das dauert beim ersten Mal einige Minuten)'
    : `npm install: Installationsskript von ${name}`;
}

/**
 * Installs when the stamp does not match the manifests. Under a lock, so two `npm start` at once on a new
 * checkout do not run two `npm install` into one node_modules; the second finds the stamp written.
 */
export async function ensureDeps() {
  const stamp = join(root, 'node_modules', '.baukasten-deps');
  const wanted = manifestHash();
  const current = () => existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted;
  if (current()) return;
  const release = await acquireLock(join(stateDir(), 'deps.lock'), {
    onWait: (pid) =>
      console.log(`» Warte, bis die Installation eines anderen Starts fertig ist (PID ${pid}) …`),
  });
  try {
    if (current()) return;
    const status = await runWithProgress(
      'Abhängigkeiten werden installiert (npm install, beim ersten Mal einige Minuten)',
      'npm',
      ['install', '--no-audit', '--no-fund', '--foreground-scripts'],
      { stepOf: npmStep },
    );
    if (status !== 0) {
      console.error('npm install ist fehlgeschlagen.');
      process.exit(status);
    }
    writeFileSync(stamp, wanted);
  } finally {
    release();
  }
}

/** `npm run build` in a process of its own (it takes the build lock itself). */
export function build() {
  const status = run(process.execPath, [join(root, 'scripts', 'build.mjs')]);
  if (status !== 0) process.exit(status);
}
