import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { NewsletterSubscribersTable } from './forms-email-schema.js';
import { newId } from './ids.js';
import type { Database } from './schema.js';

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

export interface NewsletterSubscriber {
  websiteId: string;
  id: string;
  email: string;
  status: SubscriberStatus;
  /** Secret of the confirm and unsubscribe links. */
  token: string;
  createdAt: number;
  confirmedAt?: number;
}

export interface NewsletterRepository {
  /**
   * Adds an email as pending (double opt-in) or returns the one already there: an address is one
   * subscriber per website whatever its case. An unsubscribed address becomes pending again.
   */
  subscribe(websiteId: string, email: string, now?: number): Promise<NewsletterSubscriber>;
  /** Pending -> confirmed; undefined for an unknown token. */
  confirm(websiteId: string, token: string, now?: number): Promise<NewsletterSubscriber | undefined>;
  unsubscribe(websiteId: string, token: string, now?: number): Promise<NewsletterSubscriber | undefined>;
  list(websiteId: string, opts?: { status?: SubscriberStatus }): Promise<NewsletterSubscriber[]>;
}

function toSubscriber(row: Selectable<NewsletterSubscribersTable>): NewsletterSubscriber {
  const subscriber: NewsletterSubscriber = {
    websiteId: row.website_id,
    id: row.id,
    email: row.email,
    status: row.status as SubscriberStatus,
    token: row.token,
    createdAt: Number(row.created_at),
  };
  if (row.confirmed_at !== null) subscriber.confirmedAt = Number(row.confirmed_at);
  return subscriber;
}

export function newsletterRepository(db: Kysely<Database>): NewsletterRepository {
  const byToken = (websiteId: string, token: string) =>
    db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('token', '=', token)
      .executeTakeFirst();

  return {
    async subscribe(websiteId, rawEmail, now = Date.now()) {
      const email = rawEmail.trim().toLowerCase();
      await db
        .insertInto('newsletter_subscribers')
        .values({
          website_id: websiteId,
          id: newId(now),
          email,
          status: 'pending',
          token: randomBytes(18).toString('base64url'),
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['website_id', 'email']).doNothing())
        .execute();
      await db
        .updateTable('newsletter_subscribers')
        .set({ status: 'pending', unsubscribed_at: null })
        .where('website_id', '=', websiteId)
        .where('email', '=', email)
        .where('status', '=', 'unsubscribed')
        .execute();
      const row = await db
        .selectFrom('newsletter_subscribers')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return toSubscriber(row);
    },

    async confirm(websiteId, token, now = Date.now()) {
      if (typeof token !== 'string' || token === '') return undefined;
      await db
        .updateTable('newsletter_subscribers')
        .set({ status: 'confirmed', confirmed_at: now })
        .where('website_id', '=', websiteId)
        .where('token', '=', token)
        .where('status', '=', 'pending')
        .execute();
      const row = await byToken(websiteId, token);
      return row ? toSubscriber(row) : undefined;
    },

    async unsubscribe(websiteId, token, now = Date.now()) {
      if (typeof token !== 'string' || token === '') return undefined;
      await db
        .updateTable('newsletter_subscribers')
        .set({ status: 'unsubscribed', unsubscribed_at: now })
        .where('website_id', '=', websiteId)
        .where('token', '=', token)
        .execute();
      const row = await byToken(websiteId, token);
      return row ? toSubscriber(row) : undefined;
    },

    async list(websiteId, opts = {}) {
      let query = db.selectFrom('newsletter_subscribers').selectAll().where('website_id', '=', websiteId);
      if (opts.status) query = query.where('status', '=', opts.status);
      return (await query.orderBy('id').execute()).map(toSubscriber);
    },
  };
}
