import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../packages/server/src/payments/testing/fake-stripe.js';
import { waitForMailTo } from './support/after-sale.js';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { statusSays } from './support/editor.js';
import { addToCart, openOrder, openPaymentsAsOwner, orderNumberOn, placeOrder } from './support/payments.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 20: the owner gives part of a card payment back from the order page, with the goods booked back
 * into stock. The fake Stripe runs in this test process (STRIPE_API_BASE); the shopper pays on its page.
 */

const EMAIL = 'erstattung-e2e@example.de';

describe('the owner refunds part of a paid order', () => {
  let stripe: FakeStripe;
  let server: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startShopServer({ STRIPE_API_BASE: stripe.apiBase, SMTP_URL: '' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.stop();
  });

  it('refunds 5 € of a card payment with restock: Stripe refunds, the order shows it, the shopper is told', async () => {
    // The owner connects Stripe in "Zahlungen".
    const owner = await (await browser.newContext()).newPage();
    const siteId = await openPaymentsAsOwner(owner, server);
    const card = owner.locator('form', { has: owner.getByRole('heading', { name: /^Stripe/ }) });
    await card.getByLabel('Geheimer Schlüssel (sk_test_… oder sk_live_…)').fill(stripe.secretKey);
    await card.getByLabel('Webhook-Signaturschlüssel (whsec_…)').fill(stripe.webhookSecret);
    await card.getByRole('button', { name: 'Verbinden', exact: true }).click();
    await statusSays(owner, 'Stripe ist verbunden.');
    stripe.webhookUrl = `${server.baseUrl}/api/payments/stripe/webhook/${siteId}`;

    const mugStock = async () => {
      const answer = await owner.request.get(
        `${server.baseUrl}/api/admin/sites/${encodeURIComponent(siteId)}/inventory?q=BK-BE-01`,
      );
      const { variants } = (await answer.json()) as { variants: { sku: string; qtyInStock: number }[] };
      return variants.find((v) => v.sku === 'BK-BE-01')?.qtyInStock;
    };
    const stockBefore = await mugStock();

    // The shopper pays a mug by card on Stripe's page.
    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await addToCart(page, server, 'emaille-becher-bergsee');
    await placeOrder(
      page,
      server,
      {
        email: EMAIL,
        firstName: 'Erik',
        lastName: 'Erstattung',
        line1: 'Schlossstraße 2',
        postalCode: '70173',
        city: 'Stuttgart',
      },
      'stripe',
      (url) => url.href.startsWith(`${stripe.apiBase}/pay/`),
    );
    await Promise.all([
      page.waitForURL(/\/checkout\/bestaetigt\?orderId=/),
      page.getByRole('button', { name: 'Bezahlen' }).click(),
    ]);
    expect(await page.locator('main').textContent()).toContain('Deine Zahlung ist eingegangen');
    const orderNumber = await orderNumberOn(page);
    expect(await mugStock()).toBe(stockBefore! - 1);

    // The owner refunds 5,00 € of it and books the mug back into stock.
    await openOrder(owner, server, siteId, orderNumber);
    const refunds = owner.locator('section', { has: owner.getByRole('heading', { name: 'Erstattungen' }) });
    await refunds.waitFor();
    await refunds.getByLabel('Betrag (EUR)', { exact: true }).fill('5,00');
    await refunds.getByLabel('Ware wieder in den Bestand buchen', { exact: true }).check();
    await refunds.getByRole('button', { name: 'Erstatten', exact: true }).click();
    await statusSays(owner, 'wurden erstattet');

    const listed = (await refunds.locator('li').allTextContents()).join('\n');
    expect(listed).toMatch(/5,00\s€ – erstattet/);
    expect(listed).toContain('Ware zurückgebucht');
    // Only part was refunded: the rest can still be refunded, but the goods are back once.
    expect(await refunds.getByLabel('Betrag (EUR)', { exact: true }).count()).toBe(1);
    expect(await refunds.getByLabel('Ware wieder in den Bestand buchen', { exact: true }).count()).toBe(0);
    await saveScreenshot(owner, 'refund-an-order');

    // Stripe refunded exactly 5 €; the mug is back in stock; the shopper gets the mail.
    expect(stripe.refunds.map((r) => r.amount)).toEqual([500]);
    expect(await mugStock()).toBe(stockBefore);
    const mail = await waitForMailTo(server, EMAIL, /erstattet/);
    expect(mail).toContain(`einen Teil deiner Bestellung Nr. ${orderNumber} erstattet`);
    expect(mail).toMatch(/5,00\s€/);
  });
});
