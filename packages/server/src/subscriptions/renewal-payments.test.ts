import type { Item, Storage, Subscription } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestShop, germanAddress, type TestShop } from '../commerce/test-shop.js';
import { orderPaidHooks } from '../payments/order-paid.js';
import { PaymentDeadlineWorker } from '../payments/payment-deadlines.js';
import { PaymentSetup } from '../payments/payment-setup.js';
import { type FakeStripe, startFakeStripe } from '../payments/testing/fake-stripe.js';
import { listeningWebhookDoor } from '../payments/testing/payment-test-kit.js';
import { DEFAULT_PUBLIC_URL } from '../site-url.js';
import { SubscriptionRenewalWorker } from './subscription-renewals.js';

/*
 * What a renewal charges and what happens when its money or its order goes wrong (issue #20): the price the
 * shopper agreed to, a SEPA-Lastschrift that is `processing` for days (kept, settled by Stripe's webhook,
 * or the subscription past due when the bank returns it), and a period whose order cannot be placed after
 * the charge (refunded once, the owner told why). Stripe is the local fake; its webhooks reach the real
 * webhook route, the deadline worker is the real one.
 */

const DAY = 24 * 60 * 60 * 1000;
const OWNER = 'inhaberin@example.de';

withTestDatabases((db) => {
  let storage: Storage;
  let shop: TestShop;
  let stripe: FakeStripe;
  let setup: PaymentSetup;
  let door: FastifyInstance;
  let clock = Date.now();
  const hooks = orderPaidHooks(() => DEFAULT_PUBLIC_URL);

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `abo-zahlung-${db.name}.test`, 50, {
      paymentOptions: { renewalAttempts: 3 },
      replyToEmail: OWNER,
    });
    stripe = await startFakeStripe();
    const payments = { secretsKey: Buffer.alloc(32, 7), stripeApiBase: stripe.apiBase, timeoutMs: 2000 };
    setup = new PaymentSetup(storage, payments);
    const seal = (field: string, value: string) => setup.seal(shop.websiteId, 'stripe', field, value);
    await storage.payments.saveProviderSettings(shop.websiteId, 'stripe', {
      mode: 'test',
      sealedKeys: {
        secretKey: seal('secretKey', stripe.secretKey),
        webhookSecret: seal('webhookSecret', stripe.webhookSecret),
      },
      keyHints: {},
      status: 'connected',
    });
    const gateway = (await setup.gatewayFor(shop.websiteId, 'stripe'))!;
    const listening = await listeningWebhookDoor(storage, { stripe: gateway }, hooks);
    door = listening.app;
    stripe.webhookUrl = `${listening.origin}/api/payments/stripe/webhook/${shop.websiteId}`;
  });
  afterAll(async () => {
    await door?.close();
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
  const deadlines = (at: number) =>
    new PaymentDeadlineWorker({ storage, setup, hooks, publicUrl: () => DEFAULT_PUBLIC_URL, now: () => at });
  const mailsTo = async (to: string, kind: string) =>
    (await storage.outbox.listByWebsite(shop.websiteId, { limit: 1000 })).filter(
      (m) => m.to === to && m.kind === kind,
    );
  const ordersOf = async (email: string) =>
    (await storage.orders.list(shop.websiteId, { search: email, limit: 1000 })).orders.filter(
      (o) => o.customerEmail === email,
    );
  const chargesOf = (subscriptionId: string) =>
    stripe.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        (r.form.metadata as Record<string, string> | undefined)?.subscriptionId === subscriptionId,
    );
  const stockOf = async (item: Item) =>
    (await storage.items.findById(shop.websiteId, item.id))!.product!.variants[0]!.qtyInStock;

  let products = 0;
  /** A product of its own per test, so one test's price or stock change leaves the others alone. */
  async function product(priceMinor: number, qtyInStock = 20): Promise<Item> {
    products += 1;
    return storage.items.create(shop.websiteId, {
      collectionId: shop.mug.collectionId,
      urlId: `kaffee-${products}`,
      title: `Kaffee ${products}`,
      product: {
        productType: 1,
        variants: [{ sku: `${shop.hostname}-KAFFEE-${products}`, priceMinor, qtyInStock, weightGrams: 500 }],
      },
    });
  }

  /** A shopper who paid the first month at Stripe (method saved with consent) at the price of that day. */
  async function subscribed(email: string, item: Item): Promise<Subscription> {
    clock = Date.now();
    const gateway = (await setup.gatewayFor(shop.websiteId, 'stripe'))!;
    const variant = item.product!.variants[0]!;
    const started = await gateway.startPayment({
      websiteId: shop.websiteId,
      orderId: `first-${email}`,
      orderNumber: 1,
      amountMinor: variant.priceMinor,
      currency: 'EUR',
      description: 'Abo Kaffee',
      successUrl: 'https://example.test/ok',
      cancelUrl: 'https://example.test/cancel',
      idempotencyKey: `first-${email}`,
      saveForFutureUse: true,
    });
    await stripe.pay(started.providerPaymentId);
    const paid = await gateway.fetchPayment(started.providerPaymentId);
    return storage.subscriptions.create(shop.websiteId, {
      orderId: `first-${email}`,
      itemId: item.id,
      sku: variant.sku,
      productName: item.title,
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

  it('charges the price agreed when subscribing, not the raised one, and the renewal order shows it', async () => {
    const email = `preis-${db.name}@example.de`;
    const coffee = await product(1200);
    const subscription = await subscribed(email, coffee);
    // The owner raises the price after the shopper subscribed.
    const variant = coffee.product!.variants[0]!;
    await storage.items.update(shop.websiteId, coffee.id, {
      product: {
        productType: 1,
        variants: [{ sku: variant.sku, priceMinor: 1900, qtyInStock: 20, weightGrams: 500 }],
      },
    });

    expect((await worker().runDue()).renewed).toBe(1);
    const [order] = await ordersOf(email);
    expect(order!.items[0]).toMatchObject({ sku: variant.sku, unitPriceMinor: 1200 });
    expect(order!.subtotalMinor).toBe(1200);
    const [charge] = chargesOf(subscription.id);
    expect(Number(charge!.form.amount)).toBe(order!.grandTotalMinor);
    expect(order!.grandTotalMinor - order!.shippingMinor).toBe(1200);
  });

  it('a SEPA-Lastschrift still processing keeps the renewal order past its deadline and is settled once by the webhook', async () => {
    const email = `lastschrift-${db.name}@example.de`;
    const coffee = await product(1500);
    const subscription = await subscribed(email, coffee);
    stripe.scenario = 'sepa_pending';

    expect((await worker().runDue()).renewed).toBe(1);
    const [order] = await ordersOf(email);
    expect(order!.data.payment).toMatchObject({ method: 'stripe', status: 'AWAITING_PAYMENT' });
    const [payment] = await storage.payments.listByOrder(shop.websiteId, order!.id);
    expect(payment).toMatchObject({ status: 'pending', providerPaymentId: expect.stringMatching(/^pi_/) });
    const stock = await stockOf(coffee);

    // Hours later the reservation is due: Stripe still says processing, so nothing is cancelled.
    const round = await deadlines(clock + 3 * 60 * 60 * 1000).runDue();
    expect(round.expired).toBe(0);
    expect((await storage.orders.findById(shop.websiteId, order!.id))!.status).toBe('open');
    expect(await stockOf(coffee)).toBe(stock);
    expect(await mailsTo(email, 'payment-expired')).toHaveLength(0);
    expect(await mailsTo(email, 'payment-received')).toHaveLength(0);

    // Days later the bank confirms; the event is delivered twice.
    const event = await stripe.finishIntent(payment!.providerPaymentId, 'succeeded');
    expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'payment_intent.succeeded', status: 200 });
    await stripe.deliver(event!.id, 'payment_intent.succeeded', event!.payload);
    const paid = (await storage.orders.findById(shop.websiteId, order!.id))!;
    expect(paid.data.payment).toMatchObject({ status: 'PAID' });
    expect(await mailsTo(email, 'payment-received')).toHaveLength(1);
    expect(await stockOf(coffee)).toBe(stock);
    const renewed = (await storage.subscriptions.findById(shop.websiteId, subscription.id))!;
    expect(renewed).toMatchObject({ status: 'ACTIVE', billedCycles: 2 });
  });

  it('a SEPA-Lastschrift the bank returns makes the subscription past due, with a German notice, once', async () => {
    const email = `rueckgabe-${db.name}@example.de`;
    const coffee = await product(1500);
    const subscription = await subscribed(email, coffee);
    const before = await stockOf(coffee);
    stripe.scenario = 'sepa_pending';
    await worker().runDue();
    const [order] = await ordersOf(email);
    const [payment] = await storage.payments.listByOrder(shop.websiteId, order!.id);
    expect(await stockOf(coffee)).toBe(before - 1);

    await stripe.finishIntent(payment!.providerPaymentId, 'failed');
    expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'payment_intent.payment_failed', status: 200 });
    const pastDue = (await storage.subscriptions.findById(shop.websiteId, subscription.id))!;
    expect(pastDue.status).toBe('PAST_DUE');
    const cancelled = (await storage.orders.findById(shop.websiteId, order!.id))!;
    expect(cancelled.status).toBe('cancelled');
    expect(await stockOf(coffee)).toBe(before);
    const notices = await mailsTo(email, 'subscription-payment-failed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toContain('Lastschrift für dein Abo');
    expect(notices[0]!.text).toContain('überfällig');
    expect(await mailsTo(OWNER, 'subscription-payment-failed-owner')).toHaveLength(1);

    // The reconciliation at the deadline asks Stripe again: nothing more happens.
    await deadlines(clock + 3 * 60 * 60 * 1000).runDue();
    expect(await mailsTo(email, 'subscription-payment-failed')).toHaveLength(1);
    expect(await mailsTo(email, 'payment-received')).toHaveLength(0);
    // A past-due subscription is not charged again.
    stripe.scenario = 'success';
    clock += 40 * DAY;
    await worker().runDue();
    expect(chargesOf(subscription.id)).toHaveLength(1);
  });

  it('a charged renewal whose product sold out meanwhile is refunded once, and the owner reads why', async () => {
    const email = `ausverkauft-${db.name}@example.de`;
    const coffee = await product(1500, 5);
    const subscription = await subscribed(email, coffee);
    // The period's cart is made, then Stripe cannot be reached: the charge waits a few minutes.
    await stripe.down();
    try {
      expect((await worker().runDue()).postponed).toBe(1);
    } finally {
      await stripe.up();
    }
    // Meanwhile the owner sells the last pieces elsewhere.
    const variant = coffee.product!.variants[0]!;
    await storage.items.setStock(
      shop.websiteId,
      variant.id!,
      { unlimited: false, qtyInStock: 5 },
      { unlimited: false, qtyInStock: 0 },
    );
    clock += 10 * 60_000;

    const rounds = await Promise.all([worker().runDue(), worker().runDue()]);
    expect(rounds.reduce((n, r) => n + r.notPlaced, 0)).toBe(1);
    const charges = chargesOf(subscription.id);
    expect(charges).toHaveLength(1);
    const intentId = [...stripe.intents.values()].find(
      (i) => i.metadata.subscriptionId === subscription.id,
    )!.id;
    const refunds = stripe.refunds.filter((r) => r.payment_intent === intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(Number(charges[0]!.form.amount));
    const refundRequest = stripe.requests.find(
      (r) => r.path === '/v1/refunds' && r.form.payment_intent === intentId,
    );
    expect(refundRequest?.idempotencyKey).toBe(`renew-refund-${subscription.id}-2`);
    expect(await ordersOf(email)).toHaveLength(0);

    const after = (await storage.subscriptions.findById(shop.websiteId, subscription.id))!;
    expect(after.status).toBe('PAST_DUE');
    const [renewal] = await storage.subscriptions.listRenewals(shop.websiteId, subscription.id);
    expect(renewal).toMatchObject({ status: 'failed', lastError: 'sold-out' });
    const ownerMails = await mailsTo(OWNER, 'subscription-renewal-not-placed-owner');
    expect(ownerMails).toHaveLength(1);
    expect(ownerMails[0]!.text).toContain('ausverkauft');
    expect(ownerMails[0]!.text).toContain('erstattet');
    expect(await mailsTo(email, 'subscription-renewal-not-placed')).toHaveLength(1);

    // Nothing is charged or refunded again later.
    clock += 40 * DAY;
    await worker().runDue();
    expect(chargesOf(subscription.id)).toHaveLength(1);
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });

  it('a SEPA-Lastschrift on its way for a renewal that sold out cannot be refunded yet: the owner is told to', async () => {
    const email = `ausverkauft-sepa-${db.name}@example.de`;
    const coffee = await product(1500, 5);
    const subscription = await subscribed(email, coffee);
    await stripe.down();
    try {
      await worker().runDue();
    } finally {
      await stripe.up();
    }
    const variant = coffee.product!.variants[0]!;
    await storage.items.setStock(
      shop.websiteId,
      variant.id!,
      { unlimited: false, qtyInStock: 5 },
      { unlimited: false, qtyInStock: 0 },
    );
    clock += 10 * 60_000;
    stripe.scenario = 'sepa_pending';

    expect((await worker().runDue()).notPlaced).toBe(1);
    expect(chargesOf(subscription.id)).toHaveLength(1);
    expect(
      stripe.requests.filter((r) => r.path === '/v1/refunds' && r.idempotencyKey?.includes(subscription.id)),
    ).toHaveLength(0);
    const [ownerMail] = await mailsTo(OWNER, 'subscription-renewal-not-placed-owner').then((all) =>
      all.filter((m) => m.text.includes(subscription.customerEmail)),
    );
    expect(ownerMail?.text).toContain('im Stripe-Dashboard');
    const [shopperMail] = await mailsTo(email, 'subscription-renewal-not-placed');
    expect(shopperMail?.text).toContain('sobald sie eingegangen ist');
  });

  it('a renewal whose product the owner deleted charges nothing, and the owner reads why', async () => {
    const email = `geloescht-${db.name}@example.de`;
    const coffee = await product(1500);
    const subscription = await subscribed(email, coffee);
    await storage.items.delete(shop.websiteId, coffee.id);

    expect((await worker().runDue()).notPlaced).toBe(1);
    expect(chargesOf(subscription.id)).toHaveLength(0);
    expect((await storage.subscriptions.findById(shop.websiteId, subscription.id))!.status).toBe('PAST_DUE');
    const ownerMails = await mailsTo(OWNER, 'subscription-renewal-not-placed-owner');
    const mail = ownerMails.find((m) => m.text.includes('nicht mehr erhältlich'));
    expect(mail?.text).toContain('Es wurde nichts abgebucht.');
  });
});
