import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyAMug, openOrderAsOwner, waitForMailTo } from './support/after-sale.js';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { button, field, statusSays } from './support/editor.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

const EMAIL = 'ruecksendung@example.de';

describe('the owner records a returned item and refunds it', () => {
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

  it('the mug comes back: recorded with its reason, back in stock, the price refunded and the customer told', async () => {
    const shopper = await browser.newContext({ javaScriptEnabled: false });
    const orderNumber = await buyAMug(await shopper.newPage(), server, EMAIL);

    const owner = await (await browser.newContext()).newPage();
    await openOrderAsOwner(owner, server, orderNumber);
    // Vorkasse: the transfer arrived, then the parcel went out.
    await button(owner, 'Zahlung erhalten').click();
    await owner.getByRole('heading', { name: 'Erstattungen' }).waitFor();
    await button(owner, 'Versenden').click();
    await statusSays(owner, 'Versandt.');

    // The mug came back: one piece, defective, back to stock, refund of its price (suggested).
    await owner.getByLabel(/^Zurück: /).fill('1');
    await owner.getByLabel(/^Grund /).selectOption('defective');
    expect(await owner.getByLabel(/^Zurückgekommene Ware wieder in den Bestand/).isChecked()).toBe(true);
    const suggested = await owner.getByLabel(/^Erstattung \(/).inputValue();
    expect(suggested).toMatch(/^\d+,\d{2}$/);
    await field(owner, 'IBAN der Kundin oder des Kunden').last().fill('DE89 3704 0044 0532 0130 00');
    await button(owner, 'Rücksendung erfassen').click();
    await statusSays(owner, 'Die Rücksendung ist erfasst.');

    const text = (await owner.locator('main').textContent()) ?? '';
    expect(text).toContain('Defekt oder beschädigt');
    expect(text).toContain('Rücksendung erfasst: 1 ×');
    expect(text).toContain('zurück in den Bestand gebucht');
    expect(text).toMatch(new RegExp(`${suggested.replace(',', ',')}\\s€ erstattet`));
    await saveScreenshot(owner, 'return-an-item-owner');

    // Refunding more pieces than came back is not possible: nothing is left to return.
    expect(await owner.getByLabel(/^Zurück: /).count()).toBe(0);

    // The customer is told about the refund.
    const mail = await waitForMailTo(server, EMAIL, /erstattet/);
    expect(mail).toContain(`Bestellung Nr. ${orderNumber}`);
    expect(mail).toContain('DE89 3704 0044 0532 0130 00');
  });
});
