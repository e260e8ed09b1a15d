// Profiles checkout on SQLite, by bank transfer or (--card) by card through Stripe's local fake in a process of
// its own: the server runs in a child process, the load comes from this process, so the profile holds only
// server work. Set-up and warm-up checkouts stay out of the figures. Prints what a checkout costs the server:
// CPU µs (process.cpuUsage of the child; with --rounds the lowest round's, as a busy machine only adds to it),
// SQL statements (openStorage's onQuery) and µs per function (the last round's profile, self time over the
// checkouts; wall-clock samples, so a blocking fsync counts in `run`).
// Run: node bench/cart/profile-checkout.mjs [--card] [--checkouts 300] [--warmup 1000] [--rounds 3]
//        [--connections 10] [--top 30] [--sql] [--no-profile] [--out /tmp/checkout-prof] [--what-if sync-normal]
//        [--tree /tmp/before]   (another checkout of the project with its own bench/cart/server-bundle.mjs;
//                                --card needs one whose bundle exports PaymentSetup and startFakeStripe)
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { statementCounter } from './server-bundle.mjs';
import { connectStripe } from './stripe-connected.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const CRUMB = 'benchcrumbbenchcrumb0000';
const here = fileURLToPath(new URL('../..', import.meta.url));
// --what-if <names>: server-bundle.mjs's experiments (e.g. sync-normal), in the server child only.
const loadTree = async (tree, whatIfs = []) =>
  (await import(pathToFileURL(join(tree, 'bench/cart/server-bundle.mjs')).href)).loadServer(whatIfs);

if (process.env.BAUKASTEN_PROFILE_CHILD) {
  const tree = process.env.BAUKASTEN_PROFILE_CHILD;
  const server = await loadTree(tree, (process.env.BAUKASTEN_WHAT_IF ?? '').split(',').filter(Boolean));
  const dir = mkdtempSync(join(tmpdir(), 'baukasten-prof-checkout-'));
  // Every statement by its SQL text, counted from the moment the measured checkouts start.
  const statements = statementCounter();
  const storage = await server.openStorage({
    sqliteFile: join(dir, 'bench.sqlite'),
    onQuery: statements.onQuery,
  });
  await storage.migrate();
  const hostname = 'bench-profile.test';
  const shop = await server.createTestShop(storage, hostname, 1_000_000_000);
  let payments;
  let fake;
  if (process.env.BAUKASTEN_PROFILE_CARD === '1') {
    fake = await connectStripe(tree, server, storage, shop);
    payments = fake.payments;
  }
  const app = await server.buildApp({
    storage,
    logLevel: 'silent',
    commerce: { rateLimiter: new server.InMemoryRateLimiter({ limit: 1e12, windowMs: 60_000 }) },
    ...(payments ? { payments, serverTestMode: true } : {}),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({
    url,
    hostname,
    itemId: shop.mug.id,
    sku: `${hostname}-TASSE`,
    address: server.germanAddress,
    paymentMethod: payments ? 'stripe' : 'bank-transfer',
  });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // One sample every 50 µs: the functions of one checkout take tens of µs each.
  // --interval <µs>: on this project's VMs a 50 µs profiler inflates system calls (writev showed ~100 µs per
  // answer, more than the request's whole CPU); a few hundred µs over a longer run gives truer shares.
  await session.post('Profiler.setSamplingInterval', {
    interval: Number(process.env.BAUKASTEN_PROFILE_INTERVAL || 50),
  });
  let cpuAt;
  process.on('message', async (message) => {
    if (message.type === 'start') {
      statements.start();
      if (message.profile) await session.post('Profiler.start');
      cpuAt = process.cpuUsage();
      process.send('started');
      return;
    }
    const cpu = process.cpuUsage(cpuAt);
    statements.stop();
    if (message.profile) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(message.out, 'checkout.cpuprofile'), JSON.stringify(profile));
    }
    process.send({ cpu, statements: statements.entries() });
    if (message.type === 'end') return;
    await app.close();
    await storage.close();
    await fake?.stop();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
} else {
  const card = args.includes('--card');
  const profileOn = !args.includes('--no-profile');
  const checkouts = Number(flag('checkouts', '300'));
  const warmup = Number(flag('warmup', '1000'));
  const out = flag('out', join(tmpdir(), 'checkout-prof'));
  const tree = resolve(flag('tree', here));
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: {
      ...process.env,
      // As `npm start` runs: production builds of the libraries (React renders mails), no test shortcuts.
      NODE_ENV: 'production',
      BAUKASTEN_PROFILE_CHILD: tree,
      BAUKASTEN_PROFILE_CARD: card ? '1' : '',
      BAUKASTEN_WHAT_IF: flag('what-if', ''),
      BAUKASTEN_PROFILE_INTERVAL: flag('interval', '50'),
    },
  });
  const shop = await new Promise((done) => child.once('message', done));
  const headers = (cart) => ({
    host: shop.hostname,
    'content-type': 'application/json',
    'x-csrf-token': CRUMB,
    cookie: cart ? `crumb=${CRUMB}; cart=${cart}` : `crumb=${CRUMB}`,
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  // fetch may not set the Host header, which names the shop: plain http requests instead.
  const post = (path, cart, body) =>
    new Promise((done, reject) => {
      const req = request(`${shop.url}${path}`, { method: 'POST', agent, headers: headers(cart) }, (res) => {
        res.resume();
        res.on('end', () => done(res));
      });
      req.on('error', reject);
      req.end(body);
    });
  const addBody = JSON.stringify({ itemId: shop.itemId, sku: shop.sku, quantity: 1 });
  const newCart = async () => {
    const res = await post('/api/commerce/shopping-cart/entries', undefined, addBody);
    const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('cart='));
    if (res.statusCode !== 200 || !cookie) throw new Error(`add failed: ${res.statusCode}`);
    return cookie.slice(5).split(';')[0];
  };
  const checkoutBody = JSON.stringify({
    email: 'bench@example.de',
    shippingAddress: shop.address,
    paymentMethod: shop.paymentMethod,
  });
  // Ten shoppers at once, as compare.mjs loads the server (--connections 1: one after the other).
  const connections = Number(flag('connections', '10'));
  const checkoutAll = async (carts) => {
    let next = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < carts.length) {
          const res = await post('/api/commerce/checkout', carts[next++], checkoutBody);
          if (res.statusCode !== 201) failed++;
        }
      }),
    );
    return failed;
  };
  const cartsOf = async (count) => {
    const carts = [];
    for (let i = 0; i < count; i += 50)
      carts.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, newCart))));
    return carts;
  };
  // --rounds: the CPU figure is the lowest round's (a busy machine only ever adds to it); the profile and the
  // statement counts are the last round's.
  const rounds = Number(flag('rounds', '3'));
  const message = () => new Promise((done) => child.once('message', done));
  try {
    await checkoutAll(await cartsOf(warmup));
    const measured = [];
    let cpu;
    let statements;
    let failed = 0;
    for (let round = 1; round <= rounds; round++) {
      const carts = await cartsOf(checkouts);
      const last = round === rounds;
      child.send({ type: 'start', profile: profileOn && last });
      await message();
      const began = process.hrtime.bigint();
      failed += await checkoutAll(carts);
      const seconds = Number(process.hrtime.bigint() - began) / 1e9;
      child.send({ type: last ? 'stop' : 'end', profile: profileOn && last, out });
      ({ cpu, statements } = await message());
      measured.push({ rps: checkouts / seconds, cpu: (cpu.user + cpu.system) / checkouts, ...cpu });
    }
    await new Promise((done) => child.once('exit', done));
    agent.destroy();
    const per = (x) => (x / checkouts).toFixed(1);
    const total = statements.reduce((sum, [, { n }]) => sum + n, 0);
    const sqlMs = statements.reduce((sum, [, { ms }]) => sum + ms, 0);
    const best = measured.reduce((a, b) => (b.cpu < a.cpu ? b : a));
    console.log(
      `${tree}: ${rounds} × ${checkouts} checkouts ${card ? 'by card (Stripe fake)' : 'by bank transfer'}, ` +
        `${measured.map((m) => Math.round(m.rps)).join(' / ')} req/s${failed ? `, ${failed} failed` : ''}${profileOn ? ' (last round profiled)' : ''}`,
    );
    console.log(
      `server CPU per checkout: ${best.cpu.toFixed(1)} µs (user ${per(best.user)}, system ${per(best.system)}; ` +
        `rounds ${measured.map((m) => Math.round(m.cpu)).join(' / ')})`,
    );
    const transactions = statements
      .filter(([sql]) => /^(begin|commit)/i.test(sql))
      .map(([sql, { n }]) => `${sql} ${per(n)}`)
      .join(', ');
    // Kysely's duration of a statement: from asking for the connection to the result, so it includes waiting
    // for the one SQLite connection while another request's statement or transaction holds it.
    console.log(
      `SQL statements per checkout: ${per(total)}${transactions ? ` (${transactions})` : ''}, ` +
        `${per(sqlMs * 1000)} µs in them (waits for the connection included)`,
    );
    if (args.includes('--sql')) {
      for (const [sql, { n, ms }] of statements.sort((a, b) => b[1].ms - a[1].ms))
        console.log(
          `  ${per(n).padStart(6)} × ${((ms * 1000) / n).toFixed(1).padStart(7)} µs  ${sql.replace(/\s+/g, ' ').slice(0, 140)}`,
        );
    }
    if (profileOn) {
      const file = join(out, 'checkout.cpuprofile');
      const profile = JSON.parse(readFileSync(file, 'utf8'));
      // The profiler's own work (stopping it and handing over the profile) is no checkout's.
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const profiler = new Set();
      const mark = (id) => {
        profiler.add(id);
        for (const child of byId.get(id).children ?? []) mark(child);
      };
      for (const node of profile.nodes)
        if (node.callFrame.url === 'node:inspector' && node.callFrame.functionName === 'post') mark(node.id);
      const selfTime = new Map();
      let sampled = 0;
      profile.samples.forEach((id, i) => {
        if (profiler.has(id)) return;
        const dt = profile.timeDeltas[i] ?? 0;
        selfTime.set(id, (selfTime.get(id) ?? 0) + dt);
        sampled += dt;
      });
      const byFunction = new Map();
      let idle = 0;
      for (const node of profile.nodes) {
        const t = selfTime.get(node.id);
        if (!t) continue;
        const { functionName, url, lineNumber } = node.callFrame;
        if (functionName === '(idle)') idle += t;
        const where = url
          .replace(/^.*node_modules\//, '')
          .replace(/^file:\/\/.*?\/(packages|bench)\//, '$1/');
        const key = `${functionName || '(anonymous)'} ${where}${where ? `:${lineNumber + 1}` : ''}`;
        byFunction.set(key, (byFunction.get(key) ?? 0) + t);
      }
      console.log(
        `profile: ${file} (${(sampled / 1e6).toFixed(2)} s sampled, busy ${per(sampled - idle)} µs per checkout)`,
      );
      for (const [key, t] of [...byFunction]
        .filter(([key]) => !key.startsWith('(idle)'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(flag('top', '30')))) {
        console.log(`${per(t).padStart(8)} µs  ${key}`);
      }
    }
  } catch (error) {
    child.kill();
    throw error;
  }
}
