// Add-to-cart and checkout of this work tree against another checkout of the project (the baseline, e.g. a
// `git worktree add /tmp/before <commit>` with its own node_modules), both servers running side by side in
// child processes, the load from this process. Runs alternate between the two (--rounds pairs, in turns
// AB, BA, ...), so a busy machine slows both alike; the figure is the median of the rounds' ratios.
// Decision 014 / issue #19: add-to-cart no more than 5 % below the baseline on either database.
// Run: node bench/cart/compare.mjs --baseline /tmp/before [--seconds 3] [--rounds 5] [--only sqlite|postgres]
//      [--checkouts 300] [--pin] [--card [--card-baseline]]
// --card: this tree's checkout pays by card (Stripe's fake); --card-baseline: the baseline's too, for comparing
// two trees that both have card payments.
// --pin: each server gets core 0 to itself, this process (the shoppers) and Stripe's fake (--card) share core 1:
// on a two-core machine the fake's work would otherwise come out of the card checkout's server, though in life
// Stripe runs elsewhere. Needs taskset (util-linux).
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { connectStripe } from './stripe-connected.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const CRUMB = 'benchcrumbbenchcrumb0000';
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

if (process.env.BAUKASTEN_COMPARE_CHILD) {
  // A child: the server of one checkout on its own database, serving until told to stop.
  const tree = process.env.BAUKASTEN_COMPARE_CHILD;
  const { loadServer } = await import(pathToFileURL(join(tree, 'bench/cart/server-bundle.mjs')).href);
  const server = await loadServer([]);
  const schema = process.env.BAUKASTEN_COMPARE_SCHEMA;
  const dir = mkdtempSync(join(tmpdir(), 'baukasten-compare-'));
  const storage = await server.openStorage(
    schema
      ? { databaseUrl: PG_URL, postgresSchema: schema, postgresPoolSize: 10 }
      : { sqliteFile: join(dir, 'bench.sqlite') },
  );
  await storage.migrate();
  const hostname = 'bench-compare.test';
  const shop = await server.createTestShop(storage, hostname, 1_000_000_000);
  // --card: this tree's shop has Stripe connected (the local fake of its API, in a process of its own) and
  // the checkout pays by card: the order, then the Checkout Session at Stripe, as a shopper's checkout does.
  const card =
    process.env.BAUKASTEN_COMPARE_CARD === '1' ? await connectStripe(tree, server, storage, shop) : undefined;
  const app = await server.buildApp({
    storage,
    logLevel: 'silent',
    commerce: { rateLimiter: new server.InMemoryRateLimiter({ limit: 1e12, windowMs: 60_000 }) },
    ...(card ? { payments: card.payments, serverTestMode: true } : {}),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({
    url,
    hostname,
    itemId: shop.mug.id,
    sku: `${hostname}-TASSE`,
    address: server.germanAddress,
    paymentMethod: card ? 'stripe' : 'bank-transfer',
  });
  process.on('message', async (message) => {
    // The parent asks for this server's CPU time around each run: CPU per request swings less than req/s on
    // a shared machine, and counts what the server spends (collector threads included), not what it waits.
    if (message === 'cpu') {
      // The event loop's busy time besides: the main thread's share of that CPU (the rest is the collector's
      // helper threads and the like).
      process.send({ cpu: process.cpuUsage(), busyMs: performance.eventLoopUtilization().active });
      return;
    }
    if (message !== 'stop') return;
    await card?.stop();
    await app.close();
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
} else {
  const baseline = resolve(flag('baseline', ''));
  if (!flag('baseline', '')) {
    console.error('--baseline <checkout of the baseline commit> fehlt');
    process.exit(2);
  }
  const seconds = Number(flag('seconds', '3'));
  const rounds = Number(flag('rounds', '5'));
  const checkouts = Number(flag('checkouts', '300'));
  const only = flag('only', '');
  const cardCheckout = args.includes('--card');
  const pin = args.includes('--pin');
  /** Moves every thread of process `pid` to the given cores (taskset's list, e.g. '0'). */
  const pinTo = (pid, cores) =>
    execFileSync('taskset', ['-a', '-cp', cores, String(pid)], { stdio: 'ignore' });
  if (pin) pinTo(process.pid, '1');
  const here = fileURLToPath(new URL('../..', import.meta.url));

  const start = (tree, schema, card = false) =>
    new Promise((resolveStart, reject) => {
      const child = fork(fileURLToPath(import.meta.url), [], {
        env: {
          ...process.env,
          // As `npm start` runs: production builds of the libraries (React renders mails), no test shortcuts.
          NODE_ENV: 'production',
          BAUKASTEN_COMPARE_CHILD: tree,
          BAUKASTEN_COMPARE_CARD: card ? '1' : '',
          // Stripe's fake, started by the server, runs beside this process, not on the server's core.
          ...(pin ? { BAUKASTEN_BENCH_PIN_FAKE: '1' } : {}),
          ...(schema ? { BAUKASTEN_COMPARE_SCHEMA: schema } : {}),
        },
      });
      child.once('message', (shop) => {
        if (pin) pinTo(child.pid, '0');
        resolveStart({ ...shop, child });
      });
      child.once('exit', (code) => reject(new Error(`server of ${tree} ended (${code})`)));
    });
  const stop = (server) =>
    new Promise((done) => {
      server.child.removeAllListeners('exit');
      server.child.once('exit', done);
      server.child.send('stop');
    });

  /** The server's CPU µs (user + system) so far, and its main thread's busy µs. */
  const cpuOf = (server) =>
    new Promise((done) => {
      const answer = (message) => {
        if (!message?.cpu) return;
        server.child.off('message', answer);
        done({ cpu: message.cpu.user + message.cpu.system, busy: message.busyMs * 1000 });
      };
      server.child.on('message', answer);
      server.child.send('cpu');
    });
  const headers = (server, cart) => ({
    host: server.hostname,
    'content-type': 'application/json',
    'x-csrf-token': CRUMB,
    cookie: cart ? `crumb=${CRUMB}; cart=${cart}` : `crumb=${CRUMB}`,
  });
  const addBody = (server) => JSON.stringify({ itemId: server.itemId, sku: server.sku, quantity: 1 });
  // Plain http requests: fetch may not set the Host header, which names the shop.
  const newCart = (server) =>
    new Promise((resolveCart, reject) => {
      const req = request(
        `${server.url}/api/commerce/shopping-cart/entries`,
        { method: 'POST', headers: headers(server) },
        (res) => {
          res.resume();
          const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('cart='));
          if (res.statusCode !== 200 || !cookie) reject(new Error(`add failed: ${res.statusCode}`));
          else resolveCart(cookie.slice(5).split(';')[0]);
        },
      );
      req.on('error', reject);
      req.end(addBody(server));
    });
  const cartsFor = async (server, count) => {
    const carts = [];
    for (let i = 0; i < count; i += 50)
      carts.push(
        ...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => newCart(server)))),
      );
    return carts;
  };
  const load = (opts) =>
    new Promise((done, reject) =>
      autocannon({ connections: 10, ...opts }, (err, result) => (err ? reject(err) : done(result))),
    );
  const addRun = async (server, carts, duration) => {
    let next = 0;
    const cpuAt = await cpuOf(server);
    const result = await load({
      url: `${server.url}/api/commerce/shopping-cart/entries`,
      method: 'POST',
      duration,
      headers: headers(server),
      body: addBody(server),
      setupClient(client) {
        client.setHeaders(headers(server, carts[next++ % carts.length]));
      },
    });
    const cpuTo = await cpuOf(server);
    const n = result.requests.total;
    return {
      rps: result.requests.average,
      non2xx: result.non2xx,
      cpuPer: (cpuTo.cpu - cpuAt.cpu) / n,
      busyPer: (cpuTo.busy - cpuAt.busy) / n,
    };
  };
  const checkoutRun = async (server) => {
    const carts = await cartsFor(server, checkouts);
    let next = 0;
    const body = JSON.stringify({
      email: 'bench@example.de',
      shippingAddress: server.address,
      paymentMethod: server.paymentMethod ?? 'bank-transfer',
    });
    // Ten shoppers at once over kept-alive connections, timed to the last answer (autocannon's own clock
    // ends a fixed-amount run on a whole second, too coarse for a few hundred checkouts).
    const agent = new Agent({ keepAlive: true, maxSockets: 10 });
    const post = (cart) =>
      new Promise((done, reject) => {
        const req = request(
          `${server.url}/api/commerce/checkout`,
          { method: 'POST', agent, headers: headers(server, cart) },
          (res) => {
            res.resume();
            res.on('end', () => done(res.statusCode));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    let non2xx = 0;
    const cpuAt = await cpuOf(server);
    const began = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < carts.length) {
          const status = await post(carts[next++]);
          if (status < 200 || status >= 300) non2xx++;
        }
      }),
    );
    const elapsed = Number(process.hrtime.bigint() - began) / 1e9;
    agent.destroy();
    const cpuTo = await cpuOf(server);
    return {
      rps: carts.length / elapsed,
      non2xx,
      cpuPer: (cpuTo.cpu - cpuAt.cpu) / carts.length,
      busyPer: (cpuTo.busy - cpuAt.busy) / carts.length,
    };
  };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const pct = (x) => `${(100 * x).toFixed(1)} %`;

  const compare = async (name, schemas) => {
    const admin = schemas ? new pg.Client({ connectionString: PG_URL }) : undefined;
    if (admin) {
      await admin.connect();
      for (const s of schemas) await admin.query(`drop schema if exists ${s} cascade; create schema ${s}`);
    }
    try {
      const before = await start(baseline, schemas?.[0], cardCheckout && args.includes('--card-baseline'));
      const after = await start(here, schemas?.[1], cardCheckout);
      const carts = { before: await cartsFor(before, 100), after: await cartsFor(after, 100) };
      await addRun(before, carts.before, 1);
      await addRun(after, carts.after, 1);
      const addRatios = [];
      const checkoutRatios = [];
      // Server CPU per request, baseline's over this tree's: above 100 % this tree spends less.
      const addCpuRatios = [];
      const checkoutCpuRatios = [];
      console.log(`\n${name}`);
      for (let round = 0; round < rounds; round++) {
        // Turns: AB, BA, AB … so neither side always runs on the warmer or the busier second.
        const order = round % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
        const add = {};
        const checkout = {};
        for (const side of order)
          add[side] = await addRun(side === 'before' ? before : after, carts[side], seconds);
        for (const side of order) checkout[side] = await checkoutRun(side === 'before' ? before : after);
        addRatios.push(add.after.rps / add.before.rps);
        checkoutRatios.push(checkout.after.rps / checkout.before.rps);
        addCpuRatios.push(add.before.cpuPer / add.after.cpuPer);
        checkoutCpuRatios.push(checkout.before.cpuPer / checkout.after.cpuPer);
        const non2xx = add.before.non2xx + add.after.non2xx + checkout.before.non2xx + checkout.after.non2xx;
        console.log(
          `  round ${round + 1}: add-to-cart ${Math.round(add.before.rps)} -> ${Math.round(add.after.rps)} req/s (${pct(addRatios.at(-1))}), ` +
            `checkout ${Math.round(checkout.before.rps)} -> ${Math.round(checkout.after.rps)} req/s (${pct(checkoutRatios.at(-1))}); ` +
            `server CPU µs per add ${Math.round(add.before.cpuPer)} -> ${Math.round(add.after.cpuPer)}, ` +
            `per checkout ${Math.round(checkout.before.cpuPer)} -> ${Math.round(checkout.after.cpuPer)}; ` +
            `main thread busy µs per add ${Math.round(add.before.busyPer)} -> ${Math.round(add.after.busyPer)}, ` +
            `per checkout ${Math.round(checkout.before.busyPer)} -> ${Math.round(checkout.after.busyPer)}` +
            (non2xx ? `, non-2xx ${non2xx}` : ''),
        );
      }
      console.log(
        `  median: add-to-cart ${pct(median(addRatios))} of the baseline, checkout ${pct(median(checkoutRatios))}`,
      );
      console.log(
        `  median of the server CPU per request, baseline / this tree: add-to-cart ${pct(median(addCpuRatios))}, ` +
          `checkout ${pct(median(checkoutCpuRatios))}`,
      );
      await stop(before);
      await stop(after);
    } finally {
      if (admin) {
        for (const s of schemas) await admin.query(`drop schema if exists ${s} cascade`);
        await admin.end();
      }
    }
  };

  console.log(
    `baseline ${baseline}, this tree ${here}: ${rounds} rounds, ${seconds} s add-to-cart and ${checkouts} checkouts per side`,
  );
  if (only !== 'postgres') await compare('sqlite', undefined);
  if (only !== 'sqlite') await compare('postgres', ['bench_compare_before', 'bench_compare_after']);
}
