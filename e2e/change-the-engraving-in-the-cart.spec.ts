import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * The engraved key ring of the demo shop is in the cart with its answers; on the cart page the shopper
 * reads them, opens „Angaben ändern“ with the keyboard, gets a refused answer shown at its field and
 * saves a new one (decision 013: a plain disclosed form, no script on the cart page).
 */

/** Serious and critical axe findings in the cart's lines. */
async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('.cart-lines').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describe('a shopper changes the engraving in the cart', () => {
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

  it('R2.1.1 R2.2.7 R5.5.2 reads the answers, opens „Angaben ändern“ by keyboard, is refused an empty engraving, saves a new one', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/schluesselanhaenger-mit-gravur`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    await page.locator('[data-island="product-purchase"] button[type="submit"]').click();
    const dialog = page.getByRole('dialog', { name: 'Gravur' });
    await dialog.getByLabel(/Gravurtext/).fill('Für Oma');
    const added = page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await dialog.getByRole('button', { name: 'Gravur bestellen' }).click();
    expect((await added).status()).toBe(200);

    await page.goto(`${server.baseUrl}/cart`);
    const answers = page.locator('.cart-line__answers');
    await answers.getByText('Für Oma').waitFor();
    // Title and answer on one line, the title muted and followed by a colon.
    const titleStyle = await answers
      .locator('dt')
      .first()
      .evaluate((dt) => {
        const style = getComputedStyle(dt);
        return { after: getComputedStyle(dt, '::after').content, color: style.color };
      });
    expect(titleStyle).toEqual({ after: '":"', color: 'rgb(92, 92, 102)' });

    // The disclosure is a large enough target and opens with the keyboard; focus is visible on it.
    const summary = page.locator('.cart-line__answers-edit > summary');
    expect((await summary.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    const form = page.locator('.cart-line__answers-form');
    expect(await form.isVisible()).toBe(false);
    await summary.focus();
    await page.keyboard.press('Enter');
    await form.waitFor();
    expect(await summary.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

    // An empty required engraving comes back with the message at the field and a red border.
    await form.getByLabel(/Gravurtext/).fill('');
    const refused = page.waitForResponse((r) => r.url().includes('/angaben'));
    await form.getByRole('button', { name: /Angaben speichern/ }).click();
    expect((await refused).status()).toBe(422);
    const field = page.locator('.cart-line__answers-form').getByLabel(/Gravurtext/);
    await page.locator('.cart-line__answers-form').getByText('Erforderlich', { exact: true }).waitFor();
    expect(await field.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(179, 38, 30)');
    expect(await seriousFindings(page)).toEqual([]);
    await saveScreenshot(page, 'change-the-engraving-in-the-cart-refused');

    await field.fill('Für Opa');
    const saved = page.waitForResponse((r) => r.url().endsWith('/cart') && r.request().method() === 'GET');
    await page
      .locator('.cart-line__answers-form')
      .getByRole('button', { name: /Angaben speichern/ })
      .click();
    await saved;
    await page.locator('.cart-line__answers').getByText('Für Opa').waitFor();
    expect(await page.locator('.cart-line__answers-form').isVisible()).toBe(false);
    await saveScreenshot(page, 'change-the-engraving-in-the-cart-saved');
    await ctx.close();
  });
});
