import type { Order, Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES, type PaymentGateway } from '../payment-gateway.js';
import {
  REFUND_MESSAGES,
  refundProviderPayment,
  settleOnReturn,
  startProviderPayment,
} from '../settle-payment.js';
import { type FakePayPal, startFakePayPal } from '../testing/fake-paypal.js';
import { countingHooks, createPayableOrder, listeningWebhookDoor } from '../testing/payment-test-kit.js';
import { paypalGateway } from './paypal-gateway.js';

/* The PayPal adapter through the official server SDK against the local fake, with the webhook door listening. */

withTestDatabases((db) => {
  let storage: Storage;
  let fake: FakePayPal;
  let gateway: PaymentGateway;
  let door: { app: FastifyInstance; origin: string };
  let websiteId: string;
  let place: (total?: number) => Promise<Order>;
  const { hooks, paidOrders } = countingHooks();

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    ({ websiteId, place } = await createPayableOrder(storage, `paypal-${db.name}.test`));
    fake = await startFakePayPal();
    gateway = paypalGateway({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      webhookId: fake.webhookId,
      mode: 'test',
      apiBase: fake.apiBase,
      timeoutMs: 400,
    });
    door = await listeningWebhookDoor(storage, { paypal: gateway }, hooks);
    fake.webhookUrl = `${door.origin}/api/payments/paypal/webhook/${websiteId}`;
  });
  afterAll(async () => {
    await door?.app.close();
    await fake?.stop();
  });
  afterEach(() => {
    fake.scenario = 'success';
  });

  const start = (order: Order) =>
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
        successUrl: 'https://laden.test/checkout/paypal/zurueck',
        cancelUrl: 'https://laden.test/checkout',
        idempotencyKey: `start-${order.id}`,
      },
      true,
    );
  const orderPaid = async (order: Order) =>
    ((await storage.orders.findById(websiteId, order.id))?.data.payment as { status?: string })?.status ===
    'PAID';
  const payment = async (order: Order) => (await storage.payments.listByOrder(websiteId, order.id))[0];
  const timesPaid = (order: Order) => paidOrders.filter((id) => id === order.id).length;
  const withoutWebhooks = async <T>(fn: () => Promise<T>) => {
    const url = fake.webhookUrl;
    fake.webhookUrl = undefined;
    try {
      return await fn();
    } finally {
      fake.webhookUrl = url;
    }
  };

  it('creates an Orders v2 order to capture the total, with our ids and an idempotency key, and links to approval', async () => {
    const order = await place(4990);
    const started = await start(order);
    expect(started.redirectUrl).toBe(`${fake.apiBase}/checkoutnow?token=${started.providerPaymentId}`);
    const request = fake.requests.find((r) => r.path === '/v2/checkout/orders' && r.method === 'POST')!;
    expect(request.requestId).toBe(`start-${order.id}`);
    expect(request.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: order.id,
          custom_id: `${websiteId}:${order.id}`,
          amount: { currency_code: 'EUR', value: '49.90' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'https://laden.test/checkout/paypal/zurueck',
            user_action: 'PAY_NOW',
          },
        },
      },
    });
    const page = await (await fetch(started.redirectUrl)).text();
    expect(page).toContain('Bezahlen');
    expect(page).toContain('Abbrechen');
    // Not approved yet: the shopper still has to act.
    expect(await settleOnReturn(storage, gateway, websiteId, started.providerPaymentId, hooks)).toMatchObject(
      {
        outcome: 'not-paid',
        state: 'requires_action',
      },
    );
  });

  it('approval in PayPal’s window: the verified webhook captures, the order is paid once, the return changes nothing', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    const response = await fetch(`${fake.apiBase}/checkoutnow/${providerPaymentId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(response.headers.get('location')).toMatch(
      new RegExp(`^https://laden\\.test/checkout/paypal/zurueck\\?token=${providerPaymentId}&PayerID=`),
    );
    // PayPal sends the capture's own event after answering the capture.
    await vi.waitFor(() => expect(fake.deliveries.map((d) => d.type)).toContain('PAYMENT.CAPTURE.COMPLETED'));
    expect(fake.deliveries.map((d) => [d.type, d.status])).toEqual(
      expect.arrayContaining([
        ['CHECKOUT.ORDER.APPROVED', 200],
        ['PAYMENT.CAPTURE.COMPLETED', 200],
      ]),
    );
    expect(await orderPaid(order)).toBe(true);
    expect(await settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks)).toMatchObject({
      outcome: 'already-paid',
    });
    // One capture at PayPal, however many doors asked.
    expect(
      fake.requests.filter((r) => r.path.endsWith(`${providerPaymentId}/capture`)).length,
    ).toBeGreaterThanOrEqual(1);
    expect([...fake.orders.get(providerPaymentId)!.purchase_units[0]!.payments!.captures]).toHaveLength(1);
    expect(timesPaid(order)).toBe(1);
  });

  it('captures on the return when the webhook has not come, and the late webhooks change nothing', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    await withoutWebhooks(() => fake.approve(providerPaymentId));
    const settled = await withoutWebhooks(() =>
      settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks),
    );
    expect(settled).toMatchObject({ outcome: 'paid', payment: { status: 'paid' } });
    const approved = await fake.sendEvent('CHECKOUT.ORDER.APPROVED', { id: providerPaymentId });
    expect(fake.deliveries.find((d) => d.eventId === approved?.id)?.status).toBe(200);
    expect(timesPaid(order)).toBe(1);
  });

  it('refuses a webhook PayPal did not sign with 400, and one for another webhook id', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    await withoutWebhooks(() => fake.approve(providerPaymentId));
    const before = fake.deliveries.length;
    await fake.sendEvent('CHECKOUT.ORDER.APPROVED', { id: providerPaymentId }, 'Zm9yZ2VkLXNpZ25hdHVyZQ==');
    expect(fake.deliveries[before]?.status).toBe(400);
    const response = await fetch(fake.webhookUrl!, {
      method: 'POST',
      body: JSON.stringify({
        id: 'WH-1',
        event_type: 'CHECKOUT.ORDER.APPROVED',
        resource: { id: providerPaymentId },
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      PAYMENT_MESSAGES.invalidSignature,
    );
    expect(await orderPaid(order)).toBe(false);
    expect(fake.requests.some((r) => r.path.endsWith(`${providerPaymentId}/capture`))).toBe(false);
  });

  it('a declined instrument at capture leaves the order unpaid with PayPal’s issue code', async () => {
    const order = await place();
    const { providerPaymentId } = await start(order);
    fake.scenario = 'decline';
    await withoutWebhooks(() => fake.approve(providerPaymentId));
    expect(await settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks)).toMatchObject({
      outcome: 'not-paid',
      state: 'failed',
    });
    expect((await payment(order))?.failure).toBe('INSTRUMENT_DECLINED');
    expect(await orderPaid(order)).toBe(false);
  });

  it('refuses to mark paid when the captured amount differs from the order', async () => {
    const order = await place(4990);
    const { providerPaymentId } = await start(order);
    fake.scenario = 'amount_mismatch';
    await withoutWebhooks(() => fake.approve(providerPaymentId));
    expect(await settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks)).toMatchObject({
      outcome: 'amount-mismatch',
    });
    expect(await payment(order)).toMatchObject({ status: 'amount_mismatch', failure: '4890 EUR' });
    expect(await orderPaid(order)).toBe(false);
  });

  it('a PayPal that does not answer or is down gives the German "nicht erreichbar" failure', async () => {
    const order = await place();
    fake.scenario = 'timeout';
    await expect(start(order)).rejects.toMatchObject({
      kind: 'unavailable',
      message: PAYMENT_MESSAGES.unavailable,
    });
    fake.scenario = 'success';
    await fake.down();
    try {
      await expect(start(order)).rejects.toMatchObject({ kind: 'unavailable', status: 503 });
    } finally {
      await fake.up();
    }
    expect(await storage.payments.listByOrder(websiteId, order.id)).toEqual([]);
  });

  it('checks keys: the right client is connected, a wrong secret is refused in German', async () => {
    await expect(gateway.checkKeys()).resolves.toBeUndefined();
    const wrong = paypalGateway({
      clientId: fake.clientId,
      clientSecret: 'falsch',
      mode: 'test',
      apiBase: fake.apiBase,
    });
    await expect(wrong.checkKeys()).rejects.toMatchObject({
      kind: 'invalid_keys',
      message: PAYMENT_MESSAGES.invalidKeys,
    });
  });

  it('refunds the capture in part and in full, never more than was paid', async () => {
    const order = await place(4990);
    const { providerPaymentId } = await start(order);
    await withoutWebhooks(async () => {
      await fake.approve(providerPaymentId);
      await settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks);
    });
    const refund = (amountMinor: number, idempotencyKey: string) =>
      refundProviderPayment(storage, gateway, { websiteId, providerPaymentId, amountMinor, idempotencyKey });
    expect(await refund(990, 'pp-r1')).toMatchObject({
      amountMinor: 990,
      currency: 'EUR',
      state: 'succeeded',
    });
    expect(await refund(4000, 'pp-r2')).toMatchObject({ amountMinor: 4000, state: 'succeeded' });
    await expect(refund(1, 'pp-r3')).rejects.toMatchObject({ message: REFUND_MESSAGES.tooMuch });
    expect(fake.refunds.map((r) => [r.amount.value, r.requestId])).toEqual([
      ['9.90', 'pp-r1'],
      ['40.00', 'pp-r2'],
    ]);
  });
  describe('saved wallets for subscriptions (issue #20)', () => {
    /** A first payment with the shopper's consent: approved in PayPal's window and captured on the return. */
    async function savedWallet(totalMinor = 990) {
      const order = await place(totalMinor);
      const started = await startProviderPayment(
        storage,
        gateway,
        {
          websiteId,
          orderId: order.id,
          orderNumber: order.orderNumber,
          amountMinor: order.grandTotalMinor,
          currency: 'EUR',
          description: `Bestellung ${order.orderNumber} – Zahlladen`,
          successUrl: 'https://laden.test/checkout/paypal/zurueck',
          cancelUrl: 'https://laden.test/checkout',
          idempotencyKey: `start-${order.id}`,
          saveForFutureUse: true,
        },
        true,
      );
      await withoutWebhooks(() => fake.approve(started.providerPaymentId));
      await withoutWebhooks(() =>
        settleOnReturn(storage, gateway, websiteId, started.providerPaymentId, hooks),
      );
      return { order, paypalOrderId: started.providerPaymentId };
    }
    const renewal = (vaultId: string, key: string, amountMinor = 990) =>
      gateway.chargeOffSession!({
        customerId: 'customer-unused',
        paymentMethodId: vaultId,
        amountMinor,
        currency: 'EUR',
        description: 'Abo „Tee“ – Zahlladen',
        metadata: { websiteId, subscriptionId: 'abo-1', period: '2' },
        idempotencyKey: key,
      });

    it('a subscription’s first payment asks PayPal to keep the wallet, and the paid order names the saved wallet', async () => {
      const { order, paypalOrderId } = await savedWallet();
      const create = fake.requests.find(
        (r) => r.path === '/v2/checkout/orders' && r.requestId === `start-${order.id}`,
      )!;
      expect(create.body).toMatchObject({
        payment_source: {
          paypal: {
            attributes: {
              vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT', customer_type: 'CONSUMER' },
            },
          },
        },
      });
      const snapshot = await gateway.fetchPayment(paypalOrderId);
      expect(snapshot.state).toBe('paid');
      expect(snapshot.paymentMethodId).toBeDefined();
      const saved = fake.vault.get(snapshot.paymentMethodId!)!;
      expect(saved).toBeDefined();
      expect(snapshot.customerId).toBe(saved.customerId);
      // PayPal shows it on the order itself, as documented: payment_source.paypal.attributes.vault.
      const shown = fake.orders.get(paypalOrderId)!;
      expect(shown.payment_source?.paypal.attributes?.vault).toMatchObject({
        id: saved.id,
        status: 'VAULTED',
      });
      expect(await orderPaid(order)).toBe(true);
    });

    it('a one-off PayPal payment keeps nothing for later', async () => {
      const order = await place();
      const { providerPaymentId } = await start(order);
      const vaulted = fake.vault.size;
      await withoutWebhooks(() => fake.approve(providerPaymentId));
      await withoutWebhooks(() => settleOnReturn(storage, gateway, websiteId, providerPaymentId, hooks));
      const create = fake.requests.find(
        (r) => r.path === '/v2/checkout/orders' && r.requestId === `start-${order.id}`,
      )!;
      expect((create.body as any).payment_source.paypal.attributes).toBeUndefined();
      const snapshot = await gateway.fetchPayment(providerPaymentId);
      expect(snapshot.state).toBe('paid');
      expect(snapshot.paymentMethodId).toBeUndefined();
      expect(fake.vault.size).toBe(vaulted);
    });

    it('a renewal takes the money from the saved wallet without the shopper, once for the same key', async () => {
      const { paypalOrderId } = await savedWallet();
      const vaultId = (await gateway.fetchPayment(paypalOrderId)).paymentMethodId!;
      const first = await renewal(vaultId, 'renew-abo-1-2', 1290);
      const again = await renewal(vaultId, 'renew-abo-1-2', 1290);
      expect(first).toMatchObject({ state: 'paid' });
      expect(again.providerPaymentId).toBe(first.providerPaymentId);
      expect(fake.vault.get(vaultId)!.charges).toEqual([first.providerPaymentId]);
      const request = fake.requests.find((r) => r.requestId === 'renew-abo-1-2')!;
      expect(request.body).toMatchObject({
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'EUR', value: '12.90' } }],
        payment_source: { paypal: { vault_id: vaultId } },
      });
      expect((request.body as any).payment_source.paypal.experience_context).toBeUndefined();
      // The renewal's money can be refunded like any PayPal payment.
      const snapshot = await gateway.fetchPayment(first.providerPaymentId);
      expect(snapshot).toMatchObject({ state: 'paid', amountMinor: 1290, currency: 'EUR' });
      expect(snapshot.captureId).toBeDefined();
    });

    it('a saved wallet PayPal declines is a failed renewal charge with PayPal’s code, not an error', async () => {
      const { paypalOrderId } = await savedWallet();
      const vaultId = (await gateway.fetchPayment(paypalOrderId)).paymentMethodId!;
      fake.declineVaulted(vaultId);
      expect(await renewal(vaultId, 'renew-abo-2-2')).toMatchObject({
        state: 'failed',
        failureCode: 'INSTRUMENT_DECLINED',
      });
      fake.declineVaulted(vaultId, 'PAYER_ACTION_REQUIRED');
      expect(await renewal(vaultId, 'renew-abo-2-2-try-2')).toMatchObject({
        state: 'failed',
        failureCode: 'PAYER_ACTION_REQUIRED',
      });
      expect(fake.vault.get(vaultId)!.charges).toEqual([]);
    });

    it('a PayPal that cannot be reached charges nothing and says "nicht erreichbar"', async () => {
      const { paypalOrderId } = await savedWallet();
      const vaultId = (await gateway.fetchPayment(paypalOrderId)).paymentMethodId!;
      await fake.down();
      try {
        await expect(renewal(vaultId, 'renew-abo-3-2')).rejects.toMatchObject({
          kind: 'unavailable',
          message: PAYMENT_MESSAGES.unavailable,
        });
      } finally {
        await fake.up();
      }
      expect(fake.vault.get(vaultId)!.charges).toEqual([]);
    });
  });
});
