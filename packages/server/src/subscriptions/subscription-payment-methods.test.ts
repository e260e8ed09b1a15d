import type { Item, Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';
import { type FakePayPal, startFakePayPal } from '../payments/testing/fake-paypal.js';
import { type FakeStripe, startFakeStripe } from '../payments/testing/fake-stripe.js';
import { subscriptionMessages } from './subscription-messages.js';

/*
 * Which methods a subscription can be paid with (issue #20). Renewals are charged without the shopper, so
 * only a method saved at the first payment can pay them: Stripe (card, SEPA mandate) and PayPal (the wallet
 * vaulted with the first purchase). Vorkasse would need a transfer each month; with Stripe or PayPal
 * connected, the subscription checkout offers those alone, says why in German with the consent for each, and
 * refuses the others.
 */

const SUBSCRIBE = '/api/3/commerce/cart/subscription';
const CHECKOUT = '/api/commerce/checkout/subscribe';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let stripe: FakeStripe;
  let paypal: FakePayPal;
  let tea: Item;
  /** A second shop that connected only PayPal. */
  let paypalShop: TestShop;
  let paypalTea: Item;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `abo-zahlarten-${db.name}.test`);
    tea = await storage.items.create(shop.websiteId, {
      collectionId: shop.mug.collectionId,
      urlId: 'tee-abo',
      title: 'Tee-Abo',
      product: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'MONTH', value: 1 }, numBillingCycles: 0 },
        variants: [{ sku: 'TEE-ABO', priceMinor: 990, qtyInStock: 50, weightGrams: 200 }],
      },
    });
    paypalShop = await createTestShop(storage, `abo-paypal-${db.name}.test`);
    paypalTea = await storage.items.create(paypalShop.websiteId, {
      collectionId: paypalShop.mug.collectionId,
      urlId: 'tee-abo',
      title: 'Tee-Abo',
      product: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'MONTH', value: 1 }, numBillingCycles: 0 },
        variants: [{ sku: 'TEE-ABO-PP', priceMinor: 990, qtyInStock: 50, weightGrams: 200 }],
      },
    });
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
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.stop();
    await paypal?.stop();
  });

  const base = (websiteId = shop.websiteId) => `/api/admin/sites/${websiteId}/payments`;
  async function checkoutPage(on: TestShop = shop, item: Item = tea) {
    const v = await new Visitor(app, on.hostname).start();
    const started = await v.request('POST', SUBSCRIBE, {
      itemId: item.id,
      sku: item.product!.variants[0]!.sku,
    });
    expect(started.statusCode, started.body).toBe(200);
    const cartToken = started.json().data.cartToken as string;
    const page = await v.request('GET', `/checkout/subscribe?cartToken=${cartToken}`);
    return { v, cartToken, page };
  }
  const methodsOn = (html: string) =>
    [...html.matchAll(/name="paymentMethod" value="([^"]+)"/g)].map((m) => m[1]);

  it('without Stripe the shop’s own methods stay, and no hint about renewals is shown', async () => {
    const { page } = await checkoutPage();
    expect(page.statusCode).toBe(200);
    expect(methodsOn(page.body)).toContain('bank-transfer');
    // The test card (server in test mode) is the one method that takes a number on our page.
    expect(page.body.includes('name="cardNumber"')).toBe(methodsOn(page.body).includes('test-card'));
    expect(page.body).not.toContain('Folgezahlungen');
    expect(page.body).not.toContain('id="abo-einzug"');
  });

  const connectPayPal = async (websiteId: string) => {
    const team = await shopTeam(app, storage, websiteId);
    const connected = await team.admin.call('POST', `${base(websiteId)}/paypal`, {
      mode: 'test',
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      webhookId: paypal.webhookId,
    });
    expect(connected.status).toBe(200);
    return team;
  };

  it('with Stripe and PayPal connected both are offered with the consent for each; Vorkasse is refused in German', async () => {
    const team = await connectPayPal(shop.websiteId);
    expect(
      (
        await team.admin.call('POST', `${base()}/stripe`, {
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
        })
      ).status,
    ).toBe(200);

    const { v, cartToken, page } = await checkoutPage();
    expect(methodsOn(page.body).sort()).toEqual(['paypal', 'stripe']);
    // Cards are paid on Stripe's page: no card-number field on ours (issue #20).
    expect(page.body).not.toContain('name="cardNumber"');
    const hint = subscriptionMessages.onlyRenewingMethods(
      'Karte oder SEPA-Lastschrift über Stripe und PayPal',
    );
    expect(page.body).toContain(hint);
    expect(page.body).toContain(subscriptionMessages.renewalConsent('Testladen'));
    expect(page.body).toContain(subscriptionMessages.paypalRenewalConsent('Testladen'));
    expect(page.body).not.toContain('PayPal und Vorkasse sind für Abos deshalb nicht möglich');

    const refused = await v.request('POST', CHECKOUT, {
      cartToken,
      email: 'abo@example.de',
      shippingAddress: germanAddress,
      paymentMethod: 'bank-transfer',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ type: 'PAYMENT_METHOD_CANNOT_RENEW', message: hint });
    expect(await storage.subscriptions.listByWebsite(shop.websiteId)).toHaveLength(0);

    // Stripe goes through: the shopper is sent to its page, where the method is saved for the renewals.
    const accepted = await v.request('POST', CHECKOUT, {
      cartToken,
      email: 'abo@example.de',
      shippingAddress: germanAddress,
      paymentMethod: 'stripe',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().paymentUrl).toMatch(new RegExp(`^${stripe.apiBase}/pay/`));
  });

  it('a first payment tried again after Stripe did not answer still saves the method for the renewals', async () => {
    const { v, cartToken } = await checkoutPage();
    stripe.scenario = 'timeout';
    const placed = await v
      .request('POST', CHECKOUT, {
        cartToken,
        email: 'abo-nochmal@example.de',
        shippingAddress: germanAddress,
        paymentMethod: 'stripe',
      })
      .finally(() => {
        stripe.scenario = 'success';
      });
    // The order waits on its confirmation page without a payment page: nothing was started.
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().paymentUrl).toBeUndefined();
    const orderId = placed.json().order.id as string;

    // "Jetzt bezahlen" once Stripe answers again: the new session keeps the method for the renewals.
    const retried = await v.request('POST', `/api/commerce/orders/${orderId}/payment`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    const sessionId = /\/pay\/([^/?]+)/.exec(retried.json().paymentUrl as string)![1]!;
    expect(stripe.sessions.get(sessionId)).toMatchObject({ setup_future_usage: 'off_session' });
    const back = new URL(await stripe.pay(sessionId));
    const returned = await app.inject({ url: back.pathname + back.search, headers: { host: shop.hostname } });
    expect(returned.statusCode).toBeLessThan(400);
    const subscription = await storage.subscriptions.findByOrder(shop.websiteId, orderId);
    expect(subscription?.data.stripe).toMatchObject({ paymentMethodId: expect.stringMatching(/^pm_/) });
  });

  it('with PayPal alone the shopper subscribes with PayPal, agrees to the renewals, and the wallet is kept for them', async () => {
    await connectPayPal(paypalShop.websiteId);
    const { v, cartToken, page } = await checkoutPage(paypalShop, paypalTea);
    expect(methodsOn(page.body)).toEqual(['paypal']);
    expect(page.body).toContain(subscriptionMessages.onlyRenewingMethods('PayPal'));
    expect(page.body).toContain(subscriptionMessages.paypalRenewalConsent('Testladen'));
    expect(page.body).not.toContain(subscriptionMessages.renewalConsent('Testladen'));

    const email = 'abo-paypal@example.de';
    const accepted = await v.request('POST', CHECKOUT, {
      cartToken,
      email,
      shippingAddress: germanAddress,
      paymentMethod: 'paypal',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const paymentUrl = accepted.json().paymentUrl as string;
    expect(paymentUrl.startsWith(`${paypal.apiBase}/checkoutnow?token=`)).toBe(true);
    const token = new URL(paymentUrl).searchParams.get('token')!;
    // PayPal was asked to keep the wallet once the payment succeeds.
    const created = paypal.requests.find((r) => r.path === '/v2/checkout/orders' && r.method === 'POST')!;
    expect(created.body).toMatchObject({
      payment_source: {
        paypal: {
          attributes: {
            vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT', customer_type: 'CONSUMER' },
          },
        },
      },
    });
    const subscription = (await storage.subscriptions.listByWebsite(paypalShop.websiteId))[0]!;
    expect(subscription.data.paypal).toBeUndefined();

    // The shopper approves in PayPal's window and comes back: captured, paid, the wallet kept.
    const back = await paypal.approve(token);
    const returned = await app.inject({
      method: 'GET',
      url: new URL(back).pathname + new URL(back).search,
      headers: { host: paypalShop.hostname },
    });
    expect(returned.statusCode).toBe(303);
    const order = (await storage.orders.findById(paypalShop.websiteId, subscription.orderId))!;
    expect(order.data.payment).toMatchObject({ method: 'paypal', status: 'PAID' });
    const vaultId = paypal.orders.get(token)!.payment_source!.paypal.attributes!.vault.id;
    const saved = (await storage.subscriptions.findById(paypalShop.websiteId, subscription.id))!;
    expect(saved.data.paypal).toEqual({
      customerId: paypal.vault.get(vaultId)!.customerId,
      paymentMethodId: vaultId,
    });
    // Ids only: nothing of the shopper's PayPal login is kept.
    expect(JSON.stringify(saved.data)).not.toContain(paypal.vault.get(vaultId)!.payerEmail);
  });
});
