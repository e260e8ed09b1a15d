import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';
import { PAYMENT_STATE_TEXTS } from './hosted-checkout.js';
import { PAYMENT_MESSAGES } from './payment-gateway.js';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe.js';

/*
 * The paths of a Stripe payment besides "paid at once" (issue #20): 3-D Secure at the shopper's bank, a
 * Stripe that is down or does not answer when the payment starts, a Stripe too slow to answer on the
 * shopper's return, and a SEPA-Lastschrift that is still on its way when the shopper is back. Stripe is
 * the local fake of its API and pages; the checkout is the real app.
 */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let origin: string;
  let shop: TestShop;
  let stripe: FakeStripe;
  let webhookUrl: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `zahlwege-${db.name}.test`, 50);
    stripe = await startFakeStripe();
    app = await buildApp({
      storage,
      logLevel: 'silent',
      shared: sharedStateWithLimits(),
      payments: { secretsKey: Buffer.alloc(32, 7), stripeApiBase: stripe.apiBase, timeoutMs: 1500 },
      serverTestMode: true,
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const team = await shopTeam(app, storage, shop.websiteId);
    const connected = await team.admin.call('POST', `/api/admin/sites/${shop.websiteId}/payments/stripe`, {
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
    });
    expect(connected.status).toBe(200);
    webhookUrl = `${origin}/api/payments/stripe/webhook/${shop.websiteId}`;
    stripe.webhookUrl = webhookUrl;
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.stop();
  });
  afterEach(() => {
    stripe.scenario = 'success';
    stripe.webhookUrl = webhookUrl;
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
  const sessionOf = (location: string) => location.split('/pay/')[1]!;

  /** A shopper who puts `sku` in the cart and posts the checkout form choosing Stripe. */
  async function checkout(email: string, itemId = shop.mug.id, sku = `${shop.hostname}-TASSE`, qty = 2) {
    const visitor = await new Visitor(app, shop.hostname).start();
    await visitor.add(itemId, sku, qty);
    const placed = await visitor.form('/api/commerce/checkout', {
      email,
      ...germanAddress,
      paymentMethod: 'stripe',
      digitalConsent: '1',
    });
    return { visitor, placed, location: String(placed.headers.location) };
  }
  /** The shopper's browser following a redirect back into the shop. */
  const follow = (visitor: Visitor, url: string) =>
    visitor.request('GET', url.startsWith('http') ? pathOf(url) : url);

  describe('3-D Secure', () => {
    it('the bank asks the shopper to confirm: not paid before, paid once after, with one mail', async () => {
      stripe.scenario = 'requires_action';
      const { visitor, location } = await checkout('dreids@example.de');
      const sessionId = sessionOf(location);
      const orderId = stripe.sessions.get(sessionId)!.metadata.orderId!;
      // Stripe sends the shopper to the bank's page, not back to the shop.
      const challenge = await stripe.pay(sessionId);
      expect(challenge).toMatch(/\/3ds\/pi_/);
      expect((await orderOf(orderId)).data.payment).toMatchObject({ status: 'AWAITING_PAYMENT' });

      // The shopper closes the bank's page and comes back: nothing is paid, they can carry on.
      const early = await follow(visitor, `/checkout/zahlung/stripe?orderId=${orderId}`);
      const waiting = await follow(visitor, String(early.headers.location));
      expect(waiting.body).toContain(PAYMENT_STATE_TEXTS.requires_action);
      expect(waiting.body).not.toContain('Deine Zahlung ist eingegangen');

      // At the bank's page the shopper confirms; Stripe's webhook and the shopper's return arrive together.
      const page = await fetch(challenge);
      expect(await page.text()).toContain('3-D Secure');
      const confirmed = await fetch(`${challenge}/pay`, { method: 'POST', redirect: 'manual' });
      const back = String(confirmed.headers.get('location'));
      expect(back).toContain(`/checkout/zahlung/stripe?orderId=${orderId}`);
      expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
      const returned = await follow(visitor, back);
      const done = await follow(visitor, String(returned.headers.location));
      expect(done.body).toContain('Deine Zahlung ist eingegangen');
      expect((await orderOf(orderId)).data.payment).toMatchObject({ status: 'PAID' });
      expect(await mailsTo('dreids@example.de', 'payment-received')).toHaveLength(1);
    });
  });

  describe('Stripe unreachable when the payment starts', () => {
    it('a Stripe that does not answer: German notice, no stack trace, stock kept, retry pays once', async () => {
      const stockBefore = await mugStock();
      stripe.scenario = 'timeout';
      const { visitor, location } = await checkout('zeitueberschreitung@example.de');
      expect(location).toMatch(/^\/checkout\/bestaetigt\?orderId=.+&zahlung=unavailable$/);
      const orderId = new URL(location, 'http://x').searchParams.get('orderId')!;
      const page = await visitor.request('GET', location);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(PAYMENT_MESSAGES.unavailable);
      expect(page.body).toContain('Jetzt bezahlen');
      expect(page.body).not.toMatch(/at .*\.(ts|js):\d+/);
      // The order keeps the cart's lines and their stock; nothing was charged.
      const order = await orderOf(orderId);
      expect(order.items).toHaveLength(1);
      expect(order.items[0]).toMatchObject({ quantity: 2 });
      expect(await mugStock()).toBe(stockBefore - 2);
      expect(order.data.payment).toMatchObject({ status: 'AWAITING_PAYMENT' });

      // Trying again while Stripe is still silent: a JSON caller gets 503 with the German message.
      const retry = `/api/commerce/orders/${orderId}/payment`;
      const silent = await visitor.request('POST', retry, {});
      expect(silent.statusCode).toBe(503);
      expect(silent.json()).toEqual({
        error: { type: 'PAYMENT_UNAVAILABLE', message: PAYMENT_MESSAGES.unavailable },
      });

      // Stripe is back: "Jetzt bezahlen" leads to its page and the order is paid once, stock taken once.
      stripe.scenario = 'success';
      const again = await visitor.form(retry, {});
      expect(String(again.headers.location)).toContain(`${stripe.apiBase}/pay/`);
      const back = await stripe.pay(sessionOf(String(again.headers.location)));
      await follow(visitor, back);
      expect((await orderOf(orderId)).data.payment).toMatchObject({ status: 'PAID' });
      expect(await mailsTo('zeitueberschreitung@example.de', 'payment-received')).toHaveLength(1);
      expect(await mugStock()).toBe(stockBefore - 2);
    });

    it('a Stripe that refuses connections: JSON retry answers 503 in German, the form shows the notice', async () => {
      const { visitor, location } = await checkout('verbindung@example.de');
      const orderId = stripe.sessions.get(sessionOf(location))!.metadata.orderId!;
      await stripe.down();
      try {
        const answer = await visitor.request('POST', `/api/commerce/orders/${orderId}/payment`, {});
        expect(answer.statusCode).toBe(503);
        expect(answer.json().error.message).toBe(PAYMENT_MESSAGES.unavailable);
        const form = await visitor.form(`/api/commerce/orders/${orderId}/payment`, {});
        expect(String(form.headers.location)).toContain('zahlung=unavailable');
      } finally {
        await stripe.up();
      }
      expect((await orderOf(orderId)).status).toBe('open');
    });
  });

  describe('Stripe slow when the shopper comes back', () => {
    it('the page says the payment is being checked (no second payment); the webhook settles it once', async () => {
      stripe.webhookUrl = undefined;
      const { visitor, location } = await checkout('langsam@example.de');
      const sessionId = sessionOf(location);
      const orderId = stripe.sessions.get(sessionId)!.metadata.orderId!;
      const back = await stripe.pay(sessionId);
      // Paid at Stripe, but Stripe does not answer our question on the return.
      stripe.scenario = 'timeout';
      const returned = await follow(visitor, back);
      expect(returned.statusCode).toBe(303);
      expect(String(returned.headers.location)).toContain('zahlung=checking');
      const page = await follow(visitor, String(returned.headers.location));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(PAYMENT_STATE_TEXTS.checking);
      expect(page.body).not.toContain('Jetzt bezahlen');
      expect((await orderOf(orderId)).data.payment).toMatchObject({ status: 'AWAITING_PAYMENT' });

      // Later the webhook arrives (twice) and the shopper reloads: paid once, one mail.
      stripe.scenario = 'success';
      stripe.webhookUrl = webhookUrl;
      const event = await stripe.sendSessionEvent(sessionId, 'checkout.session.completed');
      await stripe.deliver(event!.id, 'checkout.session.completed', event!.payload);
      await follow(visitor, back);
      expect((await orderOf(orderId)).data.payment).toMatchObject({ status: 'PAID' });
      expect(await mailsTo('langsam@example.de', 'payment-received')).toHaveLength(1);
    });
  });

  describe('SEPA-Lastschrift on its way', () => {
    it('"Zahlung in Bearbeitung": no download before the money arrived, then the links open', async () => {
      stripe.scenario = 'sepa_pending';
      const email = 'lastschrift@example.de';
      const { visitor, location } = await checkout(email, shop.ebook.id, `${shop.hostname}-EBOOK`, 1);
      const sessionId = sessionOf(location);
      const orderId = stripe.sessions.get(sessionId)!.metadata.orderId!;
      const back = await stripe.pay(sessionId);
      const returned = await follow(visitor, back);
      expect(String(returned.headers.location)).toContain('zahlung=pending');
      const page = await follow(visitor, String(returned.headers.location));
      expect(page.body).toContain('Zahlung in Bearbeitung');
      expect(page.body).not.toContain('/downloads/');
      expect(page.body).not.toContain('Jetzt bezahlen');
      const token = (await orderOf(orderId)).items[0]!.data.downloadToken as string;
      expect((await visitor.request('GET', `/downloads/${token}`)).statusCode).not.toBe(200);
      expect(await mailsTo(email, 'payment-received')).toHaveLength(0);

      // Days later the bank confirms: now the shopper gets the mail and the page shows the link.
      await stripe.settleAsync(sessionId);
      expect((await orderOf(orderId)).data.payment).toMatchObject({ status: 'PAID' });
      const received = await mailsTo(email, 'payment-received');
      expect(received).toHaveLength(1);
      expect(received[0]!.text).toContain(`/downloads/${token}`);
      const paid = await follow(visitor, `/checkout/bestaetigt?orderId=${orderId}`);
      expect(paid.body).toContain(`/downloads/${token}`);
    });
  });
});
