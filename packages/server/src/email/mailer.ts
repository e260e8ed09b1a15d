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

/** SMTP through nodemailer when configured, else nodemailer's stream transport into .eml files. */
export function createMailer({ smtpUrl, mailDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(email) {
        await transport.sendMail({ ...email, messageId: messageId(email) });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(email) {
      const info = await transport.sendMail({ ...email, messageId: messageId(email) });
      await mkdir(mailDir, { recursive: true });
      await writeFile(join(mailDir, `${email.id}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
