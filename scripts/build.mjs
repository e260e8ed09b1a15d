// Builds every workspace package to plain ESM JavaScript in packages/*/dist that `node` runs without tsx,
// and bundles the browser islands and the editor. Type checking is `npm run typecheck` (tsc --noEmit);
// esbuild only transpiles.
//
// A build never changes files under a running server, and runs only when its inputs changed:
//
// - The build id is a hash of everything the output depends on (the packages' sources without tests, the
//   manifests and lock file, this script). Output goes to packages/<pkg>/dist-<id>, first into a temporary
//   folder beside it that is renamed when every package compiled, so a dist-<id> is always complete.
// - packages/<pkg>/dist is a symbolic link to the current dist-<id>, switched by renaming a new link over it
//   (an atomic replace). The package exports (`./dist/index.js`) and every path the server derives from its
//   own location (`../dist/browser`, the editor's `../../admin/dist`) keep working through the link.
// - Node loads modules by their real path, so a server started from dist-<a> keeps importing from dist-<a>
//   after the link moved to dist-<b>; nothing it may still import is ever rewritten. Old builds are deleted
//   only when no running `npm start` registered them (node_modules/.cache/baukasten/running/<pid>); the most
//   recent earlier build is kept as well, for servers started directly from packages/server/dist.
// - A lock file lets one build (or one start loading its modules) at a time: the second of two builds
//   waits, then finds the build current and does nothing.
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireLock, processAlive } from './lib/lock.mjs';

const here = fileURLToPath(new URL('../', import.meta.url));
/** Workspace packages compiled file by file; `admin` is bundled only (the editor). */
const COMPILED = ['commerce', 'jsont', 'storage', 'theme', 'storefront', 'server'];
const PACKAGES = [...COMPILED, 'admin'];

const stateDir = (root) => join(root, 'node_modules', '.cache', 'baukasten');
export const buildLockFile = (root = here) => join(stateDir(root), 'build.lock');
const runningDir = (root) => join(stateDir(root), 'running');

const isTest = (name) => /\.test\.tsx?$/.test(name);

function files(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(full));
    else out.push(full);
  }
  return out;
}

/** The TypeScript files esbuild compiles one by one (not tests, not declarations). */
const sources = (dir) => files(dir).filter((f) => /\.tsx?$/.test(f) && !isTest(f) && !f.endsWith('.d.ts'));

/** Hash of every input of the build; the same sources give the same id on every machine. */
export function buildId(root = here) {
  const h = createHash('sha256');
  const add = (file) => {
    h.update(`${file.slice(root.length)}\0`);
    h.update(readFileSync(file));
  };
  add(join(root, 'scripts', 'build.mjs'));
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.base.json']) {
    if (existsSync(join(root, file))) add(join(root, file));
  }
  for (const pkg of PACKAGES) {
    const dir = join(root, 'packages', pkg);
    for (const file of ['package.json', 'tsconfig.json'])
      if (existsSync(join(dir, file))) add(join(dir, file));
    if (existsSync(join(dir, 'src')))
      for (const file of files(join(dir, 'src')).sort()) if (!isTest(file)) add(file);
  }
  return h.digest('hex').slice(0, 16);
}

const present = (root) => PACKAGES.filter((pkg) => existsSync(join(root, 'packages', pkg, 'src')));

/** The id every package's dist points at, or undefined when they differ or something is missing. */
export function currentBuildId(root = here) {
  let id;
  for (const pkg of present(root)) {
    const link = join(root, 'packages', pkg, 'dist');
    let target;
    try {
      target = readlinkSync(link);
    } catch {
      return undefined;
    }
    const match = /dist-([0-9a-f]+)$/.exec(target);
    if (!match || (id !== undefined && id !== match[1]) || !existsSync(join(root, 'packages', pkg, target)))
      return undefined;
    id = match[1];
  }
  return id;
}

/** Every @baukasten/* import of a bundle is taken from the package's sources, not from a dist being replaced. */
const workspaceSources = (root) => ({
  name: 'baukasten-workspace-sources',
  setup(build) {
    build.onResolve({ filter: /^@baukasten\/[\w-]+$/ }, (args) => ({
      path: join(root, 'packages', args.path.slice('@baukasten/'.length), 'src', 'index.ts'),
    }));
  },
});

/** Compiles into out[pkg] (folders that do not exist yet). */
async function compile(root, out) {
  // Imported here, not at the top: start.mjs loads this file only after `npm install`, and needs no esbuild
  // when the build is current.
  const esbuild = await import('esbuild');
  for (const pkg of COMPILED) {
    const src = join(root, 'packages', pkg, 'src');
    if (!existsSync(src)) continue;
    await esbuild.build({
      entryPoints: sources(src),
      outdir: out[pkg],
      outbase: src,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      logLevel: 'warning',
    });
  }

  const browserDir = join(out.storefront, 'browser');
  const browser = await esbuild.build({
    entryPoints: [
      join(root, 'packages/storefront/src/browser.tsx'),
      // Pages without islands that still measure (order confirmation): the analytics runtime alone.
      join(root, 'packages/storefront/src/analytics-page.ts'),
    ],
    // One small entry plus a chunk per island (and shared chunks such as React): a page loads only the
    // islands it has. Names carry content hashes, so the server can serve them as immutable.
    outdir: browserDir,
    entryNames: 'islands-[hash]',
    chunkNames: 'chunk-[hash]',
    splitting: true,
    metafile: true,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The islands are written against React's API; the server renders them with React, the browser hydrates
    // them with Preact's compatible one: React and ReactDOM alone were 64 of the product page's 90 KB gzip
    // against a budget of 80 (issue #22). `react/jsx-runtime` and `react-dom/client` follow to the same
    // paths under preact/compat. Ids match through islands/island-id.tsx, not `useId`.
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [workspaceSources(root)],
  });

  // The server preloads exactly the chunks of the islands a page has: for each island (its source file's
  // name), the chunk esbuild made for it and every chunk that one imports statically.
  const outputs = browser.metafile.outputs;
  const fileOf = (path) => path.split('/').pop();
  const withImports = (path, seen = new Set()) => {
    if (seen.has(path)) return seen;
    seen.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement') withImports(imported.path, seen);
    }
    return seen;
  };
  const manifest = { entry: '', analytics: '', islands: {} };
  for (const [path, output] of Object.entries(outputs)) {
    if (!path.endsWith('.js')) continue;
    if (output.entryPoint?.endsWith('browser.tsx')) manifest.entry = fileOf(path);
    if (output.entryPoint?.endsWith('analytics-page.ts')) manifest.analytics = fileOf(path);
    const island = /islands\/(?:[\w-]+\/)*([\w-]+)\.tsx$/.exec(output.entryPoint ?? '')?.[1];
    if (island) manifest.islands[island] = [...withImports(path)].map(fileOf);
  }
  writeFileSync(join(browserDir, 'islands.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  // The site owner's editor at /config: one bundle of its own (with its CSS), loaded only there.
  const adminEntry = join(root, 'packages/admin/src/main.tsx');
  if (existsSync(adminEntry)) {
    const admin = await esbuild.build({
      entryPoints: [adminEntry],
      outdir: out.admin,
      entryNames: 'config-[hash]',
      bundle: true,
      minify: true,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2022'],
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      legalComments: 'none',
      logLevel: 'warning',
      plugins: [workspaceSources(root)],
    });
    const built = Object.keys(admin.metafile.outputs).map((path) => path.split('/').pop());
    writeFileSync(
      join(out.admin, 'config.json'),
      `${JSON.stringify({ js: built.find((f) => f.endsWith('.js')), css: built.find((f) => f.endsWith('.css')) ?? null }, null, 2)}\n`,
    );
  }
}

/**
 * Points packages/<pkg>/dist at `target` by renaming a new link over the old one: a process opening a
 * file through dist sees the old build or the new one, never none. A plain dist folder of a checkout
 * built before dist became a link is renamed to dist-legacy-<time> first (once; it is then an old build
 * like any other).
 */
function pointDist(pkgDir, target) {
  const link = join(pkgDir, 'dist');
  const fresh = join(pkgDir, `.dist-link-${process.pid}-${randomBytes(4).toString('hex')}`);
  // Windows makes directory links as junctions, which need an absolute target.
  if (process.platform === 'win32') symlinkSync(resolve(pkgDir, target), fresh, 'junction');
  else symlinkSync(target, fresh);
  const old = lstatSync(link, { throwIfNoEntry: false });
  if (old && !old.isSymbolicLink()) renameSync(link, join(pkgDir, `dist-legacy-${Date.now()}`));
  renameSync(fresh, link);
}

/** Builds that a running `npm start` loaded: its pid file names the id. Files of ended processes go. */
function idsInUse(root) {
  const ids = new Set();
  const dir = runningDir(root);
  if (!existsSync(dir)) return ids;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (processAlive(Number(name))) ids.add(readFileSync(file, 'utf8').trim());
    else rmSync(file, { force: true });
  }
  return ids;
}

/** Deletes old builds nobody uses, and temporary folders of builds that died (we hold the lock). */
function collectGarbage(root, id) {
  const keep = new Set([`dist-${id}`, ...[...idsInUse(root)].map((used) => `dist-${used}`)]);
  for (const pkg of present(root)) {
    const pkgDir = join(root, 'packages', pkg);
    const entries = readdirSync(pkgDir);
    for (const name of entries) {
      if (name.startsWith('.dist-tmp-') || name.startsWith('.dist-link-'))
        rmSync(join(pkgDir, name), { recursive: true, force: true });
    }
    const old = entries
      .filter((name) => /^dist-/.test(name) && !keep.has(name))
      .map((name) => ({ name, time: statSync(join(pkgDir, name)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const { name } of old.slice(1)) rmSync(join(pkgDir, name), { recursive: true, force: true });
  }
}

/**
 * Builds when the sources changed since the current build; call it holding the build lock. Resolves to
 * the id now current and whether this call built it.
 */
export async function buildIfChanged(root = here, { log = console.log } = {}) {
  const started = Date.now();
  const id = buildId(root);
  if (currentBuildId(root) === id) {
    log('» Build ist aktuell (Quellen unverändert)');
    return { id, built: false };
  }
  const pkgs = present(root);
  const final = Object.fromEntries(pkgs.map((pkg) => [pkg, join(root, 'packages', pkg, `dist-${id}`)]));
  // The same sources built before (e.g. switched back to them) are taken as they are.
  let built = false;
  if (!pkgs.every((pkg) => existsSync(final[pkg]))) {
    log('» Build läuft (esbuild) …');
    const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const tmp = Object.fromEntries(
      pkgs.map((pkg) => [pkg, join(root, 'packages', pkg, `.dist-tmp-${suffix}`)]),
    );
    try {
      await compile(root, tmp);
      for (const pkg of pkgs) {
        // A package already built from these very sources keeps its folder (a server may be loading from
        // it); ours is identical and goes.
        if (existsSync(final[pkg])) continue;
        mkdirSync(tmp[pkg], { recursive: true });
        renameSync(tmp[pkg], final[pkg]);
      }
    } finally {
      for (const pkg of pkgs) rmSync(tmp[pkg], { recursive: true, force: true });
    }
    built = true;
  }
  for (const pkg of pkgs) pointDist(join(root, 'packages', pkg), `dist-${id}`);
  collectGarbage(root, id);
  log(`» Build fertig in ${Date.now() - started} ms (${id})`);
  return { id, built };
}

/** Marks build `id` as loaded by this process until it ends, so no later build deletes it. */
export function registerRunning(root, id) {
  const dir = runningDir(root);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, String(process.pid));
  writeFileSync(file, `${id}\n`);
  process.once('exit', () => rmSync(file, { force: true }));
}

/** The lock every build and every start's module loading takes, with a line when it has to wait. */
export const takeBuildLock = (root = here) =>
  acquireLock(buildLockFile(root), {
    onWait: (pid) => console.log(`» Warte auf einen anderen Build in diesem Ordner (PID ${pid}) …`),
  });

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const release = await takeBuildLock(here);
  try {
    await buildIfChanged(here);
  } finally {
    release();
  }
}
