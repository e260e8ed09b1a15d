// Analytics: census RecordHit ingestion next to a bare Fastify form POST route in the same run (autocannon),
// and the dashboard queries over 1,000,000 stored events on SQLite (rollups built by the real rollup).
// Target: the summary query at 1M events in at most 200 ms.
// Run: node bench/analytics/run.mjs [--seconds 5] [--events 1000000] [--skip ingestion|dashboard]
// Writes bench/results/analytics.json.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import { loadServer } from '../cart/server-bundle.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SECONDS = Number(flag('seconds', '5'));
const EVENTS = Number(flag('events', '1000000'));
const SKIP = flag('skip', '');
const CONNECTIONS = 10;
const TARGET_SUMMARY_MS = 200;
const root = fileURLToPath(new URL('../..', import.meta.url));

const run = (opts) =>
  new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });

const summary = (result) => ({
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
});

/** Shared state without limits: the benchmark is one client hammering one shop. */
const unlimited = (server) => ({
  rateLimiter: () => new server.InMemoryRateLimiter({ limit: 1e12, windowMs: 60_000 }),
  spentTokens: { spend: async () => true },
  captchaSecret: async () => 'bench-secret',
  announceContentChanged: () => {},
  onContentChanged: async () => {},
  close: async () => {},
});

const visitCookie = 'benchvisitor|1700000000000|1700000000000|1700000000000|1';
const hitBody = new URLSearchParams({
  event: 'view',
  data: JSON.stringify({
    pagePath: '/laden/tasse',
    pageTitle: 'Tasse',
    contentSource: 'i',
    itemId: 'tasse1',
    recordType: 11,
    url: 'http://bench-analytics.test/laden/tasse',
    referrer: 'https://www.google.de/',
    viewportWidth: 1280,
    viewportHeight: 800,
    screenWidth: 1920,
    screenHeight: 1080,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    website_locale: 'de-DE',
  }),
  ss_cvr: visitCookie,
}).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

async function bareRoute() {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  app.post('/bare', async (request, reply) => {
    JSON.parse(request.body.data);
    return reply.code(202).send({ accepted: 1 });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await run({ url: `${url}/bare`, method: 'POST', headers: formHeaders, body: hitBody });
  await app.close();
  return summary(result);
}

async function ingestion(server) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-analytics-ingest-'));
  try {
    const storage = await server.openStorage({ dataDir: dir });
    await storage.migrate();
    const host = 'bench-analytics.test';
    const website = await storage.websites.create({
      title: 'Bench',
      hostnames: [host],
      timeZone: 'Europe/Berlin',
    });
    const app = await server.buildApp({ storage, logLevel: 'silent', shared: unlimited(server) });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const result = await run({
      url: `${url}/api/census/RecordHit`,
      method: 'POST',
      // A returning browser: it has the crumb and the visit cookie already.
      headers: {
        ...formHeaders,
        host,
        cookie: `crumb=benchcrumbbenchcrumb0000; ss_cvr=${encodeURIComponent(visitCookie)}`,
      },
      body: hitBody,
    });
    await app.close(); // writes what is still queued
    const stored = await storage.analytics.countEvents(website.id);
    await storage.close();
    return { ...summary(result), stored };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const DAY_MS = 86_400_000;
const isoDay = (t) => new Date(t).toISOString().slice(0, 10);

/** Fills analytics_events with `count` events of 90 days of a busy shop, straight through better-sqlite3. */
function generateEvents(file, websiteId, count) {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  const insert = db.prepare(
    `insert into analytics_events (website_id, day, occurred_at, kind, visitor_id, session_id, path, referrer,
       item_id, label, value, funnel_steps, payload) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  const start = now - 90 * DAY_MS;
  const metrics = [
    'largestContentfulPaintMs',
    'firstContentfulPaintMs',
    'cumulativeLayoutShift',
    'interactionToNextPaintMs',
  ];
  const referrers = [
    null,
    null,
    null,
    'www.google.de',
    'instagram.com',
    'www.facebook.com',
    'duckduckgo.com',
  ];
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const payload = '{"pageTitle":"Seite","viewportWidth":1280}';
  const slice = 50_000;
  const write = db.transaction((n, offset) => {
    for (let i = 0; i < n; i++) {
      const at = start + Math.floor(((offset + i) / count) * 90 * DAY_MS);
      const visitor = `v${Math.floor(random() * 60_000)}`;
      const session = `${visitor}.${1 + Math.floor((at - start) / (3 * DAY_MS))}`;
      const path =
        random() < 0.4
          ? `/laden/produkt-${Math.floor(random() * 400)}`
          : `/seite-${Math.floor(random() * 100)}`;
      const r = random();
      let row;
      if (r < 0.8) {
        const product = path.startsWith('/laden/');
        row = [
          'page_view',
          path,
          pick(referrers),
          product ? path.slice(7) : null,
          null,
          null,
          product ? 1 : 0,
        ];
      } else if (r < 0.88) row = ['tracker_event', path, null, null, 'commerce_add_to_cart', null, 2];
      else if (r < 0.9)
        row = [
          'purchase',
          '/bestellung',
          null,
          `o${offset + i}`,
          'EUR',
          1000 + Math.floor(random() * 9000),
          8,
        ];
      else if (r < 0.97) {
        const metric = pick(metrics);
        const value = metric === 'cumulativeLayoutShift' ? random() * 0.4 : 200 + random() * 5000;
        row = ['web_vital', path, null, null, metric, value, 0];
      } else row = ['js_error', path, null, null, `TypeError: fehler ${Math.floor(random() * 20)}`, null, 0];
      const [kind, p, referrer, itemId, label, value, steps] = row;
      insert.run(
        websiteId,
        isoDay(at),
        at,
        kind,
        visitor,
        session,
        p,
        referrer,
        itemId,
        label,
        value,
        steps,
        payload,
      );
    }
  });
  for (let offset = 0; offset < count; offset += slice) write(Math.min(slice, count - offset), offset);
  // What appendEvents does for a website's first events: give it a rollup state.
  db.prepare(
    'insert into analytics_rollup_state (website_id, last_event_id, updated_at) values (?, 0, 0)',
  ).run(websiteId);
  db.close();
}

async function timed(fn, runs = 15) {
  await fn(); // warm-up: statement preparation, page cache
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { medianMs: round(times[Math.floor(times.length / 2)]), maxMs: round(times.at(-1)) };
}
const round = (ms) => Math.round(ms * 100) / 100;

async function dashboard(server) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-analytics-dashboard-'));
  try {
    const file = join(dir, 'baukasten.sqlite');
    let storage = await server.openStorage({ sqliteFile: file });
    await storage.migrate();
    const website = await storage.websites.create({
      title: 'Bench',
      hostnames: ['bench-dashboard.test'],
      timeZone: 'UTC',
    });
    await storage.close();

    let t = performance.now();
    generateEvents(file, website.id, EVENTS);
    const generateSeconds = (performance.now() - t) / 1000;

    storage = await server.openStorage({ sqliteFile: file });
    t = performance.now();
    const rolled = await storage.analytics.rollup();
    const rollupSeconds = (performance.now() - t) / 1000;

    const today = isoDay(Date.now());
    const last30 = { from: isoDay(Date.now() - 29 * DAY_MS), to: today };
    const last90 = { from: isoDay(Date.now() - 90 * DAY_MS), to: today };
    const queries = {
      summary30d: await timed(() => storage.analytics.summary(website.id, last30)),
      summary90d: await timed(() => storage.analytics.summary(website.id, last90)),
      funnel30d: await timed(() => storage.analytics.funnel(website.id, last30)),
      webVitals30d: await timed(() => storage.analytics.webVitals(website.id, last30)),
      errors30d: await timed(() => storage.analytics.errors(website.id, last30)),
    };
    // What the rollups save: the same page-view and visitor numbers straight from the raw events.
    const raw = new SqliteDatabase(file, { readonly: true });
    const rawQuery = raw.prepare(
      `select day, count(*) as views, count(distinct session_id) as visits, count(distinct visitor_id) as visitors
         from analytics_events where website_id = ? and kind = 'page_view' and day between ? and ? group by day`,
    );
    const rawSummary30d = await timed(() => rawQuery.all(website.id, last30.from, last30.to), 3);
    raw.close();
    const sample = await storage.analytics.summary(website.id, last30);
    await storage.close();
    return {
      events: EVENTS,
      generateSeconds: round(generateSeconds),
      rollup: {
        events: rolled.events,
        seconds: round(rollupSeconds),
        eventsPerSecond: Math.round(rolled.events / rollupSeconds),
      },
      queries,
      rawSummary30d,
      summary30dTotals: sample.totals,
      targetSummaryMs: TARGET_SUMMARY_MS,
      meetsTarget:
        queries.summary30d.medianMs <= TARGET_SUMMARY_MS && queries.summary90d.medianMs <= TARGET_SUMMARY_MS,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const server = await loadServer();
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    settings: { seconds: SECONDS, connections: CONNECTIONS, events: EVENTS },
  };
  if (SKIP !== 'ingestion') {
    const bare = await bareRoute();
    const recordHit = await ingestion(server);
    results.ingestion = { bare, recordHit, ratio: round(recordHit.rps / bare.rps) };
    console.log(`bare form POST      ${bare.rps} req/s  p99 ${bare.p99} ms`);
    console.log(
      `census RecordHit    ${recordHit.rps} req/s  p99 ${recordHit.p99} ms  (${recordHit.stored} events stored, non-2xx ${recordHit.non2xx})`,
    );
    console.log(`ratio RecordHit/bare ${results.ingestion.ratio}`);
  }
  if (SKIP !== 'dashboard') {
    const d = await dashboard(server);
    results.dashboard = d;
    console.log(
      `generated ${d.events} events in ${d.generateSeconds} s; rollup ${d.rollup.seconds} s (${d.rollup.eventsPerSecond} events/s)`,
    );
    for (const [name, q] of Object.entries(d.queries))
      console.log(`${name.padEnd(14)} median ${q.medianMs} ms  max ${q.maxMs} ms`);
    console.log(`raw-table summary (30 d, no rollups) median ${d.rawSummary30d.medianMs} ms`);
    console.log(`summary target <= ${TARGET_SUMMARY_MS} ms: ${d.meetsTarget ? 'met' : 'MISSED'}`);
  }
  // A section skipped in this run keeps its figures from the last run.
  const file = join(root, 'bench/results/analytics.json');
  const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  for (const section of ['ingestion', 'dashboard'])
    if (!results[section] && previous[section])
      results[section] = { ...previous[section], from: previous.date };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

await main();
