import type { NewEmail } from '@baukasten/storage';
import { html } from '../email/email-templates.js';

/* The German mails of customer accounts: confirm the address, set a new password. */

export function verificationEmail(input: {
  to: string;
  name: string;
  siteTitle: string;
  url: string;
}): NewEmail {
  const subject = `Bitte bestätige deine E-Mail-Adresse bei ${input.siteTitle}`;
  const lines = [
    `Hallo ${input.name},`,
    `du hast bei ${input.siteTitle} ein Kundenkonto erstellt. Bitte bestätige deine E-Mail-Adresse mit dem Link unten. Danach siehst du in deinem Konto auch die Bestellungen, die du mit dieser Adresse aufgegeben hast.`,
    'Der Link gilt 48 Stunden. Wenn du kein Konto erstellt hast, ignoriere diese E-Mail einfach.',
  ];
  return {
    kind: 'customer-verification',
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\nE-Mail-Adresse bestätigen: ${input.url}\n`,
    html: html(subject, lines, { href: input.url, label: 'E-Mail-Adresse bestätigen' }),
  };
}

export function passwordResetEmail(input: {
  to: string;
  name: string;
  siteTitle: string;
  url: string;
}): NewEmail {
  const subject = `Neues Passwort für dein Kundenkonto bei ${input.siteTitle}`;
  const lines = [
    `Hallo ${input.name},`,
    'du möchtest ein neues Passwort für dein Kundenkonto festlegen. Öffne dazu den Link unten; er gilt eine Stunde und nur einmal.',
    'Wenn du das nicht warst, ignoriere diese E-Mail einfach. Dein Passwort bleibt dann, wie es ist.',
  ];
  return {
    kind: 'customer-password-reset',
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\nNeues Passwort festlegen: ${input.url}\n`,
    html: html(subject, lines, { href: input.url, label: 'Neues Passwort festlegen' }),
  };
}
