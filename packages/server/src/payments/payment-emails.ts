import { formatMoney } from '@baukasten/commerce';
import type { NewEmail, Order } from '@baukasten/storage';
import { html, shopMailHtml } from '../email/email-templates.js';
import { paragraphBlocks } from '../email/mail-content.js';
import { downloadsParagraph, mailItems } from '../email/order-email-templates.js';

/*
 * The mails of the money path: "Zahlung eingegangen" (once per order, written to the outbox in the
 * transaction that marks it paid, with the download links that open from now on) and "Erstattung" (once
 * per refund).
 */

export function paymentReceivedEmail(input: {
  order: Order;
  siteTitle: string;
  locale: string;
  shopUrl: string;
}): NewEmail {
  const { order, siteTitle, locale, shopUrl } = input;
  const subject = `Zahlung für Bestellung Nr. ${order.orderNumber} eingegangen`;
  const due = order.grandTotalMinor - Number(order.data.giftCardMinor ?? 0);
  const paragraphs = [
    'Hallo,',
    `deine Zahlung über ${formatMoney(due, order.currency, locale)} für die Bestellung Nr. ${order.orderNumber} ist bei ${siteTitle} eingegangen. Vielen Dank!`,
    ...(order.testMode ? ['Dies ist eine Testbestellung; es wurde nichts berechnet.'] : []),
    ...downloadsParagraph(order, shopUrl),
  ];
  // The shop's layout: the paid items as a table, the download links clickable (issue 23).
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const body = shopMailHtml(
    subject,
    [
      ...paragraphBlocks(paragraphs.slice(0, 2)),
      { kind: 'items', items: mailItems(order, money) },
      ...paragraphBlocks(paragraphs.slice(2)),
    ],
    { shopName: siteTitle, shopUrl },
  );
  return {
    kind: 'payment-received',
    to: order.customerEmail ?? '',
    subject,
    text: paragraphs.join('\n\n'),
    html: body,
  };
}

export function refundEmail(input: {
  order: Order;
  siteTitle: string;
  locale: string;
  amountMinor: number;
  /** Vorkasse: the account the shop transfers the money back to. */
  iban?: string;
  complete: boolean;
}): NewEmail {
  const { order, siteTitle, locale } = input;
  const amount = formatMoney(input.amountMinor, order.currency, locale);
  const subject = `Erstattung für Bestellung Nr. ${order.orderNumber}`;
  const paragraphs = [
    'Hallo,',
    input.complete
      ? `${siteTitle} hat dir den vollen Betrag deiner Bestellung Nr. ${order.orderNumber} erstattet: ${amount}.`
      : `${siteTitle} hat dir einen Teil deiner Bestellung Nr. ${order.orderNumber} erstattet: ${amount}.`,
    input.iban
      ? `Das Geld wird auf dein Konto ${input.iban} überwiesen; es kann ein bis zwei Bankarbeitstage dauern.`
      : 'Das Geld geht auf dem Weg zurück, auf dem du bezahlt hast; je nach Zahlungsart dauert es einige Tage.',
  ];
  return {
    kind: 'refund',
    to: order.customerEmail ?? '',
    subject,
    text: paragraphs.join('\n\n'),
    // The shop's layout: the refunded amount and what was paid, as totals.
    html: shopMailHtml(
      subject,
      [
        ...paragraphBlocks(paragraphs.slice(0, 2)),
        {
          kind: 'totals',
          rows: [
            {
              label: 'Bezahlt',
              amount: formatMoney(
                order.grandTotalMinor - Number(order.data.giftCardMinor ?? 0),
                order.currency,
                locale,
              ),
              muted: true,
            },
            { label: 'Erstattet', amount, strong: true },
          ],
        },
        ...paragraphBlocks(paragraphs.slice(2)),
      ],
      { shopName: siteTitle },
    ),
  };
}

/** Why an unpaid order lapsed: its payment at the provider was not finished, or no transfer came. */
export type ExpiryReason = 'reservation' | 'bank-transfer';

export const EXPIRY_TEXTS = {
  /** Shown with the cancelled order (confirmation page, order view) and in the mail. */
  reservation: 'Zahlung nicht abgeschlossen',
  'bank-transfer': 'Überweisung nicht rechtzeitig eingegangen',
} as const satisfies Record<ExpiryReason, string>;

/** "Bestellung storniert": the order's time to be paid ran out; once, in the transaction that cancels it. */
export function paymentExpiredEmail(input: {
  order: Order;
  siteTitle: string;
  reason: ExpiryReason;
  shopUrl: string;
}): NewEmail {
  const { order, siteTitle, reason } = input;
  const subject = `Bestellung Nr. ${order.orderNumber} storniert – ${EXPIRY_TEXTS[reason]}`;
  const paragraphs = [
    'Hallo,',
    reason === 'bank-transfer'
      ? `für deine Bestellung Nr. ${order.orderNumber} bei ${siteTitle} ist bis zum Ablauf der Frist keine Überweisung eingegangen. Wir haben die Bestellung deshalb storniert.`
      : `die Zahlung für deine Bestellung Nr. ${order.orderNumber} bei ${siteTitle} wurde nicht abgeschlossen. Wir haben die Bestellung deshalb storniert; es wurde nichts berechnet.`,
    ...(Number(order.data.giftCardMinor ?? 0) > 0
      ? [
          'Das Guthaben deiner Gutscheinkarte, das du dafür eingesetzt hattest, steht dir wieder zur Verfügung.',
        ]
      : []),
    `Wenn du die Artikel noch möchtest, bestelle gern erneut: ${input.shopUrl}`,
  ];
  return {
    kind: 'payment-expired',
    to: order.customerEmail ?? '',
    subject,
    text: paragraphs.join('\n\n'),
    html: html(subject, paragraphs),
  };
}

/** Money that came after the order had lapsed and whose goods were gone: given back in full. */
export function latePaymentRefundedEmail(input: {
  order: Order;
  siteTitle: string;
  locale: string;
  amountMinor: number;
}): NewEmail {
  const { order, siteTitle } = input;
  const amount = formatMoney(input.amountMinor, order.currency, input.locale);
  const subject = `Erstattung für Bestellung Nr. ${order.orderNumber}`;
  const paragraphs = [
    'Hallo,',
    `deine Zahlung für die Bestellung Nr. ${order.orderNumber} bei ${siteTitle} kam an, nachdem die Reservierung der Artikel abgelaufen war, und die Artikel sind inzwischen nicht mehr vorrätig.`,
    `Wir haben dir deshalb den vollen Betrag von ${amount} erstattet. Das Geld geht auf dem Weg zurück, auf dem du bezahlt hast; je nach Zahlungsart dauert es einige Tage.`,
  ];
  return {
    kind: 'refund',
    to: order.customerEmail ?? '',
    subject,
    text: paragraphs.join('\n\n'),
    html: html(subject, paragraphs),
  };
}
