import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/** Serious and critical axe findings, as "rule: target" lines (empty when the page passes). */
async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describe('every shop page can be used with assistive technology', () => {
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

  it('axe finds nothing serious on home, list, product, contact, cart and checkout', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const findings: Record<string, string[]> = {};
    for (const path of [
      '/',
      '/shop',
      '/shop/p/bio-t-shirt',
      '/shop/p/kapuzenpullover-nordwind',
      '/kontakt',
    ]) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForSelector('[data-island="cart-pill"] [data-hydrated="true"]', { state: 'attached' });
      findings[path] = await seriousFindings(page);
    }
    // Put something in the cart so that the cart and the checkout show their forms.
    await page.goto(`${server.baseUrl}/shop/p/bio-t-shirt`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    await page.selectOption('select[name="option-Größe"]', 'S');
    const colour = await page.locator('select[name="option-Farbe"] option').nth(1).getAttribute('value');
    await page.selectOption('select[name="option-Farbe"]', colour ?? '');
    const added = page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await page.locator('[data-island="product-purchase"] button[type="submit"]').click();
    expect((await added).status()).toBe(200);
    for (const path of ['/cart', '/checkout']) {
      await page.goto(`${server.baseUrl}${path}`);
      findings[path] = await seriousFindings(page);
    }
    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((k) => [k, []])));
    await ctx.close();
  });
});
