import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { newGiftCardCode } from '../gift-cards/gift-card-code.js';
import { DEFAULT_PUBLIC_URL } from '../site-url.js';
import { orderPaidHooks } from './order-paid.js';
import { PaymentDeadlineWorker } from './payment-deadlines.js';
import { PaymentSetup } from './payment-setup.js';
import { type FakePayPal, startFakePayPal } from './testing/fake-paypal.js';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe.js';

/*
 * Stock is only reserved while an order waits for its money (issue #20): after the owner's minutes (Stripe,
 * PayPal) or days (Vorkasse) the deadline worker asks the provider once more and otherwise cancels the order
 * "Zahlung nicht abgeschlossen", with the stock and gift-card credit back and one mail. Money that comes
 * later is kept while stock allows, else refunded automatically. Two workers (two instances) at once change
 * every order once. The clock is the workers' own, so nothing waits for real minutes.
 */

const MINUTE = 60_000;

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let stripe: FakeStripe;
  let paypal: FakePayPal;
  let clock = Date.now();
  let setup: PaymentSetup;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `fristen-${db.name}.test`, 50, {
      paymentOptions: { reservationMinutes: 30, bankTransferDays: 7 },
    });
    stripe = await startFakeStripe();
    paypal = await startFakePayPal();
    const payments = {
      secretsKey: Buffer.alloc(32, 9),
      stripeApiBase: stripe.apiBase,
      paypalApiBase: paypal.apiBase,
      timeoutMs: 500,
    };
    app = await buildApp({
      storage,
      logLevel: 'silent',
      shared: sharedStateWithLimits(),
      payments,
      serverTestMode: true,
    });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    setup = new PaymentSetup(storage, payments);
    const seal = (provider: 'stripe' | 'paypal', keys: Record<string, string>) =>
      storage.payments.saveProviderSettings(shop.websiteId, provider, {
        mode: 'test',
        sealedKeys: Object.fromEntries(
          Object.entries(keys).map(([k, v]) => [k, setup.seal(shop.websiteId, provider, k, v)]),
        ),
        keyHints: {},
        status: 'connected',
      });
    await seal('stripe', { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret });
    await seal('paypal', {
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      webhookId: paypal.webhookId,
    });
    stripe.webhookUrl = `${origin}/api/payments/stripe/webhook/${shop.websiteId}`;
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.stop();
    await paypal?.stop();
  });
  afterEach(() => {
    stripe.scenario = 'success';
  });

  /** A deadline worker as each server instance runs one, on the test's clock. */
  const worker = () =>
    new PaymentDeadlineWorker({
      storage,
      setup,
      hooks: orderPaidHooks(() => DEFAULT_PUBLIC_URL),
      publicUrl: () => DEFAULT_PUBLIC_URL,
      now: () => clock,
    });
  const later = (minutes: number) => {
    clock = Date.now() + minutes * MINUTE;
  };
  const orderOf = async (orderId: string) => (await storage.orders.findById(shop.websiteId, orderId))!;
  const mugStock = async () =>
    (await storage.items.findById(shop.websiteId, shop.mug.id))!.product!.variants[0]!.qtyInStock;
  const mailsTo = async (to: string, kind: string) =>
    (await storage.outbox.listByWebsite(shop.websiteId, { limit: 1000 })).filter(
      (m) => m.to === to && m.kind === kind,
    );

  /** A shopper orders mugs and is sent to the provider (who is not paid yet). */
  async function order(paymentMethod: string, email: string, mugs = 2, extra: Record<string, unknown> = {}) {
    clock = Date.now();
    const visitor = await new Visitor(app, shop.hostname).start();
    await visitor.add(shop.mug.id, `${shop.hostname}-TASSE`, mugs);
    const placed = await visitor.checkout({ email, paymentMethod, ...extra });
    expect(placed.statusCode, placed.body).toBe(201);
    const body = placed.json() as { order: { id: string }; paymentUrl?: string };
    const sessionId = body.paymentUrl?.split('/pay/')[1];
    return { orderId: body.order.id, sessionId, visitor };
  }

  describe('a payment at the provider that is not finished', () => {
    it('keeps the stock for the owner’s minutes, then cancels once across two instances, stock back, one mail', async () => {
      const before = await mugStock();
      const { orderId } = await order('stripe', 'abgebrochen@example.de');
      expect(await mugStock()).toBe(before - 2);
      later(29);
      expect((await worker().runDue()).expired).toBe(0);
      expect((await orderOf(orderId)).status).toBe('open');

      later(31);
      const rounds = await Promise.all([worker().runDue(), worker().runDue()]);
      expect(rounds.reduce((n, r) => n + r.expired, 0)).toBe(1);
      const cancelled = await orderOf(orderId);
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.data.cancelledReason).toBe('Zahlung nicht abgeschlossen');
      // The order-status page says why; the confirmation page no longer offers to pay.
      const status = await app.inject({
        method: 'GET',
        url: `/bestellung/${cancelled.orderNumber}?email=abgebrochen%40example.de`,
        headers: { host: shop.hostname },
      });
      expect(status.body).toContain('Storniert – Zahlung nicht abgeschlossen');
      const page = await app.inject({
        method: 'GET',
        url: `/checkout/bestaetigt?orderId=${orderId}`,
        headers: { host: shop.hostname },
      });
      expect(page.body).not.toContain('Jetzt bezahlen');
      expect(await mugStock()).toBe(before);
      const mails = await mailsTo('abgebrochen@example.de', 'payment-expired');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('Zahlung nicht abgeschlossen');
      expect(mails[0]!.text).toContain('es wurde nichts berechnet');
    });

    it('asks Stripe first: a payment whose webhook got lost is settled, not cancelled', async () => {
      stripe.webhookUrl = undefined;
      try {
        const { orderId, sessionId } = await order('stripe', 'verloren@example.de');
        await stripe.pay(sessionId!);
        expect((await orderOf(orderId)).data.payment).toMatchObject({ status: 'AWAITING_PAYMENT' });
        later(31);
        expect(await worker().runDue()).toMatchObject({ settled: 1, expired: 0 });
        const paid = await orderOf(orderId);
        expect(paid.status).toBe('open');
        expect(paid.data.payment).toMatchObject({ status: 'PAID' });
        expect(await mailsTo('verloren@example.de', 'payment-received')).toHaveLength(1);
        expect(await storage.payments.findDeadline(shop.websiteId, orderId)).toBeUndefined();
      } finally {
        stripe.webhookUrl = webhookUrl();
      }
    });

    it('a SEPA-Lastschrift on its way keeps the reservation until the money arrives', async () => {
      stripe.scenario = 'sepa_pending';
      stripe.webhookUrl = undefined;
      try {
        const before = await mugStock();
        const { orderId, sessionId, visitor } = await order('stripe', 'lastschrift@example.de');
        const back = new URL(await stripe.pay(sessionId!));
        const returned = await visitor.request('GET', `${back.pathname}${back.search}`);
        expect(returned.headers.location).toContain('zahlung=pending');
        const page = await visitor.request('GET', String(returned.headers.location));
        expect(page.body).toContain('Zahlung in Bearbeitung');
        later(31);
        expect(await worker().runDue()).toMatchObject({ postponed: 1, expired: 0 });
        expect((await orderOf(orderId)).status).toBe('open');
        expect(await mugStock()).toBe(before - 2);

        await stripe.settleAsync(sessionId!);
        later(62);
        expect(await worker().runDue()).toMatchObject({ settled: 1 });
        expect((await orderOf(orderId)).data.payment).toMatchObject({ status: 'PAID' });
      } finally {
        stripe.webhookUrl = webhookUrl();
      }
    });

    it('Stripe unreachable at the deadline: nothing is cancelled, it is asked again later', async () => {
      const { orderId } = await order('stripe', 'spaeter@example.de');
      await stripe.down();
      try {
        later(31);
        expect(await worker().runDue()).toMatchObject({ postponed: 1, expired: 0 });
        expect((await orderOf(orderId)).status).toBe('open');
      } finally {
        await stripe.up();
      }
      later(37);
      expect(await worker().runDue()).toMatchObject({ expired: 1 });
      expect((await orderOf(orderId)).status).toBe('cancelled');
    });
  });

  describe('money after the reservation ran out', () => {
    it('is kept when the stock still allows: the order is open and paid again, the stock taken again', async () => {
      const before = await mugStock();
      const { orderId, sessionId } = await order('stripe', 'spaet@example.de');
      later(31);
      await worker().runDue();
      expect(await mugStock()).toBe(before);
      await stripe.pay(sessionId!);
      const kept = await orderOf(orderId);
      expect(kept.status).toBe('open');
      expect(kept.data.payment).toMatchObject({ status: 'PAID' });
      expect(kept.data.cancelledBecause).toBeUndefined();
      expect(await mugStock()).toBe(before - 2);
      expect(await mailsTo('spaet@example.de', 'payment-received')).toHaveLength(1);
    });

    it('for goods sold meanwhile is refunded in full automatically, with a mail, never oversold', async () => {
      const { orderId, sessionId } = await order('stripe', 'zu-spaet@example.de');
      later(31);
      await worker().runDue();
      // Someone else buys every mug left meanwhile.
      const rest = await mugStock();
      const faster = await order('bank-transfer', 'schneller@example.de', rest);
      await storage.orders.markPaid(shop.websiteId, faster.orderId);
      expect(await mugStock()).toBe(0);

      await stripe.pay(sessionId!);
      const order1 = await orderOf(orderId);
      expect(order1.status).toBe('cancelled');
      expect(await mugStock()).toBe(0);
      const intent = stripe.sessions.get(sessionId!)!.payment_intent!;
      expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toMatchObject([
        { amount: order1.grandTotalMinor },
      ]);
      const mails = await mailsTo('zu-spaet@example.de', 'refund');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('nicht mehr vorrätig');
      // The webhook again and a later worker round: no second refund.
      await stripe.sendSessionEvent(sessionId!, 'checkout.session.completed');
      later(40);
      await worker().runDue();
      expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    });
  });

  describe('Vorkasse', () => {
    beforeAll(async () => {
      // The mugs were sold out by the test before: new ones arrive.
      const mug = (await storage.items.findById(shop.websiteId, shop.mug.id))!.product!.variants[0]!;
      await storage.payments.returnStock(shop.websiteId, [{ variantId: mug.id, quantity: 10 }]);
    });

    it('lapses after the owner’s days: cancelled, stock and gift-card credit back, the shopper mailed', async () => {
      const code = newGiftCardCode();
      const card = (await storage.giftCards.issue(shop.websiteId, {
        code,
        amountMinor: 500,
        currency: 'EUR',
      }))!;
      const before = await mugStock();
      const { orderId } = await order('bank-transfer', 'ueberweisung-fehlt@example.de', 2, {
        giftCardCodes: [code],
      });
      expect((await storage.giftCards.findById(shop.websiteId, card.id))!.balanceMinor).toBe(0);
      later(6 * 24 * 60);
      expect((await worker().runDue()).expired).toBe(0);
      later(7 * 24 * 60 + 1);
      expect((await worker().runDue()).expired).toBe(1);
      const cancelled = await orderOf(orderId);
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.data.cancelledReason).toBe('Überweisung nicht rechtzeitig eingegangen');
      expect(await mugStock()).toBe(before);
      expect((await storage.giftCards.findById(shop.websiteId, card.id))!.balanceMinor).toBe(500);
      const mail = (await mailsTo('ueberweisung-fehlt@example.de', 'payment-expired'))[0]!;
      expect(mail.text).toContain('keine Überweisung eingegangen');
      expect(mail.text).toContain('Gutscheinkarte');
    });

    it('an order the owner marked paid does not lapse', async () => {
      const { orderId } = await order('bank-transfer', 'puenktlich@example.de', 1);
      await storage.transaction(async (tx) => {
        await tx.orders.markPaid(shop.websiteId, orderId);
      });
      later(8 * 24 * 60);
      await worker().runDue();
      expect((await orderOf(orderId)).status).toBe('open');
    });
  });

  const webhookUrl = () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${port}/api/payments/stripe/webhook/${shop.websiteId}`;
  };
});
