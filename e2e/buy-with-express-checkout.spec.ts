import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { checkOutWithBankTransfer } from './support/checkout.js';
import { linkInMail } from './support/mail.js';
import { chooseProductOption } from './support/product-options.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Express checkout (spec 4): with the store setting on, a successful add goes straight to checkout, but
 * only when the cart cookie exists. The owner turns the setting on through the admin API (the editor's
 * own calls); the shopper's part runs in Chromium.
 */

/** The owner's calls, with a cookie jar and the crumb echoed as the admin API asks (double submit). */
function adminClient(baseUrl: string) {
  const jar = new Map<string, string>();
  return async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (jar.has('crumb')) headers['x-csrf-token'] = jar.get('crumb')!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}/api/admin${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
  };
}

describe('a shopper buys with express checkout', () => {
  let server: ShopServer;
  let browser: Browser;
  let siteOrigin: string;

  beforeAll(async () => {
    server = await startShopServer({ SMTP_URL: '' });
    browser = await launchBrowser();
    const admin = adminClient(server.baseUrl);
    await admin('GET', '/session');
    const subdomain = `express-${randomBytes(4).toString('hex')}`;
    const account = await admin('POST', '/accounts', {
      email: `${subdomain}@example.de`,
      password: 'sehr-geheim-123',
      name: 'Erika Express',
    });
    // The sign-up signs nobody in (security review #18): the token of its mail makes the account.
    expect(account.status).toBe(202);
    const link = await linkInMail(server.dataDir, `${subdomain}@example.de`, '/config/konto-bestaetigen');
    const token = new URL(link, server.baseUrl).searchParams.get('token');
    expect((await admin('POST', '/accounts/verify', { token })).status).toBe(201);
    const site = await admin('POST', '/sites', {
      title: 'Expressladen',
      subdomain,
      currency: 'EUR',
      starter: 'demo',
    });
    expect(site.status).toBe(201);
    const express = await admin('PATCH', `/sites/${site.body.site.id}`, {
      settings: { storeSettings: { expressCheckout: true } },
    });
    expect(express.body.site.settings.storeSettings.expressCheckout).toBe(true);
    siteOrigin = `http://${subdomain}.localhost:${server.port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('R4.1.10 R4.1.11 R2.1.6 R2.1.7 R8.1.2 an add goes straight to checkout once the cart cookie exists, and the alert says the article cannot be bought', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();

    // A missing option: in express mode the alert says the article cannot be bought.
    await page.goto(`${siteOrigin}/shop/p/bio-t-shirt`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    await page.locator('[data-island="product-purchase"] button[type="submit"]').click();
    const alert = page.getByRole('alertdialog');
    await alert.waitFor();
    expect(await alert.locator('h2').textContent()).toBe('Artikel kann nicht gekauft werden');
    await page.keyboard.press('Escape');
    await alert.waitFor({ state: 'detached' });

    // A complete choice: the add answers with the cart cookie, and the page moves on to checkout.
    await chooseProductOption(page, 'Größe', 'S');
    await chooseProductOption(page, 'Farbe');
    await Promise.all([
      page.waitForURL(/\/checkout$/),
      page.locator('[data-island="product-purchase"] button[type="submit"]').click(),
    ]);
    expect(await page.locator('main').textContent()).toContain('Bio-T-Shirt');
    await saveScreenshot(page, 'buy-with-express-checkout-checkout');

    await checkOutWithBankTransfer(page, {
      email: 'express@example.de',
      firstName: 'Erik',
      lastName: 'Eilig',
      line1: 'Schnellweg 2',
      postalCode: '20095',
      city: 'Hamburg',
    });
    expect(await page.locator('main').textContent()).toContain('Bestellung eingegangen');
    await saveScreenshot(page, 'buy-with-express-checkout-confirmation');
    await ctx.close();
  });

  it('R4.1.11 without a cart cookie the add stays on the page and shows the added state', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    // The browser keeps no cookie from the add's answer (as with cookies blocked for the site).
    await page.route('**/api/commerce/shopping-cart/entries', async (route) => {
      // Node cannot resolve the site's *.localhost name: the same call goes to 127.0.0.1 with its Host.
      const request = route.request();
      const response = await route.fetch({
        url: `${server.baseUrl}${new URL(request.url()).pathname}`,
        headers: { ...(await request.allHeaders()), host: new URL(siteOrigin).host },
      });
      const headers = { ...response.headers() };
      // The body comes decoded; only the cookies are meant to go.
      for (const name of ['set-cookie', 'content-encoding', 'content-length']) delete headers[name];
      await route.fulfill({ response, headers });
    });
    await page.goto(`${siteOrigin}/shop/p/emaille-becher-bergsee`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    const button = page.locator('[data-island="product-purchase"] button[type="submit"]');
    const added = page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await button.click();
    expect((await added).status()).toBe(200);
    await page.locator('[data-island="product-purchase"] button[data-state="added"]').waitFor();
    await page.locator('.added-popover--visible').waitFor();
    expect(new URL(page.url()).pathname).toBe('/shop/p/emaille-becher-bergsee');
    await saveScreenshot(page, 'buy-with-express-checkout-no-cookie');
    await ctx.close();
  });
});
