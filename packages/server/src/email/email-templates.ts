import type { NewEmail } from '@baukasten/storage';

/*
 * The German emails Baukasten sends for a website: a plain-text part every client shows and a small
 * HTML part. Every value from a visitor or owner is escaped before it goes into the HTML.
 */

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export function html(title: string, paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  const button = link ? `\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<!doctype html>\n<html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body>\n${body}${button}\n</body></html>\n`;
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
    html: html(subject, lines, { href: input.productUrl, label: 'Zum Artikel' }),
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
  const rows = input.answers
    .map((a) => `<tr><th align="left">${escapeHtml(a.title)}</th><td>${escapeHtml(a.text)}</td></tr>`)
    .join('\n');
  return {
    kind: 'form-notification',
    to: input.to,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    subject,
    text: `${intro}\n\n${answerLines.join('\n')}\n`,
    html: html(subject, [intro]).replace('</body>', `<table>\n${rows}\n</table>\n</body>`),
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
    html: html(subject, lines, { href: input.confirmUrl, label: 'Anmeldung bestätigen' }).replace(
      '</body>',
      `<p><small><a href="${escapeHtml(input.unsubscribeUrl)}">Abmelden</a></small></p>\n</body>`,
    ),
  };
}
