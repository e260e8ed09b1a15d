import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

describe('a shopper fills the cart and sees the pill', () => {
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

  it('R1.3.1 R2.2.13 R2.2.14 R4.2.2 R4.2.7 shows count and subtotal in the cart pill after adding to the cart', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop?format=json`);
    const shop = JSON.parse((await page.locator('body').textContent()) ?? '{}');
    const product = shop.items.find(
      (i: any) =>
        i.structuredContent.productType === 1 && i.structuredContent.variants.some((v: any) => v.unlimited),
    );
    const variant = product.structuredContent.variants.find((v: any) => v.unlimited);

    await page.goto(`${server.baseUrl}/`);
    await page.waitForSelector('[data-island="cart-pill"] [data-hydrated="true"]', { state: 'attached' });
    // Empty cart: the header still links the cart by name; the count and subtotal wait for a first item.
    expect(await page.getByRole('link', { name: 'Warenkorb', exact: true }).isVisible()).toBe(true);
    expect(await page.locator('.cart-pill__summary').isHidden()).toBe(true);

    // The page's own fetch, with the crumb cookie echoed as the islands do.
    const status = await page.evaluate(
      async ({ itemId, sku }) => {
        const crumb = /(?:^|; )crumb=([^;]+)/.exec(document.cookie)?.[1] ?? '';
        const res = await fetch('/api/commerce/shopping-cart/entries', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(crumb) },
          body: JSON.stringify({ itemId, sku, quantity: 2, additionalFields: '{}' }),
        });
        return res.status;
      },
      { itemId: product.id, sku: variant.sku },
    );
    expect(status).toBe(200);

    await page.reload();
    const pill = page.locator('.cart-pill');
    await pill.locator('.cart-pill__count', { hasText: '2' }).waitFor();
    expect(await pill.isVisible()).toBe(true);
    expect(await pill.getAttribute('href')).toBe('/cart');
    expect(await pill.locator('.cart-pill__subtotal').textContent()).toMatch(/€/);
    await saveScreenshot(page, 'fill-the-cart-pill');
    await ctx.close();
  });
});
