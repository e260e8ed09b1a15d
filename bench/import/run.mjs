// Product import speed (issue 24): 10,000 products from a Shopify CSV (2 variants each, descriptions,
// tags) into a fresh SQLite shop, next to a baseline in the same run: the same products written through
// the item repository directly (storage.items.create, one call per product, products built by the editor's
// buildProduct). Target: the import of 10,000 products in under a minute. Images are fetched in the
// background afterwards and are not part of either figure.
// Run: node bench/import/run.mjs [--products 10000] [--only sqlite|postgres]
// PostgreSQL: BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test, in its own schema bench_import.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const COUNT = Number(flag('products', '10000'));
const only = flag('only', 'sqlite');

async function loadCode() {
  const dir = join(root, 'packages/server/node_modules/.cache/baukasten-bench');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'import.mjs');
  const pkg = (name) => join(root, `packages/${name}/src/index.ts`);
  await build({
    stdin: {
      contents: `
        export { readCatalogue } from './packages/server/src/imports/read-catalogue.ts';
        export { planImport, productFor, SkuOwners } from './packages/server/src/imports/import-plan.ts';
        export { runImport } from './packages/server/src/imports/import-runner.ts';
        export { openStorage } from './packages/storage/src/index.ts';`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    packages: 'external',
    alias: Object.fromEntries(
      ['commerce', 'storage', 'theme', 'jsont', 'storefront'].map((n) => [`@baukasten/${n}`, pkg(n)]),
    ),
    logLevel: 'error',
  });
  return import(pathToFileURL(outfile).href);
}

/** A Shopify product CSV with `count` products of sizes S and M. */
function shopifyCsv(count) {
  const lines = [
    'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src',
  ];
  for (let i = 0; i < count; i++) {
    const handle = `produkt-${i}`;
    lines.push(
      `${handle},"Produkt Nr. ${i} – Größe wählbar","<p>Beschreibung von Produkt ${i},</p>\n<p>zweite Zeile mit Ümlauten.</p>",Bench,"Kleidung, Sommer","bench, nr${i % 50}",TRUE,Größe,S,SKU-${i}-S,200,shopify,${i % 20},19.90,24.90,`,
      `${handle},,,,,,,,M,SKU-${i}-M,220,shopify,${i % 7},21.90,,`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

async function freshShop(code, dialect, dir, name) {
  let storage;
  if (dialect === 'sqlite') storage = await code.openStorage({ sqliteFile: join(dir, `${name}.sqlite`) });
  else {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const schema = `bench_import_${name}`;
    await client.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
    await client.end();
    storage = await code.openStorage({ databaseUrl: url, postgresSchema: schema });
  }
  await storage.migrate();
  const website = await storage.websites.create({
    title: 'Bench',
    hostnames: [`bench-${name}.test`],
    currency: 'EUR',
    locale: 'de-DE',
  });
  const shop = await storage.collections.create(website.id, { type: 2, urlId: 'laden', title: 'Laden' });
  return { storage, website, shop };
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

const code = await loadCode();
const file = shopifyCsv(COUNT);
const dir = mkdtempSync(join(tmpdir(), 'baukasten-bench-import-'));
try {
  for (const dialect of only === 'both' ? ['sqlite', 'postgres'] : [only]) {
    // Baseline: the same catalogue (parsed outside the clock) written through the repository directly.
    const parsed = code.readCatalogue(file, 'EUR');
    const base = await freshShop(code, dialect, dir, 'baseline');
    const skus = new code.SkuOwners([]);
    const t0 = performance.now();
    for (const product of parsed.products) {
      const built = code.productFor(product, `new:${product.handle}`, undefined, {
        currency: 'EUR',
        locale: 'de-DE',
        skus,
      });
      await base.storage.items.create(base.website.id, {
        collectionId: base.shop.id,
        urlId: product.handle,
        title: product.title,
        body: product.body,
        tags: product.tags,
        categories: product.categories,
        product: built,
      });
    }
    const baselineMs = performance.now() - t0;
    await base.storage.close();

    // The import: parse + preview (dry run) + the batched writes with progress.
    const target = await freshShop(code, dialect, dir, 'import');
    const t1 = performance.now();
    const mapped = code.readCatalogue(file, 'EUR');
    const index = await target.storage.imports.catalogueIndex(target.website.id);
    const { entries, summary } = code.planImport(mapped, index, target.shop.id, {
      currency: 'EUR',
      locale: 'de-DE',
    });
    const job = await target.storage.imports.createJob(target.website.id, {
      collectionId: target.shop.id,
      format: mapped.format,
      filename: 'bench.csv',
      plan: entries,
      summary,
      total: entries.length,
    });
    const previewMs = performance.now() - t1;
    const result = await code.runImport(target.storage, target.website, { ...job, plan: entries });
    const importMs = performance.now() - t1;
    // Re-import of the same file: everything updated in place, nothing duplicated.
    const t2 = performance.now();
    const again = code.planImport(
      code.readCatalogue(file, 'EUR'),
      await target.storage.imports.catalogueIndex(target.website.id),
      target.shop.id,
      { currency: 'EUR', locale: 'de-DE' },
    );
    const rerun = await code.runImport(target.storage, target.website, { ...job, plan: again.entries });
    const reimportMs = performance.now() - t2;
    const total = (await target.storage.items.searchProducts(target.website.id, { limit: 0 })).total;
    await target.storage.close();

    console.log(
      `${dialect}: ${COUNT} products, ${COUNT * 2} variants, file ${(file.length / 1048576).toFixed(1)} MB`,
    );
    console.log(`  baseline (items.create per product):   ${seconds(baselineMs)}`);
    console.log(
      `  import (parse + preview + write):       ${seconds(importMs)}  (preview ${seconds(previewMs)})`,
    );
    console.log(`  ratio import / baseline:                ${(importMs / baselineMs).toFixed(2)}`);
    console.log(`  re-import (all updated):                ${seconds(reimportMs)}`);
    console.log(
      `  created ${result.created}, updated on re-import ${rerun.updated}, refused ${result.refused.length + rerun.refused.length}, products in shop ${total}`,
    );
    console.log(`  under a minute: ${importMs < 60_000 ? 'ja' : 'NEIN'}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
