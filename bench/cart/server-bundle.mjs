// The server from source for the cart benchmarks: bundled once with esbuild, workspace packages
// resolved to their src, so a benchmark measures the code as it is in the work tree (no build step).
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What-if experiments: a change to measure before anyone makes it in the source. Each rewrites one line
 * of one file in the bench bundle only; the work tree is untouched. A patch whose line is gone fails loudly.
 */
export const WHAT_IFS = {
  // SQLite in WAL mode with synchronous=NORMAL: no fsync per commit (a commit survives a process crash,
  // the last ones may be lost on power loss).
  'sync-normal': {
    file: 'packages/storage/src/open-storage.ts',
    from: "database.pragma('busy_timeout = 5000');",
    to: "database.pragma('busy_timeout = 5000'); database.pragma('synchronous = NORMAL');",
  },
  // What a card checkout's parts cost (profile-checkout.mjs --card --what-if ...): the started payment not
  // recorded after Stripe answered, or Stripe not called at all (a made-up session). Both break payments.
  'no-started-write': {
    file: 'packages/server/src/payments/settle-payment.ts',
    from: 'const payment = await storage.payments.recordStarted(',
    to: 'const payment = {}; if (Math.random() > 2) await storage.payments.recordStarted(',
  },
  'no-stripe-call': {
    file: 'packages/server/src/payments/settle-payment.ts',
    from: 'const started = await gateway.startPayment(input);',
    to: "const started = { providerPaymentId: 'cs_' + Math.random(), redirectUrl: 'https://checkout.example/x' };",
  },
  // The host -> website lookup remembered for 5 s per process instead of 2 queries per request.
  'host-cache': {
    file: 'packages/server/src/app.ts',
    from: 'if (hostname) request.website = await storage.websites.findByHostname(hostname);',
    to: `if (hostname) {
      const cache = (globalThis.__benchHosts ??= new Map());
      const hit = cache.get(hostname);
      if (hit && hit.until > Date.now()) request.website = hit.website;
      else {
        request.website = await storage.websites.findByHostname(hostname);
        cache.set(hostname, { website: request.website, until: Date.now() + 5000 });
      }
    }`,
  },
};

/** Source files that find siblings through import.meta.url (theme templates, assets) keep their own location. */
const sourcePatches = (whatIfs) => ({
  name: 'keep-source-locations',
  setup(b) {
    b.onLoad({ filter: /packages[\\/][^\\/]+[\\/]src[\\/].*\.tsx?$/ }, async (a) => {
      let text = await readFile(a.path, 'utf8');
      const patches = whatIfs.map((name) => WHAT_IFS[name]).filter((p) => a.path.endsWith(p.file));
      if (!text.includes('import.meta.url') && patches.length === 0) return undefined;
      for (const patch of patches) {
        if (!text.includes(patch.from)) throw new Error(`what-if patch no longer applies to ${patch.file}`);
        text = text.replace(patch.from, patch.to);
      }
      const url = JSON.stringify(pathToFileURL(a.path).href);
      return {
        contents: text.replaceAll('import.meta.url', url),
        loader: a.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
});

/**
 * Every statement by its SQL text, for openStorage's onQuery: counted only between start() (which forgets
 * earlier counts) and stop(), so set-up and warm-up stay out. `entries()`: [sql, { n, ms }] pairs, as a child sends them to its parent.
 */
export function statementCounter() {
  let counting = false;
  const statements = new Map();
  return {
    onQuery(q) {
      if (!counting) return;
      const seen = statements.get(q.sql) ?? { n: 0, ms: 0 };
      seen.n += 1;
      seen.ms += q.durationMs;
      statements.set(q.sql, seen);
    },
    start: () => {
      statements.clear();
      counting = true;
    },
    stop: () => {
      counting = false;
    },
    entries: () => [...statements],
  };
}

/** Bundles the server (once per call), with the named what-if patches, and imports it. */
export async function loadServer(whatIfs = []) {
  for (const name of whatIfs) if (!WHAT_IFS[name]) throw new Error(`unknown what-if: ${name}`);
  // Inside the server package's node_modules so the bundle's bare imports resolve as the server's own do:
  // its nested dependencies (altcha-lib) first, then the repository's (fastify, kysely...).
  const dir = join(root, 'packages/server/node_modules/.cache/baukasten-bench');
  mkdirSync(dir, { recursive: true });
  const pkg = (name) => join(root, `packages/${name}/src/index.ts`);
  const outfile = join(dir, `server${whatIfs.length ? `-${whatIfs.join('-')}` : ''}.mjs`);
  await build({
    stdin: {
      contents: `
        export { buildApp } from './packages/server/src/app.ts';
        export { InMemoryRateLimiter } from './packages/server/src/rate-limit.ts';
        export { createTestShop, germanAddress } from './packages/server/src/commerce/test-shop.ts';
        export { openStorage } from './packages/storage/src/index.ts';
        export { PaymentSetup } from './packages/server/src/payments/payment-setup.ts';
        export { startFakeStripe } from './packages/server/src/payments/testing/fake-stripe.ts';`,
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
    plugins: [sourcePatches(whatIfs)],
  });
  return import(pathToFileURL(outfile).href);
}
