import type { Order } from '@baukasten/storage';
import { describe, expect, it } from 'vitest';
import { paymentReceivedEmail } from '../payments/payment-emails.js';
import { formNotificationEmail, restockEmail } from './email-templates.js';
import { contentOf } from './mail-content.js';
import { renderShopMail } from './mail-layout.js';
import { giftCardEmail, orderConfirmationEmail } from './order-email-templates.js';

const NBSP = '\u00a0';
/** The HTML part as the outbox worker draws it for sending (the queued one carries only the blocks). */
const sent = (mail: { html?: string }) => renderShopMail(contentOf(mail.html ?? '')!);

describe('email templates', () => {
  it('formats order totals as German money with Intl, never floats', () => {
    const order = {
      id: 'o1',
      websiteId: 'w',
      orderNumber: 1042,
      purchasedCartId: 'c',
      testMode: false,
      currency: 'EUR',
      customerEmail: 'erika@example.de',
      data: {},
      createdAt: 0,
      items: [
        {
          id: 'i',
          itemId: 'x',
          sku: 'TASSE',
          productName: 'Tasse',
          quantity: 3,
          unitPriceMinor: 1290,
          data: {},
        },
      ],
      subtotalMinor: 3870,
      taxMinor: 618,
      shippingMinor: 490,
      discountMinor: 0,
      grandTotalMinor: 4360,
    } satisfies Order;
    const mail = orderConfirmationEmail({ order, siteTitle: 'Laden', locale: 'de-DE' });
    expect(mail.subject).toBe('Deine Bestellung Nr. 1042 bei Laden');
    expect(mail.to).toBe('erika@example.de');
    expect(mail.text).toContain(`3 × Tasse (TASSE): 38,70${NBSP}€`);
    expect(mail.text).toContain(`Gesamtsumme: 43,60${NBSP}€`);
    expect(mail.text).not.toContain('Rabatt');
  });

  it('puts the gift card code and amount in both parts', () => {
    const mail = giftCardEmail({
      to: 'b@x.de',
      siteTitle: 'Laden',
      locale: 'de-DE',
      code: 'GESCHENK-1234',
      amountMinor: 5000,
      currency: 'EUR',
      fromName: 'Max',
      shopUrl: 'https://laden.test/shop',
    });
    expect(mail.subject).toBe(`Dein Gutschein über 50,00${NBSP}€ für Laden`);
    expect(mail.text).toContain('Max schenkt dir einen Gutschein');
    expect(sent(mail)).toContain('<strong>GESCHENK-1234</strong>');
  });

  it('escapes visitor and owner text in the HTML part', () => {
    const mail = formNotificationEmail({
      to: 'o@x.de',
      siteTitle: 'Laden',
      formName: '<script>',
      answers: [{ title: 'Nachricht', text: '"><img src=x onerror=alert(1)>' }],
    });
    expect(sent(mail)).not.toContain('<img');
    expect(sent(mail)).not.toContain('<script>');
    expect(sent(mail)).toContain('&lt;script&gt;');
    const restock = restockEmail({
      to: 'a@x.de',
      siteTitle: 'Laden',
      productName: 'A & B',
      variantText: '',
      productUrl: 'https://laden.test/p?a=1&b=2',
    });
    expect(sent(restock)).toContain('href="https://laden.test/p?a=1&amp;b=2"');
    expect(restock.text).toContain('A & B ist bei Laden wieder verfügbar');
  });

  it('R3.13.1 an order part-paid by gift card asks Vorkasse only for the rest; links are escaped in HTML', () => {
    const order = {
      id: 'o2',
      websiteId: 'w',
      orderNumber: 1043,
      purchasedCartId: 'c',
      testMode: false,
      currency: 'EUR',
      customerEmail: 'erika@example.de',
      data: {
        payment: { method: 'bank-transfer', status: 'AWAITING_PAYMENT' },
        giftCardMinor: 1000,
        shippingAddress: null,
      },
      createdAt: 0,
      items: [
        {
          id: 'i',
          itemId: 'x',
          sku: 'BUCH',
          productName: 'Buch <Band 1>',
          quantity: 1,
          unitPriceMinor: 2500,
          data: { downloadToken: 'f'.repeat(32) },
        },
      ],
      subtotalMinor: 2500,
      taxMinor: 164,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor: 2500,
    } satisfies Order;
    const mail = orderConfirmationEmail({
      order,
      siteTitle: 'Laden',
      locale: 'de-DE',
      shopUrl: 'https://laden.test',
    });
    expect(mail.text).toContain(`Mit Gutschein bezahlt: −10,00${NBSP}€`);
    expect(mail.text).toContain(`Noch zu zahlen: 15,00${NBSP}€`);
    expect(mail.text).toContain(`Bitte überweise 15,00${NBSP}€ mit dem Verwendungszweck „Bestellung 1043“.`);
    expect(mail.text).toContain('Die Bankverbindung schickt dir Laden gesondert.');
    // Unpaid: no download link yet; it comes with the payment mail, escaped there.
    expect(mail.text).not.toContain('f'.repeat(32));
    expect(mail.text).toContain('Die Download-Links erhältst du, sobald deine Zahlung eingegangen ist.');
    const paid = paymentReceivedEmail({
      order: { ...order, data: { ...order.data, payment: { method: 'bank-transfer', status: 'PAID' } } },
      siteTitle: 'Laden',
      locale: 'de-DE',
      shopUrl: 'https://laden.test',
    });
    expect(paid.text).toContain(`Buch <Band 1>: https://laden.test/downloads/${'f'.repeat(32)}`);
    expect(sent(paid)).toContain('Buch &lt;Band 1&gt;: ');
    expect(sent(paid)).toContain(`href="https://laden.test/downloads/${'f'.repeat(32)}"`);
    expect(sent(paid)).not.toContain('<Band 1>');
    expect(sent(mail)).not.toContain('<Band 1>');
  });
});
