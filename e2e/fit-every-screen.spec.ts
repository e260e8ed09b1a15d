import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { checkOutWithBankTransfer } from './support/checkout.js';
import { field } from './support/editor.js';
import { layoutProblems, smallTapTargets, WIDTHS } from './support/layout-checks.js';
import {
  ACCOUNT_PATHS,
  addMugToCart,
  EDITOR_SECTIONS,
  STOREFRONT_PATHS,
  signInAsDemoOwner,
  signUpCustomer,
} from './support/page-tour.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 22: the shop and the editor are used on phones. Every storefront page type and every editor
 * screen is looked at from a 320 px phone to a 1440 px desktop; at no width may the page scroll sideways,
 * text be drawn over text, or a tap target be smaller than 24 px. Findings are collected per page and
 * width, so one run names everything that does not fit.
 */

/** Checks the loaded page at every width; returns "width path: problem" lines. */
async function checkAtEveryWidth(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const problems = [...(await layoutProblems(page)), ...(await smallTapTargets(page))];
    for (const p of problems) found.push(`${width} px ${label}: ${p}`);
    if (problems.length > 0) await saveScreenshot(page, `fit-${label.replace(/\W+/g, '_')}-${width}`);
  }
  return found;
}

describe('every screen fits every width from 320 to 1440 px', () => {
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

  it('WCAG 1.4.10 every storefront page type, from an empty cart to the order status of a signed-in customer', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await ctx.newPage();
    const found: string[] = [];
    const visit = async (path: string) => {
      const res = await page.goto(`${server.baseUrl}${path}`);
      expect(res?.status(), path).toBeLessThan(500);
      found.push(...(await checkAtEveryWidth(page, path)));
    };

    for (const path of STOREFRONT_PATHS) await visit(path);

    // With something in the cart: the product page after adding, the cart and the checkout forms.
    await addMugToCart(page, server);
    found.push(...(await checkAtEveryWidth(page, '/shop/p/emaille-becher-bergsee (hinzugefügt)')));
    await visit('/cart');
    await visit('/checkout');

    // The header's drawer, opened on a phone, fits as well.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.getByText('Menü', { exact: true }).click();
    found.push(...(await layoutProblems(page)).map((p) => `320 px Menü offen: ${p}`));
    await page.getByText('Menü', { exact: true }).click();

    await page.setViewportSize({ width: 1024, height: 800 });
    await checkOutWithBankTransfer(page, {
      email: 'passt@example.de',
      firstName: 'Paula',
      lastName: 'Passgenau',
      line1: 'Schmale Gasse 1',
      postalCode: '10115',
      city: 'Berlin',
    });
    found.push(...(await checkAtEveryWidth(page, '/checkout/bestaetigt')));

    // Issue 22: the signed-in customer's pages and the order-status page fit too. The account takes the
    // guest order above (same address), so the order list has a row and its status page a real order.
    await signUpCustomer(page, server, 'passt@example.de');
    for (const path of ACCOUNT_PATHS) await visit(path);
    await page.goto(`${server.baseUrl}/account/bestellungen`);
    await Promise.all([
      page.waitForURL(/\/bestellung\//),
      page.getByRole('link', { name: 'Bestellstatus ansehen' }).first().click(),
    ]);
    found.push(...(await checkAtEveryWidth(page, '/bestellung (Bestellstatus)')));

    expect(found).toEqual([]);
    await ctx.close();
  }, 240_000);

  it('every editor screen of the demo shop', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await ctx.newPage();
    const found: string[] = [];
    const check = async (path: string, ready: () => Promise<unknown>) => {
      await page.goto(`${server.baseUrl}${path}`);
      await ready();
      found.push(...(await checkAtEveryWidth(page, path)));
    };
    const heading = () => page.locator('main h1, main h2').first().waitFor();

    await check('/config/anmelden', () => field(page, 'E-Mail-Adresse').waitFor());
    await check('/config/registrieren', () => field(page, 'E-Mail-Adresse').waitFor());

    // The demo shop's owner account works on 127.0.0.1, where the test server listens.
    await field(page, 'E-Mail-Adresse').waitFor();
    const site = await signInAsDemoOwner(page, server);

    await check('/config', heading);
    await check('/config/sites/neu', heading);
    await check('/config/konto', heading);
    for (const section of EDITOR_SECTIONS) await check(`${site}${section}`, heading);
    // A product of the demo shop opened in the product editor.
    await page.goto(`${server.baseUrl}${site}/produkte`);
    const product = page.locator(`main a[href^="${site}/produkte/"]:not([href$="/neu"])`).first();
    await product.waitFor();
    await check((await product.getAttribute('href')) ?? '', heading);

    expect(found).toEqual([]);
    await ctx.close();
  }, 300_000);
});
