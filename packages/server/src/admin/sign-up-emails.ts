import type { NewEmail } from '@baukasten/storage';
import { html } from '../email/email-templates.js';

/*
 * The German mails of the owner's sign-up (security review #18). The sign-up answers the same for a new
 * and a taken address; what differs goes to the mailbox, which only the address's holder reads.
 */

export const OWNER_VERIFY_VALID_HOURS = 48;

/** To a new address: the link that makes the account and signs in. */
export function ownerVerificationEmail(input: { to: string; name: string; url: string }): NewEmail {
  const subject = 'Bitte bestätige deine E-Mail-Adresse für Baukasten';
  const lines = [
    `Hallo ${input.name},`,
    'du möchtest ein Konto bei Baukasten anlegen. Bestätige dazu deine E-Mail-Adresse mit dem Link unten; danach bist du angemeldet und kannst deine erste Website anlegen.',
    `Der Link gilt ${OWNER_VERIFY_VALID_HOURS} Stunden und nur einmal. Wenn du kein Konto anlegen wolltest, ignoriere diese E-Mail einfach: Ohne Bestätigung entsteht kein Konto.`,
  ];
  return {
    kind: 'owner-verification',
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\nE-Mail-Adresse bestätigen: ${input.url}\n`,
    html: html(subject, lines, { href: input.url, label: 'E-Mail-Adresse bestätigen' }),
  };
}

/** To the holder of a taken address: someone tried to sign up with it; nothing changed. */
export function ownerEmailTakenEmail(input: { to: string; name: string; signInUrl: string }): NewEmail {
  const subject = 'Jemand wollte mit deiner Adresse ein Baukasten-Konto anlegen';
  const lines = [
    `Hallo ${input.name},`,
    'jemand wollte mit deiner E-Mail-Adresse ein Konto bei Baukasten anlegen. Du hast mit dieser Adresse aber schon ein Konto, deshalb wurde kein neues angelegt und an deinem Konto hat sich nichts geändert.',
    'Warst du das? Dann melde dich einfach mit deinem bisherigen Passwort an. Ein Zurücksetzen des Passworts per E-Mail gibt es im Editor noch nicht: Wenn du dein Passwort vergessen hast, wende dich bitte an die Betreiber dieser Baukasten-Installation.',
    'Warst du das nicht, kannst du diese E-Mail ignorieren.',
  ];
  return {
    kind: 'owner-sign-up-taken',
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\nAnmelden: ${input.signInUrl}\n`,
    html: html(subject, lines, { href: input.signInUrl, label: 'Anmelden' }),
  };
}
