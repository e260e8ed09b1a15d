import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { checkOutWithBankTransfer } from './support/checkout.js';
import { field } from './support/editor.js';
import {
  ACCOUNT_PATHS,
  addMugToCart,
  EDITOR_SECTIONS,
  STOREFRONT_PATHS,
  signInAsDemoOwner,
  signUpCustomer,
} from './support/page-tour.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 22 acceptance: axe with every WCAG 2.0, 2.1 and 2.2 A and AA rule on every storefront page type
 * and every editor screen. Each page is visited once, at one width (the fit test covers the widths), in
 * one browser against one server, to keep the suite's time in bounds.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * "Needs review" results axe cannot decide alone, each checked by hand; any other id fails the test so
 * that a new kind of doubt is looked at, not waved through.
 */
const REVIEWED_INCOMPLETE = new Set([
  // The only doubt axe reports (run of issue 22): text whose background it cannot compute. Checked by hand:
  // - the analytics charts' SVG labels: fill #1d2330 (--ink) and #5a6375 (--ink-muted) on the white card,
  //   contrast 15.7:1 and 6.0:1;
  // - the page list's "↑"/"↓" move buttons: a lone arrow glyph, #1d2330 on the white card, 15.7:1.
  'color-contrast',
]);

/** Every violation and every unreviewed "needs review" result, as "rule: target" lines. */
async function wcagFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return [
    ...results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)),
    ...results.incomplete
      .filter((r) => !REVIEWED_INCOMPLETE.has(r.id))
      .flatMap((r) => r.nodes.map((n) => `prüfen – ${r.id}: ${n.target.join(' ')}`)),
  ];
}

describe('every page passes WCAG 2.2 AA as far as axe can tell', () => {
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

  it('WCAG 2.2 A/AA axe finds nothing on any storefront page type, from the first visit to the order status', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await ctx.newPage();
    const findings: Record<string, string[]> = {};
    const scan = async (label: string) => {
      findings[label] = await wcagFindings(page);
    };
    const visit = async (path: string) => {
      const res = await page.goto(`${server.baseUrl}${path}`);
      expect(res?.status(), path).toBeLessThan(500);
      await scan(path);
    };

    for (const path of STOREFRONT_PATHS) await visit(path);
    await visit('/shop/p/bio-t-shirt');
    await addMugToCart(page, server);
    // The popover fades in over 0.2 s; scanned mid-fade its text would be measured half transparent.
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.added-popover') ?? document.body).opacity === '1',
    );
    await scan('/shop/p/emaille-becher-bergsee (hinzugefügt)');
    await visit('/cart');
    await visit('/checkout');
    // The refused checkout: the form again with the error summary and the messages at the fields.
    for (const [id, value] of Object.entries({
      email: 'gast@example',
      firstName: 'Anna',
      lastName: 'Axe',
      line1: 'Prüfweg 1',
      postalCode: '1',
      city: 'Berlin',
    }))
      await page.fill(`#${id}`, value);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/commerce/checkout')),
      page
        .locator('form[action="/api/commerce/checkout"] button[type="submit"]:not([formnovalidate])')
        .click(),
    ]);
    await page.locator('.error-summary').waitFor();
    await scan('/checkout (abgelehnt)');
    await checkOutWithBankTransfer(page, {
      email: 'axe@example.de',
      firstName: 'Anna',
      lastName: 'Axe',
      line1: 'Prüfweg 1',
      postalCode: '10115',
      city: 'Berlin',
    });
    await scan('/checkout/bestaetigt');

    await signUpCustomer(page, server, 'axe@example.de');
    for (const path of ACCOUNT_PATHS) await visit(path);
    await page.goto(`${server.baseUrl}/account/bestellungen`);
    await Promise.all([
      page.waitForURL(/\/bestellung\//),
      page.getByRole('link', { name: 'Bestellstatus ansehen' }).first().click(),
    ]);
    await scan('/bestellung (Bestellstatus)');

    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((k) => [k, []])));
    await ctx.close();
  }, 240_000);

  it('WCAG 2.2 A/AA axe finds nothing on any editor screen of the demo shop', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await ctx.newPage();
    const findings: Record<string, string[]> = {};
    const heading = () => page.locator('main h1, main h2').first().waitFor();
    const check = async (path: string, ready: () => Promise<unknown>) => {
      await page.goto(`${server.baseUrl}${path}`);
      await ready();
      findings[path] = await wcagFindings(page);
    };

    await check('/config/anmelden', () => field(page, 'E-Mail-Adresse').waitFor());
    await check('/config/registrieren', () => field(page, 'E-Mail-Adresse').waitFor());
    const site = await signInAsDemoOwner(page, server);
    await check('/config', heading);
    await check('/config/sites/neu', heading);
    await check('/config/konto', heading);
    for (const section of EDITOR_SECTIONS) await check(`${site}${section}`, heading);

    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((k) => [k, []])));
    await ctx.close();
  }, 240_000);
});
