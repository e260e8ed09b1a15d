import { describe, expect, it } from 'vitest';
import { startFakePayPal } from '../packages/server/src/payments/testing/fake-paypal.js';
import { saveScreenshot } from './support/browser.js';
import { field, statusSays } from './support/editor.js';
import { addToCart, moneyJourney, ownerOnPayments, placeOrder } from './support/payments.js';

/*
 * Issue 20: a shopper pays with PayPal. The fake PayPal API (with its approval page) runs in this test
 * process; the built server talks to it through PAYPAL_API_BASE. The owner connects the sandbox
 * credentials in the editor's "Zahlungen"; the shopper checks out without JavaScript.
 */

describe('a shopper pays with PayPal', () => {
  const journey = moneyJourney((paypal) => ({ PAYPAL_API_BASE: paypal.apiBase }), startFakePayPal);

  it('connects PayPal in "Zahlungen", approves on PayPal’s page and comes back to a paid order', async () => {
    const { server, browser, provider: paypal } = journey;
    // The owner connects the sandbox app in the editor.
    const { owner, siteId } = await ownerOnPayments(journey);
    const card = owner.locator('form', { has: owner.getByRole('heading', { name: /^PayPal/ }) });
    await card.getByLabel('Umgebung').selectOption('test');
    await card.getByLabel('Client-ID', { exact: true }).fill(paypal.clientId);
    await card.getByLabel('Client-Secret', { exact: true }).fill(paypal.clientSecret);
    await card.getByLabel('Webhook-ID', { exact: true }).fill(paypal.webhookId);
    await card.getByRole('button', { name: 'Verbinden', exact: true }).click();
    await statusSays(owner, 'PayPal ist verbunden.');
    expect(await owner.getByTestId('status-paypal').textContent()).toBe('verbunden');
    paypal.webhookUrl = await field(owner, 'Webhook-Adresse (im Dashboard des Anbieters eintragen)')
      .last()
      .inputValue();
    expect(paypal.webhookUrl).toContain(`/api/payments/paypal/webhook/${siteId}`);
    // The editor shows the shop's public address; the webhook must reach this test server.
    paypal.webhookUrl = `${server.baseUrl}${new URL(paypal.webhookUrl).pathname}`;

    // The shopper: the privacy page now names PayPal; at checkout they choose it and land on its page.
    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await page.goto(`${server.baseUrl}/datenschutz`);
    expect(await page.locator('main').textContent()).toContain(
      'Zahlungen über PayPal wickelt die PayPal (Europe)',
    );
    await addToCart(page, server, 'emaille-becher-bergsee');
    await placeOrder(
      page,
      server,
      {
        email: 'paypal-e2e@example.de',
        firstName: 'Paul',
        lastName: 'Palmer',
        line1: 'Domplatz 1',
        postalCode: '99084',
        city: 'Erfurt',
      },
      'paypal',
      (url) => url.href.startsWith(`${paypal.apiBase}/checkoutnow`),
    );
    expect(await page.locator('main').textContent()).toContain('Zu zahlen');

    // "Bezahlen": PayPal sends the shopper back; the shop captures and shows the paid order.
    await Promise.all([
      page.waitForURL(/\/checkout\/bestaetigt\?orderId=[^&]+$/),
      page.getByRole('button', { name: 'Bezahlen' }).click(),
    ]);
    const confirmation = (await page.locator('main').textContent()) ?? '';
    expect(confirmation).toContain('Deine Zahlung ist eingegangen');
    expect(confirmation).not.toContain('Jetzt bezahlen');
    expect(paypal.requests.some((r) => r.path.endsWith('/capture'))).toBe(true);
    // PayPal's signed webhook about the capture reached the shop too, and was accepted.
    await expect
      .poll(() => paypal.deliveries.find((d) => d.type === 'PAYMENT.CAPTURE.COMPLETED')?.status)
      .toBe(200);
    await saveScreenshot(page, 'pay-with-paypal');
  });
});
