import { join } from 'node:path';
import type { Storage } from '@baukasten/storage';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.js';
import { createMailer } from './mailer.js';
import { startDailySummaries } from './member-notifications.js';
import { OutboxWorker } from './outbox-worker.js';

/** Starts the outbox worker of a running server: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/mail. */
export function startEmailDelivery(
  storage: Storage,
  config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'> &
    Partial<Pick<ServerConfig, 'emailLeaseMs' | 'publicUrl'>>,
  log: FastifyBaseLogger,
  intervalMs = 2000,
): { stop(): Promise<void> } {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: join(config.dataDir, 'mail') });
  const worker = new OutboxWorker({
    storage,
    mailer,
    from: config.mailFrom,
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    ...(config.emailLeaseMs ? { leaseMs: config.emailLeaseMs } : {}),
    onError: (err, email) => log.warn({ err, emailId: email?.id }, 'email delivery failed'),
  });
  worker.start(intervalMs);
  // The members' daily summaries ride along: queued once per member and day, then sent by the worker.
  const summaries = startDailySummaries(storage, (err) => log.warn({ err }, 'daily summary failed'));
  return {
    async stop() {
      await summaries.stop();
      await worker.stop();
      mailer.close();
    },
  };
}
