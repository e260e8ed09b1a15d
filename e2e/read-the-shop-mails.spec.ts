import { CollectionType } from '@baukasten/commerce';
import { type NewEmail, type Order, openStorage, type Storage } from '@baukasten/storage';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  passwordResetEmail,
  verificationEmail,
} from '../packages/server/src/customer-accounts/account-emails.js';
import { brandedMails } from '../packages/server/src/email/branded-mail.js';
import { newsletterConfirmationEmail, restockEmail } from '../packages/server/src/email/email-templates.js';
import { giftCardEmail, orderConfirmationEmail } from '../packages/server/src/email/order-email-templates.js';
import { shippingEmail } from '../packages/server/src/fulfilment/shipping-email.js';
import { withdrawalConfirmationEmail } from '../packages/server/src/legal/withdrawal-emails.js';
import { paymentReceivedEmail, refundEmail } from '../packages/server/src/payments/payment-emails.js';
import { launchBrowser, saveScreenshot } from './support/browser.js';

/*
 * A shopper reads the shop's mails (issue 23). Every shopper mail is built by its template and drawn in
 * the shop's brand exactly as the outbox worker draws it before sending (brandedMails), then opened in
 * Chromium at a phone's 320 px and a mail program's 600 px: nothing scrolls sideways, order mails show
 * their item table and total, every mail carries the legal footer, and every picture has a text.
 */

const HOST = 'toepferei.test';
const SHOP = `http://${HOST}`;
const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#c9773f"/></svg>`;

const order = (itemId: string): Order => ({
  id: 'o1',
  websiteId: 'w',
  orderNumber: 1042,
  purchasedCartId: 'c',
  testMode: false,
  currency: 'EUR',
  customerEmail: 'erika@example.de',
  data: {
    shippingAddress: {
      firstName: 'Erika',
      lastName: 'Mustermann-Lüdenscheid',
      line1: 'Hauptstraße 1',
      postalCode: '1010',
      city: 'Wien',
      country: 'AT',
    },
    shippingOption: { name: 'Standardversand' },
    payment: { method: 'bank-transfer', status: 'AWAITING_PAYMENT' },
    vat: {
      treatment: 'domestic',
      lines: [
        { ratePercent: 19, vatMinor: 655 },
        { ratePercent: 7, vatMinor: 98 },
      ],
      note: null,
    },
  },
  createdAt: 0,
  items: [
    {
      id: 'i1',
      itemId,
      sku: 'TASSE-BLAU-GROSS',
      productName: 'Handgetöpferte Kaffeetasse mit extra langem Namen, glasiert',
      quantity: 2,
      unitPriceMinor: 2450,
      data: { attributes: { Farbe: 'Blau', Größe: 'Groß' } },
    },
    {
      id: 'i2',
      itemId: 'unbekannt',
      sku: 'BUCH',
      productName: 'Töpferbuch',
      quantity: 1,
      unitPriceMinor: 1500,
      data: { downloadToken: 'f'.repeat(32) },
    },
  ],
  subtotalMinor: 6400,
  taxMinor: 753,
  shippingMinor: 490,
  discountMinor: 0,
  grandTotalMinor: 6890,
});

describe('a shopper reads the shop’s mails', () => {
  let storage: Storage;
  let browser: Browser;
  let mails: { name: string; mail: NewEmail; hasOrder: boolean }[];
  let websiteId: string;

  beforeAll(async () => {
    storage = await openStorage({ sqliteFile: ':memory:' });
    await storage.migrate();
    websiteId = (
      await storage.websites.create({
        title: 'Töpferei Muster',
        hostnames: [HOST],
        currency: 'EUR',
        settings: {
          logoUrl: '/assets/logo.svg',
          siteStyles: { palette: { accent: '#8a3b12' }, fontPairing: 'werkstatt', buttonShape: 'pille' },
          legal: {
            companyName: 'Töpferei Muster GmbH',
            street: 'Lehmweg 3',
            postalCode: '10115',
            city: 'Berlin',
            email: 'hallo@toepferei.test',
            registerCourt: 'Amtsgericht Berlin-Charlottenburg',
            registerNumber: 'HRB 123456',
            vatId: 'DE123456789',
          },
        } as never,
      })
    ).id;
    const shop = await storage.collections.create(websiteId, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
    const mug = await storage.items.create(websiteId, {
      collectionId: shop.id,
      urlId: 'tasse',
      title: 'Tasse',
      assetUrl: '/assets/tasse.svg',
    });
    const placed = order(mug.id);
    const base = { siteTitle: 'Töpferei Muster', locale: 'de-DE' };
    mails = [
      {
        name: 'order-confirmation',
        hasOrder: true,
        mail: orderConfirmationEmail({
          ...base,
          order: placed,
          shopUrl: SHOP,
          orderStatusUrl: `${SHOP}/bestellung/1042`,
          bankAccount: { accountHolder: 'Töpferei Muster GmbH', iban: 'DE02 1203 0000 0000 2020 51' },
          giroCodeUrl: `${SHOP}/girocode/1042.png`,
        }),
      },
      {
        name: 'payment-received',
        hasOrder: true,
        mail: paymentReceivedEmail({ ...base, order: placed, shopUrl: SHOP }),
      },
      {
        name: 'shipping',
        hasOrder: true,
        mail: shippingEmail({
          order: placed,
          siteTitle: base.siteTitle,
          shipment: {
            id: 's1',
            orderId: 'o1',
            carrier: 'dhl',
            trackingNumber: '00340434161234567890',
            lines: [{ orderItemId: 'i1', quantity: 2 }],
            shippedAt: 0,
          },
          orderStatusUrl: `${SHOP}/bestellung/1042`,
          complete: false,
        }),
      },
      {
        name: 'refund',
        hasOrder: false,
        mail: refundEmail({ ...base, order: placed, amountMinor: 2450, complete: false }),
      },
      {
        name: 'withdrawal-confirmation',
        hasOrder: false,
        mail: withdrawalConfirmationEmail({
          siteTitle: base.siteTitle,
          orderNumber: 1042,
          name: 'Erika Mustermann',
          email: 'erika@example.de',
          declaration: 'Hiermit widerrufe ich den Vertrag über die Tasse.',
          receivedText: '19. Juni 2026 um 14:32 Uhr',
          itemLines: ['2 × Handgetöpferte Kaffeetasse'],
          notWithdrawnLines: [],
          legalLinks: [{ title: 'Widerrufsbelehrung', url: `${SHOP}/widerruf` }],
        }),
      },
      {
        name: 'gift-card',
        hasOrder: false,
        mail: giftCardEmail({
          ...base,
          to: 'beschenkt@example.de',
          code: 'ABCD-EFGH-JKLM-NPQR',
          amountMinor: 5000,
          currency: 'EUR',
          fromName: 'Max',
          shopUrl: SHOP,
        }),
      },
      {
        name: 'restock',
        hasOrder: false,
        mail: restockEmail({
          to: 'erika@example.de',
          siteTitle: base.siteTitle,
          productName: 'Tasse',
          variantText: 'Farbe: Blau',
          productUrl: `${SHOP}/laden/tasse`,
        }),
      },
      {
        name: 'newsletter-confirmation',
        hasOrder: false,
        mail: newsletterConfirmationEmail({
          to: 'erika@example.de',
          siteTitle: base.siteTitle,
          confirmUrl: `${SHOP}/newsletter/bestaetigen?token=${'a'.repeat(64)}`,
          unsubscribeUrl: `${SHOP}/newsletter/abmelden?token=${'b'.repeat(64)}`,
        }),
      },
      {
        name: 'account-verification',
        hasOrder: false,
        mail: verificationEmail({
          to: 'erika@example.de',
          name: 'Erika',
          siteTitle: base.siteTitle,
          url: `${SHOP}/konto/bestaetigen?token=${'c'.repeat(64)}`,
        }),
      },
      {
        name: 'account-password-reset',
        hasOrder: false,
        mail: passwordResetEmail({
          to: 'erika@example.de',
          name: 'Erika',
          siteTitle: base.siteTitle,
          url: `${SHOP}/konto/passwort?token=${'d'.repeat(64)}`,
        }),
      },
    ];
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await storage?.close();
  });

  /** The mail as the worker sends it, opened like a mail program: only the shop's pictures load. */
  async function open(page: Page, mail: NewEmail) {
    const sent = await brandedMails(storage)(websiteId, { html: mail.html ?? null, text: mail.text });
    await page.route('**/*', (route) =>
      route.request().url().startsWith(SHOP)
        ? route.fulfill({ contentType: 'image/svg+xml', body: PICTURE })
        : route.abort(),
    );
    await page.setContent(sent.html ?? '', { waitUntil: 'load' });
    return sent;
  }

  for (const width of [320, 600]) {
    it(`every shopper mail reads at ${width} px: no sideways scrolling, items and total, legal footer, pictures with text`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      for (const { name, mail, hasOrder } of mails) {
        const page = await context.newPage();
        const sent = await open(page, mail);
        const what = `${name} at ${width} px`;
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0)
          console.log(
            what,
            await page.evaluate(() =>
              [...document.querySelectorAll('body *')]
                .filter((e) => e.getBoundingClientRect().right > window.innerWidth)
                .slice(-6)
                .map(
                  (e) =>
                    `${e.tagName} ${e.getAttribute('style')?.slice(0, 80)} ${e.textContent?.slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}`,
                ),
            ),
          );
        expect(overflow, what).toBeLessThanOrEqual(0);
        if (hasOrder) {
          const items = page.locator('[data-mail="items"]');
          expect(await items.count(), what).toBe(1);
          expect(await items.locator('tr').count(), what).toBeGreaterThan(0);
          await expect
            .poll(
              () =>
                items
                  .locator('img')
                  .first()
                  .evaluate((img: HTMLImageElement) => img.naturalWidth),
              { timeout: 5000 },
            )
            .toBeGreaterThan(0);
        }
        if (name === 'order-confirmation') {
          const total = page.locator('[data-mail="total"]');
          expect(await total.isVisible(), what).toBe(true);
          expect(await total.textContent(), what).toContain('68,90');
          const box = (await total.boundingBox())!;
          expect(box.x + box.width, what).toBeLessThanOrEqual(width);
          expect(await page.locator('body').textContent(), what).toContain('Österreich');
        }
        const footer = page.locator('[data-mail="legal-footer"]');
        for (const [title, path] of [
          ['AGB', '/agb'],
          ['Widerrufsbelehrung', '/widerruf'],
          ['Datenschutz', '/datenschutz'],
          ['Impressum', '/impressum'],
        ])
          expect(
            await footer.getByRole('link', { name: title, exact: true }).getAttribute('href'),
            what,
          ).toBe(`${SHOP}${path}`);
        expect(await footer.textContent(), what).toContain('Töpferei Muster GmbH');
        const alts = await page
          .locator('img')
          .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));
        expect(alts.length, what).toBeGreaterThan(0);
        for (const alt of alts) expect(alt?.trim(), what).toBeTruthy();
        // The logo is the first picture, named after the shop.
        expect(alts[0], what).toBe('Töpferei Muster');
        expect(sent.text, what).toContain(`Impressum: ${SHOP}/impressum`);
        await saveScreenshot(page, `read-the-shop-mails-${name}-${width}`);
        await page.close();
      }
      await context.close();
    });
  }
});
