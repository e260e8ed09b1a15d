import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { button, field, openSiteOverview, signUpWithNewSite, statusSays } from './support/editor.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * An owner designs a page without touching anything but the editor: uploads a photo to the media
 * library, places it in an image block, looks at the unpublished draft in the preview, publishes, then
 * changes the theme's stylesheet in the code editor. A visitor sees the image (served in the width the
 * browser picked from its srcset) and the new style on the live page.
 */

describe('an owner designs a page', () => {
  let server: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    // Sign-up links arrive by mail: the outbox writes them to DATA_DIR/mail (no SMTP server).
    server = await startShopServer({ SMTP_URL: '' });
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
    await signUpWithNewSite(owner, server, {
      name: 'Anton Atelier',
      siteTitle: 'Atelier Anton',
      subdomain,
      starter: 'Leere Website',
    });
    const siteNav = await openSiteOverview(owner);

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
    // The block library (issue 22): a dialog of every kind of block, picked by its name.
    await button(owner, 'Block hinzufügen').click();
    await owner
      .getByRole('dialog', { name: 'Block hinzufügen' })
      .getByRole('button', { name: 'Bild', exact: true })
      .click();
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
