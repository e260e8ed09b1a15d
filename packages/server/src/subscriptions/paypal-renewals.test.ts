import type { Storage, Subscription } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createTestShop, germanAddress, type TestShop } from '../commerce/test-shop.js';
import { orderPaidHooks } from '../payments/order-paid.js';
import { PaymentSetup } from '../payments/payment-setup.js';
import { type FakePayPal, startFakePayPal } from '../payments/testing/fake-paypal.js';
import { listeningWebhookDoor } from '../payments/testing/payment-test-kit.js';
import { DEFAULT_PUBLIC_URL } from '../site-url.js';
import { SubscriptionRenewalWorker } from './subscription-renewals.js';

/*
 * Subscriptions paid with PayPal renew for real (issue #20, decision 020): the first payment vaulted the
 * shopper's PayPal wallet with their consent, and each due period is one PayPal order with that wallet's
 * `vault_id`, charged by the same renewal worker as Stripe's — once per period across instances, declines
 * mailed and retried, the subscription ended after the owner's number of failures, nothing charged while
 * PayPal cannot be reached. PayPal is the local fake; its webhooks reach the real webhook route.
 */

const DAY = 24 * 60 * 60 * 1000;

withTestDatabases((db) => {
  let storage: Storage;
  let shop: TestShop;
  let paypal: FakePayPal;
  let setup: PaymentSetup;
  let door: FastifyInstance;
  let clock = Date.now();

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `abo-paypal-${db.name}.test`, 50, {
      paymentOptions: { renewalAttempts: 3 },
    });
    paypal = await startFakePayPal();
    setup = new PaymentSetup(storage, {
      secretsKey: Buffer.alloc(32, 7),
      paypalApiBase: paypal.apiBase,
      timeoutMs: 1500,
    });
    const seal = (field: string, value: string) => setup.seal(shop.websiteId, 'paypal', field, value);
    await storage.payments.saveProviderSettings(shop.websiteId, 'paypal', {
      mode: 'test',
      sealedKeys: {
        clientId: seal('clientId', paypal.clientId),
        clientSecret: seal('clientSecret', paypal.clientSecret),
        webhookId: seal('webhookId', paypal.webhookId),
      },
      keyHints: {},
      status: 'connected',
    });
    const gateway = (await setup.gatewayFor(shop.websiteId, 'paypal'))!;
    const listening = await listeningWebhookDoor(
      storage,
      { paypal: gateway },
      orderPaidHooks(() => DEFAULT_PUBLIC_URL),
    );
    door = listening.app;
    paypal.webhookUrl = `${listening.origin}/api/payments/paypal/webhook/${shop.websiteId}`;
  });
  afterAll(async () => {
    // PayPal's last webhooks are delivered before the door closes.
    await vi.waitFor(() =>
      expect(paypal.events.filter((e) => !paypal.deliveries.some((d) => d.eventId === e.id))).toEqual([]),
    );
    await door?.close();
    await paypal?.stop();
  });
  afterEach(() => {
    paypal.scenario = 'success';
  });

  const worker = () =>
    new SubscriptionRenewalWorker({
      storage,
      setup,
      publicUrl: () => DEFAULT_PUBLIC_URL,
      retryDelayMs: DAY,
      now: () => clock,
    });
  const mailsTo = async (to: string, kind: string) =>
    (await storage.outbox.listByWebsite(shop.websiteId, { limit: 1000 })).filter(
      (m) => m.to === to && m.kind === kind,
    );
  const ordersOf = async (email: string) =>
    (await storage.orders.list(shop.websiteId, { search: email, limit: 1000 })).orders.filter(
      (o) => o.customerEmail === email,
    );
  /** The renewal orders PayPal was asked for with this saved wallet (each one a charge attempt). */
  const chargeRequests = (vaultId: string) =>
    paypal.requests.filter(
      (r) =>
        r.path === '/v2/checkout/orders' &&
        r.method === 'POST' &&
        (r.body as { payment_source?: { paypal?: { vault_id?: string } } })?.payment_source?.paypal
          ?.vault_id === vaultId,
    );
  /** Money PayPal actually took from the wallet. */
  const charged = (vaultId: string) => paypal.vault.get(vaultId)!.charges;

  /** A shopper who paid the first month with PayPal and agreed that PayPal keeps the wallet for the renewals. */
  async function subscribed(email: string): Promise<{ subscription: Subscription; vaultId: string }> {
    clock = Date.now();
    const gateway = (await setup.gatewayFor(shop.websiteId, 'paypal'))!;
    const started = await gateway.startPayment({
      websiteId: shop.websiteId,
      orderId: `first-${email}`,
      orderNumber: 1,
      amountMinor: 1200,
      currency: 'EUR',
      description: 'Abo Tasse',
      successUrl: 'https://example.test/ok',
      cancelUrl: 'https://example.test/cancel',
      idempotencyKey: `first-${email}`,
      saveForFutureUse: true,
    });
    const url = paypal.webhookUrl;
    paypal.webhookUrl = undefined;
    try {
      await paypal.approve(started.providerPaymentId);
      const paid = await gateway.capture!(started.providerPaymentId, `capture-${started.providerPaymentId}`);
      expect(paid.state).toBe('paid');
      expect(paid.paymentMethodId).toBeDefined();
      const variant = shop.mug.product!.variants[0]!;
      const subscription = await storage.subscriptions.create(shop.websiteId, {
        orderId: `first-${email}`,
        itemId: shop.mug.id,
        sku: variant.sku,
        productName: 'Tasse',
        quantity: 1,
        priceMinor: variant.priceMinor,
        currency: 'EUR',
        billingPeriod: { unit: 'MONTH', value: 1 },
        numBillingCycles: 0,
        customerEmail: email,
        startedAt: clock - 31 * DAY,
        nextBillingAt: clock - 1000,
        data: {
          paymentMethod: 'paypal',
          shippingAddress: germanAddress,
          paypal: { customerId: paid.customerId, paymentMethodId: paid.paymentMethodId },
        },
      });
      return { subscription, vaultId: paid.paymentMethodId! };
    } finally {
      paypal.webhookUrl = url;
    }
  }

  it('renews with the saved PayPal wallet once: one charge, one paid order, one mail, even with two instances', async () => {
    const email = `paypal-erfolg-${db.name}@example.de`;
    const { subscription, vaultId } = await subscribed(email);

    const rounds = await Promise.all([worker().runDue(), worker().runDue()]);
    expect(rounds.reduce((n, r) => n + r.renewed, 0)).toBe(1);
    // The job runs again (the next tick, a third instance): nothing more is due this period.
    expect((await worker().runDue()).renewed).toBe(0);

    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order.data.payment).toMatchObject({ method: 'paypal', status: 'PAID' });
    expect(charged(vaultId)).toHaveLength(1);
    const [request] = chargeRequests(vaultId);
    expect(chargeRequests(vaultId)).toHaveLength(1);
    expect(request!.requestId).toBe(`renew-${subscription.id}-2`);
    expect(request!.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'EUR', value: (order.grandTotalMinor / 100).toFixed(2) } }],
    });
    // The renewal's payment is the PayPal order, so the editor can refund it like any other.
    const [payment] = await storage.payments.listByOrder(shop.websiteId, order.id);
    expect(payment).toMatchObject({
      provider: 'paypal',
      providerPaymentId: charged(vaultId)[0],
      status: 'paid',
    });

    // PayPal's webhook for the renewal's capture is the other door: it finds the order paid, and so does
    // the same event delivered again. Still one paid order and one mail.
    const event = paypal.events.find(
      (e) =>
        e.type === 'PAYMENT.CAPTURE.COMPLETED' &&
        (e.resource as { supplementary_data: { related_ids: { order_id: string } } }).supplementary_data
          .related_ids.order_id === charged(vaultId)[0],
    )!;
    await vi.waitFor(() => expect(paypal.deliveries.find((d) => d.eventId === event.id)?.status).toBe(200));
    expect(await paypal.deliver(event.id, event.type, event.payload)).toBe(200);
    expect(await storage.payments.listByOrder(shop.websiteId, order.id)).toHaveLength(1);
    expect(await mailsTo(email, 'order-confirmation')).toHaveLength(1);
    expect(await mailsTo(email, 'payment-received')).toHaveLength(0);
    const renewed = (await storage.subscriptions.findById(shop.websiteId, subscription.id))!;
    expect(renewed).toMatchObject({ status: 'ACTIVE', billedCycles: 2 });
    expect(renewed.nextBillingAt).toBeGreaterThan(clock);
  });

  it('a wallet PayPal declines mails the shopper and is charged again after the retry delay', async () => {
    const email = `paypal-abgelehnt-${db.name}@example.de`;
    const { subscription, vaultId } = await subscribed(email);
    paypal.declineVaulted(vaultId);

    expect((await worker().runDue()).declined).toBe(1);
    expect(await ordersOf(email)).toHaveLength(0);
    expect(charged(vaultId)).toHaveLength(0);
    const failed = await mailsTo(email, 'subscription-renewal-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.text).toContain('noch 2 Versuche');
    const [renewal] = await storage.subscriptions.listRenewals(shop.websiteId, subscription.id);
    expect(renewal).toMatchObject({ attempts: 1, lastError: 'INSTRUMENT_DECLINED' });
    // Not before the delay.
    expect((await worker().runDue()).declined).toBe(0);
    expect(chargeRequests(vaultId)).toHaveLength(1);

    // The shopper sorts out their PayPal account; the next day's attempt is a new charge, and it goes through.
    paypal.acceptVaulted(vaultId);
    clock += DAY + 1000;
    expect((await worker().runDue()).renewed).toBe(1);
    expect(chargeRequests(vaultId).map((r) => r.requestId)).toEqual([
      `renew-${subscription.id}-2`,
      `renew-${subscription.id}-2-try-2`,
    ]);
    expect(charged(vaultId)).toHaveLength(1);
    expect(await ordersOf(email)).toHaveLength(1);
    expect((await storage.subscriptions.findById(shop.websiteId, subscription.id))!).toMatchObject({
      status: 'ACTIVE',
      billedCycles: 2,
    });
  });

  it('ends the subscription after the owner-set number of declined PayPal renewals, with a mail, and charges no more', async () => {
    const email = `paypal-beendet-${db.name}@example.de`;
    const { subscription, vaultId } = await subscribed(email);
    paypal.declineVaulted(vaultId, 'PAYER_ACTION_REQUIRED');

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await worker().runDue();
      clock += DAY + 1000;
    }
    const ended = (await storage.subscriptions.findById(shop.websiteId, subscription.id))!;
    expect(ended.status).toBe('ENDED');
    expect(ended.nextBillingAt).toBeUndefined();
    expect(await mailsTo(email, 'subscription-renewal-failed')).toHaveLength(2);
    const last = await mailsTo(email, 'subscription-ended');
    expect(last).toHaveLength(1);
    expect(last[0]!.text).toContain('es wird nichts mehr abgebucht');
    expect(chargeRequests(vaultId)).toHaveLength(3);
    expect(await ordersOf(email)).toHaveLength(0);

    // An ended subscription is never charged again, even once the wallet would pay.
    paypal.acceptVaulted(vaultId);
    clock += 40 * DAY;
    await worker().runDue();
    expect(chargeRequests(vaultId)).toHaveLength(3);
    expect(charged(vaultId)).toHaveLength(0);
  });

  it('while PayPal cannot be reached nothing is charged and no attempt counts; the renewal goes through later', async () => {
    const email = `paypal-nicht-erreichbar-${db.name}@example.de`;
    const { subscription, vaultId } = await subscribed(email);
    await paypal.down();
    try {
      expect((await worker().runDue()).postponed).toBe(1);
    } finally {
      await paypal.up();
    }
    expect(charged(vaultId)).toHaveLength(0);
    expect(await ordersOf(email)).toHaveLength(0);
    expect(await mailsTo(email, 'subscription-renewal-failed')).toHaveLength(0);
    const [waiting] = await storage.subscriptions.listRenewals(shop.websiteId, subscription.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });

    // A few minutes later PayPal answers again: the period is charged once.
    clock += 10 * 60_000;
    expect((await worker().runDue()).renewed).toBe(1);
    expect(charged(vaultId)).toHaveLength(1);
    expect(await ordersOf(email)).toHaveLength(1);
  });
  it('a wallet not yet recorded with the first payment is asked of PayPal at the renewal, kept, and charged', async () => {
    const email = `paypal-nachgefragt-${db.name}@example.de`;
    const { subscription, vaultId } = await subscribed(email);
    // As if the first payment had been settled before PayPal's vault was known: a paid PayPal payment of the
    // first order, nothing saved on the subscription.
    const cart = await storage.carts.create(shop.websiteId, 'EUR');
    const placed = await storage.orders.place(shop.websiteId, {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: email,
      data: { payment: { method: 'paypal', status: 'PAID' } },
      subtotalMinor: 1200,
      taxMinor: 0,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor: 1200,
      items: [],
      stock: [],
    });
    if (placed.outcome !== 'placed') throw new Error(placed.outcome);
    const firstOrder = [...paypal.orders.values()].find(
      (o) => o.payment_source?.paypal.attributes?.vault.id === vaultId && o.vaultInstruction,
    )!;
    const payment = await storage.payments.recordStarted(
      shop.websiteId,
      {
        orderId: placed.order.id,
        provider: 'paypal',
        providerPaymentId: firstOrder.id,
        amountMinor: 1200,
        currency: 'EUR',
        testMode: true,
        status: 'pending',
      },
      clock,
    );
    await storage.payments.markPaid(shop.websiteId, payment.id, clock);
    const bare = await storage.subscriptions.create(shop.websiteId, {
      orderId: placed.order.id,
      itemId: subscription.itemId,
      sku: subscription.sku,
      productName: 'Tasse',
      quantity: 1,
      priceMinor: subscription.priceMinor,
      currency: 'EUR',
      billingPeriod: { unit: 'MONTH', value: 1 },
      numBillingCycles: 0,
      customerEmail: `${email}.zwei`,
      startedAt: clock - 31 * DAY,
      nextBillingAt: clock - 1000,
      data: { paymentMethod: 'paypal', shippingAddress: germanAddress },
    });

    const round = await worker().runDue();
    expect(round.renewed).toBe(2);
    const kept = (await storage.subscriptions.findById(shop.websiteId, bare.id))!;
    expect(kept.data.paypal).toEqual({
      customerId: paypal.vault.get(vaultId)!.customerId,
      paymentMethodId: vaultId,
    });
    expect(kept.billedCycles).toBe(2);
    // Both subscriptions' periods were charged to the wallet, each once.
    expect(charged(vaultId)).toHaveLength(2);
  });
});
