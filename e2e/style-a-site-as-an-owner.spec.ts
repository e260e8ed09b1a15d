import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { button, field, newOwnerSite, openSiteOverview, ownerJourney, statusSays } from './support/editor.js';

/*
 * An owner gives a new site its look (issue #22): the site starts from the „Werkstatt“ template with its
 * self-hosted fonts; in the Design screen a font preview that does not arrive is reported, a pairing is
 * picked, a hard-to-read text colour is refused, the live preview shows the unsaved styles at phone,
 * tablet and desktop width, and a switch to „Kantine“ changes the look but keeps the content. Finally the
 * home sections (a hero named after the site, an image with text, questions and answers) are reordered by
 * keyboard drag and drop. Fonts and colours are read on the image-with-text heading, which stands on the
 * page's background (the hero's heading is light on its image's overlay).
 */

const FONTS_UNAVAILABLE = 'Die Schriften oder die Schriftvorschau konnten nicht geladen werden.';

/** The computed font-family and colour of the first element matching `selector`. */
const lookOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { font: style.fontFamily, colour: style.color };
    });

describe('an owner styles a site', () => {
  const journey = ownerJourney();

  it('R8.7.10 picks fonts and colours with a refused low contrast, previews at three widths, switches the template and keeps the content', async () => {
    const { browser } = journey;
    // 1. A new empty site from the default template „Werkstatt“: its fonts come from the site itself.
    const {
      siteOrigin,
      ownerContext: context,
      owner,
    } = await newOwnerSite(
      journey,
      'stil',
      { width: 1400, height: 1000 },
      {
        name: 'Greta Garn',
        siteTitle: 'Garn & Gabel',
        starter: 'Leere Website',
      },
    );
    const visitor = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    const fontRequests: string[] = [];
    visitor.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(request.url());
    });
    await visitor.goto(`${siteOrigin}/`);
    await visitor.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(await visitor.locator('body').getAttribute('class')).toContain('template-werkstatt');
    expect((await lookOf(visitor, '.image-text__heading')).font).toContain('Fraunces');
    await expect.poll(() => visitor.evaluate(() => document.fonts.check('16px Karla'))).toBe(true);
    expect(fontRequests.length).toBeGreaterThan(0);
    for (const url of fontRequests) expect(url.startsWith(`${siteOrigin}/assets/fonts/`)).toBe(true);
    await visitor.getByText('Jedes Stück entsteht bei uns von Hand').waitFor();

    // 2. The Design screen says so when a font preview does not arrive (R8.7.10) ...
    const siteNav = await openSiteOverview(owner);
    await owner.route('**/assets/fonts/**', (route) => route.abort());
    await siteNav.getByRole('link', { name: 'Design', exact: true }).click();
    await owner.getByRole('alert').filter({ hasText: FONTS_UNAVAILABLE }).waitFor();
    // ... and shows the previews once the files come through again.
    await owner.unroute('**/assets/fonts/**');
    await owner.reload();
    await owner.getByRole('heading', { name: 'Design', level: 1 }).waitFor();
    await owner.getByLabel(/Playfair Display & Source Sans 3/).waitFor();
    await expect
      .poll(() => owner.evaluate(() => document.fonts.check('700 16px "Playfair Display"')))
      .toBe(true);
    expect(await owner.getByText(FONTS_UNAVAILABLE).count()).toBe(0);

    // 3. A font pairing, then a text colour too light to read: refused with the German message.
    await owner.getByLabel(/Playfair Display & Source Sans 3/).check();
    const text = field(owner, 'Text');
    await text.fill('#c8b8a8');
    await owner
      .getByText(/„Text“ auf „Hintergrund“ hat nur einen Kontrast von [\d,]+:1/)
      .first()
      .waitFor();
    await button(owner, 'Design speichern').click();
    await owner
      .getByRole('alert')
      .filter({ hasText: /Nötig sind mindestens 4,5:1/ })
      .waitFor();
    const stillLive = await visitor.goto(`${siteOrigin}/`);
    expect(stillLive?.ok()).toBe(true);
    expect((await lookOf(visitor, '.image-text__heading')).font).toContain('Fraunces');
    await text.fill('#1a1a1a');

    // 4. The live preview shows the unsaved styles, at phone, tablet and desktop width.
    const frameElement = owner.getByTitle('Vorschau der Startseite');
    const preview = owner.frameLocator('iframe.design__frame');
    await expect
      .poll(
        async () =>
          await preview
            .locator('.image-text__heading')
            .first()
            .evaluate((el) => getComputedStyle(el).fontFamily),
      )
      .toContain('Playfair Display');
    await expect
      .poll(() => preview.locator('body').evaluate((el) => getComputedStyle(el).color))
      .toBe('rgb(26, 26, 26)');
    for (const [name, width] of [
      ['Telefon (375 px)', 375],
      ['Tablet (768 px)', 768],
      ['Desktop (1280 px)', 1280],
    ] as const) {
      await button(owner, name).click();
      expect(await button(owner, name).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => preview.locator('html').evaluate(() => window.innerWidth)).toBe(width);
      // The storefront fits the device width: nothing pushes it sideways.
      expect(await preview.locator('html').evaluate((el) => el.scrollWidth <= window.innerWidth)).toBe(true);
    }
    expect(await frameElement.getAttribute('src')).toContain('vorschau=');
    await saveScreenshot(owner, 'design-screen-preview');

    // 5. Switching to „Kantine“ sets its whole look; saved, visitors get it and keep every section.
    await owner.getByLabel(/Kantine – /).check();
    expect(await text.inputValue()).toBe('#1f1300');
    await button(owner, 'Design speichern').click();
    await statusSays(owner, 'Design gespeichert.');
    await visitor.goto(`${siteOrigin}/`);
    expect(await visitor.locator('body').getAttribute('class')).toContain('template-kantine');
    const heading = await lookOf(visitor, '.image-text__heading');
    expect(heading.font).toContain('Archivo Black');
    expect(heading.colour).toBe('rgb(31, 19, 0)');
    await visitor.getByText('Jedes Stück entsteht bei uns von Hand').waitFor();
    await visitor.getByRole('heading', { name: 'Aus unserer Werkstatt' }).waitFor();
    await saveScreenshot(visitor, 'kantine-home-phone');

    // 6. The home sections reorder by keyboard drag and drop: Space picks up, ↓ moves, Space drops.
    await siteNav.getByRole('link', { name: 'Seiten', exact: true }).click();
    await owner
      .getByRole('list', { name: 'Seiten' })
      .getByRole('button', { name: 'Start', exact: true })
      .click();
    await owner.getByRole('heading', { name: 'Blöcke von „Start“' }).waitFor();
    const grip = owner.getByRole('button', { name: 'Verschieben: Titelbild: Garn & Gabel' });
    await grip.focus();
    await owner.keyboard.press('Space');
    // Picked up: the grip says so (aria-pressed) and the German live region names the position.
    await owner.locator('.block__grip[aria-pressed="true"]').waitFor();
    await owner.keyboard.press('ArrowDown');
    await owner
      .getByText(/über Position 2\./)
      .first()
      .waitFor({ state: 'attached' });
    await owner.keyboard.press('Space');
    await owner
      .getByText(/an Position 2 abgelegt\./)
      .first()
      .waitFor({ state: 'attached' });
    const order = await owner.locator('ol.blocks > li .block__handle').allTextContents();
    expect(order[0]).toContain('Bild mit Text: Aus unserer Werkstatt');
    expect(order[1]).toContain('Titelbild: Garn & Gabel');
    await context.close();
  });
});
