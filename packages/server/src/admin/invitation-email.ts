import { ROLE_NAMES, type UserRoleCode } from '@baukasten/commerce';
import type { NewEmail } from '@baukasten/storage';
import { html } from '../email/email-templates.js';

export interface InvitationEmailInput {
  to: string;
  siteTitle: string;
  inviterName: string;
  roles: readonly number[];
  acceptUrl: string;
  validDays: number;
}

export const roleNamesOf = (roles: readonly number[]): string[] =>
  roles.map((role) => ROLE_NAMES[role as UserRoleCode] ?? String(role));

/** The German mail that carries an invitation link; queued in the outbox with the invitation. */
export function invitationEmail(input: InvitationEmailInput): NewEmail {
  const subject = `Einladung zur Website „${input.siteTitle}“`;
  const lines = [
    'Hallo,',
    `${input.inviterName} lädt dich ein, bei der Website „${input.siteTitle}“ mitzuarbeiten. Deine Rollen: ${roleNamesOf(input.roles).join(', ')}.`,
    `Melde dich mit dieser E-Mail-Adresse an (oder lege ein Konto an) und nimm die Einladung über den Link an. Der Link gilt ${input.validDays} Tage und nur einmal.`,
    'Wenn du mit dieser Einladung nichts anfangen kannst, ignoriere diese E-Mail einfach.',
  ];
  return {
    kind: 'site-invitation',
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\nEinladung annehmen: ${input.acceptUrl}\n`,
    html: html(subject, lines, { href: input.acceptUrl, label: 'Einladung annehmen' }),
  };
}
