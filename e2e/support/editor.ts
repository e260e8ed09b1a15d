import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser.js';
import { linkInMail } from './mail.js';
import { type ShopServer, startShopServer } from './shop-server.js';

/** The editor's inputs have visible labels; the exact label text picks one. */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Waits until the polite status line of the screen says `text`. */
export async function statusSays(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

export interface NewOwner {
  /** The owner's name; the email is `<subdomain>@example.de`, the password `sehr-geheim-123`. */
  name: string;
  siteTitle: string;
  subdomain: string;
  /** The starter as the new-site screen labels it. */
  starter: 'Leere Website' | 'Demo-Laden mit Beispielprodukten';
}

/**
 * A new owner signs up at /config, opens the link of the sign-up mail (the sign-up itself signs nobody in,
 * security review #18) and creates a website from a starter, all through the editor's UI. The server must
 * write its mails to DATA_DIR/mail (no SMTP_URL).
 */
export async function signUpWithNewSite(page: Page, server: ShopServer, owner: NewOwner): Promise<void> {
  const email = `${owner.subdomain}@example.de`;
  await page.goto(`${server.baseUrl}/config/registrieren`);
  await field(page, 'Name').fill(owner.name);
  await field(page, 'E-Mail-Adresse').fill(email);
  await field(page, 'Passwort').fill('sehr-geheim-123');
  await button(page, 'Registrieren').click();
  await page.getByRole('heading', { name: 'Prüfe dein Postfach' }).waitFor();
  const link = await linkInMail(server.dataDir, email, '/config/konto-bestaetigen');
  await page.goto(`${server.baseUrl}${link}`);
  await button(page, 'Konto anlegen').click();
  await page.waitForURL(/\/config\/sites\/neu$/);
  await field(page, 'Titel der Website').fill(owner.siteTitle);
  await field(page, 'Subdomain').fill(owner.subdomain);
  await page.getByLabel(owner.starter).check();
  await button(page, 'Website anlegen').click();
  await page.getByRole('heading', { name: 'Deine Website ist angelegt.' }).waitFor();
}

/**
 * The server and browser of a describe block whose owners sign up through the editor: started in
 * beforeAll, closed in afterAll. Sign-up links arrive by mail: the outbox writes them to DATA_DIR/mail
 * (no SMTP server). Read the fields inside tests.
 */
export function ownerJourney(): { server: ShopServer; browser: Browser } {
  const journey = {} as { server: ShopServer; browser: Browser };
  beforeAll(async () => {
    journey.server = await startShopServer({ SMTP_URL: '' });
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}

/**
 * A new owner in a browser context of its own signs up with a site at a fresh subdomain
 * `<prefix>-<random hex>` (signUpWithNewSite); the site's origin is on the server's port.
 */
export async function newOwnerSite(
  { server, browser }: { server: ShopServer; browser: Browser },
  prefix: string,
  viewport: { width: number; height: number },
  owner: Omit<NewOwner, 'subdomain'>,
): Promise<{ subdomain: string; siteOrigin: string; ownerContext: BrowserContext; owner: Page }> {
  const subdomain = `${prefix}-${randomBytes(4).toString('hex')}`;
  const siteOrigin = `http://${subdomain}.localhost:${server.port}`;
  const ownerContext = await browser.newContext({ viewport });
  const page = await ownerContext.newPage();
  await signUpWithNewSite(page, server, { ...owner, subdomain });
  return { subdomain, siteOrigin, ownerContext, owner: page };
}

/** From the "website created" screen to the website's overview. */
export async function openSiteOverview(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: 'Zur Übersicht der Website' }).click();
  await page.waitForURL(/\/config\/sites\/[^/]+$/);
  return page.getByRole('navigation', { name: 'Bereiche der Website' });
}

/**
 * A new owner through the admin API (for journeys whose subject is not the editor): signs up, confirms
 * with the token of the sign-up mail (the sign-up itself signs nobody in, security review #18) and is then
 * signed in on `api`. The server must write its mails to DATA_DIR/mail (SMTP_URL '').
 */
export async function ownerAccountByApi(
  api: APIRequestContext,
  server: ShopServer,
  owner: { email: string; name: string },
  headers: Record<string, string>,
): Promise<void> {
  const signUp = await api.post(`${server.baseUrl}/api/admin/accounts`, {
    headers,
    data: { email: owner.email, password: 'sehr-geheim-123', name: owner.name },
  });
  expect(signUp.status()).toBe(202);
  const link = await linkInMail(server.dataDir, owner.email, '/config/konto-bestaetigen');
  const token = new URL(link, server.baseUrl).searchParams.get('token');
  const verified = await api.post(`${server.baseUrl}/api/admin/accounts/verify`, {
    headers,
    data: { token },
  });
  expect(verified.status()).toBe(201);
}
