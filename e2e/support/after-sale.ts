import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkOutWithBankTransfer } from './checkout.js';
import { button, field } from './editor.js';
import { mailsIn } from './mail.js';
import type { ShopServer } from './shop-server.js';

/* Steps the after-the-sale journeys share: a guest's purchase, the owner's order page, the shopper's mail. */

/** A guest buys a mug without JavaScript and gives back the order number from the confirmation. */
export async function buyAMug(page: Page, server: ShopServer, email: string): Promise<string> {
  await page.goto(`${server.baseUrl}/shop/p/emaille-becher-bergsee`);
  await Promise.all([
    page.waitForURL(/\/cart$/),
    page.locator('form[action="/api/commerce/shopping-cart/entries"] button[type="submit"]').click(),
  ]);
  await page.goto(`${server.baseUrl}/checkout`);
  await checkOutWithBankTransfer(page, {
    email,
    firstName: 'Paula',
    lastName: 'Paket',
    line1: 'Hafenstraße 3',
    postalCode: '20457',
    city: 'Hamburg',
  });
  const confirmation = (await page.locator('main').textContent()) ?? '';
  const orderNumber = /Bestell(?:ung|nummer)\D*(\d{4,})/.exec(confirmation)?.[1];
  expect(orderNumber).toBeTruthy();
  return orderNumber!;
}

/** The demo owner signs in and opens the order with this number from the editor's order list. */
export async function openOrderAsOwner(page: Page, server: ShopServer, orderNumber: string) {
  await page.goto(`${server.baseUrl}/config/anmelden`);
  await field(page, 'E-Mail-Adresse').fill('demo@baukasten.localhost');
  await field(page, 'Passwort').fill('baukasten-demo');
  await button(page, 'Anmelden').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/anmelden'));
  await page.goto(`${server.baseUrl}/config`);
  const site = (await page.locator('a.card-link').first().getAttribute('href')) ?? '';
  await page.goto(`${server.baseUrl}${site}/bestellungen`);
  await page.getByRole('link', { name: `#${orderNumber}`, exact: true }).click();
  await page.getByRole('heading', { name: 'Versand' }).waitFor();
}

export async function waitForMailTo(server: ShopServer, to: string, text: RegExp) {
  let found = '';
  await expect
    .poll(
      async () => {
        found =
          (await mailsIn(server.dataDir)).find((m) => m.to.includes(to) && text.test(m.text))?.text ?? '';
        return found;
      },
      { timeout: 20_000, interval: 250 },
    )
    .not.toBe('');
  return found;
}
