import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { linkInMail } from './support/mail.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

describe('a visitor asks to hear when a sold-out product is back', () => {
  let server: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    // Sign-up links arrive by mail: the outbox writes them to DATA_DIR/mail (no SMTP server).
    server = await startShopServer({ SMTP_URL: '' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('R4.1.9 R5.4.1 R5.4.4 R5.4.5 sees Ausverkauft, gets the email checks, then the store’s thank-you', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/kapuzenpullover-nordwind`);
    const buy = page.locator('[data-island="product-purchase"] button[type="submit"]');
    expect((await buy.textContent())?.trim()).toBe('Ausverkauft');
    expect(await buy.isDisabled()).toBe(true);

    const restock = page.locator('[data-island="restock-form"]');
    const submit = restock.locator('button[type="submit"]');
    await submit.and(page.locator(':enabled')).waitFor();
    await submit.click();
    await restock.getByText('E-Mail-Adresse darf nicht leer sein').waitFor();
    await restock.locator('input[type="email"]').fill('kein@adresse');
    await submit.click();
    await restock.getByText('E-Mail-Adresse ist ungültig').waitFor();

    await restock.locator('input[type="email"]').fill('wartend@example.de');
    const signedUp = page.waitForResponse((r) => r.url().endsWith('/api/commerce/restock-notifications'));
    await submit.click();
    expect((await signedUp).status()).toBe(200);
    await restock.getByText('Danke! Wir schreiben dir, sobald der Artikel wieder da ist.').waitFor();
    await saveScreenshot(page, 'sign-up-for-a-restock-notice');
    await ctx.close();
  });

  it('R7.4.3 R7.4.4 a signed-in customer signs up with one click, without email or captcha, and finds the notice in the account', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/account/registrieren`);
    await page.fill('#name', 'Wanda Warteliste');
    await page.fill('#email', 'wanda@example.de');
    await page.fill('#password', 'ein-sicheres-passwort');
    await Promise.all([
      page.waitForURL(/\/account\/anmelden\?hinweis=CHECK_MAIL/),
      page.click('main button[type="submit"]'),
    ]);
    // The link of the sign-up mail makes the account and signs in.
    await page.goto(
      `${server.baseUrl}${await linkInMail(server.dataDir, 'wanda@example.de', '/account/bestaetigen')}`,
    );
    await page.waitForURL(/\/account\?hinweis=SIGNED_UP/);

    await page.goto(`${server.baseUrl}/shop/p/kapuzenpullover-nordwind`);
    const restock = page.locator('[data-island="restock-form"]');
    await restock
      .getByText('Du bist angemeldet: Wir schreiben dir an die E-Mail-Adresse deines Kundenkontos.')
      .waitFor();
    expect(await restock.locator('input[type="email"]').count()).toBe(0);
    const signedUp = page.waitForResponse((r) =>
      r.url().endsWith('/api/site-users/account/notifications/restock'),
    );
    await restock.locator('button[type="submit"]').click();
    const answer = await signedUp;
    expect(answer.status()).toBe(200);
    // The page's language travels with the sign-up (spec 7).
    expect(answer.request().postDataJSON()).toMatchObject({ language: 'de' });
    await restock.getByText('Danke! Wir schreiben dir, sobald der Artikel wieder da ist.').waitFor();
    await saveScreenshot(page, 'sign-up-for-a-restock-notice-signed-in');

    await page.goto(`${server.baseUrl}/account/benachrichtigungen`);
    await page.locator('li.account-notice', { hasText: 'Kapuzenpullover' }).waitFor();
    await ctx.close();
  });
});
