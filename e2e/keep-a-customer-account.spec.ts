import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { checkOutWithBankTransfer } from './support/checkout.js';
import { linkInMail } from './support/mail.js';
import { chooseProductOption } from './support/product-options.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

const EMAIL = 'stammkundin@example.de';
const PASSWORD = 'mein-sicheres-passwort';

async function fillShopper(page: Page) {
  await page.fill('input[name="email"]', EMAIL);
  for (const [name, value] of [
    ['firstName', 'Stefanie'],
    ['lastName', 'Stamm'],
    ['line1', 'Lindenweg 4'],
    ['postalCode', '04109'],
    ['city', 'Leipzig'],
  ]) {
    const field = page.locator(`input[name="${name}"]`);
    if (await field.count()) await field.fill(value);
  }
  await page.check('input[name="paymentMethod"][value="bank-transfer"]');
}

describe('a shopper keeps a customer account', () => {
  let server: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startShopServer({ SMTP_URL: '' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('R6.1.2 R3.12.1 buys as a guest, signs up with the same email, verifies, sees the order; manages an Abo and a restock notice', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();

    // 1. A guest buys a mug.
    await page.goto(`${server.baseUrl}/shop/p/emaille-becher-bergsee`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    const added = page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await page.locator('[data-island="product-purchase"] button[type="submit"]').click();
    expect((await added).status()).toBe(200);
    await page.goto(`${server.baseUrl}/checkout`);
    await checkOutWithBankTransfer(page, {
      email: EMAIL,
      firstName: 'Stefanie',
      lastName: 'Stamm',
      line1: 'Lindenweg 4',
      postalCode: '04109',
      city: 'Leipzig',
    });
    const confirmation = (await page.locator('main').textContent()) ?? '';
    const orderNumber = /Bestell(?:ung|nummer)\D*(\d{4,})/.exec(confirmation)?.[1];
    expect(orderNumber).toBeTruthy();

    // 2. The same shopper creates an account with that email (plain form, no script needed).
    await page.goto(`${server.baseUrl}/account/registrieren`);
    await page.fill('#name', 'Stefanie Stamm');
    await page.fill('#email', EMAIL);
    await page.fill('#password', PASSWORD);
    // Nobody is signed in yet, and the page says the same whether the address had an account.
    await Promise.all([
      page.waitForURL(/\/account\/anmelden\?hinweis=CHECK_MAIL/),
      page.click('main button[type="submit"]'),
    ]);
    expect(await page.locator('main').textContent()).toContain('Prüfe dein Postfach');
    expect(await page.evaluate(() => document.cookie)).not.toContain('authenticated=true');

    // 3. The mail's link makes the account, signs in and confirms the address; the guest order is in it.
    await page.goto(`${server.baseUrl}${await linkInMail(server.dataDir, EMAIL, '/account/bestaetigen')}`);
    await page.waitForURL(/\/account\?hinweis=SIGNED_UP/);
    expect(await page.locator('main').textContent()).toContain('Deine E-Mail-Adresse ist bestätigt');
    expect(await page.evaluate(() => document.cookie)).toContain('authenticated=true');
    await page.goto(`${server.baseUrl}/account/bestellungen`);
    const row = page.locator(`tr.account-order[data-order-number="${orderNumber}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('In Bearbeitung');
    await saveScreenshot(page, 'keep-a-customer-account-orders');
    await Promise.all([
      page.waitForURL(/\/bestellung\//),
      row.getByRole('link', { name: 'Bestellstatus ansehen' }).click(),
    ]);
    expect(await page.locator('main').textContent()).toContain('Emaille-Becher');

    // 4. Subscribes to coffee, sees the Abo in the account and cancels it.
    await page.goto(`${server.baseUrl}/shop/p/kaffee-abo-roestfrisch`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    await chooseProductOption(page, 'Mahlgrad', 'Filter');
    await Promise.all([
      page.waitForURL(/\/checkout\/subscribe\?cartToken=/),
      page.locator('[data-island="product-purchase"] button[type="submit"]').click(),
    ]);
    // Signed in, the subscription checkout starts with the account's email filled in.
    expect(await page.inputValue('input[name="email"]')).toBe(EMAIL);
    await fillShopper(page);
    await Promise.all([
      page.waitForURL(/\/checkout\/subscribe\/bestaetigt/),
      page.locator('form button[type="submit"]').click(),
    ]);
    await page.goto(`${server.baseUrl}/account/abos`);
    const abo = page.locator('.account-subscription').first();
    await abo.waitFor();
    expect(await abo.textContent()).toContain('Aktiv');
    await Promise.all([
      page.waitForURL(/hinweis=SUBSCRIPTION_CANCELLED/),
      abo.getByRole('button', { name: 'Abo kündigen' }).click(),
    ]);
    expect(await page.locator('main').textContent()).toContain('Dein Abo ist gekündigt.');
    expect(await page.locator('.account-subscription').first().textContent()).toContain('Gekündigt');

    // 5. Asks to hear when the sold-out hoodie is back, from the account, and removes it again.
    await page.goto(`${server.baseUrl}/account/benachrichtigungen`);
    const soldOut = page.locator('li.account-sold-out', { hasText: 'Kapuzenpullover' }).first();
    await soldOut.waitFor();
    await Promise.all([
      page.waitForURL(/hinweis=NOTICE_ADDED/),
      soldOut.getByRole('button', { name: 'Benachrichtigen, wenn wieder da' }).click(),
    ]);
    const notice = page.locator('li.account-notice', { hasText: 'Kapuzenpullover' });
    await notice.waitFor();
    await saveScreenshot(page, 'keep-a-customer-account-restock');
    await Promise.all([
      page.waitForURL(/hinweis=NOTICE_REMOVED/),
      notice.getByRole('button', { name: 'Entfernen' }).click(),
    ]);
    expect(await page.locator('main').textContent()).toContain('Du hast keine Benachrichtigungen.');

    // 6. Signs out: the readable flag is gone and the account asks to sign in again.
    await Promise.all([
      page.waitForURL(/hinweis=SIGNED_OUT/),
      page.getByRole('button', { name: 'Abmelden' }).click(),
    ]);
    expect(await page.evaluate(() => document.cookie)).not.toContain('authenticated=true');
    await page.goto(`${server.baseUrl}/account/abos`);
    expect(new URL(page.url()).pathname).toBe('/account/anmelden');
    await ctx.close();
  });
});
