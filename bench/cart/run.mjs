// Add-to-cart and checkout throughput and p99 over HTTP, next to a bare Fastify JSON POST route in
// the same run, on SQLite and on PostgreSQL. Target: add-to-cart at least 40 % of the bare route on SQLite.
// Run: node bench/cart/run.mjs [--seconds 5] [--only sqlite|postgres]
// PostgreSQL: BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test, in its own schema bench_cart.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import Fastify from 'fastify';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SECONDS = Number(flag('seconds', '5'));
const ONLY = flag('only', '');
const CONNECTIONS = 10;
const CHECKOUTS = 2000;
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = 'bench_cart';

/** The server from source: bundled once with esbuild, workspace packages resolved to their src. */
/** Source files that find siblings through import.meta.url (theme templates, assets) keep their own location. */
const keepSourceLocations = {
  name: 'keep-source-locations',
  setup(b) {
    b.onLoad({ filter: /packages[\\/][^\\/]+[\\/]src[\\/].*\.tsx?$/ }, async (a) => {
      const text = await readFile(a.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(a.path).href);
      return {
        contents: text.replaceAll('import.meta.url', url),
        loader: a.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

async function loadServer() {
  // Inside node_modules so the bundle's bare imports (fastify, kysely...) resolve from the repository.
  const dir = join(root, 'node_modules/.cache/baukasten-bench');
  mkdirSync(dir, { recursive: true });
  const pkg = (name) => join(root, `packages/${name}/src/index.ts`);
  const outfile = join(dir, 'server.mjs');
  await build({
    stdin: {
      contents: `
        export { buildApp } from './packages/server/src/app.ts';
        export { InMemoryRateLimiter } from './packages/server/src/rate-limit.ts';
        export { createTestShop, germanAddress } from './packages/server/src/commerce/test-shop.ts';
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
    plugins: [keepSourceLocations],
  });
  return import(pathToFileURL(outfile).href);
}

const run = (opts) =>
  new Promise((resolve, reject) => {
    const instance = autocannon(
      { connections: CONNECTIONS, ...(opts.amount ? {} : { duration: SECONDS }), ...opts },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });

const summary = (result) => ({
  rps: Math.round(result.requests.average),
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
});

async function bareRoute() {
  const app = Fastify({ logger: false });
  app.post('/bare', async (request) => ({ ok: true, itemId: request.body?.itemId ?? null }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await run({
    url: `${url}/bare`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ itemId: 'x', sku: 'y', quantity: 1 }),
  });
  await app.close();
  return summary(result);
}

async function benchDatabase(server, name, storageOptions) {
  const storage = await server.openStorage(storageOptions);
  await storage.migrate();
  const hostname = `bench-${name}.test`;
  const shop = await server.createTestShop(storage, hostname, 1_000_000_000);
  const app = await server.buildApp({
    storage,
    logLevel: 'silent',
    commerce: { rateLimiter: new server.InMemoryRateLimiter({ limit: 1e12, windowMs: 60_000 }) },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const crumb = 'benchcrumbbenchcrumb';
  const base = { host: hostname, 'content-type': 'application/json', 'x-csrf-token': crumb };
  const sku = `${hostname}-TASSE`;
  const addBody = JSON.stringify({ itemId: shop.mug.id, sku, quantity: 1 });

  // Carts to add into, one per simulated visitor, made through the API like a browser would.
  const newCart = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers: { ...base, cookie: `crumb=${crumb}` },
      payload: addBody,
    });
    if (res.statusCode !== 200) throw new Error(`setup add failed: ${res.statusCode} ${res.body}`);
    return res.cookies.find((c) => c.name === 'cart').value;
  };
  const visitors = await Promise.all(Array.from({ length: 100 }, newCart));
  let next = 0;
  const add = await run({
    url: `${url}/api/commerce/shopping-cart/entries`,
    method: 'POST',
    headers: base,
    body: addBody,
    setupClient(client) {
      client.setHeaders({ ...base, cookie: `crumb=${crumb}; cart=${visitors[next++ % visitors.length]}` });
    },
  });

  const checkoutCarts = [];
  for (let i = 0; i < CHECKOUTS; i += 50) {
    checkoutCarts.push(...(await Promise.all(Array.from({ length: 50 }, newCart))));
  }
  let cursor = 0;
  const checkoutBody = JSON.stringify({
    email: 'bench@example.de',
    shippingAddress: server.germanAddress,
    paymentMethod: 'bank-transfer',
  });
  const checkout = await run({
    url: `${url}/api/commerce/checkout`,
    amount: checkoutCarts.length,
    requests: [
      {
        method: 'POST',
        body: checkoutBody,
        setupRequest(request) {
          const cart = checkoutCarts[cursor++ % checkoutCarts.length];
          request.headers = { ...base, cookie: `crumb=${crumb}; cart=${cart}` };
          return request;
        },
      },
    ],
  });
  await app.close();
  await storage.close();
  return { add: summary(add), checkout: summary(checkout) };
}

const dir = mkdtempSync(join(tmpdir(), 'baukasten-bench-'));
try {
  const server = await loadServer();
  const results = {};
  if (ONLY !== 'postgres') {
    const bare = await bareRoute();
    const db = await benchDatabase(server, 'sqlite', { sqliteFile: join(dir, 'bench.sqlite') });
    results.sqlite = { bare, ...db };
  }
  if (ONLY !== 'sqlite') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${SCHEMA} cascade`);
    await admin.query(`create schema ${SCHEMA}`);
    try {
      const bare = await bareRoute();
      const db = await benchDatabase(server, 'postgres', {
        databaseUrl: PG_URL,
        postgresSchema: SCHEMA,
        postgresPoolSize: 10,
      });
      results.postgres = { bare, ...db };
    } finally {
      await admin.query(`drop schema if exists ${SCHEMA} cascade`);
      await admin.end();
    }
  }
  console.log(`connections ${CONNECTIONS}, ${SECONDS} s per run, ${CHECKOUTS} checkouts per database`);
  for (const [name, r] of Object.entries(results)) {
    const ratio = (x) => `${((100 * x.rps) / r.bare.rps).toFixed(1)} %`;
    console.log(`\n${name}`);
    console.log(`  bare JSON POST : ${r.bare.rps} req/s, p99 ${r.bare.p99} ms`);
    console.log(
      `  add-to-cart    : ${r.add.rps} req/s, p99 ${r.add.p99} ms, ${ratio(r.add)} of bare, non-2xx ${r.add.non2xx}`,
    );
    console.log(
      `  checkout       : ${r.checkout.rps} req/s, p99 ${r.checkout.p99} ms, ${ratio(r.checkout)} of bare, non-2xx ${r.checkout.non2xx}`,
    );
  }
  if (results.sqlite) {
    const share = results.sqlite.add.rps / results.sqlite.bare.rps;
    console.log(
      `\nTarget add-to-cart >= 40 % of bare on SQLite: ${share >= 0.4 ? 'met' : 'MISSED'} (${(share * 100).toFixed(1)} %)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
