import type { Order, Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, type PaymentGateway, PaymentGatewayError } from '../payment-gateway.js';
import {
  REFUND_MESSAGES,
  refundProviderPayment,
  settleOnReturn,
  startProviderPayment,
} from '../settle-payment.js';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe.js';
import { countingHooks, createPayableOrder, listeningWebhookDoor } from '../testing/payment-test-kit.js';
import { stripeGateway } from './stripe-gateway.js';

/* The Stripe adapter through the official SDK against the local fake, with the webhook door listening. */

withTestDatabases((db) => {
  let storage: Storage;
  let fake: FakeStripe;
  let gateway: PaymentGateway;
  let door: { app: FastifyInstance; origin: string };
  let websiteId: string;
  let place: (total?: number) => Promise<Order>;
  const { hooks, paidOrders } = countingHooks();

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    ({ websiteId, place } = await createPayableOrder(storage, `stripe-${db.name}.test`));
    fake = await startFakeStripe();
    gateway = stripeGateway({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.apiBase,
      timeoutMs: 400,
      maxNetworkRetries: 0,
    });
    door = await listeningWebhookDoor(storage, { stripe: gateway }, hooks);
    fake.webhookUrl = `${door.origin}/api/payments/stripe/webhook/${websiteId}`;
  });
  afterAll(async () => {
    await door?.app.close();
    await fake?.stop();
  });
  afterEach(() => {
    fake.scenario = 'success';
  });

  const start = async (order: Order) =>
    startProviderPayment(
      storage,
      gateway,
      {
        websiteId,
        orderId: order.id,
        orderNumber: order.orderNumber,
        amountMinor: order.grandTotalMinor,
        currency: 'EUR',
        description: `Bestellung ${order.orderNumber} – Zahlladen`,
        successUrl: 'https://laden.test/checkout/bestaetigt?session={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://laden.test/checkout',
        customerEmail: 'kundin@example.de',
        idempotencyKey: `start-${order.id}`,
      },
      true,
    );
  const paymentStatus = async (order: Order) =>
    (await storage.payments.listByOrder(websiteId, order.id))[0]?.status;
  const orderPaid = async (order: Order) =>
    ((await storage.orders.findById(websiteId, order.id))?.data.payment as { status?: string })?.status ===
    'PAID';
  const timesPaid = (order: Order) => paidOrders.filter((id) => id === order.id).length;

  it('creates a Checkout Session for the order total with our ids, dynamic methods and an idempotency key', async () => {
    const order = await place(4990);
    const started = await start(order);
    expect(started.redirectUrl).toBe(`${fake.apiBase}/pay/${started.providerPaymentId}`);
    const request = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(request.idempotencyKey).toBe(`start-${order.id}`);
    expect(request.form).toMatchObject({
      mode: 'payment',
      line_items: { 0: { quantity: '1', price_data: { currency: 'eur', unit_amount: '4990' } } },
      metadata: { orderId: order.id, websiteId },
      client_reference_id: order.id,
      locale: 'de',
    });
    // No payment_method_types: Stripe offers what the merchant enabled (cards, SEPA, Klarna, wallets).
    expect(request.form).not.toHaveProperty('payment_method_types');
    expect(await paymentStatus(order)).toBe('requires_action');
    // The hosted page a browser test clicks through.
    const page = await (await fetch(started.redirectUrl)).text();
    expect(page).toContain('Bezahlen');
    expect(page).toContain('Abbrechen');
    expect(page).toContain('49.90 EUR');
  });

  it('pays on the hosted page: the signed webhook marks the order paid, the return afterwards changes nothing', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    const response = await fetch(`${fake.apiBase}/pay/${providerPaymentId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(response.headers.get('location')).toBe(
      `https://laden.test/checkout/bestaetigt?session=${providerPaymentId}`,
    );
    expect(fake.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    expect(await orderPaid(order)).toBe(true);
    expect(await paymentStatus(order)).toBe('paid');
    expect(await settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks)).toMatchObject({
      outcome: 'already-paid',
    });
    expect(timesPaid(order)).toBe(1);
  });

  it('settles on the return when the webhook is late, and the webhook then changes nothing', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    const url = fake.webhookUrl;
    fake.webhookUrl = undefined;
    await fake.pay(providerPaymentId);
    fake.webhookUrl = url;
    expect(await settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks)).toMatchObject({
      outcome: 'paid',
    });
    await fake.sendSessionEvent(providerPaymentId, 'checkout.session.completed');
    expect(fake.deliveries.at(-1)?.status).toBe(200);
    expect(timesPaid(order)).toBe(1);
  });

  it('return and webhook at the same moment settle the order once', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    const url = fake.webhookUrl;
    fake.webhookUrl = undefined;
    await fake.pay(providerPaymentId);
    fake.webhookUrl = url;
    const [fromReturn] = await Promise.all([
      settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks),
      fake.sendSessionEvent(providerPaymentId, 'checkout.session.completed'),
      settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks),
    ]);
    expect(['paid', 'already-paid']).toContain(fromReturn.outcome);
    expect(timesPaid(order)).toBe(1);
    expect(await orderPaid(order)).toBe(true);
  });

  it('applies a redelivered or replayed event once', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    const url = fake.webhookUrl;
    fake.webhookUrl = undefined;
    await fake.pay(providerPaymentId);
    fake.webhookUrl = url;
    const event = (await fake.sendSessionEvent(providerPaymentId, 'checkout.session.completed'))!;
    // The same event again, freshly signed (a redelivery) and twice at once.
    const again = await Promise.all([
      fake.deliver(event.id, 'checkout.session.completed', event.payload),
      fake.deliver(event.id, 'checkout.session.completed', event.payload),
    ]);
    expect(again).toEqual([200, 200]);
    expect(timesPaid(order)).toBe(1);
  });

  it('refuses a forged or missing signature with 400 and a German message, and pays nothing', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    fake.sessions.get(providerPaymentId)!.status = 'complete';
    fake.sessions.get(providerPaymentId)!.payment_status = 'paid';
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: fake.sessions.get(providerPaymentId) },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_merchants' });
    const response = await fetch(fake.webhookUrl!, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': forged },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { type: 'PAYMENT_INVALID_SIGNATURE', message: PAYMENT_MESSAGES.invalidSignature },
    });
    const unsigned = await fetch(fake.webhookUrl!, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    // A genuine signature over other bytes than those sent is forged too.
    const tampered = await fake.deliver(
      'evt_x',
      'x',
      payload.replace('4990', '1'),
      Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret }),
    );
    expect(tampered).toBe(400);
    expect(await orderPaid(order)).toBe(false);
  });

  it('a declined card leaves the order unpaid and the payment failed with the decline code', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    fake.scenario = 'decline';
    expect(await fake.pay(providerPaymentId)).toBe('https://laden.test/checkout');
    expect(await settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks)).toMatchObject({
      outcome: 'not-paid',
      state: 'failed',
      payment: { status: 'failed' },
    });
    expect((await storage.payments.listByOrder(websiteId, order.id))[0]?.failure).toBe('card_declined');
    expect(await orderPaid(order)).toBe(false);
  });

  it('3-D Secure still open counts as requires_action, not as paid', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    fake.scenario = 'requires_action';
    await fake.pay(providerPaymentId);
    expect(await gateway.fetchPayment(providerPaymentId)).toMatchObject({ state: 'requires_action' });
    expect(await settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks)).toMatchObject({
      outcome: 'not-paid',
      state: 'requires_action',
    });
    expect(await orderPaid(order)).toBe(false);
  });

  it('a SEPA-Lastschrift is pending at first and paid when Stripe reports the money', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    fake.scenario = 'sepa_pending';
    await fake.pay(providerPaymentId);
    expect(await paymentStatus(order)).toBe('pending');
    expect(await orderPaid(order)).toBe(false);
    await fake.settleAsync(providerPaymentId);
    expect(await orderPaid(order)).toBe(true);
    expect(timesPaid(order)).toBe(1);
  });

  it('refuses to mark paid when Stripe reports another amount than the order', async () => {
    const order = await place(4990);
    const { providerPaymentId } = await start(order);
    fake.scenario = 'amount_mismatch';
    await fake.pay(providerPaymentId);
    expect(fake.deliveries.at(-1)?.status).toBe(200);
    expect(await paymentStatus(order)).toBe('amount_mismatch');
    expect((await storage.payments.listByOrder(websiteId, order.id))[0]?.failure).toBe('4890 EUR');
    expect(await orderPaid(order)).toBe(false);
  });

  it('a Stripe that does not answer or is down gives the German "nicht erreichbar" failure', async () => {
    const order = await place();
    fake.scenario = 'timeout';
    const startedAt = Date.now();
    await expect(start(order)).rejects.toMatchObject({
      kind: 'unavailable',
      message: PAYMENT_MESSAGES.unavailable,
    });
    expect(Date.now() - startedAt).toBeLessThan(5000);
    fake.scenario = 'success';
    await fake.down();
    try {
      const error = await start(order).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentGatewayError);
      expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
    } finally {
      await fake.up();
    }
    expect(await storage.payments.listByOrder(websiteId, order.id)).toEqual([]);
  });

  it('checks keys: the right secret key is connected, a wrong one is refused in German', async () => {
    await expect(gateway.checkKeys()).resolves.toBeUndefined();
    const wrong = stripeGateway({ secretKey: 'sk_test_wrong', apiBase: fake.apiBase, maxNetworkRetries: 0 });
    await expect(wrong.checkKeys()).rejects.toMatchObject({
      kind: 'invalid_keys',
      message: PAYMENT_MESSAGES.invalidKeys,
    });
  });

  it('refunds in part and in full, never more than was paid, and a retried refund refunds once', async () => {
    const order = await place(4990);
    const { providerPaymentId } = await start(order);
    await fake.pay(providerPaymentId);
    const refund = (amountMinor: number, idempotencyKey: string) =>
      refundProviderPayment(storage, gateway, { websiteId, providerPaymentId, amountMinor, idempotencyKey });
    expect(await refund(1000, 'r1')).toMatchObject({
      amountMinor: 1000,
      currency: 'EUR',
      state: 'succeeded',
    });
    // The same request again (a double click that reached the provider twice): one refund at Stripe.
    const before = fake.refunds.length;
    await storage.payments.releaseRefund(
      websiteId,
      (await storage.payments.listByOrder(websiteId, order.id))[0]!.id,
      1000,
    );
    await refund(1000, 'r1');
    expect(fake.refunds.length).toBe(before);
    expect(await refund(3990, 'r2')).toMatchObject({ amountMinor: 3990, state: 'succeeded' });
    const asked = fake.requests.length;
    await expect(refund(1, 'r3')).rejects.toMatchObject({ message: REFUND_MESSAGES.tooMuch });
    expect(fake.requests.length).toBe(asked);
    expect(fake.refunds.map((r) => r.amount)).toEqual(expect.arrayContaining([1000, 3990]));
    expect((await storage.payments.listByOrder(websiteId, order.id))[0]?.refundedMinor).toBe(4990);
  });
});
