import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY_CUSTOMERS_FILE } from '../packages/server/src/imports/test-files.js';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { button, field, openSiteOverview, signUpWithNewSite, statusSays } from './support/editor.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 24: an owner moving from Shopify brings the customers too. On the import screen they choose
 * Shopify's customer export; the editor recognises it, shows what will happen (new customers, who agreed to
 * e-mail marketing, refused lines with their reasons), imports, and the customers are in the customer list
 * with their newsletter consent. The Shopify-format export takes them out again.
 */

describe('an owner moves the customers from Shopify', () => {
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

  it('uploads the customer export, sees the consents in the preview, imports, and finds the customers', async () => {
    const subdomain = `kunden-${randomBytes(4).toString('hex')}`;
    const context = await browser.newContext({
      viewport: { width: 1280, height: 1400 },
      acceptDownloads: true,
    });
    const owner = await context.newPage();
    await signUpWithNewSite(owner, server, {
      name: 'Klara Kundin',
      siteTitle: 'Kundenladen',
      subdomain,
      starter: 'Leere Website',
    });
    const siteNav = await openSiteOverview(owner);
    await siteNav.getByRole('link', { name: 'Produkte', exact: true }).click();
    await owner.getByRole('link', { name: 'Produkte importieren' }).click();
    await owner.getByRole('heading', { name: 'Produkte importieren' }).waitFor();

    await field(owner, 'CSV-Datei').setInputFiles({
      name: 'customers_export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(SHOPIFY_CUSTOMERS_FILE),
    });
    await button(owner, 'Datei prüfen').click();
    await owner.getByRole('heading', { name: 'Vorschau: Kunden aus Shopify' }).waitFor();
    await owner.getByText('4 neu, 0 ergänzt, 0 unverändert.').waitFor();
    await owner.getByText(/3 Personen haben Werbe-E-Mails zugestimmt/).waitFor();
    const refused = owner.getByRole('region', { name: 'Nicht übernommene Zeilen' });
    expect(await refused.getByRole('row', { name: /vera@example\.de/ }).textContent()).toContain(
      'die Einwilligung in Werbe-E-Mails muss eindeutig sein',
    );
    await saveScreenshot(owner, 'move-customers-from-shopify-preview');

    await button(owner, '4 Kunden importieren').click();
    await statusSays(
      owner,
      'Import abgeschlossen: 4 Kunden angelegt, 0 ergänzt, 3 Newsletter-Einwilligungen übernommen.',
    );
    // At 320 px the screen still fits.
    await owner.setViewportSize({ width: 320, height: 800 });
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await owner.setViewportSize({ width: 1280, height: 1400 });

    // The way out again: Shopify's customer CSV, with the consents.
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('link', { name: 'Kunden als Shopify-CSV exportieren' }).click(),
    ]);
    const exported = await readFile((await download.path())!, 'utf8');
    expect(exported.split('\n')[0]).toContain('First Name,Last Name,Email,Accepts Email Marketing');
    expect(exported).toMatch(/Jürgen,Weiß,juergen\.weiss@example\.de,yes,/);
    expect(exported).toMatch(/Anna,Schäfer,anna@example\.de,no,/);

    await owner.getByRole('link', { name: 'Zu den Kunden' }).click();
    await owner.getByRole('heading', { name: 'Kunden', exact: true }).waitFor();
    const juergen = owner.getByRole('row', { name: /juergen\.weiss@example\.de/ });
    await juergen.waitFor();
    expect(await juergen.textContent()).toContain('Jürgen Weiß');
    await saveScreenshot(owner, 'move-customers-from-shopify-list');
    await context.close();
  });
});
