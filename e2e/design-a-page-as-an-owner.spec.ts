import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * An owner designs a page without touching anything but the editor: uploads a photo to the media
 * library, places it in an image block, looks at the unpublished draft in the preview, publishes, then
 * changes the theme's stylesheet in the code editor. A visitor sees the image (served in the width the
 * browser picked from its srcset) and the new style on the live page.
 */

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const statusSays = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).first().waitFor();

describe('an owner designs a page', () => {
  let server: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startShopServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('R9.5.3 R5.12.8 uploads an image, places it in a block, previews the draft, publishes, and restyles the live page with CSS', async () => {
    const subdomain = `atelier-${randomBytes(4).toString('hex')}`;
    const siteOrigin = `http://${subdomain}.localhost:${server.port}`;
    const dir = mkdtempSync(join(tmpdir(), 'baukasten-bild-'));
    const photo = join(dir, 'Werkbank.png');
    writeFileSync(
      photo,
      await sharp({
        create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } },
      })
        .png()
        .toBuffer(),
    );
    const notAnImage = join(dir, 'notiz.txt');
    writeFileSync(notAnImage, 'kein Bild');

    const context = await browser.newContext({ viewport: { width: 1280, height: 1600 } });
    const owner = await context.newPage();

    // 1. Sign up and create an empty website.
    await owner.goto(`${server.baseUrl}/config/registrieren`);
    await field(owner, 'Name').fill('Anton Atelier');
    await field(owner, 'E-Mail-Adresse').fill(`${subdomain}@example.de`);
    await field(owner, 'Passwort').fill('sehr-geheim-123');
    await button(owner, 'Registrieren').click();
    await owner.waitForURL(/\/config\/sites\/neu$/);
    await field(owner, 'Titel der Website').fill('Atelier Anton');
    await field(owner, 'Subdomain').fill(subdomain);
    await owner.getByLabel('Leere Website').check();
    await button(owner, 'Website anlegen').click();
    await owner.getByRole('link', { name: 'Zur Übersicht der Website' }).click();
    await owner.waitForURL(/\/config\/sites\/[^/]+$/);
    const siteNav = owner.getByRole('navigation', { name: 'Bereiche der Website' });

    // 2. Upload: a text file is refused with the German message, the photo is stored.
    await siteNav.getByRole('link', { name: 'Bilder', exact: true }).click();
    await owner.getByText('Noch keine Bilder hochgeladen.').waitFor();
    const upload = owner.getByLabel('Bild hochladen');
    await upload.setInputFiles(notAnImage);
    await owner.getByRole('alert').filter({ hasText: 'Dieser Dateityp wird nicht unterstützt.' }).waitFor();
    const uploaded = owner.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/media$/.test(new URL(r.url()).pathname),
    );
    await upload.setInputFiles(photo);
    expect((await uploaded).status()).toBe(201);
    await statusSays(owner, '„Werkbank.png“ wurde hochgeladen.');
    await field(owner, 'Alternativtext').fill('Eine blaue Werkbank');
    await button(owner, 'Speichern').click();
    await statusSays(owner, 'Gespeichert.');

    // 3. An image block on the home page with the uploaded photo, saved as a draft.
    await siteNav.getByRole('link', { name: 'Seiten', exact: true }).click();
    await owner
      .getByRole('list', { name: 'Seiten' })
      .getByRole('button', { name: 'Start', exact: true })
      .click();
    await owner.getByRole('heading', { name: 'Blöcke von „Start“' }).waitFor();
    await field(owner, 'Blockart').selectOption({ label: 'Bild' });
    await button(owner, 'Block hinzufügen').click();
    const picker = owner.getByRole('group', { name: 'Bild aus der Mediathek' });
    await picker.getByRole('button', { name: 'Bild auswählen', exact: true }).click();
    await picker.getByRole('button', { name: '„Werkbank.png“ verwenden', exact: true }).click();
    expect(await field(owner, 'Alternativtext (beschreibt das Bild)').inputValue()).toBe(
      'Eine blaue Werkbank',
    );
    await button(owner, 'Entwurf speichern').click();
    await statusSays(owner, 'Entwurf gespeichert.');

    // The draft shows in the preview frame before it is published; visitors do not see it yet.
    await button(owner, 'Entwurf in der Vorschau zeigen').click();
    const frame = owner.frameLocator('iframe.preview__frame');
    await frame.locator('figure.block--image img[alt="Eine blaue Werkbank"]').waitFor();
    const visitorContext = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${siteOrigin}/`);
    expect(await visitor.locator('figure.block--image').count()).toBe(0);

    await button(owner, 'Veröffentlichen').click();
    await statusSays(owner, 'Veröffentlicht.');

    // 4. The visitor sees the photo, loaded in one of the stored widths of spec 9.
    const imageLoaded = visitor.waitForResponse((r) => /\/media\/[0-9a-f]{24}\//.test(r.url()));
    await visitor.goto(`${siteOrigin}/`);
    const img = visitor.locator('figure.block--image img');
    await img.waitFor();
    const response = await imageLoaded;
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get('format')).toMatch(/^(100|300|500|750|1000|1500)w$/);
    expect(await img.getAttribute('srcset')).toContain('?format=1500w 1500w');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);

    // 5. The code editor: a new colour for the site title, saved, and the live page has it.
    await siteNav.getByRole('link', { name: 'Theme-Code', exact: true }).click();
    const source = owner.getByLabel(/Inhalt von theme\.css/);
    await source.waitFor();
    const css = await source.inputValue();
    await source.fill(`${css}\n.site-title { color: rgb(200, 0, 100); }\n`);
    await owner.getByText('Keine Fehler gefunden.').waitFor();
    await button(owner, 'Speichern').click();
    await statusSays(owner, 'Gespeichert. Die Website zeigt die Änderung sofort.');
    await saveScreenshot(owner, 'design-a-page-as-an-owner-code');

    await visitor.reload();
    await expect
      .poll(() => visitor.locator('.site-title').evaluate((el) => getComputedStyle(el).color))
      .toBe('rgb(200, 0, 100)');
    await saveScreenshot(visitor, 'design-a-page-as-an-owner-live');
    await visitorContext.close();
    await context.close();
  });
});
