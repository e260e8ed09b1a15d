import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { button, field } from './editor.js';
import { linkInMail } from './mail.js';
import type { ShopServer } from './shop-server.js';

/*
 * The pages of the demo shop a visitor, a customer and the owner see: one list shared by the fit test
 * (fit-every-screen.spec.ts) and the axe sweep (check-accessibility.spec.ts), so a new page type is
 * added once and checked by both.
 */

/** Every storefront page type a signed-out visitor reaches with an empty cart. */
export const STOREFRONT_PATHS = [
  '/',
  '/shop',
  '/shop/p/kapuzenpullover-nordwind',
  '/ueber-uns',
  '/kontakt',
  '/journal',
  '/journal/p/ein-tag-in-unserer-werkstatt',
  '/termine',
  '/termine/p/offene-werkstatt',
  '/galerie',
  '/search?q=becher',
  '/account',
  '/account/registrieren',
  '/gibt-es-nicht',
  '/cart',
] as const;

/** The pages of a signed-in customer (issue 22: they were left out of the fit test). */
export const ACCOUNT_PATHS = [
  '/account',
  '/account/bestellungen',
  '/account/downloads',
  '/account/abos',
  '/account/adressen',
  '/account/benachrichtigungen',
  '/account/newsletter',
  '/account/loeschen',
] as const;

/** The sections of one site in the editor, after `/config/sites/<id>`. */
export const EDITOR_SECTIONS = [
  '',
  '/seiten',
  '/produkte',
  '/produkte/neu',
  '/lager',
  '/bestellungen',
  '/einstellungen',
  '/mitglieder',
  '/analytics',
  '/formulare',
  '/bilder',
  '/code',
  '/api-schluessel',
  '/inhalte',
  '/kommentare',
] as const;

/** Adds the demo shop's enamel mug (no options) through the product page's island. */
export async function addMugToCart(page: Page, server: ShopServer): Promise<void> {
  await page.goto(`${server.baseUrl}/shop/p/emaille-becher-bergsee`);
  await page.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
    state: 'attached',
  });
  const added = page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
  await page.locator('[data-island="product-purchase"] button[type="submit"]').click();
  expect((await added).status()).toBe(200);
}

/** Creates a customer account with the plain form and opens the mail's link: the page is signed in. */
export async function signUpCustomer(page: Page, server: ShopServer, email: string): Promise<void> {
  await page.goto(`${server.baseUrl}/account/registrieren`);
  await page.fill('#name', 'Tara Tour');
  await page.fill('#email', email);
  await page.fill('#password', 'rundgang-passwort-22');
  await Promise.all([
    page.waitForURL(/\/account\/anmelden\?hinweis=CHECK_MAIL/),
    page.click('main button[type="submit"]'),
  ]);
  await page.goto(`${server.baseUrl}${await linkInMail(server.dataDir, email, '/account/bestaetigen')}`);
  await page.waitForURL(/\/account\?hinweis=SIGNED_UP/);
}

/** Signs the demo owner in to the editor; gives the demo site's editor path (`/config/sites/<id>`). */
export async function signInAsDemoOwner(page: Page, server: ShopServer): Promise<string> {
  await page.goto(`${server.baseUrl}/config/anmelden`);
  await field(page, 'E-Mail-Adresse').fill('demo@baukasten.localhost');
  await field(page, 'Passwort').fill('baukasten-demo');
  await button(page, 'Anmelden').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/anmelden'));
  await page.goto(`${server.baseUrl}/config`);
  const siteLink = page.locator('a.card-link').first();
  await siteLink.waitFor();
  const site = (await siteLink.getAttribute('href')) ?? '';
  expect(site).toMatch(/^\/config\/sites\/[^/]+$/);
  return site;
}
