import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { button, field, newOwnerSite, openSiteOverview, ownerJourney, statusSays } from './support/editor.js';

/*
 * Issue 8 (forms in the editor): a new owner builds a contact form in the form builder, places it on
 * the home page in a form block and publishes; a visitor sends it on the site's host, and the owner
 * reads the answer. Everything through the UI in Chromium.
 */

describe('an owner builds a contact form', () => {
  const journey = ownerJourney();

  it('R3.15.1 R3.15.2 builds a form, places it in a form block, a visitor sends it and the owner reads the answer', async () => {
    const { browser } = journey;
    // 1. Sign up and create an empty website.
    const { siteOrigin, ownerContext, owner } = await newOwnerSite(
      journey,
      'kontakt',
      { width: 1280, height: 1400 },
      {
        name: 'Konrad Kontakt',
        siteTitle: 'Kontaktladen',
        starter: 'Leere Website',
      },
    );
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
    // The block library (issue 22): a dialog of every kind of block, picked by its name.
    await button(owner, 'Block hinzufügen').click();
    await owner
      .getByRole('dialog', { name: 'Block hinzufügen' })
      .getByRole('button', { name: 'Formular', exact: true })
      .click();
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
