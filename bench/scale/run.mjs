// Scale: the same speed with a million orders (issue 19, item 10). In one run, per database: add-to-cart,
// checkout and the list page (/shop) on an empty shop, then the same database filled with --orders orders (two
// lines each) and --carts carts (two entries each), spread over five websites and 80 % on the measured one,
// with one outbox mail per order and two analytics events per order; ANALYZE; then the same routes again.
// Prints req/s, p99 and full/empty per route; exits 1 when a ratio is below 0.9 (a bench: it only reports).
//
// The machine is shared, so its speed drifts by more than 10 % within minutes. A second, empty shop on a
// database of its own (the reference) is measured by turns with the measured one, round by round, before
// and after the fill: full/empty is the median of the rounds' ratios of the full shop to the empty one
// measured seconds apart, and the ratio of the two empty shops before the fill shows how alike two equal
// shops measure right now. The server's CPU time per request is printed as well (less swayed by the load).
//
// The server is the built one (`npm run build` first), started as `npm start` starts it (serve.js, production,
// its outbox worker and analytics rollup running), on a fresh temporary DATA_DIR (SQLite) or a database of
// its own (PostgreSQL: created and dropped here). Each visitor request gets a client address of a pool
// (X-Forwarded-For, TRUST_PROXY=true), so the per-visitor rate limits stay out of the figures.
//
// Routes:
//   add-to-cart   POST /api/commerce/shopping-cart/entries into one of 100 open carts (the mug, +1)
//   checkout      POST /api/commerce/checkout, each of --checkouts fresh carts once (Vorkasse)
//   list          GET /shop rendered for every request (a query string of its own, so the page cache
//                 never answers; a cached page costs the same whatever the data)
//
// Run: npm run build && node bench/scale/run.mjs [--only sqlite|postgres] [--seconds 5] [--rounds 2]
//      [--orders 1000000] [--carts 1000000] [--checkouts 1000] [--keep]
// PostgreSQL: BENCH_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/postgres (the server that gets a
// database bench_scale_<pid>_measured and one bench_scale_<pid>_reference).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStorage, seedDemoShop } from '@baukasten/storage';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const ONLY = flag('only', '');
const SECONDS = Number(flag('seconds', '5'));
const ROUNDS = Number(flag('rounds', '2'));
const ORDERS = Number(flag('orders', '1000000'));
const CARTS = Number(flag('carts', '1000000'));
const CHECKOUTS = Number(flag('checkouts', '1000'));
const CONNECTIONS = 10;
/** Keep the filled database (its folder or name is printed) to look at query plans. */
const KEEP = args.includes('--keep');
const MIN_RATIO = 0.9;
const PG_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const HOST = 'localhost';
const CRUMB = 'scalecrumbscalecrumb0000';
const BIG_STOCK = 1_000_000_000;
/** Client addresses for the rate limits: each sees a few requests per 10 s window, and the set stays small. */
const ADDRESSES = 4000;
/** Websites the fill spreads over besides the measured one (which gets 80 % of the rows). */
const OTHER_SITES = 4;
const FILL_CHUNK = 100_000;
/** The fill's first order number: past those the empty phase placed. */
const NUMBER_BASE = 1_000_000;

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------- the shop and the server

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

/** The demo shop (the mug's stock raised so nothing sells out) and the other websites of the fill. */
async function prepareShop(storageOptions) {
  const storage = await openStorage(storageOptions);
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
    const others = [];
    for (let i = 0; i < OTHER_SITES; i++) {
      const site = await storage.websites.create({
        title: `Anderer Laden ${i + 1}`,
        hostnames: [`other-${i + 1}.scale.test`],
        locale: 'de-DE',
        timeZone: 'Europe/Berlin',
        currency: 'EUR',
      });
      others.push(site.id);
    }
    return {
      websiteId,
      others,
      mug: { itemId: mug.id, sku: mugVariant.sku, variantId: mugVariant.id },
      notebook: { itemId: notebook.id, sku: notebook.product.variants[0].sku },
    };
  } finally {
    await storage.close();
  }
}

/** packages/server/dist/serve.js as `npm start` runs it, on this database. */
async function startServer(env) {
  const port = await freePort();
  let log = '';
  // The real path: a build that moves the dist link meanwhile does not change what this server runs.
  const serve = realpathSync(join(root, 'packages/server/dist/serve.js'));
  const child = spawn(process.execPath, [serve], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      REDIS_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
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
  return {
    baseUrl,
    pid: child.pid,
    output: () => log,
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

let nextAddress = 0;
const address = () => {
  const n = (nextAddress++ % ADDRESSES) + 1;
  return `10.77.${(n >> 8) & 255}.${n & 255}`;
};
const headers = (cart, json = true) => ({
  host: HOST,
  cookie: `crumb=${CRUMB}${cart ? `; cart=${cart}` : ''}`,
  'x-forwarded-for': address(),
  ...(json ? { 'content-type': 'application/json', 'x-csrf-token': CRUMB } : {}),
});

const autocannonOnce = (opts) =>
  new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });

/** One autocannon run against the server, summarised with the server's CPU time over it. */
async function measured(server, opts) {
  const before = cpuOf(server.pid);
  const result = await autocannonOnce({ url: server.baseUrl, ...opts });
  return summary(result, cpuOf(server.pid) - before);
}

/** CPU time the server process has used, in µs (Linux: /proc/<pid>/stat utime + stime, in 10 ms ticks). */
const cpuOf = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
};

// Requests over the run's whole duration (autocannon's average is of per-second samples: coarse for short
// runs), and the server's CPU per request: on a shared machine less swayed by other work than the rate.
const summary = (result, cpuUs) => ({
  rps: Math.round(result.requests.total / result.duration),
  cpuUs: Math.round(cpuUs / Math.max(result.requests.total, 1)),
  p99: result.latency.p99,
  non2xx: result.non2xx,
  statuses: Object.keys(result.statusCodeStats ?? {}).join(' '),
  errors: result.errors,
});

function routes(server, shop) {
  const addBody = JSON.stringify({ itemId: shop.mug.itemId, sku: shop.mug.sku, quantity: 1 });
  const post = () =>
    fetch(`${server.baseUrl}/api/commerce/shopping-cart/entries`, {
      method: 'POST',
      headers: headers(undefined),
      body: addBody,
    });
  const newCart = async () => {
    // Once more when a kept-alive socket the server closed while idle (during the fill) was reused.
    const res = await post().catch(post);
    if (res.status !== 200) throw new Error(`setup add failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cart='));
    return /^cart=([^;]+)/.exec(cookie)[1];
  };
  const newCarts = async (n) => {
    const carts = [];
    while (carts.length < n) carts.push(...(await Promise.all(Array.from({ length: 20 }, newCart))));
    return carts.slice(0, n);
  };
  let visitors;
  const add = async (seconds) => {
    visitors ??= await newCarts(100);
    let next = 0;
    return measured(server, {
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/commerce/shopping-cart/entries',
          body: addBody,
          setupRequest: (request) => ({ ...request, headers: headers(visitors[next++ % visitors.length]) }),
        },
      ],
    });
  };
  const checkoutBody = JSON.stringify({
    email: 'scale@example.de',
    shippingAddress: germanAddress,
    paymentMethod: 'bank-transfer',
  });
  const checkout = async (amount) => {
    const carts = await newCarts(amount);
    let next = 0;
    return measured(server, {
      amount: carts.length,
      requests: [
        {
          method: 'POST',
          path: '/api/commerce/checkout',
          body: checkoutBody,
          setupRequest: (request) => ({ ...request, headers: headers(carts[next++ % carts.length]) }),
        },
      ],
    });
  };
  let page = 0;
  const list = async (seconds) =>
    measured(server, {
      duration: seconds,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/shop?r=${++page}`,
            headers: headers(undefined, false),
          }),
        },
      ],
    });
  return { add, checkout, list };
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor((values.length - 1) / 2)];

/**
 * Rounds of every route on the measured shop and on the reference shop by turns, so both see the same
 * machine (other work on it comes and goes); a first round unmeasured (JIT, caches). Per route: the median
 * round of each, and the median of the rounds' measured/reference ratios.
 */
async function measurePair(target, reference, label) {
  const a = routes(target.server, target.shop);
  const b = routes(reference.server, reference.shop);
  const rounds = [];
  const loadBefore = load();
  for (let round = -1; round < ROUNDS; round++) {
    const checkouts = round < 0 ? Math.ceil(CHECKOUTS / 3) : CHECKOUTS;
    const one = {};
    for (const route of ['add', 'checkout', 'list']) {
      const run = (r) => (route === 'checkout' ? r.checkout(checkouts) : r[route](SECONDS));
      // Which goes first alternates, so neither always follows the other's writes.
      const [first, second] = round % 2 === 0 ? [a, b] : [b, a];
      const x = await run(first);
      const y = await run(second);
      one[route] = first === a ? { a: x, b: y } : { a: y, b: x };
    }
    if (round >= 0) rounds.push(one);
  }
  const result = { load: `${loadBefore} → ${load()}`, rounds };
  for (const route of ['add', 'checkout', 'list']) {
    const of = (side) => rounds.map((r) => r[route][side]);
    const pick = (list) => list.find((x) => x.rps === median(list.map((y) => y.rps)));
    result[route] = {
      a: pick(of('a')),
      b: pick(of('b')),
      ratio: median(rounds.map((r) => r[route].a.rps / r[route].b.rps)),
      cpuRatio: median(rounds.map((r) => r[route].a.cpuUs / r[route].b.cpuUs)),
    };
  }
  const line = (side) =>
    ['add', 'checkout', 'list'].map((route) => `${route} ${result[route][side].rps}/s`).join(', ');
  console.log(`  ${label}: measured shop ${line('a')}; reference ${line('b')} (load ${result.load})`);
  return result;
}

// ---------------------------------------------------------------- the fill

const ORDER_DATA = JSON.stringify({
  shippingAddress: germanAddress,
  shippingOption: { id: 'standard', name: 'Standardversand', priceMinor: 495 },
  validCoupons: [],
  applicableTaxRules: [],
  payment: { method: 'bank-transfer', reference: 'VK-0000000000', status: 'PAID' },
  giftCards: [],
  giftCardMinor: 0,
});
const CHOSEN = JSON.stringify({ sku: 'FILL', attributes: {}, productType: 1, title: 'Ware' });
const MAIL_TEXT = `Vielen Dank für Ihre Bestellung. ${'Bestellte Artikel und Summen. '.repeat(12)}`;

/**
 * The fill's statements for rows [from, to) of each kind, as INSERT … SELECT over a number series: SQLite's
 * recursive CTE or PostgreSQL's generate_series. Row i belongs to the measured website unless i % 10 is 8 or 9
 * (then one of the others); ids are 24 hex characters like newId's, made from the row's time and number.
 */
function fillStatements(dialect, shop, from, to) {
  const { websiteId, others } = shop;
  const quote = (s) => `'${s.replaceAll("'", "''")}'`;
  const series = (a, b) =>
    dialect === 'sqlite'
      ? `with recursive s(i) as (select ${a} union all select i + 1 from s where i < ${b - 1}) `
      : '';
  const fromSeries = (a, b) =>
    dialect === 'sqlite' ? 'from s' : `from generate_series(${a}::bigint, ${b - 1}) as s(i)`;
  const site = (i) =>
    `case when ${i} % 10 < 8 then ${quote(websiteId)} else case (${i} / 10) % ${others.length} ${others
      .map((o, k) => `when ${k} then ${quote(o)}`)
      .join(' ')} end end`;
  const hex = (value, width) =>
    dialect === 'sqlite' ? `printf('%0${width}x', ${value})` : `lpad(to_hex(${value}), ${width}, '0')`;
  // Three years of orders up to an hour ago, in row order.
  const end = Date.now() - 3_600_000;
  const start = end - 3 * 365 * 86_400_000;
  const at = (i) => `(${start} + ${i} * ${Math.floor((end - start) / Math.max(ORDERS, CARTS))})`;
  const id = (kind, i) => `${hex(`${at(i)} / 1000`, 8)} || '${kind}' || ${hex(i, 15)}`;
  // Orders below half the carts bought cart i; the others' carts are gone (orders keep their cart id).
  const bought = Math.min(ORDERS, Math.floor(CARTS / 2));
  const statements = [];
  if (from < CARTS) {
    const a = from;
    const b = Math.min(to, CARTS);
    statements.push(`${series(a, b)}insert into carts (website_id, id, order_id, is_purchased, currency, data,
      subtotal_minor, tax_minor, shipping_cost_minor, discount_minor, grand_total_minor, created_at, updated_at, version)
      select ${site('i')}, ${id('1', 'i')}, case when i < ${bought} then ${id('2', 'i')} else null end,
        case when i < ${bought} then 1 else 0 end, 'EUR', '{}', 2400, 383, 495, 0, 2895, ${at('i')}, ${at('i')}, 2
      ${fromSeries(a, b)}`);
    for (const k of [0, 1]) {
      statements.push(`${series(a, b)}insert into cart_entries (website_id, id, cart_id, item_id, variant_id, sku,
        quantity, chosen_variant, additional_fields, subscription_option_id, purchase_price_minor, position, created_at)
        select ${site('i')}, ${id('4', `i * 2 + ${k}`)}, ${id('1', 'i')}, ${quote(shop.notebook.itemId)}, null,
          'FILL-${k}', 1, ${quote(CHOSEN)}, null, null, 1200, ${k}, ${at('i')}
        ${fromSeries(a, b)}`);
    }
  }
  if (from < ORDERS) {
    const a = from;
    const b = Math.min(to, ORDERS);
    // Numbers from NUMBER_BASE in row order, past those of the empty phase (each website's counter is set past them).
    statements.push(`${series(a, b)}insert into orders (website_id, id, order_number, cart_id, test_mode, currency,
      customer_email, data, subtotal_minor, tax_minor, shipping_minor, discount_minor, grand_total_minor, created_at,
      status, fulfilled_at, cancelled_at)
      select ${site('i')}, ${id('2', 'i')}, ${NUMBER_BASE} + i, ${id('1', 'i')}, 0, 'EUR',
        'kunde' || (i % 250000) || '@example.de', ${quote(ORDER_DATA)}, 2400, 383, 495, 0, 2895, ${at('i')},
        case when i % 50 = 0 then 'cancelled' when i > ${Math.floor(ORDERS * 0.98)} then 'open' else 'fulfilled' end,
        case when i % 50 <> 0 and i <= ${Math.floor(ORDERS * 0.98)} then ${at('i')} + 86400000 else null end,
        case when i % 50 = 0 then ${at('i')} + 3600000 else null end
      ${fromSeries(a, b)}`);
    for (const k of [0, 1]) {
      statements.push(`${series(a, b)}insert into order_items (website_id, id, order_id, item_id, variant_id, sku,
        product_name, quantity, unit_price_minor, data, position, download_token)
        select ${site('i')}, ${id('3', `i * 2 + ${k}`)}, ${id('2', 'i')}, ${quote(shop.notebook.itemId)}, null,
          'FILL-${k}', 'Ware ${k + 1}', 1, 1200, '{"productType":1,"attributes":{}}', ${k}, null
        ${fromSeries(a, b)}`);
    }
    // The confirmation of each order, sent; one in a thousand failed for good.
    statements.push(`${series(a, b)}insert into email_outbox (website_id, id, kind, to_address, reply_to, subject,
      text_body, html_body, status, attempts, next_attempt_at, lease_until, claim_token, last_error, created_at, sent_at)
      select ${site('i')}, ${id('5', 'i')}, 'order-confirmation', 'kunde' || (i % 250000) || '@example.de', null,
        'Ihre Bestellung ' || (${NUMBER_BASE} + i), ${quote(MAIL_TEXT)}, null,
        case when i % 1000 = 7 then 'failed' else 'sent' end, 1, ${at('i')}, null, null, null, ${at('i')},
        case when i % 1000 = 7 then null else ${at('i')} + 2000 end
      ${fromSeries(a, b)}`);
    // Two visitor events per order (a page view and the purchase), already rolled up (see below).
    for (const kind of ['pageview', 'purchase']) {
      const day =
        dialect === 'sqlite'
          ? `date(${at('i')} / 1000, 'unixepoch')`
          : `to_char(to_timestamp(${at('i')} / 1000.0), 'YYYY-MM-DD')`;
      statements.push(`${series(a, b)}insert into analytics_events (website_id, day, occurred_at, kind, visitor_id,
        session_id, path, referrer, item_id, label, value, funnel_steps, payload)
        select ${site('i')}, ${day}, ${at('i')}, '${kind}', 'v' || (i % 300000), 's' || i, '/shop', null, null,
          ${kind === 'purchase' ? "'EUR'" : 'null'}, ${kind === 'purchase' ? '2895' : 'null'}, 0, '{}'
        ${fromSeries(a, b)}`);
    }
  }
  return statements;
}

/** After the rows: every website's order counter past its numbers, the rollup past the events. */
function fillEpilogue(shop) {
  const sites = [shop.websiteId, ...shop.others];
  const counter = NUMBER_BASE + ORDERS;
  return [
    ...sites.map(
      (
        w,
      ) => `insert into website_sequences (website_id, name, next_value) values ('${w}', 'order_number', ${counter})
        on conflict (website_id, name) do update set next_value = ${counter}`,
    ),
    ...sites.map(
      (w) => `insert into analytics_rollup_state (website_id, last_event_id, updated_at)
        values ('${w}', (select coalesce(max(id), 0) from analytics_events), 0)
        on conflict (website_id) do update set last_event_id = excluded.last_event_id`,
    ),
  ];
}

async function fillSqlite(file, shop) {
  const db = new Database(file);
  db.pragma('busy_timeout = 30000');
  db.pragma('synchronous = OFF');
  try {
    for (let from = 0; from < Math.max(ORDERS, CARTS); from += FILL_CHUNK) {
      const statements = fillStatements('sqlite', shop, from, from + FILL_CHUNK).map((s) => db.prepare(s));
      db.transaction(() => {
        for (const s of statements) s.run();
      }).immediate();
      // The server is idle: the WAL goes back into the file after each chunk instead of growing by gigabytes.
      db.pragma('wal_checkpoint(TRUNCATE)');
    }
    db.transaction(() => {
      for (const s of fillEpilogue(shop)) db.prepare(s).run();
    }).immediate();
    db.exec('analyze');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

async function fillPostgres(url, shop) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    for (let from = 0; from < Math.max(ORDERS, CARTS); from += FILL_CHUNK) {
      await client.query('begin');
      for (const s of fillStatements('postgres', shop, from, from + FILL_CHUNK)) await client.query(s);
      await client.query('commit');
    }
    for (const s of fillEpilogue(shop)) await client.query(s);
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function counts(query) {
  const out = {};
  for (const table of ['orders', 'order_items', 'carts', 'cart_entries', 'email_outbox', 'analytics_events'])
    out[table] = Number(await query(`select count(*) as n from ${table}`));
  return out;
}

// ---------------------------------------------------------------- one database

/**
 * Two shops on two databases of the engine, each with its server: the measured one, empty and then filled,
 * and an empty reference measured by turns with it, before and after the fill. Before the fill their ratio
 * shows how alike two empty shops measure on this machine now; after it, the full shop against an empty one.
 */
async function benchDatabase(name, makeDatabase) {
  console.log(`\n${name}`);
  const targets = [];
  try {
    for (const role of ['measured', 'reference']) {
      const database = await makeDatabase(role);
      targets.push(database);
      database.shop = await prepareShop(database.storageOptions);
      database.server = await startServer(database.serverEnv);
    }
    const [target, reference] = targets;
    const before = await measurePair(target, reference, 'both empty');
    const started = Date.now();
    await target.fill(target.shop);
    const fillSeconds = (Date.now() - started) / 1000;
    const rows = await target.count();
    console.log(
      `  measured shop filled in ${fillSeconds.toFixed(0)} s: ${Object.entries(rows)
        .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
        .join(', ')}`,
    );
    const logged = targets.map((t) => t.server.output().length);
    const after = await measurePair(target, reference, 'full/empty');
    for (const [i, t] of targets.entries()) {
      // Errors the servers logged (level 50 and up) while measured after the fill; during it, the background
      // jobs (outbox, analytics rollup) find the SQLite write lock taken by the fill, as expected.
      const errors = t.server
        .output()
        .slice(logged[i])
        .split('\n')
        .filter((line) => /"level":(5|6)0/.test(line));
      if (errors.length > 0) console.log(`  server errors:\n${errors.slice(0, 5).join('\n')}`);
    }
    return { before, after, fillSeconds, rows };
  } catch (error) {
    for (const t of targets) if (t.server) console.log(`  server log:\n${t.server.output().slice(-4000)}`);
    throw error;
  } finally {
    for (const t of targets) {
      await t.server?.stop();
      await t.cleanup();
    }
  }
}

function sqliteDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'baukasten-scale-'));
  const file = join(dir, 'baukasten.sqlite');
  return {
    storageOptions: { dataDir: dir },
    serverEnv: { DATA_DIR: dir, DATABASE_URL: '' },
    fill: (shop) => fillSqlite(file, shop),
    async count() {
      const db = new Database(file, { readonly: true });
      try {
        return await counts(async (q) => db.prepare(q).get().n);
      } finally {
        db.close();
      }
    },
    async cleanup() {
      if (KEEP) console.log(`  kept: ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresDatabase(role) {
  const database = `bench_scale_${process.pid}_${role}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${database}`);
  await admin.query(`create database ${database}`);
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  const dir = mkdtempSync(join(tmpdir(), 'baukasten-scale-'));
  return {
    storageOptions: { databaseUrl: url.href, dataDir: dir },
    serverEnv: { DATA_DIR: dir, DATABASE_URL: url.href },
    fill: (shop) => fillPostgres(url.href, shop),
    async count() {
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      try {
        return await counts(async (q) => (await client.query(q)).rows[0].n);
      } finally {
        await client.end();
      }
    },
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
      if (KEEP) console.log(`  kept: ${url.href}`);
      else await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}

const results = {};
if (ONLY !== 'postgres') results.sqlite = await benchDatabase('sqlite', sqliteDatabase);
if (ONLY !== 'sqlite') results.postgres = await benchDatabase('postgres', postgresDatabase);

console.log(
  `\nconnections ${CONNECTIONS}, ${SECONDS} s per add-to-cart and list run, ${CHECKOUTS} checkouts per round, ` +
    `${ROUNDS} rounds by turns (medians); CPU: the server process's µs per request`,
);
let missed = false;
const routeNames = { add: 'add-to-cart', checkout: 'checkout   ', list: 'list /shop ' };
for (const [name, r] of Object.entries(results)) {
  console.log(`\n${name} (fill ${r.fillSeconds.toFixed(0)} s)`);
  const fig = (x) => `${x.rps} req/s p99 ${x.p99} ms ${x.cpuUs} µs`;
  for (const route of ['add', 'checkout', 'list']) {
    const before = r.before[route];
    const after = r.after[route];
    if (!(after.ratio >= MIN_RATIO)) missed = true;
    const bad = [before.a, before.b, after.a, after.b].some((x) => x.non2xx || x.errors);
    console.log(
      `  ${routeNames[route]}: empty ${fig(before.a)} | full ${fig(after.a)} | reference ${fig(after.b)}\n` +
        `               full/empty ${after.ratio.toFixed(2)}${after.ratio >= MIN_RATIO ? '' : ' < 0.9'} ` +
        `(CPU/req ${after.cpuRatio.toFixed(2)}); two empty shops ${before.ratio.toFixed(2)} (CPU/req ${before.cpuRatio.toFixed(2)})` +
        `${bad ? `  NON-2XX OR ERRORS (statuses ${[before.a, before.b, after.a, after.b].map((x) => x.statuses).join(' | ')})` : ''}`,
    );
  }
  console.log(`  load: before the fill ${r.before.load}; after ${r.after.load}`);
}
process.exitCode = missed ? 1 : 0;
