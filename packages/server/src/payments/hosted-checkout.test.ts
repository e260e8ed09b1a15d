import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';
import { PAYMENT_MESSAGES } from './payment-gateway.js';
import { PAYMENT_SETTINGS_MESSAGES } from './payment-settings-routes.js';
import { type FakePayPal, startFakePayPal } from './testing/fake-paypal.js';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe.js';

/*
 * The shop's money path end to end on the server: the owner connects Stripe and PayPal in "Zahlungen"
 * (keys checked against the provider, stored sealed, shown masked), a shopper chooses the provider at the
 * checkout and is sent to its page, and the order becomes paid once, whichever door (webhook, return, a
 * second server instance) comes first. The providers are the local fakes of their HTTP APIs.
 */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let second: FastifyInstance;
  let origin: string;
  let shop: TestShop;
  let team: ShopTeam;
  let stripe: FakeStripe;
  let paypal: FakePayPal;
  let base: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `zahlen-${db.name}.test`, 50);
    stripe = await startFakeStripe();
    paypal = await startFakePayPal();
    const payments = {
      secretsKey: Buffer.alloc(32, 7),
      stripeApiBase: stripe.apiBase,
      paypalApiBase: paypal.apiBase,
      timeoutMs: 500,
    };
    // Test keys (sk_test_, the PayPal sandbox) are test payments: offered only by a server in test mode.
    const options = {
      storage,
      logLevel: 'silent',
      shared: sharedStateWithLimits(),
      payments,
      serverTestMode: true,
    };
    app = await buildApp(options);
    // A second instance on the same database, as behind a load balancer.
    second = await buildApp({ ...options, shared: sharedStateWithLimits() });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    team = await shopTeam(app, storage, shop.websiteId);
    base = `/api/admin/sites/${shop.websiteId}/payments`;
    stripe.webhookUrl = `${origin}/api/payments/stripe/webhook/${shop.websiteId}`;
    paypal.webhookUrl = `${origin}/api/payments/paypal/webhook/${shop.websiteId}`;
  });
  afterAll(async () => {
    await app?.close();
    await second?.close();
    await stripe?.stop();
    await paypal?.stop();
  });
  afterEach(() => {
    stripe.scenario = 'success';
    paypal.scenario = 'success';
  });

  const pathOf = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };
  const mailsTo = async (to: string, kind: string) =>
    (await storage.outbox.listByWebsite(shop.websiteId, { limit: 1000 })).filter(
      (m) => m.to === to && m.kind === kind,
    );
  const orderOf = async (orderId: string) => (await storage.orders.findById(shop.websiteId, orderId))!;
  const mugStock = async () =>
    (await storage.items.findById(shop.websiteId, shop.mug.id))!.product!.variants[0]!.qtyInStock;

  /** A shopper with two mugs in the cart who posts the checkout form with the given payment method. */
  async function checkout(paymentMethod: string, email: string) {
    const visitor = await new Visitor(app, shop.hostname).start();
    await visitor.add(shop.mug.id, `${shop.hostname}-TASSE`, 2);
    const page = await visitor.request('GET', '/checkout');
    const placed = await visitor.form('/api/commerce/checkout', {
      email,
      ...germanAddress,
      paymentMethod,
    });
    return { visitor, page, placed, location: String(placed.headers.location) };
  }

  describe('Zahlungen: connecting the providers', () => {
    it('refuses a wrong Stripe key with the German reason and stores nothing', async () => {
      const wrong = await team.admin.call('POST', `${base}/stripe`, {
        secretKey: 'sk_test_falsch1234567890',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe(PAYMENT_MESSAGES.invalidKeys);
      expect(wrong.body.error.fields.secretKey).toBe(PAYMENT_MESSAGES.invalidKeys);
      const state = await team.admin.call('GET', base);
      expect(state.body.providers[0]).toMatchObject({ provider: 'stripe', configured: false });
    });

    it('connects Stripe and PayPal: "verbunden", Testmodus, keys only masked, sealed in the database', async () => {
      const saved = await team.admin.call('POST', `${base}/stripe`, {
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
      });
      expect(saved.status).toBe(200);
      const shown = saved.body.providers.find((p: { provider: string }) => p.provider === 'stripe');
      expect(shown).toMatchObject({ connected: true, mode: 'test', statusText: 'verbunden' });
      expect(shown.keyHints.secretKey).toBe(`sk_test_…${stripe.secretKey.slice(-4)}`);
      expect(shown.webhookUrl).toContain(`/api/payments/stripe/webhook/${shop.websiteId}`);
      expect(JSON.stringify(saved.body)).not.toContain(stripe.secretKey);
      const stored = await storage.payments.findProviderSettings(shop.websiteId, 'stripe');
      expect(JSON.stringify(stored)).not.toContain(stripe.secretKey);

      const pp = await team.admin.call('POST', `${base}/paypal`, {
        mode: 'test',
        clientId: paypal.clientId,
        clientSecret: paypal.clientSecret,
        webhookId: paypal.webhookId,
      });
      expect(pp.status).toBe(200);
      expect(pp.body.providers[1]).toMatchObject({ provider: 'paypal', connected: true, mode: 'test' });
    });

    it('only owners with the shop settings role may see or change the keys', async () => {
      for (const someone of [team.viewer, team.outsider]) {
        const answer = await someone.call('GET', base);
        expect([403, 404]).toContain(answer.status);
        expect(JSON.stringify(answer.body)).not.toContain('sk_test_');
      }
    });

    it('checks the bank details of Vorkasse by the IBAN checksum and keeps the owner-set times', async () => {
      const bad = await team.admin.call('PATCH', base, {
        bankTransfer: { accountHolder: 'Testladen GmbH', iban: 'DE89 3704 0044 0532 0130 01' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields['bankTransfer.iban']).toMatch(/Prüfziffer/);
      const tooLong = await team.admin.call('PATCH', base, { reservationMinutes: 5000 });
      expect(tooLong.body.error.message).toBe(PAYMENT_SETTINGS_MESSAGES.minutesRange);
      const good = await team.admin.call('PATCH', base, {
        bankTransfer: { accountHolder: 'Testladen GmbH', iban: 'de89370400440532013000', bic: 'COBADEFFXXX' },
        bankTransferDays: 10,
        reservationMinutes: 45,
      });
      expect(good.status).toBe(200);
      expect(good.body).toMatchObject({
        bankTransfer: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
        bankTransferDays: 10,
        reservationMinutes: 45,
      });
    });
  });

  describe('paying at Stripe', () => {
    it('offers the connected providers, sends the shopper to Stripe and marks the order paid exactly once', async () => {
      const { page, location } = await checkout('stripe', 'karte@example.de');
      expect(page.body).toContain('value="stripe"');
      expect(page.body).toContain('value="paypal"');
      expect(location.startsWith(`${stripe.apiBase}/pay/`)).toBe(true);
      const sessionId = location.split('/pay/')[1]!;
      const payment = (
        await storage.payments.listByOrder(shop.websiteId, stripe.sessions.get(sessionId)!.metadata.orderId!)
      )[0]!;
      expect(payment.status).toBe('requires_action');
      // The signed webhook arrives before the shopper is back (the fake sends it while paying).
      const back = await stripe.pay(sessionId);
      expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
      const returned = await app.inject({
        method: 'GET',
        url: pathOf(back),
        headers: { host: shop.hostname },
      });
      expect(returned.statusCode).toBe(303);
      const orderId = payment.orderId;
      expect(returned.headers.location).toBe(`/checkout/bestaetigt?orderId=${orderId}`);
      const confirmation = await app.inject({
        method: 'GET',
        url: String(returned.headers.location),
        headers: { host: shop.hostname },
      });
      expect(confirmation.body).toContain('Deine Zahlung ist eingegangen');
      expect((await orderOf(orderId)).data.payment).toMatchObject({ method: 'stripe', status: 'PAID' });
      // Redelivered webhook and a second instance's return: nothing more happens.
      await stripe.sendSessionEvent(sessionId, 'checkout.session.completed');
      await second.inject({ method: 'GET', url: pathOf(back), headers: { host: shop.hostname } });
      expect(await mailsTo('karte@example.de', 'payment-received')).toHaveLength(1);
    });

    it('two instances settling the same return at once mark it paid once, with one mail', async () => {
      stripe.webhookUrl = undefined;
      try {
        const { location } = await checkout('stripe', 'doppelt@example.de');
        const back = await stripe.pay(location.split('/pay/')[1]!);
        const answers = await Promise.all(
          [app, second, app, second].map((instance) =>
            instance.inject({ method: 'GET', url: pathOf(back), headers: { host: shop.hostname } }),
          ),
        );
        expect(answers.map((a) => a.statusCode)).toEqual([303, 303, 303, 303]);
        expect(await mailsTo('doppelt@example.de', 'payment-received')).toHaveLength(1);
      } finally {
        stripe.webhookUrl = `${origin}/api/payments/stripe/webhook/${shop.websiteId}`;
      }
    });

    it('a declined card leaves the order unpaid with the German message and a button to pay again', async () => {
      stripe.scenario = 'decline';
      const { location } = await checkout('stripe', 'abgelehnt@example.de');
      const sessionId = location.split('/pay/')[1]!;
      const orderId = stripe.sessions.get(sessionId)!.metadata.orderId!;
      await stripe.pay(sessionId);
      const returned = await app.inject({
        method: 'GET',
        url: `/checkout/zahlung/stripe?orderId=${orderId}`,
        headers: { host: shop.hostname },
      });
      const page = await app.inject({
        method: 'GET',
        url: String(returned.headers.location),
        headers: { host: shop.hostname },
      });
      expect(page.body).toContain('Jetzt bezahlen');
      expect((await orderOf(orderId)).data.payment).toMatchObject({ status: 'AWAITING_PAYMENT' });
      expect(await mailsTo('abgelehnt@example.de', 'payment-received')).toHaveLength(0);
    });

    it('refuses a payment whose amount differs from the order', async () => {
      stripe.scenario = 'amount_mismatch';
      const { location } = await checkout('stripe', 'betrag@example.de');
      const sessionId = location.split('/pay/')[1]!;
      const orderId = stripe.sessions.get(sessionId)!.metadata.orderId!;
      await stripe.pay(sessionId);
      expect((await orderOf(orderId)).data.payment).toMatchObject({ status: 'AWAITING_PAYMENT' });
      expect((await storage.payments.listByOrder(shop.websiteId, orderId))[0]!.status).toBe(
        'amount_mismatch',
      );
    });

    it('Stripe down: the shopper reads a German message, nothing is charged, the order waits to be paid', async () => {
      await stripe.down();
      try {
        const stockBefore = await mugStock();
        const { location, visitor } = await checkout('stripe', 'offline@example.de');
        expect(location).toMatch(/^\/checkout\/bestaetigt\?orderId=.+&zahlung=unavailable$/);
        const page = await visitor.request('GET', location);
        expect(page.body).toContain(PAYMENT_MESSAGES.unavailable.slice(0, 40));
        expect(page.body).toContain('Jetzt bezahlen');
        expect(await mugStock()).toBe(stockBefore - 2);
      } finally {
        await stripe.up();
      }
    });

    it('a production server does not offer test keys on a site that is not in Testmodus', async () => {
      const production = await buildApp({
        storage,
        logLevel: 'silent',
        shared: sharedStateWithLimits(),
        payments: { secretsKey: Buffer.alloc(32, 7), stripeApiBase: stripe.apiBase },
      });
      try {
        const visitor = await new Visitor(production, shop.hostname).start();
        await visitor.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
        const page = await visitor.request('GET', '/checkout');
        expect(page.body).toContain('value="bank-transfer"');
        expect(page.body).not.toContain('value="stripe"');
        expect(page.body).not.toContain('cardNumber');
      } finally {
        await production.close();
      }
    });

    it('forged webhooks are refused with 400', async () => {
      const status = await stripe.deliver(
        'evt_forged',
        'checkout.session.completed',
        '{"id":"evt_forged"}',
        't=1,v1=abc',
      );
      expect(status).toBe(400);
    });
  });

  describe('paying with PayPal', () => {
    it('approves in PayPal’s window, captures on return and marks the order paid once', async () => {
      const { location } = await checkout('paypal', 'paypal@example.de');
      expect(location.startsWith(`${paypal.apiBase}/checkoutnow?token=`)).toBe(true);
      const token = new URL(location).searchParams.get('token')!;
      const back = await paypal.approve(token);
      const returned = await app.inject({
        method: 'GET',
        url: pathOf(back),
        headers: { host: shop.hostname },
      });
      expect(returned.statusCode).toBe(303);
      const orderId = new URL(back).searchParams.get('orderId')!;
      expect((await orderOf(orderId)).data.payment).toMatchObject({ method: 'paypal', status: 'PAID' });
      expect(await mailsTo('paypal@example.de', 'payment-received')).toHaveLength(1);
    });
  });

  describe('refunds from the editor', () => {
    /** A paid Stripe order of two mugs (28,90 € with shipping). */
    async function paidStripeOrder(email: string) {
      const { location } = await checkout('stripe', email);
      const sessionId = location.split('/pay/')[1]!;
      await stripe.pay(sessionId);
      return stripe.sessions.get(sessionId)!.metadata.orderId!;
    }
    const refund = (orderId: string, body: Record<string, unknown>) =>
      team.admin.call('POST', `/api/admin/sites/${shop.websiteId}/orders/${orderId}/refunds`, body);

    it('refunds partly and then the rest through Stripe, once per click, with restock and a mail each', async () => {
      const orderId = await paidStripeOrder('erstattung@example.de');
      const stockAfterSale = await mugStock();
      const part = await refund(orderId, { amountMinor: 500, idempotencyKey: 'klick-teil-1' });
      expect(part.status).toBe(200);
      expect(part.body).toMatchObject({ refundedMinor: 500, refundableMinor: 2390 });
      // The same click again (double click, retried request): no second refund.
      await refund(orderId, { amountMinor: 500, idempotencyKey: 'klick-teil-1' });
      expect(stripe.refunds.filter((r) => r.amount === 500)).toHaveLength(1);
      const tooMuch = await refund(orderId, { amountMinor: 5000, idempotencyKey: 'klick-zu-viel' });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.error.message).toMatch(/^Es können höchstens 23,90/);
      const rest = await refund(orderId, {
        amountMinor: 2390,
        restock: true,
        idempotencyKey: 'klick-rest-1',
      });
      expect(rest.body).toMatchObject({ refundedMinor: 2890, refundableMinor: 0, restocked: true });
      expect(await mugStock()).toBe(stockAfterSale + 2);
      expect(await mailsTo('erstattung@example.de', 'refund')).toHaveLength(2);
    });

    it('records a Vorkasse refund by hand, to the shopper’s IBAN checked by its checksum', async () => {
      const { location } = await checkout('bank-transfer', 'vorkasse-zurueck@example.de');
      const orderId = new URL(location, 'http://x').searchParams.get('orderId')!;
      const unpaid = await refund(orderId, {
        amountMinor: 100,
        iban: 'DE89370400440532013000',
        idempotencyKey: 'vk-1-unbezahlt',
      });
      expect(unpaid.status).toBe(409);
      await team.admin.call('POST', `/api/admin/sites/${shop.websiteId}/orders/${orderId}/mark-paid`);
      const noIban = await refund(orderId, { amountMinor: 100, idempotencyKey: 'vk-1-ohne-iban' });
      expect(noIban.body.error.fields.iban).toMatch(/IBAN/);
      const wrongIban = await refund(orderId, {
        amountMinor: 100,
        iban: 'DE89370400440532013001',
        idempotencyKey: 'vk-1-falsch',
      });
      expect(wrongIban.body.error.fields.iban).toMatch(/Prüfziffer/);
      const done = await refund(orderId, {
        amountMinor: 100,
        iban: 'DE89370400440532013000',
        idempotencyKey: 'vk-1-gut',
      });
      expect(done.body.refunds[0]).toMatchObject({
        method: 'bank-transfer',
        status: 'succeeded',
        iban: 'DE89 3704 0044 0532 0130 00',
      });
      const mail = (await mailsTo('vorkasse-zurueck@example.de', 'refund'))[0]!;
      expect(mail.text).toContain('DE89 3704 0044 0532 0130 00');
    });
  });
});
