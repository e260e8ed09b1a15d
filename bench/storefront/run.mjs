// Storefront budgets in one run, each figure next to its target:
//  1. bytes of the product page's scripts and stylesheets (raw and gzip -9), JS ≤ 80 KB gzip, CSS ≤ 25 KB gzip;
//  2. Lighthouse (mobile, default config) for home, list and product page: performance ≥ 95,
//     accessibility ≥ 95, CLS ≤ 0.05 (LCP and TBT reported);
//  3. throughput of the real /shop page with 48 products next to a bare node:http server sending a static
//     Buffer of the same size, same duration and connections, target list ≥ 50 % of static.
// Run: npm run build && node bench/storefront/run.mjs [--seconds 10] [--rounds 2] [--runs 3]
//      [--skip bytes,lighthouse,throughput]
//      [--save-lhr] [--node-env production] [--template werkstatt|studio|kantine]
// --template gives the demo shop that template's site styles (issue #22) first; the figures then go to
// bench/results/storefront-<template>.json, with the font bytes each page loaded (target ≤ 100 KB).
// Writes bench/results/storefront.json (and with --save-lhr the full Lighthouse report of each page's median
// run as bench/results/storefront-lhr-<page>.json). Needs Debian chromium at /usr/bin/chromium (CHROME_PATH overrides).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = new URL('../../', import.meta.url).pathname;
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SECONDS = Number(flag('seconds', '10'));
const WARMUP_SECONDS = 3;
const ROUNDS = Number(flag('rounds', '2'));
const CONNECTIONS = 10;
const LH_RUNS = Number(flag('runs', '3'));
const SKIP = new Set(flag('skip', '').split(','));
const SAVE_LHR = args.includes('--save-lhr');
const TEMPLATE = flag('template', undefined);
// The shop server inherits NODE_ENV from this process unless --node-env says otherwise (React SSR runs its
// development build when NODE_ENV is not 'production').
const NODE_ENV = flag('node-env', process.env.NODE_ENV);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const LIST_PRODUCTS = 48;
const PRODUCT_PATH = '/shop/p/bio-t-shirt';
const PAGES = { home: '/', list: '/shop', product: PRODUCT_PATH };
const TARGETS = {
  jsGzipKB: 80,
  cssGzipKB: 25,
  performance: 95,
  accessibility: 95,
  cls: 0.05,
  listVsStaticPct: 50,
  fontKB: 100,
};
const KB = 1024;

// ---------------------------------------------------------------- server process

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

/** The built server as `npm start` runs it, on a free port with the given data folder. */
async function startShopServer(dataDir) {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/serve.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...(NODE_ENV === undefined ? {} : { NODE_ENV }),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
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

// ---------------------------------------------------------------- 1. bytes

const sizes = (buf) => ({ raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });

/** Same-origin scripts and stylesheets the HTML references; for scripts also their static ES imports. */
async function measureBytes(baseUrl) {
  const pageUrl = new URL(PRODUCT_PATH, baseUrl);
  const htmlRes = await fetch(pageUrl);
  if (!htmlRes.ok) throw new Error(`GET ${PRODUCT_PATH}: ${htmlRes.status}`);
  const html = Buffer.from(await htmlRes.arrayBuffer());
  const text = html.toString('utf8');
  const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];
  const refs = [];
  for (const [tag] of text.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src) refs.push({ kind: 'js', url: new URL(src, pageUrl) });
  }
  for (const [tag] of text.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel.includes('stylesheet')) refs.push({ kind: 'css', url: new URL(href, pageUrl) });
    else if (rel.includes('modulepreload')) refs.push({ kind: 'js', url: new URL(href, pageUrl) });
  }
  const seen = new Set();
  const files = [];
  const skipped = [];
  while (refs.length > 0) {
    const { kind, url } = refs.shift();
    if (url.origin !== pageUrl.origin) {
      skipped.push(url.href);
      continue;
    }
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url.pathname}: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    files.push({ kind, path: url.pathname, ...sizes(body) });
    if (kind === 'js') {
      // Chunks the bundle imports statically (`from "..."`, `import "..."`). Dynamic `import("...")`
      // targets are the other islands' chunks: the page preloads (and so counts, above) only those of
      // the islands it has, and the browser fetches no others.
      const js = body.toString('utf8');
      for (const m of js.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{0,2}\/[^"']+)["']/g)) {
        refs.push({ kind: 'js', url: new URL(m[1], url) });
      }
    }
  }
  const total = (kind) =>
    files
      .filter((f) => f.kind === kind)
      .reduce((acc, f) => ({ raw: acc.raw + f.raw, gzip: acc.gzip + f.gzip }), { raw: 0, gzip: 0 });
  return {
    page: PRODUCT_PATH,
    html: sizes(html),
    files,
    crossOriginSkipped: skipped,
    js: total('js'),
    css: total('css'),
  };
}

// ---------------------------------------------------------------- 2. Lighthouse

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Audits of a category that did not get full marks, heaviest weight first. */
function lostAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .sort((a, b) => b.ref.weight * (1 - b.audit.score) - a.ref.weight * (1 - a.audit.score))
    .map(({ ref, audit }) => ({
      id: ref.id,
      weight: ref.weight,
      score: audit.score,
      displayValue: audit.displayValue,
      // Accessibility audits list the offending elements; keep a few for the report.
      items: (audit.details?.items ?? [])
        .slice(0, 5)
        .map((item) => item.node?.snippet ?? item.url ?? undefined),
    }));
}

/** Passed opportunities/diagnostics that point at what costs performance (only those with savings). */
function perfHints(lhr) {
  const ids = [
    'uses-text-compression',
    'render-blocking-resources',
    'unused-javascript',
    'unused-css-rules',
    'bootup-time',
    'mainthread-work-breakdown',
    'largest-contentful-paint-element',
    'lcp-lazy-loaded',
    'layout-shifts',
    'total-byte-weight',
    'server-response-time',
  ];
  return ids
    .map((id) => lhr.audits[id])
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => ({ id: a.id, score: a.score, displayValue: a.displayValue }));
}

/** Bytes of the web fonts the page loaded (site styles, issue #22), as transferred. */
function fontBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.filter((i) => i.resourceType === 'Font').reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
}

/** The demo shop seeded into `dataDir` with the template's site styles, as a site created from it has. */
async function applyTemplate(dataDir, templateId) {
  const { openStorage, seedDemoShop } = await import('@baukasten/storage');
  const { SITE_TEMPLATES } = await import('@baukasten/commerce');
  const template = SITE_TEMPLATES.find((t) => t.id === templateId);
  if (!template) throw new Error(`unknown template ${templateId}`);
  const storage = await openStorage({ dataDir });
  try {
    await storage.migrate();
    const { websiteId } = await seedDemoShop(storage);
    await storage.websiteAdmin.update(websiteId, { settings: { siteStyles: template.styles } });
  } finally {
    await storage.close();
  }
}

/** Requests Chrome made to anything but the page's own origin (there should be none). */
function foreignRequests(lhr, origin) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.map((i) => i.url).filter((u) => u && !u.startsWith(origin) && !u.startsWith('data:'));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function runLighthouse(baseUrl) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const results = {};
  try {
    for (const [name, path] of Object.entries(PAGES)) {
      const url = new URL(path, baseUrl).href;
      const runs = [];
      const errors = [];
      for (let i = 0; i < LH_RUNS; i++) {
        try {
          const result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
          });
          const lhr = result?.lhr;
          if (!lhr) throw new Error('no result');
          if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          runs.push(lhr);
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
        }
      }
      if (runs.length === 0) {
        results[name] = { url: path, error: errors.join('; ') };
        continue;
      }
      // The run with the median performance score stands for the page; all scores are kept.
      const perfScores = runs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100));
      const mid = median(perfScores);
      const lhr = runs[perfScores.indexOf(mid)];
      if (SAVE_LHR) {
        mkdirSync(join(root, 'bench/results'), { recursive: true });
        writeFileSync(join(root, `bench/results/storefront-lhr-${name}.json`), JSON.stringify(lhr));
      }
      const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
      results[name] = {
        url: path,
        runs: runs.length,
        runErrors: errors,
        performanceScores: perfScores,
        performance: mid,
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        fcpMs: numeric('first-contentful-paint'),
        speedIndexMs: numeric('speed-index'),
        lighthouseVersion: lhr.lighthouseVersion,
        formFactor: lhr.configSettings.formFactor,
        throttlingMethod: lhr.configSettings.throttlingMethod,
        warnings: lhr.runWarnings,
        foreignRequests: foreignRequests(lhr, new URL(baseUrl).origin),
        fontBytes: fontBytes(lhr),
        lostPerformance: lostAudits(lhr, 'performance'),
        performanceHints: perfHints(lhr),
        lostAccessibility: lostAudits(lhr, 'accessibility'),
      };
    }
  } finally {
    chrome.kill();
  }
  return results;
}

// ---------------------------------------------------------------- 3. throughput

/** A data folder with the demo shop and extra products in its 'shop' collection, LIST_PRODUCTS in all. */
async function prepareListShop(dataDir) {
  const { openStorage, seedDemoShop } = await import('@baukasten/storage');
  const { demoProducts, demoImage } = await import(join(root, 'packages/storage/dist/demo-products.js'));
  const storage = await openStorage({ dataDir });
  try {
    await storage.migrate();
    const { websiteId } = await seedDemoShop(storage);
    const shop = await storage.collections.findByUrlId(websiteId, 'shop');
    if (!shop) throw new Error("no 'shop' collection after seeding");
    const existing = await storage.items.listByCollection(websiteId, shop.id, { limit: 1000 });
    const firstDay = Date.UTC(2025, 2, 3, 9, 0, 0);
    for (let n = existing.length; n < LIST_PRODUCTS; n++) {
      // Copies of the demo products (same shapes, images and variants), each with its own URL and SKUs.
      const p = demoProducts[n % demoProducts.length];
      const copy = Math.floor(n / demoProducts.length) + 1;
      const suffix = `-${copy}`;
      await storage.items.create(websiteId, {
        collectionId: shop.id,
        urlId: `${p.urlId}${suffix}`,
        title: `${p.title} (${copy})`,
        excerpt: p.excerpt,
        body: p.body,
        assetUrl: `/assets/demo/${p.urlId}.svg`,
        images: [demoImage(p.urlId, `${p.title} (${copy})`)],
        tags: p.tags,
        categories: p.categories,
        position: n + 1,
        publishedOn: firstDay + n * 86_400_000,
        product: {
          ...p.product,
          variants: p.product.variants.map((v) => {
            const { id: _id, ...rest } = v;
            return { ...rest, sku: `${v.sku}${suffix}` };
          }),
        },
      });
    }
    return (await storage.items.listByCollection(websiteId, shop.id, { limit: 1000 })).length;
  } finally {
    await storage.close();
  }
}

// The load runs in a worker thread so it does not share the main thread with the static server
// (the shop server is its own process anyway): both sides get the same arrangement.
const load = (url, seconds) =>
  new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: seconds, workers: 1 },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });

/** Several autocannon results of one target as one figure: requests/s over the whole time, worst p99. */
const summary = (results, expectedBytes) => {
  const requests = results.reduce((n, r) => n + r.requests.total, 0);
  const seconds = results.reduce((n, r) => n + r.duration, 0);
  const bytes = results.reduce((n, r) => n + r.throughput.total, 0);
  return {
    rps: Math.round(requests / seconds),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    p50Ms: Math.max(...results.map((r) => r.latency.p50)),
    roundsRps: results.map((r) => Math.round(r.requests.average)),
    requests,
    seconds: Math.round(seconds * 10) / 10,
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
    bytesPerRequest: requests > 0 ? Math.round(bytes / requests) : 0,
    expectedBodyBytes: expectedBytes,
  };
};

async function measureThroughput() {
  const dataDir = mkdtempSync(join(tmpdir(), 'baukasten-bench-list-'));
  let server;
  let staticServer;
  try {
    const products = await prepareListShop(dataDir);
    server = await startShopServer(dataDir);
    const listUrl = `${server.baseUrl}/shop`;
    const res = await fetch(listUrl);
    if (!res.ok) throw new Error(`GET /shop: ${res.status}`);
    const html = Buffer.from(await res.arrayBuffer());
    const shown = new Set(html.toString('utf8').match(/href="\/shop\/p\/[^"]+"/g) ?? []).size;

    // Baseline: the same number of bytes (the list page's own HTML) from a bare node:http handler.
    const body = Buffer.from(html);
    staticServer = createHttpServer((_req, reply) => {
      reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
      reply.end(body);
    });
    await new Promise((resolve) => staticServer.listen(0, '127.0.0.1', resolve));
    const staticUrl = `http://127.0.0.1:${staticServer.address().port}/shop`;

    await load(listUrl, WARMUP_SECONDS);
    await load(staticUrl, WARMUP_SECONDS);
    // The two alternate in rounds, so a burst of other work on the machine hits both alike.
    const loadBefore = loadavg()[0];
    const listRuns = [];
    const staticRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      listRuns.push(await load(listUrl, SECONDS / ROUNDS));
      staticRuns.push(await load(staticUrl, SECONDS / ROUNDS));
    }
    const list = summary(listRuns, html.length);
    const bare = summary(staticRuns, body.length);
    return {
      productsInCollection: products,
      productsShown: shown,
      htmlBytes: html.length,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      rounds: ROUNDS,
      loadAverage1m: { before: loadBefore, after: loadavg()[0] },
      connections: CONNECTIONS,
      list,
      static: bare,
      ratioPct: bare.rps > 0 ? Math.round((list.rps / bare.rps) * 1000) / 10 : null,
    };
  } finally {
    if (staticServer) await new Promise((resolve) => staticServer.close(resolve));
    if (server) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (ok) => (ok === null ? 'n/a' : ok ? 'met' : 'MISSED');

/** First line of an error, short enough for a table cell (the JSON keeps the whole message). */
const short = (message) => String(message).split('\n')[0].slice(0, 120);

function table(rows) {
  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)));
  const line = (r) => r.map((cell, c) => String(cell ?? '').padEnd(widths[c])).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

async function step(name, fn) {
  if (SKIP.has(name)) return { skipped: true };
  const started = Date.now();
  process.stderr.write(`» ${name} ...\n`);
  try {
    const value = await fn();
    process.stderr.write(`» ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return value;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`» ${name} FAILED: ${message}\n`);
    return { error: message };
  }
}

async function main() {
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    serverNodeEnv: NODE_ENV ?? null,
    lighthouseRunsPerPage: LH_RUNS,
    targets: TARGETS,
    template: TEMPLATE ?? null,
  };
  const demoDir = mkdtempSync(join(tmpdir(), 'baukasten-bench-demo-'));
  let demo;
  try {
    if (TEMPLATE) await applyTemplate(demoDir, TEMPLATE);
    demo = await startShopServer(demoDir);
    out.bytes = await step('bytes', () => measureBytes(demo.baseUrl));
    out.lighthouse = await step('lighthouse', () => runLighthouse(demo.baseUrl));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`» demo server FAILED: ${message}\n`);
    out.bytes ??= { error: message };
    out.lighthouse ??= { error: message };
  } finally {
    if (demo) await demo.stop();
    rmSync(demoDir, { recursive: true, force: true });
  }
  out.throughput = await step('throughput', measureThroughput);

  const rows = [['figure', 'value', 'target', 'status']];
  const b = out.bytes;
  if (b?.error) rows.push(['bytes (product page)', `error: ${short(b.error)}`, '', 'n/a']);
  else if (b && !b.skipped) {
    for (const f of b.files) rows.push([`  ${f.path}`, `${kb(f.raw)} raw / ${kb(f.gzip)} gz`, '', '']);
    rows.push([
      'JS product page (gzip)',
      `${kb(b.js.gzip)} (raw ${kb(b.js.raw)})`,
      `≤ ${TARGETS.jsGzipKB} KB`,
      verdict(b.js.gzip <= TARGETS.jsGzipKB * KB),
    ]);
    rows.push([
      'CSS product page (gzip)',
      `${kb(b.css.gzip)} (raw ${kb(b.css.raw)})`,
      `≤ ${TARGETS.cssGzipKB} KB`,
      verdict(b.css.gzip <= TARGETS.cssGzipKB * KB),
    ]);
    rows.push(['HTML product page (gzip)', `${kb(b.html.gzip)} (raw ${kb(b.html.raw)})`, '', 'info']);
  }
  const lh = out.lighthouse;
  if (lh?.error) rows.push(['lighthouse', `error: ${short(lh.error)}`, '', 'n/a']);
  else if (lh && !lh.skipped) {
    for (const [name, r] of Object.entries(lh)) {
      if (r.error) {
        rows.push([`lighthouse ${name}`, `error: ${short(r.error)}`, '', 'n/a']);
        continue;
      }
      rows.push([
        `${name} performance`,
        `${r.performance} (runs ${r.performanceScores.join('/')})`,
        `≥ ${TARGETS.performance}`,
        verdict(r.performance >= TARGETS.performance),
      ]);
      rows.push([
        `${name} accessibility`,
        r.accessibility,
        `≥ ${TARGETS.accessibility}`,
        verdict(r.accessibility >= TARGETS.accessibility),
      ]);
      rows.push([
        `${name} CLS`,
        r.cls?.toFixed(3),
        `≤ ${TARGETS.cls}`,
        verdict(r.cls !== null && r.cls <= TARGETS.cls),
      ]);
      rows.push([`${name} LCP`, `${Math.round(r.lcpMs)} ms`, '', 'info']);
      rows.push([`${name} TBT`, `${Math.round(r.tbtMs)} ms`, '', 'info']);
      rows.push([
        `${name} fonts`,
        kb(r.fontBytes ?? 0),
        `≤ ${TARGETS.fontKB} KB`,
        verdict((r.fontBytes ?? 0) <= TARGETS.fontKB * KB),
      ]);
      if (r.foreignRequests.length > 0)
        rows.push([`${name} non-local requests`, r.foreignRequests.length, '0', 'MISSED']);
    }
  }
  const t = out.throughput;
  if (t?.error) rows.push(['throughput', `error: ${short(t.error)}`, '', 'n/a']);
  else if (t && !t.skipped) {
    rows.push([
      `/shop (${t.productsShown} products, ${kb(t.htmlBytes)})`,
      `${t.list.rps} req/s, p99 ${t.list.p99Ms} ms`,
      '',
      t.list.non2xx + t.list.errors > 0 ? `non2xx ${t.list.non2xx} errors ${t.list.errors}` : '',
    ]);
    rows.push(['static same size (node:http)', `${t.static.rps} req/s, p99 ${t.static.p99Ms} ms`, '', '']);
    rows.push([
      'machine load (1 min avg)',
      `${t.loadAverage1m.before.toFixed(2)} before, ${t.loadAverage1m.after.toFixed(2)} after (${out.cpus} cpus)`,
      '',
      'info',
    ]);
    rows.push([
      'list / static',
      `${t.ratioPct} %`,
      `≥ ${TARGETS.listVsStaticPct} %`,
      verdict(t.ratioPct === null ? null : t.ratioPct >= TARGETS.listVsStaticPct),
    ]);
  }
  console.log(
    `\nStorefront bench${TEMPLATE ? ` — template ${TEMPLATE}` : ''} (${SECONDS} s × ${CONNECTIONS} connections, Lighthouse ${LH_RUNS} run(s) per page, ` +
      `median; server NODE_ENV=${NODE_ENV ?? '(unset)'})\n`,
  );
  console.log(table(rows));

  if (lh && !lh.error && !lh.skipped) {
    for (const [name, r] of Object.entries(lh)) {
      if (r.error) continue;
      const lost = [...r.lostPerformance, ...r.lostAccessibility];
      if (lost.length === 0) continue;
      console.log(`\n${name}: audits below full marks`);
      for (const a of lost) {
        console.log(
          `  ${a.id} (weight ${a.weight}, score ${a.score})${a.displayValue ? ` ${a.displayValue}` : ''}`,
        );
        for (const item of a.items.filter(Boolean)) console.log(`      ${String(item).slice(0, 160)}`);
      }
      if (r.performanceHints.length > 0) {
        console.log(
          `  performance hints: ${r.performanceHints.map((h) => `${h.id}${h.displayValue ? ` (${h.displayValue})` : ''}`).join(', ')}`,
        );
      }
    }
  }

  const resultsDir = join(root, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = TEMPLATE ? `storefront-${TEMPLATE}.json` : 'storefront.json';
  writeFileSync(join(resultsDir, file), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwritten: bench/results/${file}`);
}

await main();
