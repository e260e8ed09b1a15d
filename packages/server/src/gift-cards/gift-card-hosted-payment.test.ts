import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { PAYMENT_MESSAGES } from '../payments/payment-gateway.js';
import { type FakePayPal, startFakePayPal } from '../payments/testing/fake-paypal.js';
import { type FakeStripe, startFakeStripe } from '../payments/testing/fake-stripe.js';

/*
 * Buying a gift card at Stripe or PayPal (issue #20), on the gift-card checkout of its own (spec 2,
 * /checkout/giftcard). Issue #18's rule holds throughout: the card's code exists only once the provider
 * says paid — no answer, page or mail carries a code before, and exactly one mail carries it after.
 */

const BUY = '/api/commerce/checkout/giftcard';
const CODE = /[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}/;

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let stripe: FakeStripe;
  let paypal: FakePayPal;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `gutschein-zahlen-${db.name}.test`, 10);
    stripe = await startFakeStripe();
    paypal = await startFakePayPal();
    app = await buildApp({
      storage,
      logLevel: 'silent',
      shared: sharedStateWithLimits(),
      payments: {
        secretsKey: Buffer.alloc(32, 7),
        stripeApiBase: stripe.apiBase,
        paypalApiBase: paypal.apiBase,
        timeoutMs: 1500,
      },
      serverTestMode: true,
    });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const team = await shopTeam(app, storage, shop.websiteId);
    const base = `/api/admin/sites/${shop.websiteId}/payments`;
    const s = await team.admin.call('POST', `${base}/stripe`, {
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
    });
    expect(s.status).toBe(200);
    const p = await team.admin.call('POST', `${base}/paypal`, {
      mode: 'test',
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      webhookId: paypal.webhookId,
    });
    expect(p.status).toBe(200);
    stripe.webhookUrl = `${origin}/api/payments/stripe/webhook/${shop.websiteId}`;
    paypal.webhookUrl = `${origin}/api/payments/paypal/webhook/${shop.websiteId}`;
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.stop();
    await paypal?.stop();
  });
  afterEach(() => {
    stripe.scenario = 'success';
  });

  const pathOf = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };
  const mailsOf = async (to: string) =>
    (await storage.outbox.listByWebsite(shop.websiteId, { limit: 1000 })).filter((m) => m.to === to);
  const cardsOf = (orderId: string) => storage.giftCards.listByOrder(shop.websiteId, orderId);

  async function buyer() {
    return new Visitor(app, shop.hostname).start();
  }
  const buyForm = (v: Visitor, paymentMethod: string, email: string, recipientEmail: string) =>
    v.form(BUY, {
      websiteId: shop.websiteId,
      giftCardProductId: shop.giftCard.id,
      sku: `${shop.hostname}-GC25`,
      email,
      recipientEmail,
      fromName: 'Erika',
      paymentMethod,
    });

  it('the gift-card page offers the connected Stripe and PayPal', async () => {
    const v = await buyer();
    const page = await v.request(
      'GET',
      `/checkout/giftcard?giftCardProductId=${shop.giftCard.id}&sku=${shop.hostname}-GC25`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="stripe"');
    expect(page.body).toContain('value="paypal"');
  });

  it('Stripe: no code anywhere before the money; paid once by webhook and return, one mail with the code', async () => {
    const v = await buyer();
    const email = 'gutschein-karte@example.de';
    const recipient = 'beschenkt-karte@example.de';
    const placed = await buyForm(v, 'stripe', email, recipient);
    expect(placed.statusCode).toBe(303);
    const location = String(placed.headers.location);
    expect(location.startsWith(`${stripe.apiBase}/pay/`)).toBe(true);
    const sessionId = location.split('/pay/')[1]!;
    const orderId = stripe.sessions.get(sessionId)!.metadata.orderId!;

    // Before paying: the card is pending, without a code, and nothing shown or sent has one.
    const [pending] = await cardsOf(orderId);
    expect(pending).toMatchObject({ status: 'PENDING' });
    const confirmation = await v.request('GET', `/checkout/giftcard/bestaetigt?orderId=${orderId}`);
    expect(confirmation.body).not.toMatch(CODE);
    for (const mail of [...(await mailsOf(email)), ...(await mailsOf(recipient))]) {
      expect(mail.text).not.toMatch(CODE);
    }
    expect(await mailsOf(recipient)).toHaveLength(0);

    // Paid at Stripe: the webhook activates the card and mails the code; the return changes nothing more.
    const back = await stripe.pay(sessionId);
    const returned = await v.request('GET', pathOf(back));
    expect(returned.statusCode).toBe(303);
    await v.request('GET', pathOf(back));
    const [active] = await cardsOf(orderId);
    expect(active).toMatchObject({ status: 'ACTIVE', balanceMinor: 2500 });
    const giftMails = (await mailsOf(recipient)).filter((m) => m.kind === 'gift-card');
    expect(giftMails).toHaveLength(1);
    const code = CODE.exec(giftMails[0]!.text)![0];
    expect((await storage.giftCards.findByCode(shop.websiteId, code))?.id).toBe(active!.id);
    const after = await v.request('GET', `/checkout/giftcard/bestaetigt?orderId=${orderId}`);
    expect(after.body).not.toContain(code);
  });

  it('JSON buyers get the Stripe page to pay at and a card without a code', async () => {
    const v = await buyer();
    const res = await v.request('POST', BUY, {
      websiteId: shop.websiteId,
      giftCardProductId: shop.giftCard.id,
      sku: `${shop.hostname}-GC50`,
      email: 'gutschein-json@example.de',
      paymentMethod: 'stripe',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.paymentUrl).toMatch(new RegExp(`^${stripe.apiBase}/pay/`));
    expect(body.order).toMatchObject({ paymentMethod: 'stripe', paymentStatus: 'AWAITING_PAYMENT' });
    expect(body.giftCard).toMatchObject({ code: null, status: 'PENDING' });
    expect(res.body).not.toMatch(CODE);
  });

  it('Stripe down: the German notice, the order waits with its pending card, no code', async () => {
    await stripe.down();
    let orderId: string;
    try {
      const v = await buyer();
      const placed = await buyForm(
        v,
        'stripe',
        'gutschein-offline@example.de',
        'offline-geschenk@example.de',
      );
      const location = String(placed.headers.location);
      expect(location).toMatch(/^\/checkout\/bestaetigt\?orderId=.+&zahlung=unavailable$/);
      orderId = new URL(location, 'http://x').searchParams.get('orderId')!;
      const page = await v.request('GET', location);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(PAYMENT_MESSAGES.unavailable);
      expect(page.body).not.toMatch(CODE);
    } finally {
      await stripe.up();
    }
    expect((await cardsOf(orderId))[0]).toMatchObject({ status: 'PENDING' });
  });

  it('PayPal: approved in PayPal’s window, captured on return, the code mailed once', async () => {
    const v = await buyer();
    const recipient = 'beschenkt-paypal@example.de';
    const placed = await buyForm(v, 'paypal', 'gutschein-paypal@example.de', recipient);
    const location = String(placed.headers.location);
    expect(location.startsWith(`${paypal.apiBase}/checkoutnow?token=`)).toBe(true);
    const token = new URL(location).searchParams.get('token')!;
    const { orders } = await storage.orders.list(shop.websiteId, {
      search: 'gutschein-paypal@example.de',
      limit: 5,
    });
    const [pending] = await cardsOf(orders[0]!.id);
    expect(pending).toMatchObject({ status: 'PENDING' });
    expect(await mailsOf(recipient)).toHaveLength(0);

    // Approved in PayPal's window: its webhook or the return captures, whichever comes first.
    const back = await paypal.approve(token);
    const orderId = new URL(back).searchParams.get('orderId')!;
    const returned = await v.request('GET', pathOf(back));
    expect(returned.statusCode).toBe(303);
    expect((await storage.orders.findById(shop.websiteId, orderId))!.data.payment).toMatchObject({
      method: 'paypal',
      status: 'PAID',
    });
    expect((await cardsOf(orderId))[0]).toMatchObject({ status: 'ACTIVE' });
    const giftMails = (await mailsOf(recipient)).filter((m) => m.kind === 'gift-card');
    expect(giftMails).toHaveLength(1);
    expect(giftMails[0]!.text).toMatch(CODE);
  });
});
