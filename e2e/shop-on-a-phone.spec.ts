import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

describe('a shopper on a phone (390 px)', () => {
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

  it('issue 22 opens the menu, swipes the pictures, chooses, adds from the sticky bar and reaches checkout', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/bio-t-shirt`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });

    // The header's menu opens as a drawer with the shop's pages.
    await page.getByText('Menü', { exact: true }).click();
    const drawer = page.locator('details[data-site-menu]');
    expect(await drawer.getAttribute('open')).not.toBeNull();
    expect(await drawer.getByRole('link', { name: 'Shop' }).first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      () => !document.querySelector('details[data-site-menu]')?.hasAttribute('open'),
    );

    // A swipe across the main picture shows the next one, and its thumbnail is marked.
    const main = page.locator('.product-gallery__main img');
    await page.locator('.product-gallery__thumbnail[aria-pressed]').first().waitFor();
    const before = await main.getAttribute('src');
    const box = (await main.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => main.getAttribute('src')).not.toBe(before);
    expect(await main.getAttribute('alt')).toBe('Bio-T-Shirt, Rückseite');
    expect(await page.locator('.product-gallery__thumbnail').nth(1).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Choosing size and colour; the add button sits in the bar at the bottom of the screen.
    await page.selectOption('select[name="option-Größe"]', 'M');
    const colour = await page.locator('select[name="option-Farbe"] option').nth(1).getAttribute('value');
    await page.selectOption('select[name="option-Farbe"]', colour ?? '');
    const bar = page.locator('.product-purchase__bar');
    const barBox = (await bar.boundingBox())!;
    expect(Math.round(barBox.y + barBox.height)).toBe(844);
    expect(await bar.locator('.product-purchase__bar-price').textContent()).toContain('24,90');
    await saveScreenshot(page, 'shop-on-a-phone-product');

    const added = page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await bar.getByRole('button').click();
    expect((await added).status()).toBe(200);
    await page.locator('.cart-pill .cart-pill__count', { hasText: '1' }).waitFor();

    // Delivery and returns are linked beside the button.
    expect(await page.locator('.product-service a[href="/versand-und-zahlung"]').count()).toBe(1);
    expect(await page.locator('.product-service a[href="/widerruf"]').count()).toBe(1);

    // Cart and checkout.
    await page.goto(`${server.baseUrl}/cart`);
    expect(await page.locator('main').textContent()).toContain('Bio-T-Shirt');
    await page.goto(`${server.baseUrl}/commerce/goto-checkout`);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await ctx.close();
  });
});
