import { describe, expect, it } from 'vitest';
import { startFakeStripe } from '../packages/server/src/payments/testing/fake-stripe.js';
import { saveScreenshot } from './support/browser.js';
import { checkoutTShirtToStripe, connectStripeByApi, moneyJourney } from './support/payments.js';

/*
 * Issue 20: a shopper pays by card at Stripe's hosted page. The fake Stripe API (with its "Bezahlen" page)
 * runs in this test process; the built server talks to it through STRIPE_API_BASE. The owner connects the
 * test keys in "Zahlungen" through the admin API; the shopper does everything in Chromium (without
 * JavaScript, as the checkout and the provider's page need none).
 */

describe('a shopper pays by card through the provider’s page', () => {
  const journey = moneyJourney((stripe) => ({ STRIPE_API_BASE: stripe.apiBase }), startFakeStripe);

  it('connects Stripe, pays a T-shirt on Stripe’s page and comes back to a paid order', async () => {
    const { server, browser, provider: stripe } = journey;
    // The owner: the demo owner signs in and connects Stripe with test keys.
    await connectStripeByApi(server, browser, stripe);

    // The shopper.
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await checkoutTShirtToStripe(page, server, stripe, 'karte-e2e@example.de');
    expect(await page.locator('main').textContent()).toContain('Zu zahlen');

    // "Bezahlen" on the provider's page: back at the shop's confirmation, the order paid.
    await Promise.all([
      page.waitForURL(/\/checkout\/bestaetigt\?orderId=[^&]+$/),
      page.getByRole('button', { name: 'Bezahlen' }).click(),
    ]);
    const confirmation = (await page.locator('main').textContent()) ?? '';
    expect(confirmation).toContain('Deine Zahlung ist eingegangen');
    expect(confirmation).not.toContain('Jetzt bezahlen');
    // The signed webhook reached the server too; the order was still paid once.
    expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    await saveScreenshot(page, 'pay-by-card');
    await ctx.close();
  });
});
