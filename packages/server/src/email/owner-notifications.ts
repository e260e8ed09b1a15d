import { formatMoney, germanCountryName, type ShippingAddress } from '@baukasten/commerce';
import type { NewEmail, Order, Storage, Website } from '@baukasten/storage';
import { html, shopMailHtml } from './email-templates.js';
import { paragraphBlocks } from './mail-content.js';
import { newOrderRecipients } from './member-notifications.js';
import { mailItems } from './order-email-templates.js';
import { shopReplyTo } from './shop-sender.js';

/*
 * Mails to the shop's people (issue 23). A new order goes to the shop's reply-to address (the owner,
 * unless the owner named another "Antwortadresse"), queued in the order's own transaction, so every
 * placed order is announced exactly once and a refused one never. Answering the mail answers the buyer.
 */

export interface NewOrderNoticeInput {
  order: Order;
  siteTitle: string;
  locale: string;
  to: string;
}

export function newOrderOwnerEmail({ order, siteTitle, locale, to }: NewOrderNoticeInput): NewEmail {
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const address = order.data.shippingAddress as ShippingAddress | null | undefined;
  const shipping = order.data.shippingOption as { name?: string } | null | undefined;
  const payment = (order.data.payment ?? {}) as { method?: string; status?: string };
  const lines = order.items.map(
    (item) =>
      `${item.quantity} × ${item.productName} (${item.sku}) – ${money(item.unitPriceMinor * item.quantity)}`,
  );
  const totals: [string, string][] = [
    ['Zwischensumme', money(order.subtotalMinor)],
    ...(order.discountMinor > 0 ? [['Rabatt', `−${money(order.discountMinor)}`] as [string, string]] : []),
    ...(shipping?.name
      ? [[`Versand (${shipping.name})`, money(order.shippingMinor)] as [string, string]]
      : []),
    ['Gesamtsumme', money(order.grandTotalMinor)],
  ];
  const paragraphs = [
    `Neue Bestellung Nr. ${order.orderNumber} bei ${siteTitle}${order.testMode ? ' (Testbestellung)' : ''}.`,
    lines.join('\n'),
    totals.map(([label, amount]) => `${label}: ${amount}`).join('\n'),
    `Kunde: ${order.customerEmail ?? 'ohne E-Mail-Adresse'}`,
    ...(address
      ? [
          [
            'Lieferadresse:',
            `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim(),
            address.line1,
            ...(address.line2 ? [address.line2] : []),
            `${address.postalCode} ${address.city}`,
            germanCountryName(address.country),
          ].join('\n'),
        ]
      : []),
    `Zahlung: ${payment.method ?? '–'}${payment.status === 'PAID' ? ' (bezahlt)' : ' (noch offen)'}`,
  ];
  const subject = `Neue Bestellung Nr. ${order.orderNumber} – ${money(order.grandTotalMinor)}`;
  return {
    kind: 'order-owner-notification',
    to,
    ...(order.customerEmail ? { replyTo: order.customerEmail } : {}),
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    // The same layout as the shopper's mails: the items as a table, the totals below.
    html: shopMailHtml(
      subject,
      [
        ...paragraphBlocks(paragraphs.slice(0, 1)),
        { kind: 'items', items: mailItems(order, money) },
        {
          kind: 'totals',
          rows: totals.map(([label, amount]) => ({
            label,
            amount,
            ...(label === 'Gesamtsumme' ? { strong: true } : {}),
          })),
        },
        ...paragraphBlocks(paragraphs.slice(3)),
      ],
      { shopName: siteTitle },
    ),
  };
}

/**
 * Queues the new-order mail in the order's transaction, one per member who wants it (member-notifications.ts:
 * the owner at the Antwortadresse unless switched off, others who switched it on); nobody, no mail.
 * `recipients`: the checkout reads them before its transaction, so that holds no reads of its own.
 */
export async function enqueueNewOrderNotice(
  tx: Storage,
  website: Website,
  order: Order,
  recipients?: readonly string[],
): Promise<void> {
  for (const to of recipients ?? (await newOrderRecipients(tx, website))) {
    await tx.outbox.enqueue(
      website.id,
      newOrderOwnerEmail({ order, siteTitle: website.title, locale: website.locale, to }),
    );
  }
}

export interface LowStockNoticeInput {
  siteTitle: string;
  to: string;
  sku: string;
  productTitle?: string;
  qtyInStock: number;
  threshold: number;
}

/** The owner's mail when a change took a variant's stock to or below the threshold the owner set for it. */
export function lowStockOwnerEmail(input: LowStockNoticeInput): NewEmail {
  const what = input.productTitle ? `${input.productTitle} (${input.sku})` : input.sku;
  const pieces = (n: number) => (n === 1 ? '1 Stück' : `${n} Stück`);
  const paragraphs = [
    `Der Lagerbestand von ${what} bei ${input.siteTitle} ist niedrig.`,
    `Noch vorrätig: ${pieces(input.qtyInStock)} (deine Warnschwelle: ${pieces(input.threshold)}).`,
    'Bitte bestelle rechtzeitig nach oder passe den Bestand im Editor unter „Lagerbestand“ an. Diese Mail kommt erst wieder, wenn der Bestand über die Schwelle gestiegen und erneut darunter gefallen ist.',
  ];
  const subject = `Lagerbestand niedrig: ${what}`;
  return {
    kind: 'low-stock-owner-notification',
    to: input.to,
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: html(subject, paragraphs),
  };
}

/** Queues the low-stock mail in the transaction of the stock change; a shop without an address gets none. */
export async function enqueueLowStockNotice(
  tx: Storage,
  websiteId: string,
  notice: Omit<LowStockNoticeInput, 'siteTitle' | 'to'>,
): Promise<void> {
  const website = await tx.websites.findById(websiteId);
  if (!website) return;
  const to = await shopReplyTo(tx, website);
  if (!to) return;
  await tx.outbox.enqueue(website.id, lowStockOwnerEmail({ ...notice, siteTitle: website.title, to }));
}
