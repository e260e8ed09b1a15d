// Soak: minutes of mixed shop traffic against the built server as `npm start` runs it, on a fresh SQLite data
// folder, with autocannon. Every connection plays visitors one after another: home, shop list, two product
// pages; every second visitor then adds two products (one from a large stock, one unlimited) and opens the
// cart; every second of those checks out with Vorkasse. Each visitor has its own client address
// (X-Forwarded-For, TRUST_PROXY=true), as behind a load balancer, so the per-visitor rate limits do not
// turn the soak into a rate-limit test.
//
// Memory: the server process answers memory requests over IPC after a full GC (memory-probe.mjs). The
// warm-up runs the same traffic, then the load pauses for an idle sample (the reference); after the soak
// the same idle sample again. Growth compares the two, so it shows what the process kept, not how many
// requests were in flight (under load RSS swings with the request rate; those samples are printed too).
// Baseline in the same run: the first minute after the warm-up against the last minute (req/s and p99).
// PASS when RSS and heap each grew under 10 %, autocannon saw no errors, no answer was non-2xx, every
// acknowledged order is in the database and the stock sold matches, and the server still answers.
//
// Run: npm run build && node bench/soak/run.mjs [--minutes 10] [--warmup-seconds 60] [--connections 10]
//      [--sample-seconds 30]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStorage, seedDemoShop } from '@baukasten/storage';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const MINUTES = Number(flag('minutes', '10'));
const WARMUP_S = Number(flag('warmup-seconds', String(Math.min(60, Math.round(MINUTES * 6)))));
const CONNECTIONS = Number(flag('connections', '10'));
const SAMPLE_S = Number(flag('sample-seconds', '30'));
const DURATION_S = Math.round(MINUTES * 60);
const GROWTH_LIMIT_PCT = 10;
const BIG_STOCK = 100_000_000;
const CRUMB = 'soakcrumbsoakcrumbsoakcr';
const HOST = 'localhost';
const BROWSED = [
  'bio-t-shirt',
  'emaille-becher-bergsee',
  'canvas-tragetasche',
  'notizbuch-a5-gepunktet',
  'duftkerze-lavendel',
  'kaffee-abo-roestfrisch',
  'e-book-sauerteig',
  'geschenkgutschein',
];
if (!(DURATION_S > WARMUP_S + 10)) throw new Error('--minutes must leave at least 10 s after the warm-up');

// ---------------------------------------------------------------- the shop

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The demo shop on a fresh folder, with the mug's stock raised so the soak never sells out. */
async function prepareShop(dataDir) {
  const storage = await openStorage({ dataDir });
  try {
    await storage.migrate();
    const { websiteId } = await seedDemoShop(storage, { hostnames: [HOST, '127.0.0.1'] });
    const shop = await storage.collections.findByUrlId(websiteId, 'shop');
    const item = async (urlId) => {
      const found = await storage.items.findByUrlId(websiteId, shop.id, urlId);
      if (!found?.product) throw new Error(`demo product ${urlId} is missing`);
      return found;
    };
    const mug = await item('emaille-becher-bergsee');
    const notebook = await item('notizbuch-a5-gepunktet');
    const mugVariant = mug.product.variants[0];
    const change = await storage.items.setStock(
      websiteId,
      mugVariant.id,
      { unlimited: false, qtyInStock: mugVariant.qtyInStock },
      { unlimited: false, qtyInStock: BIG_STOCK },
    );
    if (change.outcome !== 'updated') throw new Error(`could not raise the mug's stock: ${change.outcome}`);
    const sqlite = new Database(join(dataDir, 'baukasten.sqlite'), { readonly: true });
    const ordersBefore = sqlite.prepare('select count(*) as n from orders').get().n;
    sqlite.close();
    return {
      ordersBefore,
      mug: { itemId: mug.id, sku: mugVariant.sku, variantId: mugVariant.id },
      notebook: { itemId: notebook.id, sku: notebook.product.variants[0].sku },
    };
  } finally {
    await storage.close();
  }
}

/** `packages/server/dist/serve.js` with the memory probe preloaded and an IPC channel to ask it. */
async function startServer(dataDir) {
  const port = await freePort();
  let log = '';
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      new URL('./memory-probe.mjs', import.meta.url).href,
      join(root, 'packages/server/dist/serve.js'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        TRUST_PROXY: 'true',
        REDIS_URL: '',
        DATABASE_URL: '',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server does not answer:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  let nextId = 0;
  const waiting = new Map();
  child.on('message', (m) => {
    if (m?.type !== 'soak:memory') return;
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
  return {
    port,
    baseUrl,
    output: () => log,
    memory() {
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('memory probe does not answer')), 30_000);
        waiting.set(id, (m) => {
          clearTimeout(timer);
          resolve(m);
        });
        child.send({ type: 'soak:memory', id });
      });
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

// ---------------------------------------------------------------- the load

const germanAddress = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  line1: 'Hauptstraße 1',
  city: 'Berlin',
  postalCode: '10115',
  country: 'DE',
};

/** Per route: answers, non-2xx by status, and the first non-2xx body for the report. */
const routes = new Map();
const countAnswer = (name, status, body) => {
  let r = routes.get(name);
  if (!r) routes.set(name, (r = { answers: 0, non2xx: {}, sample: undefined }));
  r.answers += 1;
  if (status < 200 || status > 299) {
    r.non2xx[status] = (r.non2xx[status] ?? 0) + 1;
    r.sample ??= String(body).slice(0, 300);
  }
};

function visitorRequests(shop) {
  let visits = 0;
  let checkouts = 0;
  // 10.x.y.z, one per visitor, reused only after 16 M visitors.
  const addressOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const headersOf = (context, extra = {}) => ({
    host: HOST,
    cookie: `crumb=${CRUMB}${context.cart ? `; cart=${context.cart}` : ''}`,
    'x-forwarded-for': context.address,
    ...extra,
  });
  const json = (context) => headersOf(context, { 'content-type': 'application/json', 'x-csrf-token': CRUMB });
  const page = (name, pathOf) => ({
    method: 'GET',
    setupRequest(request, context) {
      return { ...request, path: pathOf(context), headers: headersOf(context) };
    },
    onResponse: (status, body) => countAnswer(name, status, body),
  });
  const add = (name, product) => ({
    method: 'POST',
    setupRequest(request, context) {
      // Every second visitor only browses.
      if (context.visit % 2 === 1) return null;
      return {
        ...request,
        path: '/api/commerce/shopping-cart/entries',
        headers: json(context),
        body: JSON.stringify({ itemId: product.itemId, sku: product.sku, quantity: 1 }),
      };
    },
    onResponse(status, body, context, headers) {
      countAnswer(name, status, body);
      const cookies = [headers['set-cookie'] ?? []].flat();
      for (const c of cookies) {
        const m = /^cart=([^;]+)/.exec(c);
        if (m) context.cart = m[1];
      }
    },
  });
  const requests = [
    {
      ...page('GET / (home)', () => '/'),
      setupRequest(request, context) {
        context.visit = visits++;
        context.address = addressOf(context.visit + 1);
        context.product = BROWSED[context.visit % BROWSED.length];
        return { ...request, path: '/', headers: headersOf(context) };
      },
    },
    page('GET /shop (list)', () => '/shop'),
    page('GET /shop/p/… (product)', (c) => `/shop/p/${c.product}`),
    page('GET /shop/p/… (product)', () => '/shop/p/emaille-becher-bergsee'),
    add('POST add-to-cart', shop.mug),
    add('POST add-to-cart', shop.notebook),
    {
      ...page('GET /cart', () => '/cart'),
      setupRequest(request, context) {
        if (!context.cart) return null;
        return { ...request, path: '/cart', headers: headersOf(context) };
      },
    },
    {
      method: 'POST',
      setupRequest(request, context) {
        // Every second cart is left behind.
        if (!context.cart || context.visit % 4 !== 0) return null;
        return {
          ...request,
          path: '/api/commerce/checkout',
          headers: json(context),
          body: JSON.stringify({
            email: `soak-${context.visit}@example.de`,
            shippingAddress: germanAddress,
            paymentMethod: 'bank-transfer',
          }),
        };
      },
      onResponse(status, body) {
        countAnswer('POST checkout', status, body);
        if (status === 201) checkouts += 1;
      },
    },
  ];
  return { requests, stats: () => ({ visits, checkouts }) };
}

// ---------------------------------------------------------------- figures

const MB = 1024 * 1024;
const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
const pct = (from, to) => (100 * (to - from)) / from;
const p99 = (values) => {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
};

const dataDir = mkdtempSync(join(tmpdir(), 'baukasten-soak-'));
let server;
try {
  const shop = await prepareShop(dataDir);
  server = await startServer(dataDir);
  const load = visitorRequests(shop);
  const startedAt = Date.now();
  const since = () => Math.round((Date.now() - startedAt) / 1000);
  // Per second of the measured run: the latency of every answer, for the first-vs-last-minute comparison.
  const perSecond = [];
  let measuredFrom = 0;
  const samples = [];
  const sample = async (label) => {
    const m = await server.memory();
    samples.push({ label, t: since(), ...m });
    return m;
  };
  /** The same traffic for the given seconds; resolves with autocannon's result. */
  const drive = (seconds, measured) =>
    new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url: server.baseUrl,
          connections: CONNECTIONS,
          duration: seconds,
          timeout: 10,
          requests: load.requests,
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      if (!measured) return;
      instance.on('response', (_client, _status, _bytes, responseTime) => {
        (perSecond[Math.floor((Date.now() - measuredFrom) / 1000)] ??= []).push(responseTime);
      });
      let lastMinute = 0;
      instance.on('tick', () => {
        const minute = Math.floor((Date.now() - startedAt) / 60_000);
        if (minute !== lastMinute) {
          lastMinute = minute;
          console.log(`  … ${minute} min, ${load.stats().visits} visitors`);
        }
      });
    });
  /** Memory with no request in flight: a moment to let the last answers go, then a full GC. */
  const idle = async (label) => {
    await new Promise((r) => setTimeout(r, 2000));
    return sample(label);
  };

  console.log(
    `soak: ${MINUTES} min (warm-up ${WARMUP_S} s), ${CONNECTIONS} connections, server on port ${server.port}, data ${dataDir}`,
  );
  const loadBefore = loadavg();
  const warmup = await drive(WARMUP_S, false);
  // The reference: idle after the warm-up (JIT, caches, pools and the V8 heap have grown to their size).
  const start = await idle('start');
  measuredFrom = Date.now();
  const timers = [];
  const sampling = [];
  for (let t = SAMPLE_S; t < DURATION_S - WARMUP_S; t += SAMPLE_S) {
    timers.push(setTimeout(() => sampling.push(sample('load')), t * 1000));
  }
  const result = await drive(DURATION_S - WARMUP_S, true);
  for (const t of timers) clearTimeout(t);
  await Promise.all(sampling);
  const loadAfter = loadavg();
  // The same idle moment after the soak: what the process kept.
  const end = await idle('end');
  const healthy = (await fetch(`${server.baseUrl}/healthz`).catch(() => ({ ok: false }))).ok;
  await server.stop();
  const serverErrors = server
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line) || /^(Error|TypeError|RangeError)/.test(line));

  // What the database holds against what clients were told.
  const db = new Database(join(dataDir, 'baukasten.sqlite'), { readonly: true });
  const ordersInDb = db.prepare('select count(*) as n from orders').get().n - shop.ordersBefore;
  const mugStock = db
    .prepare('select qty_in_stock as q from product_variants where id = ?')
    .get(shop.mug.variantId).q;
  db.close();
  const { visits, checkouts } = load.stats();
  const dbBytes = ['baukasten.sqlite', 'baukasten.sqlite-wal']
    .map((f) => {
      try {
        return statSync(join(dataDir, f)).size;
      } catch {
        return 0;
      }
    })
    .reduce((a, b) => a + b, 0);

  // First minute of the measured run against its last minute.
  const measuredS = DURATION_S - WARMUP_S;
  const windowS = Math.min(60, Math.floor(measuredS / 2));
  const windowOf = (from) => {
    const latencies = perSecond.slice(from, from + windowS).flatMap((s) => s ?? []);
    return { rps: latencies.length / windowS, p99: p99(latencies) };
  };
  const first = windowOf(0);
  const last = windowOf(measuredS - windowS);

  const rssGrowth = pct(start.rss, end.rss);
  const heapGrowth = pct(start.heapUsed, end.heapUsed);
  const underLoad = samples.filter((s) => s.label === 'load');
  const non2xx = [...routes.values()].reduce(
    (n, r) => n + Object.values(r.non2xx).reduce((a, b) => a + b, 0),
    0,
  );
  const errors = warmup.errors + warmup.timeouts + result.errors + result.timeouts;
  const total = warmup.requests.total + result.requests.total;

  console.log(
    `\nrequests ${total} (warm-up ${warmup.requests.total}, then ${Math.round(result.requests.average)} req/s on average)`,
  );
  console.log(
    `errors ${warmup.errors + result.errors}, timeouts ${warmup.timeouts + result.timeouts}, non-2xx ${non2xx} (autocannon: ${warmup.non2xx + result.non2xx})`,
  );
  console.log(
    `latency after warm-up p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(`visitors ${visits}, orders acknowledged ${checkouts}, orders in database ${ordersInDb}`);
  console.log(
    `mug stock ${BIG_STOCK} -> ${mugStock} (sold ${BIG_STOCK - mugStock}), database ${mb(dbBytes)} at the end`,
  );
  console.log('\nby route (warm-up included)');
  for (const [name, r] of routes) {
    const bad = Object.entries(r.non2xx)
      .map(([status, n]) => `${status}×${n}`)
      .join(', ');
    console.log(`  ${name.padEnd(26)} ${String(r.answers).padStart(8)}  non-2xx ${bad || '0'}`);
    if (r.sample) console.log(`    first non-2xx body: ${r.sample}`);
  }
  console.log('\nmemory of the server process (each after a full GC)');
  for (const s of samples) {
    console.log(
      `  ${String(s.t).padStart(4)} s ${s.label.padEnd(5)} rss ${mb(s.rss).padStart(9)}  heap used ${mb(s.heapUsed).padStart(8)}  heap total ${mb(s.heapTotal).padStart(8)}  external ${mb(s.external).padStart(7)}`,
    );
  }
  if (underLoad.length > 0) {
    const rss = underLoad.map((s) => s.rss);
    console.log(
      `  under load rss ${mb(Math.min(...rss))} … ${mb(Math.max(...rss))} (follows the request rate and V8's young generation)`,
    );
  }
  console.log(
    `  idle after warm-up -> idle after the soak: heap used ${mb(start.heapUsed)} -> ${mb(end.heapUsed)} (${heapGrowth.toFixed(1)} %), rss ${mb(start.rss)} -> ${mb(end.rss)} (${rssGrowth.toFixed(1)} %), limit ${GROWTH_LIMIT_PCT} %`,
  );
  console.log(`\nbaseline in this run: first ${windowS} s after warm-up vs last ${windowS} s`);
  console.log(
    `  req/s ${first.rps.toFixed(0)} -> ${last.rps.toFixed(0)} (ratio ${(last.rps / first.rps).toFixed(2)})`,
  );
  console.log(
    `  p99   ${first.p99.toFixed(1)} ms -> ${last.p99.toFixed(1)} ms (ratio ${(last.p99 / first.p99).toFixed(2)})`,
  );
  console.log(
    `  load average (1 min) ${loadBefore[0].toFixed(2)} before, ${loadAfter[0].toFixed(2)} at the end (2 cores shared)`,
  );
  if (serverErrors.length > 0) {
    console.log(`\nserver logged ${serverErrors.length} errors, first: ${serverErrors[0].slice(0, 400)}`);
  }

  const checks = [
    [`RSS growth under ${GROWTH_LIMIT_PCT} %`, rssGrowth < GROWTH_LIMIT_PCT],
    [`heap growth under ${GROWTH_LIMIT_PCT} %`, heapGrowth < GROWTH_LIMIT_PCT],
    ['no errors or timeouts', errors === 0],
    ['no non-2xx answers', non2xx === 0 && warmup.non2xx + result.non2xx === 0],
    ['no errors in the server log', serverErrors.length === 0],
    // A checkout in flight when the load stops may be committed without its answer being read.
    [
      'every acknowledged order in the database (at most one per connection unanswered at a stop)',
      ordersInDb >= checkouts && ordersInDb - checkouts <= 2 * CONNECTIONS,
    ],
    ['stock sold = orders in the database x 1 mug', BIG_STOCK - mugStock === ordersInDb],
    ['server answers /healthz after the soak', healthy],
  ];
  console.log('');
  for (const [what, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  const pass = checks.every(([, ok]) => ok);
  console.log(`\n${pass ? 'PASS' : 'FAIL'}: memory growth under ${GROWTH_LIMIT_PCT} %, no errors`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
