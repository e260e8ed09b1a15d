import type { NewEmail } from '@baukasten/storage';
import { escapeHtml, html } from '../email/email-templates.js';

/*
 * The two mails of a withdrawal through the shop (§356a BGB): the shopper's confirmation of receipt,
 * on a durable medium, with the content of the declaration and the date and time it arrived; and the
 * owner's notice, so the refund and the return can start. Both carry the declaration word for word.
 */

export interface WithdrawalMailInput {
  siteTitle: string;
  orderNumber: number;
  name: string;
  email: string;
  /** The declaration as the shopper confirmed it. */
  declaration: string;
  /** "19. Juni 2026 um 14:32 Uhr" in the shop's time zone. */
  receivedText: string;
  /** Items the declaration withdraws, as "2 × Tasse". */
  itemLines: string[];
  /** Items not withdrawn, with the reason in words. */
  notWithdrawnLines: string[];
  /** Absolute links of the shop's legal pages for the mail's footer. */
  legalLinks: { title: string; url: string }[];
}

const footer = (links: WithdrawalMailInput['legalLinks']) =>
  links.length > 0 ? links.map((l) => `${l.title}: ${l.url}`).join('\n') : '';

export function withdrawalConfirmationEmail(input: WithdrawalMailInput): NewEmail {
  const subject = `Eingangsbestätigung deines Widerrufs – Bestellung Nr. ${input.orderNumber}`;
  const paragraphs = [
    `Hallo ${input.name},`,
    `wir haben deinen Widerruf am ${input.receivedText} erhalten. Diese E-Mail bestätigt den Eingang; bitte bewahre sie auf.`,
    `Inhalt deiner Erklärung:\n${input.declaration}`,
    ['Widerrufene Artikel:', ...input.itemLines].join('\n'),
    ...(input.notWithdrawnLines.length > 0
      ? [['Nicht widerrufen:', ...input.notWithdrawnLines].join('\n')]
      : []),
    `Wir erstatten dir deine Zahlung wie in der Widerrufsbelehrung beschrieben. Waren schick bitte an die Anschrift aus der Widerrufsbelehrung zurück.`,
    `Viele Grüße\n${input.siteTitle}`,
  ];
  const links = footer(input.legalLinks);
  return {
    kind: 'withdrawal-confirmation',
    to: input.email,
    subject,
    text: `${paragraphs.join('\n\n')}\n${links ? `\n${links}\n` : ''}`,
    html: html(subject, paragraphs).replace(
      '</body>',
      `${input.legalLinks.map((l) => `<a href="${escapeHtml(l.url)}">${escapeHtml(l.title)}</a>`).join(' · ')}\n</body>`,
    ),
  };
}

export function withdrawalNoticeEmail(
  input: WithdrawalMailInput & { to: string; orderUrl?: string },
): NewEmail {
  const subject = `Widerruf zu Bestellung Nr. ${input.orderNumber}`;
  const paragraphs = [
    `${input.name} (${input.email}) hat am ${input.receivedText} über „Vertrag widerrufen“ auf ${input.siteTitle} den Widerruf erklärt.`,
    `Erklärung:\n${input.declaration}`,
    ['Widerrufene Artikel:', ...input.itemLines].join('\n'),
    ...(input.notWithdrawnLines.length > 0
      ? [['Nicht widerrufen:', ...input.notWithdrawnLines].join('\n')]
      : []),
    'Die Rückzahlung ist spätestens 14 Tage nach Eingang des Widerrufs fällig (bei Waren, sobald sie zurück sind oder der Nachweis der Rücksendung vorliegt). Der Widerruf steht auch bei der Bestellung im Editor.',
  ];
  return {
    kind: 'withdrawal-notice',
    to: input.to,
    replyTo: input.email,
    subject,
    text: `${paragraphs.join('\n\n')}\n${input.orderUrl ? `\nZur Bestellung: ${input.orderUrl}\n` : ''}`,
    html: html(
      subject,
      paragraphs,
      input.orderUrl ? { href: input.orderUrl, label: 'Zur Bestellung' } : undefined,
    ),
  };
}
