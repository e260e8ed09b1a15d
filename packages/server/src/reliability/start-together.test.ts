import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../e2e/support/shop-server.js';
import { missingPrerequisites, postgresReachable, TEST_DATABASE_URL } from './cluster-kit.js';

/*
 * `npm start` twice at once from one checkout, as for two instances on one machine or replicas starting
 * together: both must come up, whether the build is being replaced under them (issue 19, item 5) or both
 * race to migrate and seed one empty database (SQLite file, PostgreSQL database). And the build on its own:
 * two at once leave one working build, an unchanged checkout is not built again, and an old build a
 * running server registered is never deleted.
 *
 * Everything runs in a copy of this checkout (sources, scripts, manifests; node_modules linked entry by
 * entry, the workspace packages pointing into the copy), so the real packages/*\/dist are never switched
 * under other processes.
 */

const repo = new URL('../../../../', import.meta.url).pathname;
const PACKAGES = ['commerce', 'jsont', 'storage', 'theme', 'storefront', 'server', 'admin'];
const WORKSPACES = PACKAGES.filter((p) => p !== 'admin');

function copyCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'baukasten-checkout-'));
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.base.json'])
    cpSync(join(repo, file), join(dir, file));
  cpSync(join(repo, 'scripts'), join(dir, 'scripts'), { recursive: true });
  for (const pkg of PACKAGES) {
    for (const entry of readdirSync(join(repo, 'packages', pkg))) {
      if (/^\.?dist/.test(entry)) continue;
      // A package's own node_modules (npm nests a dependency there when versions differ) is shared as is.
      if (entry === 'node_modules') {
        mkdirSync(join(dir, 'packages', pkg), { recursive: true });
        symlinkSync(join(repo, 'packages', pkg, entry), join(dir, 'packages', pkg, entry));
        continue;
      }
      cpSync(join(repo, 'packages', pkg, entry), join(dir, 'packages', pkg, entry), { recursive: true });
    }
  }
  mkdirSync(join(dir, 'node_modules', '@baukasten'), { recursive: true });
  for (const entry of readdirSync(join(repo, 'node_modules'))) {
    if (entry === '@baukasten' || entry === '.cache' || entry === '.baukasten-deps') continue;
    symlinkSync(join(repo, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  for (const pkg of WORKSPACES)
    symlinkSync(join('..', '..', 'packages', pkg), join(dir, 'node_modules', '@baukasten', pkg));
  return dir;
}

/** The copy's manifests match its node_modules: its `npm start` must never run `npm install`. */
async function stampDeps(dir: string) {
  const deps = await import(pathToFileURL(join(dir, 'scripts/lib/ensure-deps.mjs')).href);
  writeFileSync(join(dir, 'node_modules', '.baukasten-deps'), deps.manifestHash(dir));
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function runNode(dir: string, args: string[], env: Record<string, string> = {}): Run {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // Vitest sets NODE_ENV=test; `npm start` as a newcomer types it has none.
  delete childEnv.NODE_ENV;
  const child = spawn(process.execPath, args, { cwd: dir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => log, exited };
}

async function healthy(port: number, run: Run, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (run.child.exitCode !== null)
      throw new Error(`Server beendet (Exit ${run.child.exitCode}):\n${run.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`Server antwortet nicht:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const stop = async (run: Run) => {
  if (run.child.exitCode === null) run.child.kill('SIGTERM');
  return run.exited;
};

const builtDirs = (dir: string, pkg: string) =>
  readdirSync(join(dir, 'packages', pkg))
    .filter((name) => name.startsWith('dist-'))
    .sort();

const currentTarget = (dir: string, pkg: string) => readlinkSync(join(dir, 'packages', pkg, 'dist'));

/** A source edit that changes the build id and nothing else. */
const touchSource = (dir: string) =>
  appendFileSync(join(dir, 'packages/commerce/src/money.ts'), `\n// ${randomBytes(4).toString('hex')}\n`);

let checkout: string;
beforeAll(async () => {
  checkout = copyCheckout();
  await stampDeps(checkout);
}, 120_000);
afterAll(() => {
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

describe('build (scripts/build.mjs)', () => {
  it('two builds at once leave one complete build behind dist, and an unchanged checkout is not built again', async () => {
    const first = runNode(checkout, ['scripts/build.mjs']);
    const second = runNode(checkout, ['scripts/build.mjs']);
    expect([await first.exited, await second.exited]).toEqual([0, 0]);
    const outputs = [first.output(), second.output()];
    // One compiled; the other waited for it and found the build current.
    expect(outputs.filter((o) => o.includes('Build läuft'))).toHaveLength(1);
    expect(outputs.filter((o) => o.includes('Build ist aktuell'))).toHaveLength(1);

    const target = currentTarget(checkout, 'server');
    for (const pkg of PACKAGES) {
      expect(lstatSync(join(checkout, 'packages', pkg, 'dist')).isSymbolicLink()).toBe(true);
      expect(currentTarget(checkout, pkg)).toBe(target);
      expect(builtDirs(checkout, pkg)).toEqual([target]);
    }
    expect(existsSync(join(checkout, 'packages/server/dist/serve.js'))).toBe(true);
    const commerce = await import(pathToFileURL(join(checkout, 'packages/commerce/dist/index.js')).href);
    expect(Object.keys(commerce).length).toBeGreaterThan(10);
    const islands = JSON.parse(
      readFileSync(join(checkout, 'packages/storefront/dist/browser/islands.json'), 'utf8'),
    );
    expect(existsSync(join(checkout, 'packages/storefront/dist/browser', islands.entry))).toBe(true);
    const editor = JSON.parse(readFileSync(join(checkout, 'packages/admin/dist/config.json'), 'utf8'));
    expect(existsSync(join(checkout, 'packages/admin/dist', editor.js))).toBe(true);

    const before = statSync(join(checkout, 'packages/server', target)).ino;
    const again = runNode(checkout, ['scripts/build.mjs']);
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('Build ist aktuell');
    expect(again.output()).not.toContain('Build läuft');
    expect(statSync(join(checkout, 'packages/server', target)).ino).toBe(before);
  }, 180_000);

  it('keeps a build a running server registered, and the one before the current, and deletes the rest', async () => {
    const build = async () => {
      touchSource(checkout);
      const run = runNode(checkout, ['scripts/build.mjs']);
      expect(await run.exited).toBe(0);
      return currentTarget(checkout, 'server');
    };
    const inUse = await build();
    // As `npm start` registers the build it loaded: this (living) test process stands in for the server.
    const running = join(checkout, 'node_modules/.cache/baukasten/running');
    mkdirSync(running, { recursive: true });
    writeFileSync(join(running, String(process.pid)), `${inUse.replace('dist-', '')}\n`);
    const unused = await build();
    const previous = await build();
    const current = await build();
    for (const pkg of PACKAGES) expect(builtDirs(checkout, pkg)).toEqual([inUse, previous, current].sort());
    expect(builtDirs(checkout, 'server')).not.toContain(unused);
    rmSync(join(running, String(process.pid)));
  }, 240_000);
});

async function startTwice(env: Record<string, string>) {
  const ports = [await freePort(), await freePort()];
  const runs = ports.map((port) =>
    runNode(checkout, ['scripts/start.mjs'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    }),
  );
  let failure: unknown;
  try {
    await Promise.all(ports.map((port, i) => healthy(port, runs[i]!)));
    for (const run of runs) {
      // The newcomer's message, once the server answers.
      await expect.poll(run.output).toContain('Baukasten ist bereit.');
      expect(run.output()).toContain('demo@baukasten.localhost');
    }
  } catch (error) {
    failure = error;
  }
  // Both stop cleanly on SIGTERM (exit 0), as after any start.
  const codes = await Promise.all(runs.map(stop));
  if (failure) throw failure;
  expect(codes).toEqual([0, 0]);
}

describe('two `npm start` at once', () => {
  it('on one new SQLite file, while the sources changed: both healthy, one demo with one owner', async () => {
    touchSource(checkout);
    const dataDir = mkdtempSync(join(tmpdir(), 'baukasten-start-together-'));
    try {
      await startTwice({ DATA_DIR: dataDir });
      const db = new SqliteDatabase(join(dataDir, 'baukasten.sqlite'), { readonly: true });
      try {
        expect(db.prepare('select count(*) as n from websites').get()).toEqual({ n: 1 });
        expect(db.prepare('select count(*) as n from accounts').get()).toEqual({ n: 1 });
      } finally {
        db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

const pgUp = await postgresReachable();
describe('two `npm start` at once on one new PostgreSQL database', () => {
  if (!pgUp) {
    missingPrerequisites(
      'start together on PostgreSQL',
      `PostgreSQL nicht erreichbar (${TEST_DATABASE_URL})`,
    );
    return;
  }
  const name = `bk_start_${randomBytes(5).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: TEST_DATABASE_URL });
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
  });
  afterAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('both become healthy, the demo and its owner exist once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'baukasten-start-together-'));
    try {
      await startTwice({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      expect((await c.query('select count(*)::int as n from websites')).rows).toEqual([{ n: 1 }]);
      expect((await c.query('select count(*)::int as n from accounts')).rows).toEqual([{ n: 1 }]);
    } finally {
      await c.end();
    }
  }, 300_000);
});

describe('progress of long steps (scripts/lib/ensure-deps.mjs)', () => {
  it('names the step from npm’s output and says every few seconds how long it runs', async () => {
    const deps = await import(pathToFileURL(join(repo, 'scripts/lib/ensure-deps.mjs')).href);
    const lines: string[] = [];
    const script = "console.log('> better-sqlite3@12.9.0 install'); setTimeout(() => {}, 1500)";
    const code = await deps.runWithProgress('Installation', process.execPath, ['-e', script], {
      stepOf: deps.npmStep,
      everyMs: 400,
      out: { log: (line: string) => lines.push(line) },
    });
    expect(code).toBe(0);
    expect(lines[0]).toBe('» Installation …');
    expect(lines).toContain(
      '» npm install: better-sqlite3 wird übersetzt (das dauert beim ersten Mal einige Minuten) …',
    );
    expect(
      lines.filter((l) => /better-sqlite3 wird übersetzt.* läuft seit \d+ s$/.test(l)).length,
    ).toBeGreaterThanOrEqual(2);
    expect(lines.at(-1)).toMatch(/^» Installation: fertig nach \d+ s$/);
  });
});
