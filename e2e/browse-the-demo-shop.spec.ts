import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

describe('a visitor browses the demo shop', () => {
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

  it('R1.1.4 R1.3.1 opens the German home page complete before scripts and hydrates the cart pill island', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(`${server.baseUrl}/`);
    expect(await noJs.getAttribute('html', 'lang')).toBe('de');
    expect(await noJs.locator('.site-title').textContent()).toContain('Baukasten');
    await context.close();

    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.baseUrl}/`);
    await page.waitForSelector('[data-island="cart-pill"] [data-hydrated="true"]', { state: 'attached' });
    expect(errors).toEqual([]);
    await saveScreenshot(page, 'browse-the-demo-shop-home');
    await ctx.close();
  });

  it('R1.2.1 R2.2.2 lists the demo products at /shop and opens a product detail page', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop`);
    const cards = page.locator('.product-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    const firstTitle = (await cards.first().locator('.product-card__title').textContent())?.trim();
    await cards.first().locator('a').first().click();
    await page.waitForURL(/\/shop\/p\//);
    expect((await page.locator('h1').textContent())?.trim()).toBe(firstTitle);
    await saveScreenshot(page, 'browse-the-demo-shop-product');
    await ctx.close();
  });
});
