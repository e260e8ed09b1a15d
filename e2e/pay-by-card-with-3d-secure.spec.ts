import { describe, expect, it } from 'vitest';
import { startFakeStripe } from '../packages/server/src/payments/testing/fake-stripe.js';
import { saveScreenshot } from './support/browser.js';
import { moneyJourney } from './support/payments.js';

/*
 * Issue 20: a shopper's card asks for 3-D Secure. On Stripe's page "Bezahlen" leads to the bank's
 * confirmation page (the fake's `/3ds/<payment intent>`), not back to the shop; only after confirming there
 * does the shopper come back, to an order that is paid once. The fake Stripe runs in this test process;
 * the built server talks to it through STRIPE_API_BASE. The shopper does everything in Chromium without
 * JavaScript, as the checkout and the provider's pages need none.
 */

describe('a shopper confirms a card payment with 3-D Secure', () => {
  const journey = moneyJourney((stripe) => ({ STRIPE_API_BASE: stripe.apiBase }), startFakeStripe);

  it('pays a T-shirt on Stripe’s page, confirms at the bank and comes back to a paid order', async () => {
    const { server, browser, provider: stripe } = journey;
    // The owner: the demo owner signs in and connects Stripe with test keys.
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
    // The session answer lists the owner's sites: the demo shop is the first.
    const session = await (await api.get(`${server.baseUrl}/api/admin/session`)).json();
    const siteId = session.sites[0].id as string;
    const connected = await api.post(`${server.baseUrl}/api/admin/sites/${siteId}/payments/stripe`, {
      headers,
      data: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
    });
    expect(connected.status()).toBe(200);
    stripe.webhookUrl = `${server.baseUrl}/api/payments/stripe/webhook/${siteId}`;
    await owner.close();

    // The shopper, whose card needs the bank's confirmation.
    stripe.scenario = 'requires_action';
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/bio-t-shirt`);
    const form = page.locator('form[action="/api/commerce/shopping-cart/entries"]');
    await page.selectOption('select[name="option-Größe"]', 'M');
    const colour = await page.locator('select[name="option-Farbe"] option').nth(1).getAttribute('value');
    await page.selectOption('select[name="option-Farbe"]', colour ?? '');
    await Promise.all([page.waitForURL(/\/cart$/), form.locator('button[type="submit"]').click()]);
    await page.goto(`${server.baseUrl}/checkout`);
    const shopper = {
      email: 'dreids-e2e@example.de',
      firstName: 'Karla',
      lastName: 'Kartenzahlerin',
      line1: 'Am Markt 3',
      postalCode: '04109',
      city: 'Leipzig',
    };
    for (const [field, value] of Object.entries(shopper)) await page.fill(`#${field}`, value);
    await page.selectOption('#country', 'DE');
    await page.check('input[name="paymentMethod"][value="stripe"]');
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(`${stripe.apiBase}/pay/`)),
      page
        .locator('form[action="/api/commerce/checkout"] button[type="submit"]:not([formnovalidate])')
        .click(),
    ]);
    expect(await page.locator('main').textContent()).toContain('Zu zahlen');

    // "Bezahlen" on Stripe's page: the bank asks first; nothing is paid yet.
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(`${stripe.apiBase}/3ds/`)),
      page.getByRole('button', { name: 'Bezahlen' }).click(),
    ]);
    expect(await page.locator('h1').textContent()).toContain('3-D Secure');
    expect(stripe.deliveries.filter((d) => d.type === 'checkout.session.completed')).toHaveLength(0);

    // Confirmed at the bank: back at the shop's confirmation, the order paid.
    await Promise.all([
      page.waitForURL(/\/checkout\/bestaetigt\?orderId=[^&]+$/),
      page.getByRole('button', { name: 'Bezahlen' }).click(),
    ]);
    const confirmation = (await page.locator('main').textContent()) ?? '';
    expect(confirmation).toContain('Deine Zahlung ist eingegangen');
    expect(confirmation).not.toContain('Jetzt bezahlen');
    expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    await saveScreenshot(page, 'pay-by-card-with-3d-secure');
    await ctx.close();
  });
});
