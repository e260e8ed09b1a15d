import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { chooseProductOption } from './support/product-options.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/**
 * The order summary on a phone: one line above `content` naming the total while closed ("Bestellübersicht
 * anzeigen"); a tap opens the totals. A details element, so it works without script too.
 */
async function expectFoldedSummaryAbove(page: Page, content: string) {
  const fold = page.locator('details.checkout-summary-compact');
  const line = fold.locator('summary');
  expect(await fold.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
  const said = (await line.textContent())?.replace(/\s+/g, ' ').trim();
  expect(said).toMatch(/^Bestellübersicht anzeigen Gesamtsumme \d+,\d\d\s€$/);
  const lineBox = (await line.boundingBox())!;
  expect(lineBox.y + lineBox.height).toBeLessThanOrEqual((await page.locator(content).boundingBox())!.y);
  expect(lineBox.height).toBeGreaterThanOrEqual(44);
  const grand = fold.locator('.totals__grand dd');
  expect(await grand.isVisible()).toBe(false);
  await line.tap();
  await grand.waitFor();
  expect(said).toContain((await grand.textContent())?.replace(/\s/g, ' ').trim());
}

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

    // Size and colour are buttons; colours show their swatch, and white (sold out in M) says so.
    await chooseProductOption(page, 'Größe', 'M');
    const colours = page.getByRole('group', { name: 'Farbe', exact: true });
    const white = colours.getByRole('radio', { name: 'Weiß (ausverkauft)' });
    expect(await white.isEnabled()).toBe(true);
    expect(await colours.locator('.option-button--sold-out .option-button__text').textContent()).toBe('Weiß');
    const black = colours.locator('.option-button', { hasText: 'Schwarz' });
    const swatch = black.locator('.option-button__swatch');
    expect(await swatch.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(27, 27, 27)');
    const swatchBox = (await black.boundingBox())!;
    expect(swatchBox.height).toBeGreaterThanOrEqual(44);
    await black.tap();
    expect(await colours.getByRole('radio', { name: 'Schwarz' }).isChecked()).toBe(true);
    // The whole row fits the phone's width.
    const row = (await colours.boundingBox())!;
    expect(row.x + row.width).toBeLessThanOrEqual(390);

    // The add button sits in the bar at the bottom of the screen.
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

    // Cart and checkout: the order summary is folded at the top, saying the total while closed.
    await page.goto(`${server.baseUrl}/cart`);
    expect(await page.locator('main').textContent()).toContain('Bio-T-Shirt');
    await expectFoldedSummaryAbove(page, '.cart-lines');
    await page.goto(`${server.baseUrl}/commerce/goto-checkout`);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await expectFoldedSummaryAbove(page, '.checkout-form');
    expect(await page.locator('.checkout-layout > .cart-summary').isVisible()).toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // On a wide screen the summary stands beside the form, and the fold is gone.
    await page.setViewportSize({ width: 1366, height: 900 });
    const form = (await page.locator('.checkout-form').boundingBox())!;
    const aside = (await page.locator('.checkout-layout > .cart-summary').boundingBox())!;
    expect(aside.x).toBeGreaterThanOrEqual(form.x + form.width);
    expect(Math.abs(aside.y - form.y)).toBeLessThan(40);
    expect(await page.locator('.checkout-summary-compact').isVisible()).toBe(false);
    await ctx.close();
  });
});
