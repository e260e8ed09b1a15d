import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrderAsOwner, waitForMailTo } from './support/after-sale.js';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { button, field, statusSays } from './support/editor.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 23: the owner uploads the real file of a digital product in the product editor; a guest buys it
 * with Vorkasse, gets no link until the owner marks the order paid, then downloads exactly that file.
 */

const EMAIL = 'datei-kaeuferin@example.de';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the owner sells a download', () => {
  let server: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startShopServer({ SMTP_URL: '' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('owner uploads the presets, the shopper buys them and downloads the same bytes once paid', async () => {
    // A small real file: a zip header and random bytes, 300 KB.
    const bytes = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(300 * 1024)]);
    const path = join(mkdtempSync(join(tmpdir(), 'baukasten-datei-')), 'Herbst-Presets.zip');
    writeFileSync(path, bytes);

    // The owner opens the product in the editor and uploads the file.
    const owner = await (await browser.newContext()).newPage();
    await owner.goto(`${server.baseUrl}/config/anmelden`);
    await field(owner, 'E-Mail-Adresse').fill('demo@baukasten.localhost');
    await field(owner, 'Passwort').fill('baukasten-demo');
    await button(owner, 'Anmelden').click();
    await owner.waitForURL((url) => !url.pathname.endsWith('/anmelden'));
    await owner.goto(`${server.baseUrl}/config`);
    const site = (await owner.locator('a.card-link').first().getAttribute('href')) ?? '';
    await owner.goto(`${server.baseUrl}${site}/produkte`);
    await owner
      .getByRole('link', { name: /Lightroom/ })
      .first()
      .click();
    await owner.getByRole('heading', { name: 'Datei zum Herunterladen' }).waitFor();
    await owner.getByLabel('Datei auswählen (höchstens 200 MB)').setInputFiles(path);
    await button(owner, 'Datei hochladen').click();
    await statusSays(owner, 'Gespeichert: Die Datei ist hochgeladen.');
    const panel = (await owner.locator('section[aria-labelledby="product-file-title"]').textContent()) ?? '';
    expect(panel).toContain('Herbst-Presets.zip');
    expect(panel).toContain('application/zip');
    expect(panel).toContain(sha256(bytes));
    await saveScreenshot(owner, 'sell-a-download-owner');

    // The shopper buys the presets with Vorkasse, without JavaScript.
    const shopper = await browser.newContext({ javaScriptEnabled: false });
    const page = await shopper.newPage();
    await page.goto(`${server.baseUrl}/shop/p/lightroom-presets-herbst`);
    await Promise.all([
      page.waitForURL(/\/cart$/),
      page.locator('form[action="/api/commerce/shopping-cart/entries"] button[type="submit"]').click(),
    ]);
    await page.goto(`${server.baseUrl}/checkout`);
    // A download needs no delivery address: the checkout asks only for what it shows.
    const shopperData = {
      email: EMAIL,
      firstName: 'Dora',
      lastName: 'Download',
      line1: 'Lindenweg 5',
      postalCode: '50667',
      city: 'Köln',
    };
    for (const [name, value] of Object.entries(shopperData))
      if (await page.locator(`#${name}`).count()) await page.fill(`#${name}`, value);
    if (await page.locator('#country').count()) await page.selectOption('#country', 'DE');
    await page.check('input[name="paymentMethod"][value="bank-transfer"]');
    // The consent that the download starts before the withdrawal period ends (§ 356 Abs. 5 BGB).
    await page.check('#digitalConsent');
    for (const box of await page.locator('input[type="checkbox"][required]').all()) await box.check();
    await Promise.all([
      page.waitForURL(/\/checkout\/bestaetigt/),
      page
        .locator('form[action="/api/commerce/checkout"] button[type="submit"]:not([formnovalidate])')
        .click(),
    ]);
    const confirmation = (await page.locator('main').textContent()) ?? '';
    const orderNumber = /Bestell(?:ung|nummer)\D*(\d{4,})/.exec(confirmation)?.[1];
    expect(orderNumber).toBeTruthy();
    // Nothing before the money is there: the confirmation says when the link comes and carries none.
    const confirmationMail = await waitForMailTo(server, EMAIL, /Download-Links erhältst du/);
    expect(confirmationMail).not.toMatch(/\/downloads\/[0-9a-f]{32}/);

    // The owner sees the transfer and marks the order paid; the payment mail brings the link.
    const orders = await (await browser.newContext()).newPage();
    await openOrderAsOwner(orders, server, orderNumber!);
    await button(orders, 'Zahlung erhalten').click();
    const mail = await waitForMailTo(server, EMAIL, /\/downloads\/[0-9a-f]{32}/);
    const link = /\/downloads\/[0-9a-f]{32}/.exec(mail)![0];

    // Now the shopper gets the real file, as an attachment with its name.
    const file = await shopper.request.get(`${server.baseUrl}${link}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/zip');
    expect(file.headers()['content-disposition']).toContain("filename*=UTF-8''Herbst-Presets.zip");
    expect(sha256(await file.body())).toBe(sha256(bytes));
  });
});
