import { randomBytes } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { EmailOutboxTable } from './forms-email-schema.js';
import { newId } from './ids.js';
import { insertRows } from './kept-queries.js';
import type { Database } from './schema.js';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** A file the worker renders when it sends the mail (issue 21: the invoice of "Zahlung eingegangen"). */
export interface EmailAttachmentRef {
  kind: 'invoice';
  /** The invoice number of the mail's website. */
  number: number;
}

export interface NewEmail {
  /** What caused it, e.g. 'restock', 'form-notification', 'newsletter-confirmation'. */
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachmentRef[];
}

export interface OutboxEmail extends NewEmail {
  /** Null for a mail of the platform (an owner's sign-up), which belongs to no website. */
  websiteId: string | null;
  id: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string;
  createdAt: number;
  sentAt?: number;
}

/** A message this worker holds until leaseUntil; only the holder of claimToken may mark it. */
export interface ClaimedEmail extends OutboxEmail {
  claimToken: string;
  leaseUntil: number;
}

export interface EmailOutboxRepository {
  /**
   * Writes a message to send. Call it on the storage of the transaction that made the change the
   * message tells about, so both commit together or neither does.
   */
  enqueue(websiteId: string, email: NewEmail, now?: number): Promise<OutboxEmail>;
  /** Writes a mail of the platform, one that belongs to no website (e.g. an owner's sign-up link). */
  enqueuePlatform(email: NewEmail, now?: number): Promise<OutboxEmail>;
  /**
   * Claims up to `limit` messages that are due, or whose previous claim's lease ran out, each with one
   * conditional UPDATE so two workers never claim the same message at the same time.
   */
  claimDue(opts: { now: number; leaseMs: number; limit: number }): Promise<ClaimedEmail[]>;
  /** False when the claim was lost (lease expired and someone else claimed it). */
  markSent(claim: ClaimedEmail, now: number): Promise<boolean>;
  /** Back to pending at retryAt, or failed for good when retryAt is null. */
  markFailed(claim: ClaimedEmail, error: string, retryAt: number | null): Promise<boolean>;
  /** Newest first; for owners and tests. */
  listByWebsite(websiteId: string, opts?: { kind?: string; limit?: number }): Promise<OutboxEmail[]>;
  /** The platform's own mails, newest first; for tests and support. */
  listPlatform(opts?: { kind?: string; limit?: number }): Promise<OutboxEmail[]>;
}

function toEmail(row: Selectable<EmailOutboxTable>): OutboxEmail {
  const email: OutboxEmail = {
    websiteId: row.website_id,
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    status: row.status as OutboxStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    createdAt: Number(row.created_at),
  };
  if (row.reply_to !== null) email.replyTo = row.reply_to;
  if (row.html_body !== null) email.html = row.html_body;
  if (row.attachments) {
    const refs = JSON.parse(row.attachments) as EmailAttachmentRef[];
    if (Array.isArray(refs) && refs.length > 0) email.attachments = refs;
  }
  if (row.last_error !== null) email.lastError = row.last_error;
  if (row.sent_at !== null) email.sentAt = Number(row.sent_at);
  return email;
}

const MAX_ERROR_LENGTH = 1000;

export function emailOutboxRepository(db: Kysely<Database>): EmailOutboxRepository {
  // Since migration 0017 the id alone keys a message (platform mails have no website); newId's random
  // part keeps ids of different websites apart.
  async function enqueue(websiteId: string | null, email: NewEmail, now = Date.now()): Promise<OutboxEmail> {
    const row = {
      website_id: websiteId,
      id: newId(now),
      kind: email.kind,
      to_address: email.to,
      reply_to: email.replyTo ?? null,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      attachments: email.attachments?.length ? JSON.stringify(email.attachments) : null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      claim_token: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    };
    await insertRows(db, 'email_outbox', [row]);
    return toEmail(row);
  }

  return {
    enqueue: (websiteId, email, now) => enqueue(websiteId, email, now),
    enqueuePlatform: (email, now) => enqueue(null, email, now),

    async claimDue({ now, leaseMs, limit }) {
      // The condition of the partial index email_outbox_waiting (migration 0027), written as literals so SQLite
      // sees it holds: both databases walk the waiting mails in due order and stop after `limit`, however many
      // sent mails the outbox keeps.
      const candidates = await db
        .selectFrom('email_outbox')
        .select(['id'])
        .where(sql<boolean>`"status" in ('pending', 'sending')`)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      const claimed: ClaimedEmail[] = [];
      for (const candidate of candidates) {
        const claimToken = randomBytes(12).toString('hex');
        const leaseUntil = now + leaseMs;
        // The same condition again: only one of several racing workers sees its UPDATE change the row.
        const row = await db
          .updateTable('email_outbox')
          .set((eb) => ({
            status: 'sending',
            claim_token: claimToken,
            lease_until: leaseUntil,
            attempts: eb('attempts', '+', 1),
          }))
          .where('id', '=', candidate.id)
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
              eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now)]),
            ]),
          )
          .returningAll()
          .executeTakeFirst();
        if (row) claimed.push({ ...toEmail(row), claimToken, leaseUntil });
      }
      return claimed;
    },

    async markSent(claim, now) {
      const result = await db
        .updateTable('email_outbox')
        .set({ status: 'sent', sent_at: now, lease_until: null, last_error: null })
        .where('id', '=', claim.id)
        .where('claim_token', '=', claim.claimToken)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markFailed(claim, error, retryAt) {
      const result = await db
        .updateTable('email_outbox')
        .set({
          status: retryAt === null ? 'failed' : 'pending',
          next_attempt_at: retryAt ?? claim.nextAttemptAt,
          lease_until: null,
          last_error: error.slice(0, MAX_ERROR_LENGTH),
        })
        .where('id', '=', claim.id)
        .where('claim_token', '=', claim.claimToken)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    listByWebsite: (websiteId, opts) => list(websiteId, opts),
    listPlatform: (opts) => list(null, opts),
  };

  async function list(websiteId: string | null, opts: { kind?: string; limit?: number } = {}) {
    let query = db
      .selectFrom('email_outbox')
      .selectAll()
      .where('website_id', websiteId === null ? 'is' : '=', websiteId);
    if (opts.kind) query = query.where('kind', '=', opts.kind);
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.min(Math.max(opts.limit ?? 100, 1), 1000))
      .execute();
    return rows.map(toEmail);
  }
}
