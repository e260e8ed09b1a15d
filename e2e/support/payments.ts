import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { FakeStripe } from '../../packages/server/src/payments/testing/fake-stripe.js';
import { launchBrowser } from './browser.js';
import type { Shopper } from './checkout.js';
import { button, field } from './editor.js';
import { type ShopServer, startShopServer } from './shop-server.js';

/* Steps the money journeys (issue 20) share: the owner's "Zahlungen" screen and a guest's checkout. */

/**
 * The fake payment provider (when `startProvider` is given), the shop server with the environment `env`
 * makes for it, and a browser of a describe block: started in beforeAll, stopped in afterAll (browser,
 * server, provider). Read the fields inside tests.
 */
export function moneyJourney<P extends { stop(): Promise<unknown> } = never>(
  env: (provider: P) => Record<string, string>,
  startProvider?: () => Promise<P>,
): { server: ShopServer; browser: Browser; provider: P } {
  const journey = {} as { server: ShopServer; browser: Browser; provider: P };
  beforeAll(async () => {
    journey.provider = (await startProvider?.()) as P;
    journey.server = await startShopServer(env(journey.provider));
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
    await journey.provider?.stop();
  });
  return journey;
}

/** The demo owner in a browser context of its own, on "Zahlungen" of the demo shop; with the site's id. */
export async function ownerOnPayments({ server, browser }: { server: ShopServer; browser: Browser }) {
  const owner = await (await browser.newContext()).newPage();
  const siteId = await openPaymentsAsOwner(owner, server);
  return { owner, siteId };
}

/** The demo owner signs in and opens "Zahlungen" of the demo shop; gives the site's id. */
export async function openPaymentsAsOwner(page: Page, server: ShopServer): Promise<string> {
  await page.goto(`${server.baseUrl}/config/anmelden`);
  await field(page, 'E-Mail-Adresse').fill('demo@baukasten.localhost');
  await field(page, 'Passwort').fill('baukasten-demo');
  await button(page, 'Anmelden').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/anmelden'));
  await page.goto(`${server.baseUrl}/config`);
  const site = (await page.locator('a.card-link').first().getAttribute('href')) ?? '';
  await page.goto(`${server.baseUrl}${site}/zahlungen`);
  await page.getByRole('heading', { name: 'Vorkasse (Überweisung)' }).waitFor();
  return decodeURIComponent(site.split('/').at(-1) ?? '');
}

/** Opens an order of the demo shop in the editor (the owner is signed in). */
export async function openOrder(page: Page, server: ShopServer, siteId: string, orderNumber: string) {
  await page.goto(`${server.baseUrl}/config/sites/${encodeURIComponent(siteId)}/bestellungen`);
  await page.getByRole('link', { name: `#${orderNumber}`, exact: true }).click();
  await page.getByRole('heading', { name: 'Versand' }).waitFor();
}

/** A guest puts one product (without options) into the cart, without JavaScript. */
export async function addToCart(page: Page, server: ShopServer, product: string) {
  await page.goto(`${server.baseUrl}/shop/p/${product}`);
  await Promise.all([
    page.waitForURL(/\/cart$/),
    page.locator('form[action="/api/commerce/shopping-cart/entries"] button[type="submit"]').click(),
  ]);
}

/**
 * Fills /checkout for a German address (the fields it asks for: a digital order asks no address), chooses
 * `method` and places the order; resolves once the browser is at `next`.
 */
export async function placeOrder(
  page: Page,
  server: ShopServer,
  shopper: Shopper,
  method: string,
  next: RegExp | ((url: URL) => boolean),
  options: { digitalConsent?: boolean } = {},
) {
  await page.goto(`${server.baseUrl}/checkout`);
  for (const [name, value] of Object.entries(shopper)) {
    if ((await page.locator(`#${name}`).count()) > 0) await page.fill(`#${name}`, value);
  }
  if ((await page.locator('#country').count()) > 0) await page.selectOption('#country', 'DE');
  await page.check(`input[name="paymentMethod"][value="${method}"]`);
  // § 356 Abs. 5 BGB: digital content asks for the shopper's explicit consent.
  if (options.digitalConsent) await page.check('#digitalConsent');
  await Promise.all([
    page.waitForURL(next),
    page.locator('form[action="/api/commerce/checkout"] button[type="submit"]:not([formnovalidate])').click(),
  ]);
}

/** The order number the confirmation page names. */
export async function orderNumberOn(page: Page): Promise<string> {
  const text = (await page.locator('main').textContent()) ?? '';
  const found = /Bestell(?:ung|nummer)\D*(\d{4,})/.exec(text)?.[1];
  if (!found) throw new Error(`Keine Bestellnummer auf der Seite:\n${text}`);
  return found;
}

/**
 * The demo owner connects Stripe's test keys through the admin API (as "Zahlungen" does) and points the fake's
 * webhooks at the shop; gives the site's id.
 */
export async function connectStripeByApi(server: ShopServer, browser: Browser, stripe: FakeStripe) {
  const owner = await browser.newContext();
  const api = owner.request;
  await api.get(`${server.baseUrl}/api/admin/session`);
  const crumb = (await owner.cookies(server.baseUrl)).find((c) => c.name === 'crumb')?.value ?? '';
  const headers = { 'x-csrf-token': crumb };
  const signedIn = await api.post(`${server.baseUrl}/api/admin/session`, {
    headers,
    data: { email: 'demo@baukasten.localhost', password: 'baukasten-demo' },
  });
  if (!signedIn.ok()) throw new Error(`Anmeldung des Demo-Inhabers: ${signedIn.status()}`);
  // The session answer lists the owner's sites: the demo shop is the first.
  const session = await (await api.get(`${server.baseUrl}/api/admin/session`)).json();
  const siteId = session.sites[0].id as string;
  const connected = await api.post(`${server.baseUrl}/api/admin/sites/${siteId}/payments/stripe`, {
    headers,
    data: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
  });
  if (connected.status() !== 200) throw new Error(`Stripe verbinden: ${connected.status()}`);
  stripe.webhookUrl = `${server.baseUrl}/api/payments/stripe/webhook/${siteId}`;
  await owner.close();
  return siteId;
}

/**
 * A guest without JavaScript puts a T-shirt (size M, the first colour) into the cart, fills the checkout and
 * chooses card: resolves on Stripe's payment page.
 */
export async function checkoutTShirtToStripe(
  page: Page,
  server: ShopServer,
  stripe: FakeStripe,
  email: string,
) {
  await page.goto(`${server.baseUrl}/shop/p/bio-t-shirt`);
  const form = page.locator('form[action="/api/commerce/shopping-cart/entries"]');
  await page.selectOption('select[name="option-Größe"]', 'M');
  const colour = await page.locator('select[name="option-Farbe"] option').nth(1).getAttribute('value');
  await page.selectOption('select[name="option-Farbe"]', colour ?? '');
  await Promise.all([page.waitForURL(/\/cart$/), form.locator('button[type="submit"]').click()]);
  const shopper = {
    email,
    firstName: 'Karla',
    lastName: 'Kartenzahlerin',
    line1: 'Am Markt 3',
    postalCode: '04109',
    city: 'Leipzig',
  };
  await placeOrder(page, server, shopper, 'stripe', (url) => url.href.startsWith(`${stripe.apiBase}/pay/`));
}
