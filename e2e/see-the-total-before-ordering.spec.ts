import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { addMugToCart } from './support/page-tour.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * § 1 PAngV and § 312j Abs. 2 BGB: directly above "Zahlungspflichtig bestellen" the shopper sees the total
 * with every line that makes it; the shipping method, the country and a discount code change it, and the
 * order then costs exactly the total last shown.
 */

/** The set of totals the shopper sees right above the order button (CSS shows the checked rate's). */
const shownTotal = (page: Page) =>
  page.locator('.order-total dl.totals__option:visible .totals__grand dd').textContent();
const shownLines = (page: Page) => page.locator('.order-total dl.totals__option:visible').textContent();

describe('a shopper sees the final total before ordering', () => {
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

  it('§ 312j BGB: method, country and code change the shown total, and the order costs that total', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await addMugToCart(page, server);
    await page.goto(`${server.baseUrl}/checkout`);

    // The block is the last thing before the button.
    const lastBeforeButton = await page
      .locator('form.checkout-form button:has-text("Zahlungspflichtig bestellen")')
      .evaluate((button) => button.previousElementSibling?.className);
    expect(lastBeforeButton).toBe('order-total');
    expect(await shownLines(page)).toMatch(
      /Zwischensumme[\s\S]*Versand \(Standardversand\)[\s\S]*Lieferzeit[\s\S]*MwSt\.[\s\S]*Gesamtsumme/,
    );
    const standard = await shownTotal(page);

    // The method: CSS shows the express set at once, without a script or a reload.
    await page.check('#versand-express');
    const express = await shownTotal(page);
    expect(express).not.toBe(standard);
    expect(await shownLines(page)).toContain('Versand (Expressversand)');

    // The country, through the update step (the page runs no script).
    await page.selectOption('#country', 'AT');
    await Promise.all([
      page.waitForLoadState('load'),
      page.getByRole('button', { name: 'Land und Versand übernehmen – Summe aktualisieren' }).click(),
    ]);
    expect(await page.locator('#country').inputValue()).toBe('AT');
    expect(await page.locator('#versand-express').isChecked()).toBe(true);

    // The code.
    await page.fill('#couponCodes', 'WILLKOMMEN10');
    await Promise.all([
      page.waitForLoadState('load'),
      page.getByRole('button', { name: 'Code einlösen – Summe aktualisieren' }).click(),
    ]);
    expect(await shownLines(page)).toContain('Rabatt (WILLKOMMEN10)');
    const withCode = await shownTotal(page);
    expect(withCode).not.toBe(express);
    await saveScreenshot(page, 'see-the-total-before-ordering');

    for (const [field, value] of Object.entries({
      email: 'summe@example.de',
      firstName: 'Anna',
      lastName: 'Alpen',
      line1: 'Ringstraße 1',
      postalCode: '1010',
      city: 'Wien',
    })) {
      await page.fill(`#${field}`, value);
    }
    await page.check('input[name="paymentMethod"][value="bank-transfer"]');
    await Promise.all([
      page.waitForURL(/\/checkout\/bestaetigt/),
      page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click(),
    ]);
    const confirmation = (await page.locator('main').textContent()) ?? '';
    expect(confirmation).toContain('Bestellung eingegangen');
    expect(confirmation).toContain(withCode?.trim());
    await ctx.close();
  });
});
