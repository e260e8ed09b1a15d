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
 * only a method saved at the first payment can pay them: Stripe (card, SEPA mandate). PayPal would need a
 * vaulted billing agreement, Vorkasse a transfer each month; with Stripe connected, the subscription
 * checkout offers Stripe alone and says why in German, and refuses the others.
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

  const base = () => `/api/admin/sites/${shop.websiteId}/payments`;
  async function checkoutPage() {
    const v = await new Visitor(app, shop.hostname).start();
    const started = await v.request('POST', SUBSCRIBE, { itemId: tea.id, sku: 'TEE-ABO' });
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
    expect(page.body).not.toContain(subscriptionMessages.onlyRenewingMethods);
  });

  it('with Stripe and PayPal connected only Stripe is offered, with the German reason; PayPal and Vorkasse are refused', async () => {
    const team = await shopTeam(app, storage, shop.websiteId);
    expect(
      (
        await team.admin.call('POST', `${base()}/stripe`, {
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await team.admin.call('POST', `${base()}/paypal`, {
          mode: 'test',
          clientId: paypal.clientId,
          clientSecret: paypal.clientSecret,
          webhookId: paypal.webhookId,
        })
      ).status,
    ).toBe(200);
    // The cart checkout still offers PayPal: only subscriptions are limited.
    const shopper = await new Visitor(app, shop.hostname).start();
    await shopper.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
    expect((await shopper.request('GET', '/checkout')).body).toContain('value="paypal"');

    const { v, cartToken, page } = await checkoutPage();
    expect(methodsOn(page.body)).toEqual(['stripe']);
    expect(page.body).toContain(subscriptionMessages.onlyRenewingMethods);

    for (const paymentMethod of ['paypal', 'bank-transfer']) {
      const refused = await v.request('POST', CHECKOUT, {
        cartToken,
        email: 'abo@example.de',
        shippingAddress: germanAddress,
        paymentMethod,
      });
      expect(refused.statusCode, paymentMethod).toBe(400);
      expect(refused.json().error).toMatchObject({
        type: 'PAYMENT_METHOD_CANNOT_RENEW',
        message: subscriptionMessages.onlyRenewingMethods,
      });
    }
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
});
