import type { ClaimedEmail, Storage } from '@baukasten/storage';
import type { InvoiceData } from '../invoices/invoice-data.js';
import { invoiceFileName, invoicePdf } from '../invoices/invoice-pdf.js';
import type { PublicUrl } from '../site-url.js';
import { brandedMails } from './branded-mail.js';
import type { Mailer, OutgoingEmail } from './mailer.js';
import { senderLookup } from './shop-sender.js';

export interface OutboxWorkerOptions {
  storage: Storage;
  mailer: Mailer;
  /**
   * Sender of the platform's messages, e.g. 'Baukasten <no-reply@example.de>'. A website's messages
   * come from this address under the shop's name, answers going to the shop (shop-sender.ts).
   */
  from: string;
  /** How the shop's absolute links are written (logo, pictures, legal footer); default plain http. */
  publicUrl?: PublicUrl;
  /** How long a claimed message is ours; a crash holds it at most this long. Default 2 minutes. */
  leaseMs?: number;
  /** First retry delay; doubled after each failed attempt up to maxDelayMs. Default 30 s. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before a message is marked failed for good. Default 8 (about two hours of retries). */
  maxAttempts?: number;
  /** Messages claimed per round. Default 20. */
  batchSize?: number;
  now?: () => number;
  onError?: (error: unknown, email?: ClaimedEmail) => void;
}

export interface DeliveryRound {
  sent: number;
  failed: number;
}

/**
 * Delivers the outbox. Each message is claimed with a conditional UPDATE, sent, then marked sent under
 * the same claim, so concurrent workers never send a message at the same time.
 *
 * The delivery is at least once, not exactly once, at one edge: when the process dies (or the database
 * is unreachable) after the SMTP server accepted a message but before it is marked sent, the lease runs
 * out and the message is sent again. The outbox id is the Message-ID, so a receiver can tell the two apart.
 */
export class OutboxWorker {
  readonly #o: Required<Omit<OutboxWorkerOptions, 'onError' | 'publicUrl'>> &
    Pick<OutboxWorkerOptions, 'onError' | 'publicUrl'>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = false;

  constructor(options: OutboxWorkerOptions) {
    this.#o = {
      leaseMs: 120_000,
      baseDelayMs: 30_000,
      maxDelayMs: 3_600_000,
      maxAttempts: 8,
      batchSize: 20,
      now: Date.now,
      ...options,
    };
  }

  /** Delay before the next attempt after `attempts` failed ones: base * 2^(attempts-1), capped. */
  retryDelay(attempts: number): number {
    return Math.min(this.#o.baseDelayMs * 2 ** Math.max(attempts - 1, 0), this.#o.maxDelayMs);
  }

  /** Claims and sends what is due now; resolves when the round is done. */
  async deliverDue(): Promise<DeliveryRound> {
    const o = this.#o;
    const round: DeliveryRound = { sent: 0, failed: 0 };
    const claims = await o.storage.outbox.claimDue({ now: o.now(), leaseMs: o.leaseMs, limit: o.batchSize });
    const senderOf = senderLookup(o.storage, o.from);
    const brand = brandedMails(o.storage, o.publicUrl);
    for (const claim of claims) {
      try {
        const sender = await senderOf(claim.websiteId);
        // Drawn in the shop's brand now, not at checkout: the order transaction never waits for it.
        const body = await brand(claim.websiteId, claim);
        await o.mailer.send({
          id: claim.id,
          from: sender.from,
          to: claim.to,
          // A mail that names its own reply-to (a form's sender) keeps it; others are answered to the shop.
          replyTo: claim.replyTo ?? sender.replyTo,
          subject: claim.subject,
          text: body.text,
          html: body.html,
          ...(claim.attachments?.length ? { files: await attachmentsOf(o.storage, claim) } : {}),
        });
      } catch (error) {
        round.failed += 1;
        o.onError?.(error, claim);
        const retryAt = claim.attempts >= o.maxAttempts ? null : o.now() + this.retryDelay(claim.attempts);
        await o.storage.outbox.markFailed(claim, String((error as Error)?.message ?? error), retryAt);
        continue;
      }
      await o.storage.outbox.markSent(claim, o.now());
      round.sent += 1;
    }
    return round;
  }

  /** Delivers until nothing is due; for tests and for draining at shutdown. */
  async drain(maxRounds = 50): Promise<DeliveryRound> {
    const total: DeliveryRound = { sent: 0, failed: 0 };
    for (let i = 0; i < maxRounds; i++) {
      const round = await this.deliverDue();
      total.sent += round.sent;
      total.failed += round.failed;
      if (round.sent + round.failed === 0) break;
    }
    return total;
  }

  /** Polls every intervalMs until stop(). */
  start(intervalMs = 2000): void {
    this.#stopped = false;
    const tick = () => {
      if (this.#stopped) return;
      this.#running = this.deliverDue()
        .catch((error) => this.#o.onError?.(error))
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(tick, intervalMs);
        });
    };
    this.#timer = setTimeout(tick, 0);
  }

  /** Stops polling and waits for the round in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }
}

/**
 * Renders the mail's attachments from their references (issue 21): an invoice of the mail's website as the
 * PDF its download gives. A missing invoice fails the attempt, so the mail is retried, never sent without it.
 */
async function attachmentsOf(
  storage: Storage,
  claim: ClaimedEmail,
): Promise<NonNullable<OutgoingEmail['files']>> {
  const files: NonNullable<OutgoingEmail['files']> = [];
  for (const ref of claim.attachments ?? []) {
    const invoice = claim.websiteId
      ? await storage.invoices.findByNumber(claim.websiteId, ref.number)
      : undefined;
    if (!invoice) throw new Error(`Rechnung ${ref.number} für den Anhang nicht gefunden.`);
    const data = invoice.data as unknown as InvoiceData;
    files.push({
      filename: invoiceFileName(data),
      content: await invoicePdf(data),
      contentType: 'application/pdf',
    });
  }
  return files;
}
