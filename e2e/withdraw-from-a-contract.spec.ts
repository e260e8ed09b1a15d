import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { checkOutWithBankTransfer } from './support/checkout.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/** Mails the shop wrote (without SMTP_URL the outbox writes .eml files to DATA_DIR/mail), with recipient. */
async function mailsIn(dataDir: string): Promise<{ to: string; subject: string; text: string }[]> {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => {
      const mail = await simpleParser(readFileSync(join(dataDir, 'mail', f)));
      const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      return { to: to ?? '', subject: mail.subject ?? '', text: mail.text ?? '' };
    }),
  );
}

async function waitForMail(dataDir: string, subject: RegExp, to: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await mailsIn(dataDir)).find((m) => subject.test(m.subject) && m.to.includes(to));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Keine Mail „${subject}“ an ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const EMAIL = 'widerruf-gast@example.de';

describe('a guest withdraws from a contract through the footer button', () => {
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

  it('§356a BGB "Vertrag widerrufen" in the footer, two steps without signing in, "Widerruf bestätigen", confirmation mail with date and time', async () => {
    // A guest buys a mug, without an account.
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/emaille-becher-bergsee`);
    await Promise.all([
      page.waitForURL(/\/cart$/),
      page.locator('form[action="/api/commerce/shopping-cart/entries"] button[type="submit"]').click(),
    ]);
    await page.goto(`${server.baseUrl}/checkout`);
    await checkOutWithBankTransfer(page, {
      email: EMAIL,
      firstName: 'Gabi',
      lastName: 'Gast',
      line1: 'Ringstraße 5',
      postalCode: '80331',
      city: 'München',
    });
    const confirmation = (await page.locator('main').textContent()) ?? '';
    const orderNumber = /Bestell(?:ung|nummer)\D*(\d{4,})/.exec(confirmation)?.[1];
    expect(orderNumber).toBeTruthy();

    // From any page, the footer's button: here the home page, on a phone-sized screen.
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto(`${server.baseUrl}/`);
    const button = page.locator('footer').getByRole('link', { name: 'Vertrag widerrufen' });
    await expect(button.isVisible()).resolves.toBe(true);
    await Promise.all([page.waitForURL(/\/vertrag-widerrufen$/), button.click()]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // Step one: name, order number, e-mail — a wrong e-mail is refused in German first.
    await page.getByLabel('Dein Name').fill('Gabi Gast');
    await page.getByLabel('Bestellnummer').fill(orderNumber!);
    await page.getByLabel('E-Mail-Adresse der Bestellung').fill('falsch@example.de');
    await page.getByRole('button', { name: 'Weiter' }).click();
    expect(await page.getByRole('alert').textContent()).toContain(
      'Wir finden keine Bestellung mit dieser Bestellnummer',
    );
    await page.getByLabel('E-Mail-Adresse der Bestellung').fill(EMAIL);
    await page.getByRole('button', { name: 'Weiter' }).click();

    // Step two: the items, then "Widerruf bestätigen".
    expect(await page.locator('main').textContent()).toContain('Emaille-Becher');
    expect(await page.getByRole('checkbox').first().isChecked()).toBe(true);
    await saveScreenshot(page, 'withdraw-from-a-contract-review');
    await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();
    const done = (await page.locator('main').textContent()) ?? '';
    expect(done).toContain('Dein Widerruf ist am');
    expect(done).toContain(`Bestellung Nr. ${orderNumber}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // The confirmation mail: content of the declaration, date and time of receipt.
    const mail = await waitForMail(server.dataDir, /Eingangsbestätigung deines Widerrufs/, EMAIL);
    expect(mail.text).toContain(`Bestellung Nr. ${orderNumber}`);
    expect(mail.text).toContain('Hiermit widerrufe ich den von mir abgeschlossenen Vertrag');
    expect(mail.text).toMatch(/am \d{1,2}\. \S+ \d{4} um \d{2}:\d{2} Uhr erhalten/);
    // The owner is told too (the demo's contact address).
    const notice = await waitForMail(
      server.dataDir,
      /Widerruf zu Bestellung Nr\./,
      'laden@baukasten.localhost',
    );
    expect(notice.text).toContain('Gabi Gast');

    // Asking again tells the shopper it is done, instead of a second declaration.
    await page.goto(`${server.baseUrl}/vertrag-widerrufen`);
    await page.getByLabel('Dein Name').fill('Gabi Gast');
    await page.getByLabel('Bestellnummer').fill(orderNumber!);
    await page.getByLabel('E-Mail-Adresse der Bestellung').fill(EMAIL);
    await page.getByRole('button', { name: 'Weiter' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('bereits am');
    await ctx.close();
  });
});
