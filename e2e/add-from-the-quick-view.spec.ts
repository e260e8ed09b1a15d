import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * A shopper opens a product's quick view on the list page, adds it from the overlay and sees the pill
 * and the added-item popover update; the add is tracked with the page type 'quick view' (spec 2, 4, 7).
 */

/** The tracker events the page sent (POST or beacon): schema name and parsed content. */
function trackerEvents(requests: Request[]): { schema: string; content: Record<string, unknown> }[] {
  return requests
    .filter((r) => r.url().endsWith('/api/v1/clanker/events'))
    .map((r) => {
      try {
        const body = JSON.parse(r.postData() ?? '{}');
        return { schema: String(body.eventSchemaName), content: JSON.parse(body.eventContent ?? '{}') };
      } catch {
        return { schema: '', content: {} };
      }
    });
}

describe('a shopper adds a product from the quick view', () => {
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

  it('R2.2.5 R2.4.1 R4.2.2 R7.6.7 R7.9.2 opens the quick view from the list, adds, sees pill and popover, and the add is tracked as quick view', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.goto(`${server.baseUrl}/shop`);

    const opener = page.getByRole('button', { name: 'Schnellansicht: Emaille-Becher „Bergsee“' });
    await opener.waitFor();
    // The button works once its island is hydrated (it then marks itself).
    await page.waitForSelector(
      '[aria-label="Schnellansicht: Emaille-Becher „Bergsee“"][data-hydrated="true"]',
      {
        timeout: 15_000,
      },
    );
    const recorded = page.waitForRequest((r) => r.url().includes('/api/census/RecordQuickView/'));
    await opener.click();
    const record = await recorded;
    expect(record.method()).toBe('POST');
    expect(record.postData() ?? '').toBe('');

    const dialog = page.getByRole('dialog', { name: 'Emaille-Becher „Bergsee“' });
    await dialog.waitFor();
    await dialog.locator('[data-hydrated="true"]').first().waitFor({ state: 'attached' });
    const addButton = dialog.locator('button[type="submit"]');
    const added = page.waitForResponse(
      (r) => r.url().endsWith('/api/commerce/shopping-cart/entries') && r.request().method() === 'POST',
    );
    await addButton.click();
    expect((await added).status()).toBe(200);

    // The overlay's button says it worked; the popover and the pill show the new cart.
    await dialog.locator('button[type="submit"]', { hasText: 'Hinzugefügt!' }).waitFor();
    await page.locator('.added-popover--visible').waitFor();
    await page.locator('.cart-pill .cart-pill__count', { hasText: '1' }).waitFor();
    expect(await page.locator('.cart-pill').isVisible()).toBe(true);
    await saveScreenshot(page, 'add-from-the-quick-view');

    // The add-to-cart event carries the page type of the overlay, not the list's.
    await expect
      .poll(() => trackerEvents(requests).find((e) => e.schema === 'commerce_add_to_cart'), {
        timeout: 10_000,
      })
      .toBeDefined();
    const event = trackerEvents(requests).find((e) => e.schema === 'commerce_add_to_cart')!;
    expect(event.content.page_type).toBe('quick view');
    await ctx.close();
  });
});
