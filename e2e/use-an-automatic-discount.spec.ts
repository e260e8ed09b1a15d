import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { checkOutWithBankTransfer } from './support/checkout.js';
import { field } from './support/editor.js';
import { addMugToCart, signInAsDemoOwner } from './support/page-tour.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 23: the owner creates the automatic discount "10 % ab 50 €" in the editor. A shopper whose cart is
 * under 50 € sees no discount; from 50 € the cart names it, and the order costs the total shown.
 */

const cartTotals = (page: Page) => page.locator('dl.totals').first().textContent();

describe('an automatic discount', () => {
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

  it('the owner creates "10 % ab 50 €"; the cart shows it from 50 € and the order costs the shown total', async () => {
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 1600 } });
    const owner = await ownerContext.newPage();
    const site = await signInAsDemoOwner(owner, server);
    // The owner's session sends the coupon list as the settings form sends it (the form's fields are
    // covered by the editor's unit tests); this journey is about what the shopper then sees and pays.
    const siteId = site.split('/').pop() ?? '';
    await owner.goto(`${server.baseUrl}${site}/einstellungen`);
    const status = await owner.evaluate(async (id) => {
      const crumb = /(?:^|; )crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch(`/api/admin/sites/${id}/store-settings`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(crumb) },
        body: JSON.stringify({
          coupons: [
            { code: 'WILLKOMMEN10', percentOff: 10 },
            {
              automatic: true,
              name: '10 % ab 50 €',
              kind: 'percent',
              percentOff: 10,
              minimumSubtotalMinor: 5000,
            },
          ],
        }),
      });
      return res.status;
    }, siteId);
    expect(status).toBe(200);
    // The editor shows it as an automatic discount with its name.
    await owner.reload();
    await expect.poll(() => field(owner, 'Name im Warenkorb').last().inputValue()).toBe('10 % ab 50 €');
    expect(await owner.getByLabel('Automatisch (ohne Code)').last().isChecked()).toBe(true);
    await ownerContext.close();

    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    // One mug (9,90 €): under 50 €, no discount.
    await addMugToCart(page, server);
    await page.goto(`${server.baseUrl}/cart`);
    expect(await cartTotals(page)).not.toContain('10 % ab 50 €');

    // Six mugs (59,40 €): the cart names the discount and takes 5,94 € off.
    for (let i = 0; i < 5; i++) await addMugToCart(page, server);
    await page.goto(`${server.baseUrl}/cart`);
    const lines = (await cartTotals(page)) ?? '';
    expect(lines).toContain('10 % ab 50 €');
    expect(lines.replace(/\s+/g, ' ')).toContain('10 % ab 50 €−5,94 €');
    await saveScreenshot(page, 'use-an-automatic-discount');

    await page.goto(`${server.baseUrl}/checkout`);
    const shownTotal = (
      (await page.locator('.order-total dl.totals__option:visible .totals__grand dd').textContent()) ?? ''
    ).trim();
    expect(await page.locator('.order-total dl.totals__option:visible').textContent()).toContain(
      '10 % ab 50 €',
    );
    await checkOutWithBankTransfer(page, {
      email: 'rabatt@example.de',
      firstName: 'Rita',
      lastName: 'Rabatt',
      line1: 'Sparweg 5',
      postalCode: '10115',
      city: 'Berlin',
    });
    const confirmation = (await page.locator('main').textContent()) ?? '';
    expect(confirmation).toContain('10 % ab 50 €');
    expect(confirmation).toContain(shownTotal);
    await ctx.close();
  });
});
