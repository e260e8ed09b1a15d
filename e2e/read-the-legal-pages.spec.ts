import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { checkOutWithBankTransfer } from './support/checkout.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

const LEGAL_LINKS = [
  ['Vertrag widerrufen', '/vertrag-widerrufen'],
  ['Impressum', '/impressum'],
  ['Datenschutzerklärung', '/datenschutz'],
  ['AGB', '/agb'],
  ['Widerrufsbelehrung', '/widerruf'],
  ['Versand und Zahlung', '/versand-und-zahlung'],
  ['Erklärung zur Barrierefreiheit', '/barrierefreiheit'],
] as const;

async function orderMailTo(dataDir: string, to: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
    } catch {
      /* no mail yet */
    }
    for (const f of files) {
      const mail = await simpleParser(readFileSync(join(dataDir, 'mail', f)));
      const address = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      if (address?.includes(to) && /Deine Bestellung/.test(mail.subject ?? '')) return mail.text ?? '';
    }
    if (Date.now() > deadline) throw new Error(`Keine Bestellbestätigung an ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('a shopper reads the legal pages from anywhere in the shop', () => {
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

  it('§5 DDG §356a BGB every page type has the legal links and "Vertrag widerrufen" in its footer', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const pages = [
      '/', // home
      '/shop', // shop list
      '/shop/p/emaille-becher-bergsee', // product
      '/cart',
      '/account/anmelden',
      '/search?q=becher',
      '/bestellung/1', // order status (asks for the e-mail)
      '/gibt-es-nicht', // 404
    ];
    for (const path of pages) {
      await page.goto(`${server.baseUrl}${path}`);
      const footer = page.locator('footer nav[aria-label="Rechtliches"]');
      for (const [name, href] of LEGAL_LINKS)
        expect(
          await footer.getByRole('link', { name, exact: true }).getAttribute('href'),
          `${path}: ${name}`,
        ).toBe(href);
    }
    await ctx.close();
  });

  it("§5 DDG Art. 13 DSGVO BFSG the pages open from the footer and show the shop's data", async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto(`${server.baseUrl}/`);
    await page.locator('footer').getByRole('link', { name: 'Impressum', exact: true }).click();
    await page.waitForURL(/\/impressum$/);
    const impressum = (await page.locator('main').textContent()) ?? '';
    expect(impressum).toContain('Angaben nach § 5 DDG');
    expect(impressum).toContain('Musterstraße 1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await saveScreenshot(page, 'read-the-legal-pages-impressum');

    await page.goto(`${server.baseUrl}/datenschutz`);
    const privacy = (await page.locator('main').textContent()) ?? '';
    expect(privacy).toContain('Art. 13 DSGVO');
    // The demo has built-in comments switched on: the privacy page says so.
    expect(privacy).toContain('Kommentare');
    await page.goto(`${server.baseUrl}/barrierefreiheit`);
    expect(await page.locator('main').textContent()).toContain('Barrierefreiheitsstärkungsgesetzes (BFSG)');
    await page.goto(`${server.baseUrl}/widerruf`);
    const notice = (await page.locator('main').textContent()) ?? '';
    expect(notice).toContain(
      'Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.',
    );
    expect(notice).toContain('Muster-Widerrufsformular');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await ctx.close();
  });

  it('§312f BGB the checkout links AGB, Widerrufsbelehrung and Datenschutz, and the order mail carries the texts', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/emaille-becher-bergsee`);
    await Promise.all([
      page.waitForURL(/\/cart$/),
      page.locator('form[action="/api/commerce/shopping-cart/entries"] button[type="submit"]').click(),
    ]);
    await page.goto(`${server.baseUrl}/checkout`);
    const checkoutNote = page.locator('main .checkout-legal');
    for (const [name, href] of [
      ['AGB', '/agb'],
      ['Widerrufsbelehrung', '/widerruf'],
      ['Datenschutzerklärung', '/datenschutz'],
    ])
      expect(await checkoutNote.getByRole('link', { name }).getAttribute('href')).toBe(href);
    // The footer's links on the checkout page as well.
    expect(await page.locator('footer').getByRole('link', { name: 'Vertrag widerrufen' }).count()).toBe(1);
    await checkOutWithBankTransfer(page, {
      email: 'rechtstexte@example.de',
      firstName: 'Rita',
      lastName: 'Recht',
      line1: 'Am Markt 2',
      postalCode: '04109',
      city: 'Leipzig',
    });
    const mail = await orderMailTo(server.dataDir, 'rechtstexte@example.de');
    expect(mail).toContain('Dein Vertragspartner ist Baukasten Demo-Laden');
    expect(mail).toMatch(/in der Fassung \d+, die für deine Bestellung gilt/);
    expect(mail).toContain(
      'Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.',
    );
    expect(mail).toContain('Muster-Widerrufsformular');
    expect(mail).toMatch(/Vertrag widerrufen: http:\/\/\S+\/vertrag-widerrufen/);
    expect(mail).toMatch(/Impressum: http:\/\/\S+\/impressum/);
    await ctx.close();
  });
});
