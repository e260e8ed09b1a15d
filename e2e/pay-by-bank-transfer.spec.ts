import { describe, expect, it } from 'vitest';
import { waitForMailTo } from './support/after-sale.js';
import { saveScreenshot } from './support/browser.js';
import { button, field, statusSays } from './support/editor.js';
import {
  addToCart,
  moneyJourney,
  openOrder,
  orderNumberOn,
  ownerOnPayments,
  placeOrder,
} from './support/payments.js';

/*
 * Issue 20: Vorkasse. The owner enters the shop's bank details in "Zahlungen"; a guest buys an e-book by
 * bank transfer and sees where to send the money (with a GiroCode); once the owner records the transfer,
 * the download link of the "Zahlung eingegangen" mail hands out the file.
 */

const EMAIL = 'vorkasse-e2e@example.de';

describe('a shopper pays in advance by bank transfer', () => {
  const journey = moneyJourney(() => ({ SMTP_URL: '' }));

  it('shows the bank details and GiroCode, and opens the download once the owner marks the order paid', async () => {
    const { server, browser } = journey;
    // The owner enters the bank details.
    const { owner, siteId } = await ownerOnPayments(journey);
    await field(owner, 'Kontoinhaber').fill('Werkstatt Bergsee GmbH');
    await field(owner, 'IBAN').fill('de89 3704 0044 0532 0130 00');
    await field(owner, 'BIC (optional)').fill('cobadeffxxx');
    await button(owner, 'Speichern').click();
    await statusSays(owner, 'Die Zahlungseinstellungen wurden gespeichert.');
    expect(await field(owner, 'IBAN').inputValue()).toBe('DE89 3704 0044 0532 0130 00');

    // The shopper buys the e-book by Vorkasse.
    const shopper = await browser.newContext({ javaScriptEnabled: false });
    const page = await shopper.newPage();
    await addToCart(page, server, 'e-book-sauerteig');
    await placeOrder(
      page,
      server,
      {
        email: EMAIL,
        firstName: 'Vera',
        lastName: 'Vorkasse',
        line1: 'Lindenallee 7',
        postalCode: '01067',
        city: 'Dresden',
      },
      'bank-transfer',
      /\/checkout\/bestaetigt/,
      { digitalConsent: true },
    );
    const orderNumber = await orderNumberOn(page);
    const confirmation = (await page.locator('main').textContent()) ?? '';
    expect(confirmation).toContain('Werkstatt Bergsee GmbH');
    expect(confirmation).toContain('DE89 3704 0044 0532 0130 00');
    expect(confirmation).toContain('COBADEFFXXX');
    expect(confirmation).toContain(`Bestellung ${orderNumber}`);
    const giroCode = page.getByRole('img', { name: /GiroCode/ });
    expect(await giroCode.count()).toBe(1);
    expect(await giroCode.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    await saveScreenshot(page, 'pay-by-bank-transfer');

    // Until the money is there, the download stays closed: the confirmation carries no link.
    const mailed = await waitForMailTo(server, EMAIL, /Bestellung/);
    expect(mailed).toContain('Die Download-Links erhältst du, sobald deine Zahlung eingegangen ist.');
    expect(mailed).not.toMatch(/\/downloads\/[0-9a-f]{32}/);

    // The transfer arrived: the owner records it.
    await openOrder(owner, server, siteId, orderNumber);
    await button(owner, 'Zahlung erhalten').click();
    await owner.getByRole('heading', { name: 'Erstattungen' }).waitFor();

    // "Zahlung eingegangen" brings the download link; it opens the file.
    const paidMail = await waitForMailTo(server, EMAIL, /ist bei .+ eingegangen/);
    const paidLink = /https?:\/\/\S+(\/downloads\/[0-9a-f]{32})/.exec(paidMail)?.[1];
    expect(paidLink).toBeTruthy();
    const file = await shopper.request.get(`${server.baseUrl}${paidLink}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toContain('brot-backen-mit-sauerteig.pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
