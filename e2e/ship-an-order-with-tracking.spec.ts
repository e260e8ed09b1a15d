import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyAMug, openOrderAsOwner, waitForMailTo } from './support/after-sale.js';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { button, field, statusSays } from './support/editor.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

const EMAIL = 'paket-gast@example.de';
const TRACKING = '00340434161234567890';

describe('the owner ships an order with a tracking number', () => {
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

  it('owner ships with DHL; the customer gets the shipping mail and sees the tracking link on the order page', async () => {
    const shopper = await browser.newContext({ javaScriptEnabled: false });
    const orderNumber = await buyAMug(await shopper.newPage(), server, EMAIL);

    const owner = await (await browser.newContext()).newPage();
    await openOrderAsOwner(owner, server, orderNumber);
    // A tracking number that does not fit the carrier is refused in German, nothing is shipped.
    await owner.getByLabel('Versanddienstleister', { exact: true }).selectOption('dpd');
    await field(owner, 'Sendungsnummer (optional)').fill('1Z999AA10123456784');
    await button(owner, 'Versenden').click();
    await owner.getByText('Diese Sendungsnummer passt nicht zu DPD.').first().waitFor();

    await owner.getByLabel('Versanddienstleister', { exact: true }).selectOption('dhl');
    await field(owner, 'Sendungsnummer (optional)').fill(TRACKING);
    await button(owner, 'Versenden').click();
    await statusSays(owner, 'Versandt. Die Kundin oder der Kunde bekommt eine E-Mail');
    // The order is now "Ausgeführt", the timeline says how it left, the tracking link is there.
    expect(await owner.locator('main').textContent()).toContain(
      `Versandt mit DHL (Sendungsnummer ${TRACKING})`,
    );
    expect(await owner.getByRole('link', { name: 'Sendung verfolgen' }).getAttribute('href')).toContain(
      `piececode=${TRACKING}`,
    );
    await saveScreenshot(owner, 'ship-an-order-with-tracking-owner');

    // The shopper's mail: the tracking link and the link to the order page.
    const mail = await waitForMailTo(server, EMAIL, /ist unterwegs|wurde.*verschickt|verschickt/);
    expect(mail).toContain(`Bestellung Nr. ${orderNumber}`);
    expect(mail).toContain(
      `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${TRACKING}`,
    );
    const statusLink = /https?:\/\/\S+(\/bestellung\/\S+)/.exec(mail)?.[1];
    expect(statusLink).toBeTruthy();

    // The order page from the mail lists the parcel with its tracking link, on a phone-sized screen too.
    const page = await shopper.newPage();
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto(`${server.baseUrl}${statusLink}`);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('mit DHL verschickt');
    expect(main).toContain(`Sendungsnummer ${TRACKING}`);
    const track = page.getByRole('link', { name: /Sendung verfolgen/ });
    expect(await track.getAttribute('href')).toBe(
      `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${TRACKING}`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await saveScreenshot(page, 'ship-an-order-with-tracking-customer');
  });
});
