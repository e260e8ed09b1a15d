import type { Storage, Subscription } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestShop, germanAddress, type TestShop } from '../commerce/test-shop.js';
import { PaymentSetup } from '../payments/payment-setup.js';
import { type FakeStripe, startFakeStripe } from '../payments/testing/fake-stripe.js';
import { DEFAULT_PUBLIC_URL } from '../site-url.js';
import { SubscriptionRenewalWorker } from './subscription-renewals.js';

/*
 * Subscription renewals (issue #20): the method saved with the shopper's consent at the first Stripe payment
 * is charged off-session when a period falls due. One order and one charge per period, even with two
 * workers (two instances) at once; a decline mails the shopper and is tried again later; after the owner's
 * number of failures the subscription ends with a mail. The workers run on the test's clock.
 */

const DAY = 24 * 60 * 60 * 1000;

withTestDatabases((db) => {
  let storage: Storage;
  let shop: TestShop;
  let stripe: FakeStripe;
  let setup: PaymentSetup;
  let clock = Date.now();

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `abo-${db.name}.test`, 50, {
      paymentOptions: { renewalAttempts: 3 },
    });
    stripe = await startFakeStripe();
    const payments = { secretsKey: Buffer.alloc(32, 7), stripeApiBase: stripe.apiBase, timeoutMs: 2000 };
    setup = new PaymentSetup(storage, payments);
    await storage.payments.saveProviderSettings(shop.websiteId, 'stripe', {
      mode: 'test',
      sealedKeys: { secretKey: setup.seal(shop.websiteId, 'stripe', 'secretKey', stripe.secretKey) },
      keyHints: {},
      status: 'connected',
    });
  });
  afterAll(async () => {
    await stripe?.stop();
  });
  afterEach(() => {
    stripe.scenario = 'success';
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
  const offSessionCharges = (subscriptionId: string) =>
    stripe.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        (r.form.metadata as Record<string, string> | undefined)?.subscriptionId === subscriptionId,
    );

  /** A shopper who paid the first month at Stripe and agreed that later months are charged off-session. */
  async function subscribed(email: string): Promise<Subscription> {
    clock = Date.now();
    const gateway = (await setup.gatewayFor(shop.websiteId, 'stripe'))!;
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
    expect(stripe.requests.at(-1)?.form.payment_intent_data).toMatchObject({
      setup_future_usage: 'off_session',
    });
    await stripe.pay(started.providerPaymentId);
    const paid = await gateway.fetchPayment(started.providerPaymentId);
    expect(paid.state).toBe('paid');
    expect(paid.customerId).toMatch(/^cus_/);
    expect(paid.paymentMethodId).toMatch(/^pm_/);
    const variant = shop.mug.product!.variants[0]!;
    return storage.subscriptions.create(shop.websiteId, {
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
        shippingAddress: germanAddress,
        stripe: { customerId: paid.customerId, paymentMethodId: paid.paymentMethodId },
      },
    });
  }

  it('renews a due subscription once: one charge and one paid order, even with two workers at once', async () => {
    const email = `erfolg-${db.name}@example.de`;
    const subscription = await subscribed(email);

    const rounds = await Promise.all([worker().runDue(), worker().runDue()]);
    expect(rounds.reduce((n, r) => n + r.renewed, 0)).toBe(1);

    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order.items[0]?.productName).toBe('Tasse');
    expect((order.data.payment as { status: string }).status).toBe('PAID');
    expect((order.data.payment as { method: string }).method).toBe('stripe');
    const charges = offSessionCharges(subscription.id);
    expect(charges).toHaveLength(1);
    expect(Number(charges[0]!.form.amount)).toBe(order.grandTotalMinor);
    expect(charges[0]!.form).toMatchObject({ off_session: 'true', confirm: 'true' });
    expect(charges[0]!.idempotencyKey).toBe(`renew-${subscription.id}-2`);

    const renewed = (await storage.subscriptions.findById(shop.websiteId, subscription.id))!;
    expect(renewed.billedCycles).toBe(2);
    expect(renewed.nextBillingAt).toBeGreaterThan(clock);
    expect((await mailsTo(email, 'order-confirmation')).length).toBeGreaterThanOrEqual(1);

    // Nothing more is due this period: another round charges nothing.
    expect((await worker().runDue()).renewed).toBe(0);
    expect(offSessionCharges(subscription.id)).toHaveLength(1);
  });

  it('mails the shopper on a declined renewal and charges again after the retry delay', async () => {
    const email = `abgelehnt-${db.name}@example.de`;
    const subscription = await subscribed(email);
    stripe.scenario = 'decline';

    expect((await worker().runDue()).declined).toBe(1);
    expect(await ordersOf(email)).toHaveLength(0);
    const failed = await mailsTo(email, 'subscription-renewal-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.subject).toContain('fehlgeschlagen');
    // Not before the delay.
    expect((await worker().runDue()).declined).toBe(0);

    stripe.scenario = 'success';
    clock += DAY + 1000;
    expect((await worker().runDue()).renewed).toBe(1);
    expect(await ordersOf(email)).toHaveLength(1);
    const renewed = (await storage.subscriptions.findById(shop.websiteId, subscription.id))!;
    expect(renewed.status).toBe('ACTIVE');
    expect(renewed.billedCycles).toBe(2);
  });

  it('ends the subscription after the owner-set number of failed renewals, with a mail', async () => {
    const email = `beendet-${db.name}@example.de`;
    const subscription = await subscribed(email);
    stripe.scenario = 'decline';

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
    expect(last[0]!.subject).toContain('beendet');
    expect(offSessionCharges(subscription.id)).toHaveLength(3);
    expect(await ordersOf(email)).toHaveLength(0);

    // An ended subscription is never charged again.
    stripe.scenario = 'success';
    clock += 40 * DAY;
    await worker().runDue();
    expect(offSessionCharges(subscription.id)).toHaveLength(3);
  });
});
