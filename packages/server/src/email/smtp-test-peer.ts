import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/* A real SMTP server in the test process: messages arrive over TCP and are parsed like a mail client would. */

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  replyTo: string;
}

export interface SmtpTestPeer {
  url: string;
  received: ReceivedMail[];
  /** The next n messages are refused with a temporary error (451). */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

export interface SmtpTestPeerOptions {
  /** Each accepted message is answered this much later, like a slow mail server (crash tests). */
  acceptDelayMs?: number;
}

export async function startSmtpTestPeer(options: SmtpTestPeerOptions = {}): Promise<SmtpTestPeer> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  /** Sessions whose client went away: a message not yet answered with 250 there was never accepted. */
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = new Error('Bitte später erneut versuchen') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            const addressText = (a: unknown) =>
              a ? (Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a as { text: string }).text) : '';
            const accept = () => {
              if (closed.has(session.id)) return;
              received.push({
                to: addressText(mail.to),
                from: addressText(mail.from),
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: typeof mail.html === 'string' ? mail.html : '',
                messageId: mail.messageId ?? '',
                replyTo: addressText(mail.replyTo),
              });
              callback();
            };
            if (options.acceptDelayMs) setTimeout(accept, options.acceptDelayMs);
            else accept();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client killed in the middle of a session (the crash tests' kill -9) resets its connection; smtp-server
  // reports that as an 'error' event, which unheard would end the test process. A mail server carries on.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(n) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
