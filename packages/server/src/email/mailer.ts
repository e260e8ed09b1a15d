import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One message as the outbox hands it to a transport. */
export interface OutgoingEmail {
  /** The outbox id: used as the Message-ID so a receiver can spot a repeated delivery. */
  id: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Files rendered by the worker from the outbox's references (e.g. the invoice PDF). */
  files?: { filename: string; content: Buffer; contentType: string }[];
}

/** Sends one message or throws; the outbox worker decides about retries. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it messages are written as .eml files to mailDir. */
  smtpUrl?: string;
  /** Folder of the .eml files, e.g. DATA_DIR/mail. */
  mailDir: string;
}

const messageId = (email: OutgoingEmail) => `<${email.id}@baukasten.outbox>`;

/** Line breaks (CR, LF, NEL, U+2028/9) and every other control character: none may reach a header. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * Text for a header (Subject, a From display name): site titles, product and form names are owner or
 * visitor text, and a CR/LF in one once ended up inside the Subject line (#18, finding 9). Every break
 * and control character becomes one space.
 */
export function headerText(value: string): string {
  return String(value ?? '')
    .replace(CONTROL, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** One bare mailbox (local@domain, no name, no list, no spaces or controls), else undefined. */
export function singleAddress(value: string | undefined): string | undefined {
  const text = String(value ?? '').trim();
  return /^[^\s@,;:<>()[\]"\\\u0000-\u001f\u007f-\u009f\u2028\u2029]+@[^\s@,;:<>()[\]"\\\u0000-\u001f\u007f-\u009f\u2028\u2029]+$/u.test(
    text,
  )
    ? text
    : undefined;
}

/** From as name and address: the display name one line (it may come from a site title), the address bare. */
function sender(from: string) {
  const named = /^(.*?)<([^<>]*)>\s*$/su.exec(from);
  const address = singleAddress(named ? named[2] : from);
  if (!address) throw new Error('Der Absender ist keine gültige E-Mail-Adresse.');
  const name = named
    ? headerText(named[1]!)
        .replace(/^"(.*)"$/, '$1')
        .trim()
    : '';
  return { name, address };
}

/**
 * The one point every mail passes before a transport builds its headers. Subject and the From display name
 * become single lines; To and Reply-To must be one plain address each and go to nodemailer as address objects, so text
 * with a comma or a line break can neither add a recipient nor a header. A Reply-To that is no such
 * address (a visitor's typo) is left out; a To that is none is refused.
 */
export function transportMessage(email: OutgoingEmail) {
  const to = singleAddress(email.to);
  if (!to) throw new Error('Die Empfängeradresse ist keine einzelne gültige E-Mail-Adresse.');
  const replyTo = singleAddress(email.replyTo);
  return {
    from: sender(email.from),
    to: { name: '', address: to },
    ...(replyTo ? { replyTo: { name: '', address: replyTo } } : {}),
    subject: headerText(email.subject),
    text: email.text,
    ...(email.html !== undefined ? { html: email.html } : {}),
    ...(email.files?.length
      ? {
          attachments: email.files.map((a) => ({
            filename: headerText(a.filename),
            content: a.content,
            contentType: a.contentType,
          })),
        }
      : {}),
    messageId: messageId(email),
  };
}

/** SMTP through nodemailer when configured, else nodemailer's stream transport into .eml files. */
export function createMailer({ smtpUrl, mailDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(email) {
        await transport.sendMail(transportMessage(email));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(email) {
      const info = await transport.sendMail(transportMessage(email));
      await mkdir(mailDir, { recursive: true });
      await writeFile(join(mailDir, `${email.id}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
