import { openStorage, type Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';
import {
  Client,
  freshPostgresSchema,
  missingPrerequisites,
  postgresReachable,
} from '../reliability/cluster-kit.js';
import { PaymentSetup } from './payment-setup.js';
import { postJson } from './testing/fake-http.js';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe.js';

/*
 * "Paid exactly once" across instances (issue #20): two server instances, each with its own connection pool,
 * on the same PostgreSQL schema, as behind a load balancer. Stripe's signed webhook for a paid session is
 * delivered to both many times at the same moment while the shopper's return hits both as well. The order
 * becomes paid once: one paid transition, one "Zahlung eingegangen" mail, one invoice number, and the stock
 * is what the checkout took, once.
 */

const ready = postgresReachable();
const BURST = 20;

describe('postgres', async () => {
  if (!(await ready)) {
    missingPrerequisites('payments exactly once', 'Zwei Instanzen auf einer Datenbank brauchen PostgreSQL');
    return;
  }

  describe('two instances settle one Stripe payment', () => {
    let db: Awaited<ReturnType<typeof freshPostgresSchema>>;
    const storages: Storage[] = [];
    const apps: FastifyInstance[] = [];
    const origins: string[] = [];
    let shop: TestShop;
    let stripe: FakeStripe;

    beforeAll(async () => {
      db = await freshPostgresSchema();
      stripe = await startFakeStripe();
      const payments = { secretsKey: Buffer.alloc(32, 9), stripeApiBase: stripe.apiBase, timeoutMs: 5000 };
      for (let i = 0; i < 2; i += 1) {
        const storage = await openStorage({ databaseUrl: db.url, postgresPoolSize: 6 });
        if (i === 0) await storage.migrate();
        storages.push(storage);
      }
      shop = await createTestShop(storages[0]!, 'einmal.test', 20);
      const setup = new PaymentSetup(storages[0]!, payments);
      const seal = (field: string, value: string) => setup.seal(shop.websiteId, 'stripe', field, value);
      await storages[0]!.payments.saveProviderSettings(shop.websiteId, 'stripe', {
        mode: 'test',
        sealedKeys: {
          secretKey: seal('secretKey', stripe.secretKey),
          webhookSecret: seal('webhookSecret', stripe.webhookSecret),
        },
        keyHints: {},
        status: 'connected',
      });
      for (const storage of storages) {
        const app = await buildApp({
          storage,
          logLevel: 'silent',
          shared: sharedStateWithLimits(),
          payments,
          serverTestMode: true,
        });
        apps.push(app);
        origins.push(await app.listen({ port: 0, host: '127.0.0.1' }));
      }
    }, 60_000);

    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(storages.map((storage) => storage.close()));
      await stripe?.stop();
      await db?.drop();
    });

    it(`${BURST} webhook deliveries and ${BURST} returns at once over both instances: paid once, one mail, one invoice number, stock once`, async () => {
      const storage = storages[0]!;
      const stockOf = async () =>
        (await storage.items.findById(shop.websiteId, shop.mug.id))!.product!.variants[0]!.qtyInStock;
      const before = await stockOf();
      // The shopper checks out on instance 1 and pays at Stripe; no webhook has gone out yet.
      const visitor = await new Visitor(apps[0]!, shop.hostname).start();
      await visitor.add(shop.mug.id, `${shop.hostname}-TASSE`, 2);
      const placed = await visitor.form('/api/commerce/checkout', {
        email: 'einmal@example.de',
        ...germanAddress,
        paymentMethod: 'stripe',
      });
      const sessionId = String(placed.headers.location).split('/pay/')[1]!;
      const orderId = stripe.sessions.get(sessionId)!.metadata.orderId!;
      const back = new URL(await stripe.pay(sessionId));
      const returnPath = `${back.pathname}${back.search}`;
      const event = stripe.signedSessionEvent(sessionId, 'checkout.session.completed');

      const webhooks = Array.from({ length: BURST }, (_, i) =>
        postJson(`${origins[i % 2]}/api/payments/stripe/webhook/${shop.websiteId}`, event.payload, {
          'stripe-signature': event.signature,
        }),
      );
      const shopper = new Client(shop.hostname);
      const returns = Array.from({ length: BURST }, (_, i) =>
        shopper.get(origins[(i + 1) % 2]!, returnPath).then((r) => r.status),
      );
      const [webhookStatuses, returnStatuses] = await Promise.all([
        Promise.all(webhooks),
        Promise.all(returns),
      ]);
      expect(webhookStatuses).toEqual(Array(BURST).fill(200));
      expect(returnStatuses).toEqual(Array(BURST).fill(303));

      const order = (await storage.orders.findById(shop.websiteId, orderId))!;
      expect(order.data.payment).toMatchObject({ method: 'stripe', status: 'PAID' });
      const payments = await storage.payments.listByOrder(shop.websiteId, orderId);
      expect(payments.map((p) => p.status)).toEqual(['paid']);
      const mails = (await storage.outbox.listByWebsite(shop.websiteId, { limit: 1000 })).filter(
        (m) => m.to === 'einmal@example.de' && m.kind === 'payment-received',
      );
      expect(mails).toHaveLength(1);
      const invoices = await storage.invoices.forOrder(shop.websiteId, orderId);
      expect(invoices).toHaveLength(1);
      expect((await storage.invoices.list(shop.websiteId)).map((i) => i.number)).toEqual([
        invoices[0]!.number,
      ]);
      expect(await stockOf()).toBe(before - 2);
      const events = await storage.orderEvents.ofOrder(shop.websiteId, orderId);
      expect(events.filter((e) => e.kind === 'paid')).toHaveLength(1);
    }, 60_000);
  });
});
