import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifyFile } from '../packages/server/src/imports/test-files.js';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { button, field, openSiteOverview, signUpWithNewSite, statusSays } from './support/editor.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 24: an owner moves a shop from Shopify. They upload Shopify's product export in the editor, read
 * the preview, start the import, follow the progress bar (still there after a reload), and the products
 * appear on the storefront with the images fetched from the old shop's addresses. The "old shop" is a
 * local HTTP server; IMPORT_ALLOW_PRIVATE_IMAGE_HOSTS lets the server fetch from 127.0.0.1.
 */

describe('an owner moves a shop from Shopify', () => {
  let server: ShopServer;
  let browser: Browser;
  let images: Server;
  let imageBase: string;

  beforeAll(async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c83' } })
      .jpeg()
      .toBuffer();
    images = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg),
    );
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    server = await startShopServer({ SMTP_URL: '', IMPORT_ALLOW_PRIVATE_IMAGE_HOSTS: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => images?.close(resolve));
  });

  it('uploads the Shopify CSV, previews it, imports with progress, and the storefront shows the products with images', async () => {
    const subdomain = `umzug-${randomBytes(4).toString('hex')}`;
    const siteOrigin = `http://${subdomain}.localhost:${server.port}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
    const owner = await context.newPage();
    await signUpWithNewSite(owner, server, {
      name: 'Uma Umzug',
      siteTitle: 'Umzugsladen',
      subdomain,
      starter: 'Leere Website',
    });
    const siteNav = await openSiteOverview(owner);
    await siteNav.getByRole('link', { name: 'Seiten', exact: true }).click();
    await field(owner, 'Titel der Seite').fill('Laden');
    await field(owner, 'Art der Seite').selectOption({ label: 'Produkte' });
    await button(owner, 'Seite anlegen').click();
    await owner.getByRole('heading', { name: 'Blöcke von „Laden“' }).waitFor();

    await siteNav.getByRole('link', { name: 'Produkte', exact: true }).click();
    await owner.getByRole('link', { name: 'Produkte importieren' }).click();
    await owner.getByRole('heading', { name: 'Produkte importieren' }).waitFor();
    const csv = shopifyFile({
      shirt: [`${imageBase}/shirt-front.jpg`, `${imageBase}/shirt-back.jpg`],
      mug: `${imageBase}/tasse.jpg`,
    });
    await field(owner, 'CSV-Datei').setInputFiles({
      name: 'products_export_1.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await button(owner, 'Datei prüfen').click();
    await owner.getByText('2 neu, 0 aktualisiert, 0 nicht übernommen.').waitFor();
    await owner.getByText('products_export_1.csv: erkannt als Shopify-Export.').waitFor();
    expect(await owner.getByRole('row', { name: /Bio-T-Shirt „Grün“/ }).textContent()).toContain('24,90');

    await button(owner, '2 Produkte importieren').click();
    await statusSays(owner, 'Import abgeschlossen: 2 Produkte angelegt, 0 aktualisiert.');
    const progress = owner.getByRole('progressbar', { name: 'Fortschritt des Imports' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');
    await owner.waitForFunction(
      () =>
        document.querySelector('[role="progressbar"][aria-label="Bilder"]')?.getAttribute('aria-valuenow') ===
        '100',
    );
    await owner.getByText('Bilder: 3 von 3 geladen.').waitFor();
    await saveScreenshot(owner, 'move-a-shop-from-shopify-editor');

    // The progress is the server's: a reload shows it again.
    await owner.reload();
    await owner.getByRole('progressbar', { name: 'Fortschritt des Imports' }).waitFor();
    expect(
      await owner.getByRole('progressbar', { name: 'Fortschritt des Imports' }).getAttribute('aria-valuenow'),
    ).toBe('100');

    // At 320 px the screen still fits and works.
    await owner.setViewportSize({ width: 320, height: 800 });
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    const shopper = await context.newPage();
    await shopper.goto(`${siteOrigin}/laden/p/bio-t-shirt`);
    await shopper.getByRole('heading', { name: 'Bio-T-Shirt „Grün“' }).waitFor();
    const pictures = shopper.locator('img[src*="/media/"]');
    expect(await pictures.count()).toBeGreaterThan(0);
    const loaded = await pictures
      .first()
      .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    expect(loaded).toBeGreaterThan(0);
    await shopper.goto(`${siteOrigin}/laden/p/kaffeetasse`);
    await shopper.getByRole('heading', { name: 'Kaffeetasse' }).waitFor();
    await saveScreenshot(shopper, 'move-a-shop-from-shopify-storefront');
    await context.close();
  });
});
