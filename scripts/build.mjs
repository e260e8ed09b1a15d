// Builds every workspace package to plain ESM JavaScript in packages/*/dist that `node` runs without tsx,
// and bundles the browser islands. Type checking is `npm run typecheck` (tsc --noEmit); esbuild only transpiles.
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const root = new URL('../', import.meta.url).pathname;
const packages = ['commerce', 'jsont', 'storage', 'theme', 'storefront', 'server'];

function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const started = Date.now();
for (const pkg of packages) {
  const src = join(root, 'packages', pkg, 'src');
  const dist = join(root, 'packages', pkg, 'dist');
  if (!existsSync(src)) continue;
  rmSync(dist, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: sources(src),
    outdir: dist,
    outbase: src,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    logLevel: 'warning',
  });
}

const browserDir = join(root, 'packages/storefront/dist/browser');
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
  legalComments: 'none',
  logLevel: 'warning',
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
  const adminDir = join(root, 'packages/admin/dist');
  rmSync(adminDir, { recursive: true, force: true });
  const admin = await esbuild.build({
    entryPoints: [adminEntry],
    outdir: adminDir,
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
  });
  const built = Object.keys(admin.metafile.outputs).map((path) => path.split('/').pop());
  writeFileSync(
    join(adminDir, 'config.json'),
    `${JSON.stringify({ js: built.find((f) => f.endsWith('.js')), css: built.find((f) => f.endsWith('.css')) ?? null }, null, 2)}\n`,
  );
}

console.log(`» Build fertig in ${Date.now() - started} ms`);
