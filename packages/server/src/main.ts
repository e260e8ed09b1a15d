import { openStorage, seedDemoShop } from '@baukasten/storage';
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { demoOwnerSeed } from './demo-owner.js';
import { startEmailDelivery } from './email/email-delivery.js';
import { orderPaidHooks } from './payments/order-paid.js';
import { PaymentDeadlineWorker } from './payments/payment-deadlines.js';
import { PaymentSetup } from './payments/payment-setup.js';
import { loadSecretsKey, requireSecretsKey } from './payments/secrets.js';
import { openSharedState } from './shared-state.js';
import { SubscriptionRenewalWorker } from './subscriptions/subscription-renewals.js';
import { startWebhookDelivery } from './webhooks/webhook-delivery.js';

/**
 * Starts one server: migrate, seed the demo shop on first start (the seed is idempotent), listen, and on
 * SIGTERM/SIGINT stop taking connections, let in-flight requests finish, then close the database.
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env);
  const shared = openSharedState(config.redisUrl);
  const storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await storage.migrate();
  // Provider keys stored by a site cannot be opened without the key that sealed them (payments/secrets.ts).
  if (!config.serverTestMode) {
    requireSecretsKey(config.secretsKey, await storage.payments.countWebsitesWithKeys());
  }
  // Safe when several instances start together: migrate() and the seed each take a database lock.
  if (config.seedDemo)
    await seedDemoShop(storage, {
      hostnames: config.demoHostnames,
      ...(config.demoOwner ? { owner: demoOwnerSeed() } : {}),
    });
  // The outbound guard's test switch (private addresses for images and webhooks); production ignores it.
  const allowPrivateHosts = config.outboundAllowPrivateHosts && config.serverTestMode;
  const payments = {
    secretsKey: loadSecretsKey({
      ...(config.secretsKey ? { secretsKey: config.secretsKey } : {}),
      dataDir: config.dataDir,
      production: !config.serverTestMode,
    }),
    ...(config.stripeApiBase ? { stripeApiBase: config.stripeApiBase } : {}),
    ...(config.paypalApiBase ? { paypalApiBase: config.paypalApiBase } : {}),
  };
  const app = await buildApp({
    storage,
    logLevel: config.logLevel,
    shared,
    baseDomain: config.baseDomain,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    // The editor is opened on BASE_DOMAIN or on a demo host; the preview frames of both are allowed.
    editorHostnames: config.demoHostnames,
    serverTestMode: config.serverTestMode,
    // The private-address switch is for tests; a production server (no test mode) ignores it.
    imports: { images: { allowPrivateHosts } },
    webhooks: { allowPrivateHosts },
    demoOwner: { enabled: config.demoOwner, hostnames: config.demoHostnames },
    payments,
    ...(config.dnsResolver ? { dnsResolver: config.dnsResolver } : {}),
  });
  if (config.serverTestMode) {
    app.log.warn(
      'Testmodus: NODE_ENV ist nicht „production“ – die Testkarte wird auf jeder Website angeboten.',
    );
  }
  await app.listen({ port: config.port, host: config.host });
  const email = startEmailDelivery(storage, config, app.log);
  const webhookDelivery = startWebhookDelivery(
    storage,
    { allowPrivateHosts, ...(payments.secretsKey ? { secretsKey: payments.secretsKey } : {}) },
    app.log,
  );
  // Unpaid orders whose time ran out: reconciled with the provider, else cancelled (payment-deadlines.ts).
  const deadlines = new PaymentDeadlineWorker({
    storage,
    setup: new PaymentSetup(storage, payments),
    hooks: orderPaidHooks(() => config.publicUrl),
    publicUrl: () => config.publicUrl,
    onError: (err, deadline) => app.log.warn({ err, orderId: deadline?.orderId }, 'payment deadline failed'),
  });
  deadlines.start();
  // Subscriptions due for their next period: charged off-session, once across instances (subscription-renewals.ts).
  const renewals = new SubscriptionRenewalWorker({
    storage,
    setup: new PaymentSetup(storage, payments),
    publicUrl: () => config.publicUrl,
    serverTestMode: config.serverTestMode,
    onError: (err, renewal) =>
      app.log.warn({ err, subscriptionId: renewal?.subscriptionId }, 'subscription renewal failed'),
  });
  renewals.start();

  let closing: Promise<void> | undefined;
  /** Stops taking connections, lets in-flight requests finish, then closes mail, shared state and database. */
  const close = () => {
    closing ??= (async () => {
      await app.close();
      await email.stop();
      await webhookDelivery.stop();
      await deadlines.stop();
      await renewals.stop();
      await shared.close();
      await storage.close();
    })();
    return closing;
  };
  const onSignal = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await close();
    process.exit(0);
  };
  const onSigterm = () => void onSignal('SIGTERM');
  const onSigint = () => void onSignal('SIGINT');
  process.once('SIGTERM', onSigterm);
  process.once('SIGINT', onSigint);
  return {
    app,
    storage,
    config,
    /** For callers in the same process (tests): closes without exiting and forgets the signal handlers. */
    async stop() {
      process.off('SIGTERM', onSigterm);
      process.off('SIGINT', onSigint);
      await close();
    },
  };
}

export { buildApp } from './app.js';
export { readConfig } from './config.js';
