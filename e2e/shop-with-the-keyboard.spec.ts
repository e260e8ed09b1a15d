import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 22: a shopper who uses the keyboard only (or a switch, or a screen reader's virtual keyboard):
 * the header's drawer on a phone, the add-to-cart dialogs, and the whole purchase including a checkout
 * the server refuses. After each step the test asserts where focus is and what a screen reader is told.
 */

/** What has focus, as a screen reader names it: role-ish tag and its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim()}` : '';
  });

/** Presses Tab until the focused element matches `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}; focus is on ${await focused(page)}`);
}

/** The accessible description of an element: the texts its aria-describedby names. */
const description = (page: Page, selector: string) =>
  page.$eval(selector, (el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' ')
      .trim(),
  );

describe('a shopper uses the shop with the keyboard only', () => {
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

  it('opens the menu drawer on a phone, stays inside it with Tab, and leaves it with Escape', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 700 } });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.waitForSelector('[data-island="cart-pill"] [data-hydrated="true"]', { state: 'attached' });

    // The header on a phone: site title, the cart by name, the menu button; the rest waits in the drawer.
    expect(await page.getByRole('link', { name: 'Warenkorb', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Mein Konto' }).isVisible()).toBe(false);
    for (let i = 0; i < 6 && (await focused(page)) !== 'summary Menü'; i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('summary Menü');

    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Mein Konto' }).waitFor();
    // Nothing behind the drawer scrolls while it is open.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.waitForFunction(() => document.body.style.overflow === 'hidden');

    // Tab walks the drawer's links and comes back to the button, never to the page behind.
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      seen.push(await focused(page));
    }
    expect(seen).toContain('a Shop');
    expect(seen).toContain('a Mein Konto');
    expect(seen).toContain('a Suche');
    expect(seen.filter((s) => s === 'summary Menü').length).toBeGreaterThanOrEqual(1);
    const insideDrawer = await page.evaluate(() =>
      Boolean(document.activeElement?.closest('details[data-site-menu]')),
    );
    expect(insideDrawer).toBe(true);
    expect(seen.every((s) => !s.startsWith('a Warenkorb'))).toBe(true);

    // Escape closes it and hands focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Mein Konto' }).waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('summary Menü');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await ctx.close();
  });

  it('WCAG 2.1.1 2.4.3 4.1.3 the add-to-cart dialog opens on Enter, holds focus and on Escape hands it to the option still to choose', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/bio-t-shirt`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    const add = '[data-island="product-purchase"] button[type="submit"]';
    await tabTo(page, add);
    // No option chosen: the alert dialog names what is missing and takes focus.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Bitte wähle');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="alertdialog"]')))).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Not back to the button: to the first option left open, where the shopper fixes it (WCAG 3.3.1).
    await page.waitForFunction(() => document.activeElement?.matches('input[type="radio"][name^="option-"]'));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('option-Größe');

    // The values are a radio group: arrow keys choose, Tab moves on to the next group (WCAG 2.1.1).
    const chosen = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return `${el?.name} ${el?.value} ${el?.checked} ${el?.labels?.[0]?.textContent}`;
      });
    await page.keyboard.press('ArrowRight');
    expect(await chosen()).toBe('option-Größe M true M');
    await page.keyboard.press('Tab');
    expect(await chosen()).toBe('option-Farbe Schwarz false Schwarz');
    // White is sold out in M: the arrow still reaches it, and its name says so.
    await page.keyboard.press('ArrowRight');
    expect(await chosen()).toBe('option-Farbe Weiß true Weiß (ausverkauft)');
    expect(
      await page
        .getByRole('radio', { name: 'Weiß (ausverkauft)' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await tabTo(page, add, 5);
    expect(await focused(page)).toMatch(/^button Ausverkauft/);
    expect(await page.getAttribute(add, 'aria-disabled')).toBe('true');
    for (let i = 0; i < 5 && !(await chosen()).startsWith('option-Farbe'); i++) {
      await page.keyboard.press('Shift+Tab');
    }
    await page.keyboard.press('ArrowLeft');
    expect(await chosen()).toBe('option-Farbe Schwarz true Schwarz');
    await tabTo(page, add, 5);
    // Ready to add again (once the alert's two seconds of "Option auswählen" are over).
    await page.waitForFunction((s) => !document.querySelector(s)?.hasAttribute('aria-disabled'), add);
    expect(await focused(page)).not.toMatch(/Ausverkauft/);
    await ctx.close();
  });

  it('WCAG 2.1.1 2.4.3 2.1.2 the quick view opens from the list by keyboard, keeps focus inside and on Escape returns it to its button', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop`);
    const name = 'Schnellansicht: Emaille-Becher „Bergsee“';
    const opener = `button[aria-label="${name}"]`;
    // The button works once its island is hydrated (it then marks itself).
    await page.waitForSelector(`${opener}[data-hydrated="true"]`, { timeout: 15_000 });
    await tabTo(page, opener);
    // Shown to the eye once focused, not only on hover (WCAG 2.4.7).
    expect(await page.locator(opener).isVisible()).toBe(true);

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Emaille-Becher „Bergsee“' });
    await dialog.waitFor();
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    expect(await dialog.getAttribute('aria-modal')).toBe('true');

    // Tab and Shift+Tab walk the dialog's own controls, never the list behind it.
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    const reached = new Set<string>();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
      reached.add(await focused(page));
    }
    expect([...reached].some((s) => s.startsWith('button'))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(true);

    // Escape closes it and hands focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction((s) => document.activeElement?.matches(s) ?? false, opener);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(name);
    await ctx.close();
  });

  it('WCAG 2.1.1 2.4.3 3.3.1 4.1.3 the engraving form opens from the add button, refuses an empty answer where it is, and Escape returns focus', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/schluesselanhaenger-mit-gravur`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    const add = '[data-island="product-purchase"] button[type="submit"]';
    await tabTo(page, add);

    // Enter opens the form as a labelled modal dialog; focus starts in its first field.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Gravur' });
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'gravurtext');

    // Sent empty: refused at the field, which gets focus, is invalid and is described by the message.
    await tabTo(page, '[role="dialog"] button[type="submit"]', 10);
    expect(await focused(page)).toBe('button Gravur bestellen');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'gravurtext');
    const field = '[role="dialog"] [name="gravurtext"]';
    expect(await page.getAttribute(field, 'aria-invalid')).toBe('true');
    expect(await description(page, field)).toContain('Erforderlich');
    expect(await dialog.isVisible()).toBe(true);

    // Typing fixes it: the message goes; then Escape leaves without adding, focus back on the add button.
    await page.keyboard.type('Für Opa');
    expect(await page.getAttribute(field, 'aria-invalid')).toBeNull();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/commerce/shopping-cart/entries')) posts.push(r.method());
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction((s) => document.activeElement?.matches(s) ?? false, add);
    expect(posts).toEqual([]);

    // Opened again and sent filled in, by keyboard alone, the key ring is added with its engraving.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'gravurtext');
    await page.keyboard.type('Für Opa');
    await tabTo(page, '[role="dialog"] button[type="submit"]', 10);
    const added = page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await page.keyboard.press('Enter');
    expect((await added).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction((s) => document.activeElement?.matches(s) ?? false, add);
    await ctx.close();
  });

  it('WCAG 2.1.1 2.4.3 3.3.1 3.3.3 buys by keyboard only and recovers from a refused checkout without losing what was typed', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/shop/p/emaille-becher-bergsee`);
    await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });

    // 1. Add: Enter on the button; the button keeps focus and the popover's status says what happened.
    const add = '[data-island="product-purchase"] button[type="submit"]';
    await tabTo(page, add);
    const added = page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await page.keyboard.press('Enter');
    expect((await added).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'Zum Warenkorb hinzugefügt' }).waitFor();
    expect(await page.evaluate((s) => document.activeElement?.matches(s), add)).toBe(true);

    // 2. To the cart by the popover's link, then to the checkout.
    await tabTo(page, 'a[href="/cart"]:not(header a)', 10);
    await Promise.all([page.waitForURL(/\/cart$/), page.keyboard.press('Enter')]);
    await tabTo(page, 'a[href="/checkout"]');
    expect(await focused(page)).toBe('a Zur Kasse');
    await Promise.all([page.waitForURL(/\/checkout$/), page.keyboard.press('Enter')]);

    // 3. Fill the form in Tab order with an address the server refuses (no TLD, a one-digit postcode).
    const typed: Record<string, string> = {
      email: 'gast@example',
      firstName: 'Karla',
      lastName: 'Kasse',
      line1: 'Tastenweg 2',
      postalCode: '1',
      city: 'Berlin',
    };
    for (const [id, value] of Object.entries(typed)) {
      await tabTo(page, `#${id}`, 20);
      await page.keyboard.type(value);
    }
    const submit = 'form[action="/api/commerce/checkout"] button[type="submit"]:not([formnovalidate])';
    await tabTo(page, submit, 40);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/commerce/checkout'));
    await page.keyboard.press('Enter');
    expect((await refused).status()).toBe(422);
    await page.locator('.error-summary').waitFor();

    // 4. What a screen reader gets: "Fehler" first in the title, focus on the summary (named by its
    // heading), every value still there, each wrong field invalid and described by its message.
    expect(await page.title()).toMatch(/^Fehler: Kasse – /);
    await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
    const summaryLinks = await page.locator('.error-summary a').allTextContents();
    expect(summaryLinks.map((t) => t.split(':')[0])).toEqual(['E-Mail-Adresse', 'Postleitzahl']);
    for (const [id, value] of Object.entries(typed)) expect(await page.inputValue(`#${id}`)).toBe(value);
    for (const id of ['email', 'postalCode']) {
      expect(await page.getAttribute(`#${id}`, 'aria-invalid')).toBe('true');
      expect(await description(page, `#${id}`)).not.toBe('');
    }
    expect(await page.getAttribute('#city', 'aria-invalid')).toBeNull();

    // 5. The summary's link leads to the field; fix both and order.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^a E-Mail-Adresse:/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'email');
    await page.keyboard.press('End');
    await page.keyboard.type('.de');
    await tabTo(page, '#postalCode', 10);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('10115');
    await tabTo(page, submit, 40);
    await Promise.all([page.waitForURL(/\/checkout\/bestaetigt/), page.keyboard.press('Enter')]);
    expect(await page.locator('main h1').first().textContent()).toMatch(/Bestellung/);
    await ctx.close();
  }, 120_000);
});
