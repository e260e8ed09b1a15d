// Add-to-cart and checkout throughput and p99 over HTTP, next to a bare Fastify JSON POST route in
// the same run, on SQLite and on PostgreSQL. Target: add-to-cart at least 40 % of the bare route on SQLite.
// Run: node bench/cart/run.mjs [--seconds 5] [--rounds 3] [--only sqlite|postgres] [--what-if sync-normal,host-cache]
// The machine's speed drifts between runs, so the bare route and add-to-cart take turns (--rounds of each);
// the ratio is the median of the rounds' ratios, each round comparing runs seconds apart, after one unmeasured
// second of each (JIT and caches warm).
// --what-if measures a change before it is made (see WHAT_IFS in server-bundle.mjs); the work tree is untouched.
// PostgreSQL: BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test, in its own schema bench_cart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { loadServer } from './server-bundle.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SECONDS = Number(flag('seconds', '5'));
const ROUNDS = Number(flag('rounds', '3'));
const ONLY = flag('only', '');
const WHAT_IF = flag('what-if', '')
  .split(',')
  .filter((name) => name !== '');
const CONNECTIONS = 10;
const CHECKOUTS = 2000;
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = 'bench_cart';

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

/** A bare Fastify JSON POST route, the baseline: listening until `close`. */
async function bareRoute() {
  const app = Fastify({ logger: false });
  app.post('/bare', async (request) => ({ ok: true, itemId: request.body?.itemId ?? null }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    measure: async (seconds = SECONDS) =>
      summary(
        await run({
          duration: seconds,
          url: `${url}/bare`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ itemId: 'x', sku: 'y', quantity: 1 }),
        }),
      ),
    close: () => app.close(),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function benchDatabase(server, name, storageOptions, bare) {
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
  const crumb = 'benchcrumbbenchcrumb0000';
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
  const addRun = async (seconds = SECONDS) =>
    summary(
      await run({
        duration: seconds,
        url: `${url}/api/commerce/shopping-cart/entries`,
        method: 'POST',
        headers: base,
        body: addBody,
        setupClient(client) {
          client.setHeaders({
            ...base,
            cookie: `crumb=${crumb}; cart=${visitors[next++ % visitors.length]}`,
          });
        },
      }),
    );
  // One unmeasured second of each first, so no round pays for the JIT warming up or caches filling.
  await addRun(1);
  await bare.measure(1);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareRound = await bare.measure();
    const addRound = await addRun();
    rounds.push({ bare: bareRound, add: addRound, ratio: addRound.rps / bareRound.rps });
  }
  const middle = rounds.find((r) => r.ratio === median(rounds.map((x) => x.ratio)));

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
  return { rounds, bare: middle.bare, add: middle.add, checkout: summary(checkout) };
}

const dir = mkdtempSync(join(tmpdir(), 'baukasten-bench-'));
try {
  const server = await loadServer(WHAT_IF);
  const results = {};
  if (ONLY !== 'postgres') {
    const bare = await bareRoute();
    results.sqlite = await benchDatabase(server, 'sqlite', { sqliteFile: join(dir, 'bench.sqlite') }, bare);
    await bare.close();
  }
  if (ONLY !== 'sqlite') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${SCHEMA} cascade`);
    await admin.query(`create schema ${SCHEMA}`);
    try {
      const bare = await bareRoute();
      results.postgres = await benchDatabase(
        server,
        'postgres',
        { databaseUrl: PG_URL, postgresSchema: SCHEMA, postgresPoolSize: 10 },
        bare,
      );
      await bare.close();
    } finally {
      await admin.query(`drop schema if exists ${SCHEMA} cascade`);
      await admin.end();
    }
  }
  console.log(
    `connections ${CONNECTIONS}, ${SECONDS} s per run, ${ROUNDS} rounds of bare then add-to-cart, ${CHECKOUTS} checkouts per database`,
  );
  if (WHAT_IF.length > 0) console.log(`what-if: ${WHAT_IF.join(', ')} (not the code in the work tree)`);
  for (const [name, r] of Object.entries(results)) {
    const ratio = (x) => `${((100 * x.rps) / r.bare.rps).toFixed(1)} %`;
    console.log(`\n${name}`);
    for (const [i, round] of r.rounds.entries()) {
      console.log(
        `  round ${i + 1}: bare ${round.bare.rps} req/s, add-to-cart ${round.add.rps} req/s = ${(100 * round.ratio).toFixed(1)} %`,
      );
    }
    console.log('  median round:');
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
