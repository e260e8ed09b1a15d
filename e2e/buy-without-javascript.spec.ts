import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { checkOutWithBankTransfer } from './support/checkout.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

describe('a shopper with JavaScript switched off buys the same product', () => {
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

  it('R1.1.4 adds through the plain form, changes the quantity in the cart and checks out', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/bio-t-shirt`);
    const form = page.locator('form[action="/api/commerce/shopping-cart/entries"]');

    // Without options the browser's own `required` check would stop the post; drop it (Playwright
    // changes the DOM itself, the page runs no script) to see that the server refuses it too.
    await form.locator('select').evaluateAll((selects) => {
      for (const s of selects) s.removeAttribute('required');
    });
    await Promise.all([
      page.waitForURL(/warenkorbFehler=NO_VARIANT_SELECTED/),
      form.locator('button[type="submit"]').click(),
    ]);
    expect(await page.getByRole('alert').textContent()).toContain('Bitte wähle eine Option.');

    await page.selectOption('select[name="option-Größe"]', 'M');
    const colour = await page.locator('select[name="option-Farbe"] option').nth(1).getAttribute('value');
    await page.selectOption('select[name="option-Farbe"]', colour ?? '');
    await Promise.all([page.waitForURL(/\/cart$/), form.locator('button[type="submit"]').click()]);
    expect(await page.locator('main').textContent()).toContain('Bio-T-Shirt');

    // Quantity 2 through the cart's own form.
    const quantity = page.locator('main input[name="quantity"]').first();
    await quantity.fill('2');
    // The page is already at /cart: wait for the cart page that the form's redirect loads.
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/cart/positionen/')),
      page.locator('main form:has(input[name="quantity"]) button[type="submit"]').first().click(),
    ]);
    await page.waitForLoadState();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('main input[name="quantity"]').first().inputValue()).toBe('2');

    await Promise.all([
      page.waitForURL(/\/checkout$/),
      page.getByRole('link', { name: 'Zur Kasse' }).click(),
    ]);
    await checkOutWithBankTransfer(page, {
      email: 'ohne-js@example.de',
      firstName: 'Otto',
      lastName: 'Ohnescript',
      line1: 'Ringstraße 5',
      postalCode: '80331',
      city: 'München',
    });
    const confirmation = (await page.locator('main').textContent()) ?? '';
    expect(confirmation).toContain('Bestellung eingegangen');
    expect(confirmation).toMatch(/2 × Bio-T-Shirt/);
    await saveScreenshot(page, 'buy-without-javascript');
    await ctx.close();
  });
});
