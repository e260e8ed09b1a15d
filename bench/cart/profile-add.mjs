// Profiles add-to-cart on SQLite: the server runs in a child process, the load comes from this process, so the
// profile holds only server work; the profiler starts after set-up and one warm-up second, so start-up
// (migrations, bundling, JIT) is not in it. Prints the hottest functions.
// Run: node bench/cart/profile-add.mjs [--seconds 5] [--out /tmp/cart-prof] [--top 30] [--what-if sync-normal] [--sql]
// --sql: the statements per add as well (openStorage's onQuery: the group commit's own statements included).
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

if (process.env.BAUKASTEN_PROFILE_CHILD) {
  // The child: one shop on a fresh SQLite file, 100 carts, then serve until told to stop.
  const { loadServer, statementCounter } = await import('./server-bundle.mjs');
  const server = await loadServer((process.env.BAUKASTEN_WHAT_IF ?? '').split(',').filter(Boolean));
  const dir = mkdtempSync(join(tmpdir(), 'baukasten-prof-'));
  // Every statement by its SQL text, counted while the profiler runs.
  const statements = statementCounter();
  const storage = await server.openStorage({
    sqliteFile: join(dir, 'bench.sqlite'),
    onQuery: statements.onQuery,
  });
  await storage.migrate();
  const hostname = 'bench-profile.test';
  const shop = await server.createTestShop(storage, hostname, 1_000_000_000);
  const app = await server.buildApp({
    storage,
    logLevel: 'silent',
    commerce: { rateLimiter: new server.InMemoryRateLimiter({ limit: 1e12, windowMs: 60_000 }) },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ url, hostname, itemId: shop.mug.id, sku: `${hostname}-TASSE` });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // One sample every 50 µs: an add takes about 100, so the default millisecond says little per function.
  // --interval <µs>: on this project's VMs a 50 µs profiler inflates system calls (writev showed ~100 µs per
  // answer, more than the request's whole CPU); a few hundred µs over a longer run gives truer shares.
  await session.post('Profiler.setSamplingInterval', {
    interval: Number(process.env.BAUKASTEN_PROFILE_INTERVAL || 50),
  });
  process.on('message', async (message) => {
    if (message === 'profile') {
      await session.post('Profiler.start');
      statements.start();
      process.send('profiling');
      return;
    }
    const { profile } = await session.post('Profiler.stop');
    statements.stop();
    writeFileSync(join(process.env.BAUKASTEN_PROFILE_DIR, 'add.cpuprofile'), JSON.stringify(profile));
    writeFileSync(
      join(process.env.BAUKASTEN_PROFILE_DIR, 'add-sql.json'),
      JSON.stringify(statements.entries()),
    );
    await app.close();
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
} else {
  const seconds = Number(flag('seconds', '5'));
  const out = flag('out', join(tmpdir(), 'cart-prof'));
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: {
      ...process.env,
      BAUKASTEN_PROFILE_CHILD: '1',
      BAUKASTEN_PROFILE_DIR: out,
      BAUKASTEN_WHAT_IF: flag('what-if', ''),
      BAUKASTEN_PROFILE_INTERVAL: flag('interval', '50'),
    },
  });
  const shop = await new Promise((resolve) => child.once('message', resolve));
  const crumb = 'benchcrumbbenchcrumb0000';
  const base = { host: shop.hostname, 'content-type': 'application/json', 'x-csrf-token': crumb };
  const body = JSON.stringify({ itemId: shop.itemId, sku: shop.sku, quantity: 1 });
  // fetch may not set the Host header, which names the shop: plain http requests instead.
  const newCart = () =>
    new Promise((resolve, reject) => {
      const req = request(
        `${shop.url}/api/commerce/shopping-cart/entries`,
        { method: 'POST', headers: { ...base, cookie: `crumb=${crumb}` } },
        (res) => {
          res.resume();
          const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('cart='));
          if (res.statusCode !== 200 || !cookie) reject(new Error(`setup add failed: ${res.statusCode}`));
          else resolve(cookie.slice(5).split(';')[0]);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const carts = [];
  try {
    for (let i = 0; i < 100; i++) carts.push(await newCart());
  } catch (error) {
    child.kill();
    throw error;
  }
  let next = 0;
  const load = (duration) =>
    new Promise((resolve, reject) =>
      autocannon(
        {
          url: `${shop.url}/api/commerce/shopping-cart/entries`,
          method: 'POST',
          connections: 10,
          duration,
          headers: base,
          body,
          setupClient(client) {
            client.setHeaders({ ...base, cookie: `crumb=${crumb}; cart=${carts[next++ % carts.length]}` });
          },
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      ),
    );
  await load(1);
  child.send('profile');
  await new Promise((resolve) => child.once('message', resolve));
  const result = await load(seconds);
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  console.log(
    `add-to-cart: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
  );
  if (args.includes('--sql')) {
    const adds = result.requests.total;
    const statements = JSON.parse(readFileSync(join(out, 'add-sql.json'), 'utf8'));
    for (const [sql, { n, ms }] of statements.sort((a, b) => b[1].ms - a[1].ms)) {
      const per = (n / adds).toFixed(2).padStart(6);
      console.log(
        `${per} per add × ${((ms * 1000) / n).toFixed(1).padStart(6)} µs  ${sql.replace(/\s+/g, ' ').slice(0, 100)}`,
      );
    }
  }
  const file = readdirSync(out).find((f) => f.endsWith('.cpuprofile'));
  const profile = JSON.parse(readFileSync(join(out, file), 'utf8'));
  const selfTime = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    selfTime.set(id, (selfTime.get(id) ?? 0) + dt);
    total += dt;
  });
  const byFunction = new Map();
  for (const node of profile.nodes) {
    const t = selfTime.get(node.id);
    if (!t) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/work\/main\//, '');
    const key = `${functionName || '(anonymous)'} ${where}${where ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + t);
  }
  console.log(`profile: ${join(out, file)} (${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [key, t] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(flag('top', '30')))) {
    console.log(`${((100 * t) / total).toFixed(1).padStart(5)} %  ${key}`);
  }
}
