import type { NewEmail } from '@baukasten/storage';
import { type MailBlock, paragraphBlocks, queuedHtml } from './mail-content.js';

/*
 * The German emails Baukasten sends for a website: a plain-text part every client shows and an HTML part
 * described as blocks (mail-content.ts). The queued HTML carries the blocks, nothing drawn; the outbox
 * worker draws the designed mail in the shop's layout (mail-layout.tsx) when it sends it. Every value
 * from a visitor or owner is escaped before it goes into either.
 */

export { escapeHtml } from './mail-content.js';

/**
 * A mail of paragraphs and one button in the shop's layout: what every simple mail (account, invitation,
 * subscription, withdrawal) is made of. Web addresses in the text become links.
 */
export function html(title: string, paragraphs: string[], link?: { href: string; label: string }): string {
  return queuedHtml({ title, blocks: paragraphBlocks(paragraphs, link) });
}

/** A mail of any blocks in the shop's layout, with what the template knows of the shop. */
export function shopMailHtml(
  title: string,
  blocks: MailBlock[],
  shop: { shopName?: string; shopUrl?: string; preview?: string } = {},
): string {
  return queuedHtml({ title, blocks, ...shop });
}

export interface RestockEmailInput {
  to: string;
  siteTitle: string;
  productName: string;
  /** Variant in words, e.g. 'Größe: M'; empty for a product without options. */
  variantText: string;
  productUrl: string;
}

export function restockEmail(input: RestockEmailInput): NewEmail {
  const what = input.variantText ? `${input.productName} (${input.variantText})` : input.productName;
  const subject = `${input.productName} ist wieder verfügbar`;
  const lines = [
    'Hallo,',
    `gute Nachrichten: ${what} ist bei ${input.siteTitle} wieder verfügbar.`,
    'Du bekommst diese E-Mail, weil du dich für eine Benachrichtigung eingetragen hast. Schau vorbei, bevor der Artikel wieder ausverkauft ist.',
  ];
  return {
    kind: 'restock',
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\nZum Artikel: ${input.productUrl}\n`,
    html: shopMailHtml(subject, paragraphBlocks(lines, { href: input.productUrl, label: 'Zum Artikel' }), {
      shopName: input.siteTitle,
      shopUrl: input.productUrl,
    }),
  };
}

export interface FormNotificationInput {
  to: string;
  siteTitle: string;
  formName: string;
  answers: { title: string; text: string }[];
  /** The visitor's email, when the form asked for one: replies go straight to them. */
  replyTo?: string;
}

export function formNotificationEmail(input: FormNotificationInput): NewEmail {
  const subject = `Neue Formularübermittlung: ${input.formName}`;
  const intro = `Auf ${input.siteTitle} wurde das Formular „${input.formName}“ ausgefüllt.`;
  const answerLines = input.answers.map((a) => `${a.title}: ${a.text}`);
  return {
    kind: 'form-notification',
    to: input.to,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    subject,
    text: `${intro}\n\n${answerLines.join('\n')}\n`,
    html: shopMailHtml(subject, [
      { kind: 'text', text: intro },
      ...input.answers.map((a): MailBlock => ({ kind: 'address', title: a.title, lines: [a.text] })),
    ]),
  };
}

export interface NewsletterConfirmationInput {
  to: string;
  siteTitle: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

export function newsletterConfirmationEmail(input: NewsletterConfirmationInput): NewEmail {
  const subject = `Bitte bestätige deine Anmeldung zum Newsletter von ${input.siteTitle}`;
  const lines = [
    'Hallo,',
    `du hast dich für den Newsletter von ${input.siteTitle} angemeldet. Bitte bestätige deine E-Mail-Adresse mit dem Link unten.`,
    'Wenn du dich nicht angemeldet hast, ignoriere diese E-Mail einfach; du bekommst dann keine weiteren Nachrichten.',
  ];
  return {
    kind: 'newsletter-confirmation',
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\nAnmeldung bestätigen: ${input.confirmUrl}\n\nAbmelden: ${input.unsubscribeUrl}\n`,
    html: shopMailHtml(
      subject,
      [
        ...paragraphBlocks(lines, { href: input.confirmUrl, label: 'Anmeldung bestätigen' }),
        { kind: 'small', text: `Abmelden: ${input.unsubscribeUrl}` },
      ],
      { shopName: input.siteTitle, shopUrl: input.confirmUrl },
    ),
  };
}
