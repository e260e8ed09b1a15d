import { describe, expect, it } from 'vitest';
import { startFakeStripe } from '../packages/server/src/payments/testing/fake-stripe.js';
import { saveScreenshot } from './support/browser.js';
import { checkoutTShirtToStripe, connectStripeByApi, moneyJourney } from './support/payments.js';

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
    await connectStripeByApi(server, browser, stripe);

    // The shopper, whose card needs the bank's confirmation.
    stripe.scenario = 'requires_action';
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await checkoutTShirtToStripe(page, server, stripe, 'dreids-e2e@example.de');
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
