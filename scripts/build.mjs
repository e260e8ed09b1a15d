// Builds every workspace package to plain ESM JavaScript in packages/*/dist that `node` runs without tsx,
// and bundles the browser islands. Type checking is `npm run typecheck` (tsc --noEmit); esbuild only transpiles.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
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

await esbuild.build({
  entryPoints: [join(root, 'packages/storefront/src/browser.tsx')],
  outfile: join(root, 'packages/storefront/dist/browser/islands.js'),
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

console.log(`» Build fertig in ${Date.now() - started} ms`);
