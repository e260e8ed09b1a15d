import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { checkOutWithBankTransfer } from './support/checkout.js';
import { chooseProductOption } from './support/product-options.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

describe('a guest buys a variant product', () => {
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

  it('R5.3.1 R8.1.1 R8.1.5 R1.3.1 sees the option error, then adds, sees the pill, pays in advance and gets the confirmation', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/bio-t-shirt`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });

    // No option chosen: the alert names what is missing and the button asks for an option.
    const button = page.locator('[data-island="product-purchase"] button[type="submit"]');
    await button.click();
    const alert = page.getByRole('alertdialog');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Artikel kann nicht hinzugefügt werden');
    expect(await alert.textContent()).toMatch(/Bitte wähle die Optionen? Größe/);
    await page.keyboard.press('Escape');
    await alert.waitFor({ state: 'detached' });

    // Choose both options and add two.
    await chooseProductOption(page, 'Größe', 'M');
    await chooseProductOption(page, 'Farbe');
    await page.fill('[data-island="product-purchase"] input[name="quantity"]', '2');
    const added = page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await button.click();
    expect((await added).status()).toBe(200);
    await page.locator('.cart-pill .cart-pill__count', { hasText: '2' }).waitFor();
    await saveScreenshot(page, 'buy-a-variant-product-as-a-guest-added');

    // Cart, checkout, confirmation.
    await page.goto(`${server.baseUrl}/cart`);
    expect(await page.locator('main').textContent()).toContain('Bio-T-Shirt');
    await page.goto(`${server.baseUrl}/commerce/goto-checkout`);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await checkOutWithBankTransfer(page, {
      email: 'gast@example.de',
      firstName: 'Gerda',
      lastName: 'Gast',
      line1: 'Hauptstraße 1',
      postalCode: '10115',
      city: 'Berlin',
    });
    const confirmation = (await page.locator('main').textContent()) ?? '';
    expect(confirmation).toContain('Bestellung eingegangen');
    expect(confirmation).toContain('Bio-T-Shirt');
    await saveScreenshot(page, 'buy-a-variant-product-as-a-guest-confirmation');
    await ctx.close();
  });
});
