import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { chooseProductOption } from './support/product-options.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/** Fills the shopper fields of the subscription and gift-card checkout pages and pays in advance. */
async function fillCheckout(page: Page, email: string) {
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
  await page.check('input[name="paymentMethod"][value="bank-transfer"]');
}

describe('shoppers subscribe to coffee and buy a gift card, each on its own checkout', () => {
  let server: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startShopServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('R7.1.4 R7.1.5 R2.1.8 subscribes from the product page and sees the subscription confirmed', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/kaffee-abo-roestfrisch`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    const button = page.locator('[data-island="product-purchase"] button[type="submit"]');
    expect((await button.textContent())?.trim()).toBe('Abo abschließen');
    await chooseProductOption(page, 'Mahlgrad', 'Filter');
    await Promise.all([page.waitForURL(/\/checkout\/subscribe\?cartToken=/), button.click()]);
    await fillCheckout(page, 'abo@example.de');
    await Promise.all([
      page.waitForURL(/\/checkout\/subscribe\/bestaetigt/),
      page.locator('form button[type="submit"]').click(),
    ]);
    expect(await page.locator('body').textContent()).toMatch(/Abo|Abonnement/);
    await saveScreenshot(page, 'subscribe-to-coffee');
    await ctx.close();
  });

  it('R2.1.9 buys a 50 € gift card on the gift-card checkout and gets its confirmation', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/geschenkgutschein`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    await chooseProductOption(page, 'Betrag', '50 €');
    const button = page.locator('[data-island="product-purchase"] button[type="submit"]');
    await Promise.all([
      page.waitForURL(/\/checkout\/giftcard\?websiteId=.+&giftCardProductId=.+&sku=BK-GS-50/),
      button.click(),
    ]);
    await fillCheckout(page, 'schenker@example.de');
    await Promise.all([
      page.waitForURL(/\/checkout\/giftcard\/bestaetigt/),
      page.locator('form button[type="submit"]').click(),
    ]);
    expect(await page.locator('body').textContent()).toMatch(/Gutschein/);
    await saveScreenshot(page, 'buy-a-gift-card');
    await ctx.close();
  });
});
