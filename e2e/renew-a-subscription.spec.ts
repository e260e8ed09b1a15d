import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../packages/server/src/payments/testing/fake-stripe.js';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { chooseProductOption } from './support/product-options.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 20: a subscription renews for real. The shopper subscribes to coffee and pays the first period at
 * the fake Stripe, agreeing that later periods are charged with the same method. The renewal is triggered
 * through the server's test-only route `POST /api/test/subscriptions/renew` (registered only in server test
 * mode), which runs the very worker every instance runs, on a clock `days` ahead. The owner then finds the
 * renewal order, paid, in the order list.
 */

describe('a subscription renews with the saved payment method', () => {
  let stripe: FakeStripe;
  let server: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startShopServer({ STRIPE_API_BASE: stripe.apiBase });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.stop();
  });

  it('subscribes with Stripe, renews a month later and shows the renewal order', async () => {
    const owner = await browser.newContext();
    const api = owner.request;
    await api.get(`${server.baseUrl}/api/admin/session`);
    const crumb = (await owner.cookies(server.baseUrl)).find((c) => c.name === 'crumb')?.value ?? '';
    const headers = { 'x-csrf-token': crumb };
    const signedIn = await api.post(`${server.baseUrl}/api/admin/session`, {
      headers,
      data: { email: 'demo@baukasten.localhost', password: 'baukasten-demo' },
    });
    expect(signedIn.ok()).toBe(true);
    const session = await (await api.get(`${server.baseUrl}/api/admin/session`)).json();
    const siteId = session.sites[0].id as string;
    const connected = await api.post(`${server.baseUrl}/api/admin/sites/${siteId}/payments/stripe`, {
      headers,
      data: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
    });
    expect(connected.status()).toBe(200);
    stripe.webhookUrl = `${server.baseUrl}/api/payments/stripe/webhook/${siteId}`;

    // The shopper subscribes and pays the first period at Stripe, with the consent shown at the checkout.
    const email = 'abo-verlaengert@example.de';
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/kaffee-abo-roestfrisch`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    await chooseProductOption(page, 'Mahlgrad', 'Filter');
    await Promise.all([
      page.waitForURL(/\/checkout\/subscribe\?cartToken=/),
      page.locator('[data-island="product-purchase"] button[type="submit"]').click(),
    ]);
    expect(await page.locator('#abo-einzug').textContent()).toContain('künftige Zahlungen dieses Abos');
    await page.fill('input[name="email"]', email);
    for (const [name, value] of [
      ['firstName', 'Paula'],
      ['lastName', 'Probe'],
      ['line1', 'Am Markt 3'],
      ['postalCode', '04109'],
      ['city', 'Leipzig'],
    ]) {
      const field = page.locator(`input[name="${name}"]`);
      if (await field.count()) await field.fill(value);
    }
    await page.check('input[name="paymentMethod"][value="stripe"]');
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(`${stripe.apiBase}/pay/`)),
      page.locator('form button[type="submit"]').click(),
    ]);
    await Promise.all([
      page.waitForURL(/\/checkout\/bestaetigt\?orderId=/),
      page.locator('form[action$="/pay"] button').click(),
    ]);

    // A month and a bit later the renewal job runs.
    const renewed = await ctx.request.post(`${server.baseUrl}/api/test/subscriptions/renew`, {
      data: { days: 40 },
    });
    expect(renewed.status(), await renewed.text()).toBe(200);
    expect((await renewed.json()).data.renewed).toBe(1);
    const charge = stripe.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(charge).toHaveLength(1);
    expect(charge[0]!.form).toMatchObject({ off_session: 'true', confirm: 'true' });

    // The owner sees two orders of the shopper: the first period and its renewal, both paid.
    const list = await api.get(
      `${server.baseUrl}/api/admin/sites/${siteId}/orders?search=${encodeURIComponent(email)}`,
    );
    const { orders } = await list.json();
    expect(orders).toHaveLength(2);
    await saveScreenshot(page, 'renew-a-subscription');
    await ctx.close();
    await owner.close();
  });
});
