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
    `du möchtest bei ${input.siteTitle} ein Kundenkonto anlegen. Bitte bestätige deine E-Mail-Adresse mit dem Link unten; damit ist dein Konto angelegt und du bist angemeldet. In deinem Konto siehst du auch die Bestellungen, die du mit dieser Adresse aufgegeben hast.`,
    'Der Link gilt 48 Stunden und nur einmal. Wenn du kein Konto anlegen wolltest, ignoriere diese E-Mail einfach: Ohne Bestätigung entsteht kein Konto.',
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

/**
 * To the holder of an address someone signed up with again (security review #18): the sign-up page
 * answers the same for a new and a taken address, so the difference is told here, to the mailbox only.
 */
export function emailTakenEmail(input: {
  to: string;
  name: string;
  siteTitle: string;
  signInUrl: string;
  resetUrl: string;
}): NewEmail {
  const subject = `Jemand wollte mit deiner Adresse ein Kundenkonto bei ${input.siteTitle} anlegen`;
  const lines = [
    `Hallo ${input.name},`,
    `jemand wollte mit deiner E-Mail-Adresse ein Kundenkonto bei ${input.siteTitle} anlegen. Du hast mit dieser Adresse aber schon ein Konto, deshalb wurde kein neues angelegt und an deinem Konto hat sich nichts geändert.`,
    `Warst du das? Dann melde dich einfach an: ${input.signInUrl}\nPasswort vergessen? Hier legst du ein neues fest: ${input.resetUrl}`,
    'Warst du das nicht, kannst du diese E-Mail ignorieren.',
  ];
  return {
    kind: 'customer-sign-up-taken',
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: html(subject, lines, { href: input.signInUrl, label: 'Anmelden' }),
  };
}
