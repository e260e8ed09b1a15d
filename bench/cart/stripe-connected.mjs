// Stripe for the cart benchmarks with --card: the local fake of its API in a process of its own (it answers
// the server's calls as Stripe would from afar, not from inside the measured process), and a shop connected
// to it with sealed keys as the editor's "Zahlungen" would store them. Used by compare.mjs and
// profile-checkout.mjs; this file is also the fake's process.
import { execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

if (process.env.BAUKASTEN_BENCH_STRIPE_TREE) {
  const bundle = join(process.env.BAUKASTEN_BENCH_STRIPE_TREE, 'bench/cart/server-bundle.mjs');
  const { startFakeStripe } = await (await import(pathToFileURL(bundle).href)).loadServer([]);
  const stripe = await startFakeStripe();
  process.send({ apiBase: stripe.apiBase, secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret });
  process.on('message', async () => {
    await stripe.stop();
    process.exit(0);
  });
}

/**
 * Starts the fake (from `tree`'s sources) and connects `shop` to it; answers the server's payment options and
 * a stop for the fake's process.
 */
export async function connectStripe(tree, server, storage, shop) {
  const fake = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BAUKASTEN_BENCH_STRIPE_TREE: tree },
  });
  const stripe = await new Promise((done) => fake.once('message', done));
  // compare.mjs --pin: the fake shares the shoppers' core, as Stripe would run on a machine of its own.
  if (process.env.BAUKASTEN_BENCH_PIN_FAKE)
    execFileSync('taskset', ['-a', '-cp', '1', String(fake.pid)], { stdio: 'ignore' });
  const payments = { secretsKey: randomBytes(32), stripeApiBase: stripe.apiBase };
  const setup = new server.PaymentSetup(storage, payments);
  const seal = (field, value) => setup.seal(shop.websiteId, 'stripe', field, value);
  await storage.payments.saveProviderSettings(shop.websiteId, 'stripe', {
    mode: 'test',
    sealedKeys: {
      secretKey: seal('secretKey', stripe.secretKey),
      webhookSecret: seal('webhookSecret', stripe.webhookSecret),
    },
    keyHints: {},
    status: 'connected',
    checkedAt: Date.now(),
  });
  return { payments, stop: () => new Promise((done) => fake.once('exit', done).send('stop')) };
}
