import {
  formatMoney,
  germanCountryName,
  type ShippingAddress,
  type VatTreatment,
  vatRateText,
} from '@baukasten/commerce';
import type { NewEmail, Order } from '@baukasten/storage';
import { discountRowsOf } from '../pages/discount-rows.js';
import { shopMailHtml } from './email-templates.js';
import type { MailBlock, MailItem, MailTotalRow } from './mail-content.js';

/*
 * Order confirmation and gift card emails. Checkout enqueues them in its order transaction
 * (`tx.outbox.enqueue(website.id, orderConfirmationEmail(...))`) so an order never lacks its mail.
 */

/** The shop's bank account for Vorkasse, from the website setting `bankTransfer`. */
export interface BankAccount {
  accountHolder?: string;
  iban?: string;
  bic?: string;
  bankName?: string;
}

export interface OrderConfirmationInput {
  order: Order;
  siteTitle: string;
  locale: string;
  /** Origin of the shop, e.g. 'https://laden.de': download links are absolute. */
  shopUrl?: string;
  /** Where Vorkasse is paid to; without it the mail says the shop sends it separately. */
  bankAccount?: BankAccount;
  /** Link to the order status page, when the shop has one. */
  orderStatusUrl?: string;
  /** Vorkasse: the order's GiroCode (EPC QR code) as an image URL, and the day the order lapses unpaid. */
  giroCodeUrl?: string;
  transferDueText?: string;
  /** The AGB and Widerrufsbelehrung the order was placed under, and the legal pages' links (legal/order-legal-texts.ts). */
  legalTexts?: {
    version: number;
    documents: { title: string; text: string }[];
    links: { title: string; url: string }[];
  };
}

/** The order's download links, one per digital line: `<shop>/downloads/<token>`. */
export function downloadLinks(order: Order, shopUrl = ''): { productName: string; url: string }[] {
  return order.items.flatMap((item) =>
    typeof item.data.downloadToken === 'string'
      ? [{ productName: item.productName, url: `${shopUrl}/downloads/${item.data.downloadToken}` }]
      : [],
  );
}

/** The paragraph with a paid order's download links; none for an order without downloads. */
export function downloadsParagraph(order: Order, shopUrl = ''): string[] {
  const downloads = downloadLinks(order, shopUrl);
  return downloads.length > 0
    ? [['Deine Downloads:', ...downloads.map((d) => `${d.productName}: ${d.url}`)].join('\n')]
    : [];
}

/** The reference a Vorkasse transfer carries, so the shop can match the money to the order. */
export const transferReference = (order: Order) => `Bestellung ${order.orderNumber}`;

const PAYMENT_NAMES: Record<string, string> = {
  'bank-transfer': 'Vorkasse (Überweisung)',
  'test-card': 'Kreditkarte (Testmodus)',
  'gift-card': 'Gutschein',
  stripe: 'Karte, SEPA-Lastschrift, Klarna, Apple Pay oder Google Pay (über Stripe)',
  paypal: 'PayPal',
};

interface OrderPayment {
  method?: string;
  status?: string;
}

/**
 * The German order confirmation: number, lines, totals, shipping address, how to pay (for Vorkasse the
 * amount and the transfer reference) and the download links of digital products.
 */
export function orderConfirmationEmail({
  order,
  siteTitle,
  locale,
  shopUrl,
  bankAccount,
  orderStatusUrl,
  legalTexts,
  giroCodeUrl,
  transferDueText,
}: OrderConfirmationInput): NewEmail {
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const subject = `Deine Bestellung Nr. ${order.orderNumber} bei ${siteTitle}`;
  const address = (order.data.shippingAddress ?? null) as ShippingAddress | null;
  const payment = (order.data.payment ?? {}) as OrderPayment;
  const shipping = (order.data.shippingOption ?? null) as { name?: string } | null;
  const giftCardMinor = Number(order.data.giftCardMinor ?? 0);
  const dueMinor = order.grandTotalMinor - giftCardMinor;
  const awaitingTransfer = payment.method === 'bank-transfer' && payment.status !== 'PAID' && dueMinor > 0;

  const greeting = address?.firstName?.trim() ? `Hallo ${address.firstName.trim()},` : 'Hallo,';
  const intro = [
    greeting,
    `vielen Dank für deine Bestellung bei ${siteTitle}! Wir haben sie erhalten und bearbeiten sie jetzt.`,
    ...(order.testMode ? ['Dies ist eine Testbestellung; es wurde nichts berechnet.'] : []),
  ];
  const lines = [
    `Bestellnummer: ${order.orderNumber}`,
    ...order.items.map(
      (item) =>
        `${item.quantity} × ${item.productName} (${item.sku}): ${money(item.quantity * item.unitPriceMinor)}`,
    ),
  ];
  const totals = [
    `Zwischensumme: ${money(order.subtotalMinor)}`,
    // One line per discount that applied, by name (issue 23); orders before it have one "Rabatt" line.
    ...(discountRowsOf(order.data.discounts, money).length > 0
      ? discountRowsOf(order.data.discounts, money).map((row) => `${row.label}: ${row.amountText}`)
      : order.discountMinor > 0
        ? [`Rabatt: −${money(order.discountMinor)}`]
        : []),
    `Versand${shipping?.name ? ` (${shipping.name})` : ''}: ${money(order.shippingMinor)}`,
    `Gesamtsumme: ${money(order.grandTotalMinor)}`,
    // VAT per rate, or the § 19 / reverse-charge note (order.data.vat, written by the checkout).
    ...vatTextLines(order, money),
    ...(giftCardMinor > 0
      ? [`Mit Gutschein bezahlt: −${money(giftCardMinor)}`, `Noch zu zahlen: ${money(dueMinor)}`]
      : []),
  ];
  const addressBlock = address
    ? [
        [
          'Lieferadresse:',
          `${address.firstName} ${address.lastName}`.trim(),
          address.line1,
          ...(address.line2 ? [address.line2] : []),
          `${address.postalCode} ${address.city}`.trim(),
          ...(address.region ? [address.region] : []),
          germanCountryName(address.country),
        ].join('\n'),
      ]
    : [];
  const paymentBlock = awaitingTransfer
    ? [
        [
          'Zahlung per Vorkasse:',
          `Bitte überweise ${money(dueMinor)} mit dem Verwendungszweck „${transferReference(order)}“.`,
          ...bankLines(bankAccount, siteTitle),
          ...(transferDueText
            ? [`Bitte überweise bis zum ${transferDueText}; danach verfällt die Bestellung.`]
            : []),
          ...(giroCodeUrl && bankAccount?.iban
            ? [`GiroCode zum Scannen mit der Banking-App: ${giroCodeUrl}`]
            : []),
          'Wir versenden deine Bestellung, sobald das Geld bei uns eingegangen ist.',
        ].join('\n'),
      ]
    : payment.method
      ? [
          `Zahlungsart: ${PAYMENT_NAMES[payment.method] ?? payment.method}${
            payment.status === 'PAID' ? ' – die Zahlung ist eingegangen.' : ''
          }`,
        ]
      : [];
  // The links are the goods: only a paid order's mail carries them (as the order pages show them); an
  // unpaid one gets them with the payment mail (payments/payment-emails.ts).
  const downloadBlock =
    downloadLinks(order).length === 0
      ? []
      : payment.status === 'PAID'
        ? downloadsParagraph(order, shopUrl)
        : ['Die Download-Links erhältst du, sobald deine Zahlung eingegangen ist.'];
  const paragraphs = [
    ...intro,
    lines.join('\n'),
    totals.join('\n'),
    ...addressBlock,
    ...paymentBlock,
    ...downloadBlock,
    // §312f BGB: the terms of this order on a durable medium, in the version the shopper ordered under.
    ...(legalTexts
      ? [
          ['Rechtliches:', ...legalTexts.links.map((l) => `${l.title}: ${l.url}`)].join('\n'),
          `Unten findest du unsere AGB und die Widerrufsbelehrung mit dem Muster-Widerrufsformular in der Fassung ${legalTexts.version}, die für deine Bestellung gilt.`,
          // The texts themselves follow here when the mail is sent (the 'legal-texts' block below).
        ]
      : []),
  ];
  const textHead = paragraphs.join('\n\n');
  // The HTML part says the same in the shop's layout: the items as a table, the totals with VAT per
  // rate, the address with the country in German, the payment, the downloads and the next step.
  const blocks: MailBlock[] = [
    ...intro.map((text): MailBlock => ({ kind: 'text', text })),
    { kind: 'text', text: `Bestellnummer: ${order.orderNumber}` },
    { kind: 'items', items: mailItems(order, money) },
    { kind: 'totals', rows: totals.map(totalRow) },
    ...(address
      ? [{ kind: 'address', title: 'Lieferadresse', lines: addressBlock[0].split('\n').slice(1) } as const]
      : []),
    ...paymentBlock.map((text): MailBlock => ({ kind: 'text', text })),
    ...(giroCodeUrl && bankAccount?.iban
      ? [
          {
            kind: 'image',
            src: giroCodeUrl,
            alt: 'GiroCode für die Überweisung',
            width: 200,
            height: 200,
          } as const,
        ]
      : []),
    ...downloadBlock.map((text): MailBlock => ({ kind: 'text', text })),
    ...(orderStatusUrl
      ? [{ kind: 'button', href: orderStatusUrl, label: 'Bestellstatus ansehen' } as const]
      : []),
    ...(legalTexts
      ? [
          { kind: 'heading', text: 'Rechtliches' } as const,
          {
            kind: 'text',
            text: [
              ...legalTexts.links.map((l) => `${l.title}: ${l.url}`),
              `Unten findest du unsere AGB und die Widerrufsbelehrung mit dem Muster-Widerrufsformular in der Fassung ${legalTexts.version}, die für deine Bestellung gilt.`,
            ].join('\n'),
          } as const,
          // By reference: the worker prints this version's texts when it sends (branded-mail.ts), here and
          // in the plain-text part after the paragraph that announces them.
          { kind: 'legal-texts', version: legalTexts.version, textAt: textHead.length } as const,
        ]
      : []),
  ];
  const body = shopMailHtml(subject, blocks, {
    shopName: siteTitle,
    ...(shopUrl ? { shopUrl } : {}),
    preview: `Bestellung Nr. ${order.orderNumber}: ${money(order.grandTotalMinor)}`,
  });
  return {
    kind: 'order-confirmation',
    to: order.customerEmail ?? '',
    subject,
    text: `${textHead}\n${orderStatusUrl ? `\nBestellstatus: ${orderStatusUrl}\n` : ''}`,
    html: body,
  };
}

function bankLines(account: BankAccount | undefined, siteTitle: string): string[] {
  if (!account?.iban) return [`Die Bankverbindung schickt dir ${siteTitle} gesondert.`];
  return [
    ...(account.accountHolder ? [`Kontoinhaber: ${account.accountHolder}`] : []),
    `IBAN: ${account.iban}`,
    ...(account.bic ? [`BIC: ${account.bic}`] : []),
    ...(account.bankName ? [`Bank: ${account.bankName}`] : []),
  ];
}

export interface GiftCardInput {
  to: string;
  siteTitle: string;
  locale: string;
  code: string;
  amountMinor: number;
  currency: string;
  /** Name of whoever bought it, when it is a present. */
  fromName?: string;
  /** Bought in a test order: the mail says it pays test orders only. */
  testMode?: boolean;
  shopUrl: string;
}

export function giftCardEmail(input: GiftCardInput): NewEmail {
  const amount = formatMoney(input.amountMinor, input.currency, input.locale);
  const subject = `Dein Gutschein über ${amount} für ${input.siteTitle}`;
  const lines = [
    'Hallo,',
    input.fromName
      ? `${input.fromName} schenkt dir einen Gutschein über ${amount} für ${input.siteTitle}.`
      : `hier ist dein Gutschein über ${amount} für ${input.siteTitle}.`,
    `Dein Gutscheincode: ${input.code}`,
    'Gib den Code an der Kasse ein; ein Restbetrag bleibt für deinen nächsten Einkauf erhalten.',
    ...(input.testMode
      ? [
          'Testgutschein: Er stammt aus einer Testbestellung und gilt nur für Testbestellungen, nicht für echte Einkäufe.',
        ]
      : []),
  ];
  return {
    kind: 'gift-card',
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\nZum Shop: ${input.shopUrl}\n`,
    html: shopMailHtml(
      subject,
      [
        { kind: 'text', text: lines[0] },
        { kind: 'text', text: lines[1] },
        { kind: 'code', label: 'Dein Gutscheincode', code: input.code },
        ...lines.slice(3).map((text): MailBlock => ({ kind: 'text', text })),
        { kind: 'button', href: input.shopUrl, label: 'Zum Shop' },
      ],
      { shopName: input.siteTitle, shopUrl: input.shopUrl },
    ),
  };
}

/** "Darin enthaltene MwSt. 19 %: 4,79 €" per rate; orders placed before per-rate VAT show the one total. */
function vatTextLines(order: Order, money: (minor: number) => string): string[] {
  const vat = order.data.vat as
    | { treatment?: VatTreatment; lines?: { ratePercent: number; vatMinor: number }[]; note?: string | null }
    | undefined;
  if (!vat?.lines) return [`Darin enthaltene Steuern: ${money(order.taxMinor)}`];
  const treatment = vat.treatment ?? 'domestic';
  return [
    ...(treatment === 'domestic' || treatment === 'oss'
      ? vat.lines.map(
          (line) => `Darin enthaltene MwSt. ${vatRateText(line.ratePercent)}: ${money(line.vatMinor)}`,
        )
      : []),
    ...(vat.note ? [vat.note] : []),
  ];
}

/** The order's lines for the item table; the worker adds each product's picture by its id. */
export function mailItems(order: Order, money: (minor: number) => string): MailItem[] {
  return order.items.map((item) => {
    const attributes = item.data.attributes as Record<string, unknown> | undefined;
    const variant = attributes
      ? Object.entries(attributes)
          .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')
      : '';
    return {
      name: item.productName,
      detail: [variant, item.sku ? `Art.-Nr. ${item.sku}` : ''].filter(Boolean).join(' · '),
      quantity: item.quantity,
      amount: money(item.quantity * item.unitPriceMinor),
      itemId: item.itemId,
    };
  });
}

/** "Gesamtsumme: 43,60 €" as a row of the totals table; VAT and notes small, the sums to pay bold. */
function totalRow(line: string): MailTotalRow {
  const cut = line.lastIndexOf(': ');
  const label = cut > 0 ? line.slice(0, cut) : line;
  const amount = cut > 0 ? line.slice(cut + 2) : '';
  const muted = /^Darin enthalten/.test(label) || !amount;
  const strong = label === 'Gesamtsumme' || label === 'Noch zu zahlen';
  return { label, amount, ...(strong ? { strong } : {}), ...(muted ? { muted } : {}) };
}
