import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { button, field, statusSays } from './support/editor.js';
import { addToCart, openOrder, openPaymentsAsOwner, orderNumberOn, placeOrder } from './support/payments.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 21: a PDF invoice for every paid order. A guest buys by Vorkasse; once the owner records the
 * transfer ("Zahlung erhalten"), the order-status page offers "Rechnung herunterladen", and the PDF it
 * hands out is the invoice with its consecutive number. The editor's order page links to the same invoice.
 */

const EMAIL = 'rechnung-e2e@example.de';

describe('a shopper downloads the invoice of a paid order', () => {
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

  it('offers "Rechnung herunterladen" on the order-status page once paid, as a PDF with the invoice number', async () => {
    const owner = await (await browser.newContext()).newPage();
    const siteId = await openPaymentsAsOwner(owner, server);
    await field(owner, 'Kontoinhaber').fill('Werkstatt Bergsee GmbH');
    await field(owner, 'IBAN').fill('DE89 3704 0044 0532 0130 00');
    await button(owner, 'Speichern').click();
    await statusSays(owner, 'Die Zahlungseinstellungen wurden gespeichert.');

    const shopper = await browser.newContext({ javaScriptEnabled: false });
    const page = await shopper.newPage();
    await addToCart(page, server, 'e-book-sauerteig');
    await placeOrder(
      page,
      server,
      {
        email: EMAIL,
        firstName: 'Rita',
        lastName: 'Rechnung',
        line1: 'Lindenallee 7',
        postalCode: '01067',
        city: 'Dresden',
      },
      'bank-transfer',
      /\/checkout\/bestaetigt/,
      { digitalConsent: true },
    );
    const orderNumber = await orderNumberOn(page);
    const statusUrl = `${server.baseUrl}/bestellung/${orderNumber}?email=${encodeURIComponent(EMAIL)}`;

    // Not paid yet: no invoice.
    await page.goto(statusUrl);
    expect(await page.getByRole('link', { name: /Rechnung herunterladen/ }).count()).toBe(0);

    await openOrder(owner, server, siteId, orderNumber);
    await button(owner, 'Zahlung erhalten').click();
    await owner.getByRole('heading', { name: 'Erstattungen' }).waitFor();
    // The editor's order page lists the invoice with its PDF.
    const editorLink = owner.getByRole('link', { name: /^Rechnung RE-\d{5} herunterladen \(PDF\)$/ });
    await editorLink.waitFor();

    await page.goto(statusUrl);
    const link = page.getByRole('link', { name: /^Rechnung herunterladen \(RE-\d{5}, PDF\)$/ });
    expect(await link.count()).toBe(1);
    const numberText = /RE-\d{5}/.exec((await link.textContent()) ?? '')![0];
    const href = (await link.getAttribute('href')) ?? '';
    const pdf = await shopper.request.get(new URL(href, server.baseUrl).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toContain(`Rechnung-${numberText}.pdf`);
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    // PDF/A-3: the XMP metadata is stored uncompressed and names the document with its number.
    expect(body.toString('latin1')).toContain(numberText);

    // The editor's link hands out the same invoice.
    const editorPdf = await owner
      .context()
      .request.get(new URL((await editorLink.getAttribute('href')) ?? '', server.baseUrl).toString());
    expect(editorPdf.status()).toBe(200);
    expect(editorPdf.headers()['content-disposition']).toContain(`Rechnung-${numberText}.pdf`);
  });
});
