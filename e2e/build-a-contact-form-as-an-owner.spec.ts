import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { button, field, openSiteOverview, signUpWithNewSite, statusSays } from './support/editor.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 8 (forms in the editor): a new owner builds a contact form in the form builder, places it on
 * the home page in a form block and publishes; a visitor sends it on the site's host, and the owner
 * reads the answer. Everything through the UI in Chromium.
 */

describe('an owner builds a contact form', () => {
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

  it('R3.15.1 R3.15.2 builds a form, places it in a form block, a visitor sends it and the owner reads the answer', async () => {
    const subdomain = `kontakt-${randomBytes(4).toString('hex')}`;
    const siteOrigin = `http://${subdomain}.localhost:${server.port}`;
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
    const owner = await ownerContext.newPage();

    // 1. Sign up and create an empty website.
    await signUpWithNewSite(owner, server, {
      name: 'Konrad Kontakt',
      siteTitle: 'Kontaktladen',
      subdomain,
      starter: 'Leere Website',
    });
    const siteNav = await openSiteOverview(owner);

    // 2. The form builder: three fields, a thank-you text, no captcha.
    await siteNav.getByRole('link', { name: 'Formulare', exact: true }).click();
    await owner.getByRole('link', { name: 'Neues Formular' }).click();
    await field(owner, 'Name des Formulars').fill('Kontakt');
    const addField = async (type: string, title: string) => {
      await field(owner, 'Art des neuen Felds').selectOption({ label: type });
      await button(owner, 'Feld hinzufügen').click();
      const n = await owner.locator('fieldset.builder-field').count();
      await field(owner, `Beschriftung von Feld ${n}`).fill(title);
      return n;
    };
    const name = await addField('Text (eine Zeile)', 'Ihr Name');
    await field(owner, `Feld ${name} ist ein Pflichtfeld`).check();
    await addField('E-Mail-Adresse', 'E-Mail');
    await addField('Textbereich (mehrere Zeilen)', 'Nachricht');
    await field(owner, 'Danke-Text').fill('Danke, wir melden uns bald!');
    await field(owner, 'Captcha vor dem Absenden verlangen (empfohlen gegen Spam)').uncheck();
    await button(owner, 'Formular speichern').click();
    await owner.getByRole('heading', { name: 'Formular bearbeiten: Kontakt' }).waitFor();
    await saveScreenshot(owner, 'build-a-contact-form-as-an-owner-builder');

    // 3. A form block on the home page, picked by the form's name, published.
    await siteNav.getByRole('link', { name: 'Seiten', exact: true }).click();
    await owner
      .getByRole('list', { name: 'Seiten' })
      .getByRole('button', { name: 'Start', exact: true })
      .click();
    await owner.getByRole('heading', { name: 'Blöcke von „Start“' }).waitFor();
    await field(owner, 'Blockart').selectOption({ label: 'Formular' });
    await button(owner, 'Block hinzufügen').click();
    await field(owner, 'Formular').selectOption({ label: 'Kontakt' });
    await button(owner, 'Entwurf speichern').click();
    await statusSays(owner, 'Entwurf gespeichert.');
    await button(owner, 'Veröffentlichen').click();
    await statusSays(owner, 'Veröffentlicht.');

    // 4. A visitor sends the form on the site's own host.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${siteOrigin}/`);
    await visitor.waitForSelector('.form-block[data-hydrated="true"]');
    await visitor.getByLabel('Ihr Name').fill('Vera Besucherin');
    await visitor.getByLabel('E-Mail').fill('vera@example.de');
    await visitor.getByLabel('Nachricht').fill('Habt ihr samstags geöffnet?');
    const sent = visitor.waitForResponse((r) => r.url().endsWith('/api/form/SaveFormSubmission'));
    await visitor.getByRole('button', { name: 'Senden' }).click();
    expect((await sent).status()).toBe(200);
    await visitor.getByText('Danke, wir melden uns bald!').waitFor();
    await visitorContext.close();

    // 5. The owner reads the answer.
    await siteNav.getByRole('link', { name: 'Formulare', exact: true }).click();
    await owner.getByRole('link', { name: 'Antworten von „Kontakt“ ansehen' }).click();
    await owner.getByRole('heading', { name: 'Antworten: Kontakt' }).waitFor();
    const answer = owner.locator('.submission').first();
    await answer.getByText('Vera Besucherin').waitFor();
    expect(await answer.textContent()).toContain('Habt ihr samstags geöffnet?');
    await ownerContext.close();
  });
});
