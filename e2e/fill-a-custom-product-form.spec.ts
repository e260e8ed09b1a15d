import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * A product with an additional-fields form (the demo shop's engraved key ring): the add button opens
 * the form in a modal, the answers are checked, and the entry is added with them (spec 2, 3, 5, 7).
 */

/** The tracker events the page sent (POST or beacon), by schema name. */
function trackerSchemas(requests: Request[]): string[] {
  return requests
    .filter((r) => r.url().endsWith('/api/v1/clanker/events'))
    .map((r) => {
      try {
        return String(JSON.parse(r.postData() ?? '{}').eventSchemaName);
      } catch {
        return '';
      }
    });
}

/** Serious and critical axe findings inside the open dialog. */
async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describe('a shopper fills a custom product form', () => {
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

  it('R2.2.7 R3.3.1 R5.5.2 R7.1.2 R7.9.2 answers the engraving form in its modal, then the key ring is in the cart with the answers', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.goto(`${server.baseUrl}/shop/p/schluesselanhaenger-mit-gravur`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });

    // The add button opens the form; focus starts in its first field.
    await page.locator('[data-island="product-purchase"] button[type="submit"]').click();
    const dialog = page.getByRole('dialog', { name: 'Gravur' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('gravurtext');

    // Escape closes it without adding anything; the button opens it again.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-island="product-purchase"] button[type="submit"]').click();
    await dialog.waitFor();

    // An empty required answer is refused at the field.
    await dialog.getByRole('button', { name: 'Gravur bestellen' }).click();
    await dialog.getByText('Erforderlich', { exact: true }).waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    await saveScreenshot(page, 'fill-a-custom-product-form-required');

    await dialog.getByLabel(/Gravurtext/).fill('Für Oma');
    await dialog.getByLabel(/Schriftart/).selectOption('Schreibschrift');
    const added = page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await dialog.getByRole('button', { name: 'Gravur bestellen' }).click();
    const answer = await added;
    expect(answer.status()).toBe(200);
    const sent = JSON.parse(answer.request().postData() ?? '{}');
    expect(JSON.parse(sent.additionalFields)).toEqual([
      { id: 'gravurtext', type: 'text', rawTitle: 'Gravurtext', value: 'Für Oma' },
      { id: 'schriftart', type: 'select', rawTitle: 'Schriftart', value: 'Schreibschrift' },
    ]);
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.cart-pill .cart-pill__count', { hasText: '1' }).waitFor();
    await page.locator('.added-popover--visible').waitFor();
    await saveScreenshot(page, 'fill-a-custom-product-form-added');

    // The cart keeps the answers with the entry.
    const cart = await page.evaluate(async () => (await fetch('/api/commerce/shopping-cart')).json());
    expect(cart.entries).toHaveLength(1);
    expect(JSON.parse(cart.entries[0].additionalFields)[0]).toMatchObject({
      rawTitle: 'Gravurtext',
      value: 'Für Oma',
    });

    // Opening and saving the form are commerce events (spec 7), besides the add itself.
    await expect
      .poll(() => trackerSchemas(requests), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          'commerce_custom_form_open',
          'commerce_custom_form_save',
          'commerce_add_to_cart',
        ]),
      );
    await ctx.close();
  });
});
