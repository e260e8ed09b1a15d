import type { Kysely } from 'kysely';
import { newId } from './ids.js';
import { DEFAULT_MAILING_LIST_NAME } from './migrations/0026-editor-collaboration.js';
import type { NewsletterSubscriber, SubscriberStatus } from './newsletter-repository.js';
import type { Database } from './schema.js';
import { isUniqueViolation } from './storage-error.js';

/*
 * Mailing lists of a website, who is on them, and the campaigns sent to them (migration 0026). The
 * address and its double opt-in live in newsletter_subscribers; a list only says which addresses belong
 * to it, so confirming once counts for every list the address is on.
 */

declare module './schema.js' {
  interface Database {
    newsletter_lists: {
      website_id: string;
      id: string;
      name: string;
      name_key: string;
      created_at: number;
    };
    newsletter_list_members: {
      website_id: string;
      list_id: string;
      subscriber_id: string;
      created_at: number;
    };
    newsletter_campaigns: {
      website_id: string;
      id: string;
      list_id: string;
      list_name: string;
      subject: string;
      markdown: string;
      recipients: number;
      sent_at: number;
    };
  }
}

export interface MailingList {
  id: string;
  name: string;
  createdAt: number;
  /** Addresses on the list by their state. */
  counts: Record<SubscriberStatus, number>;
}

export interface NewsletterCampaign {
  id: string;
  listId: string;
  listName: string;
  subject: string;
  markdown: string;
  recipients: number;
  sentAt: number;
}

/** create() and rename() when the website already has a list of that name (case ignored). */
export class MailingListNameTaken extends Error {
  constructor(readonly listName: string) {
    super(`mailing list name taken: ${listName}`);
  }
}

export interface MailingListRepository {
  list(websiteId: string): Promise<MailingList[]>;
  find(websiteId: string, listId: string): Promise<MailingList | undefined>;
  create(websiteId: string, name: string, now?: number): Promise<MailingList>;
  rename(websiteId: string, listId: string, name: string): Promise<MailingList | undefined>;
  /** The list and its memberships; the addresses stay (they may be on other lists). */
  delete(websiteId: string, listId: string): Promise<boolean>;
  /** The oldest list, made as „Newsletter“ when the site has none: for blocks saved before lists existed. */
  defaultList(websiteId: string, now?: number): Promise<MailingList>;
  /** Puts a subscriber on a list; nothing happens when it is there already. */
  addMember(websiteId: string, listId: string, subscriberId: string, now?: number): Promise<void>;
  /** Addresses on the list in the given state, oldest first. */
  members(websiteId: string, listId: string, status?: SubscriberStatus): Promise<NewsletterSubscriber[]>;
  recordCampaign(
    websiteId: string,
    campaign: Omit<NewsletterCampaign, 'id' | 'sentAt'>,
    now?: number,
  ): Promise<NewsletterCampaign>;
  campaigns(websiteId: string): Promise<NewsletterCampaign[]>;
}

const nameKey = (name: string) => name.trim().toLocaleLowerCase('de-DE');

export function mailingListRepository(db: Kysely<Database>): MailingListRepository {
  async function counted(websiteId: string, listIds?: string[]): Promise<MailingList[]> {
    let lists = db.selectFrom('newsletter_lists').selectAll().where('website_id', '=', websiteId);
    if (listIds) lists = lists.where('id', 'in', listIds);
    const rows = await lists.orderBy('created_at').orderBy('id').execute();
    if (rows.length === 0) return [];
    const counts = await db
      .selectFrom('newsletter_list_members as m')
      .innerJoin('newsletter_subscribers as s', (join) =>
        join.onRef('s.website_id', '=', 'm.website_id').onRef('s.id', '=', 'm.subscriber_id'),
      )
      .select(['m.list_id', 's.status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('m.website_id', '=', websiteId)
      .where(
        'm.list_id',
        'in',
        rows.map((r) => r.id),
      )
      .groupBy(['m.list_id', 's.status'])
      .execute();
    return rows.map((row) => {
      const mine = { pending: 0, confirmed: 0, unsubscribed: 0 } as Record<SubscriberStatus, number>;
      for (const c of counts) if (c.list_id === row.id) mine[c.status as SubscriberStatus] = Number(c.n);
      return { id: row.id, name: row.name, createdAt: Number(row.created_at), counts: mine };
    });
  }

  const find = async (websiteId: string, listId: string) =>
    typeof listId === 'string' && listId !== '' ? (await counted(websiteId, [listId]))[0] : undefined;

  async function create(websiteId: string, name: string, now = Date.now()): Promise<MailingList> {
    const id = newId(now);
    try {
      await db
        .insertInto('newsletter_lists')
        .values({ website_id: websiteId, id, name: name.trim(), name_key: nameKey(name), created_at: now })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new MailingListNameTaken(name.trim());
      throw error;
    }
    return { id, name: name.trim(), createdAt: now, counts: { pending: 0, confirmed: 0, unsubscribed: 0 } };
  }

  return {
    list: (websiteId) => counted(websiteId),
    find,
    create,

    async rename(websiteId, listId, name) {
      try {
        const result = await db
          .updateTable('newsletter_lists')
          .set({ name: name.trim(), name_key: nameKey(name) })
          .where('website_id', '=', websiteId)
          .where('id', '=', listId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return undefined;
      } catch (error) {
        if (isUniqueViolation(error)) throw new MailingListNameTaken(name.trim());
        throw error;
      }
      return find(websiteId, listId);
    },

    async delete(websiteId, listId) {
      // Memberships go with the list (ON DELETE CASCADE on both dialects; SQLite has foreign_keys on).
      const result = await db
        .deleteFrom('newsletter_lists')
        .where('website_id', '=', websiteId)
        .where('id', '=', listId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async defaultList(websiteId, now = Date.now()) {
      const [first] = await counted(websiteId);
      if (first) return first;
      try {
        return await create(websiteId, DEFAULT_MAILING_LIST_NAME, now);
      } catch (error) {
        // Two first sign-ups at once: the other one made it.
        if (error instanceof MailingListNameTaken) return (await counted(websiteId))[0]!;
        throw error;
      }
    },

    async addMember(websiteId, listId, subscriberId, now = Date.now()) {
      await db
        .insertInto('newsletter_list_members')
        .values({ website_id: websiteId, list_id: listId, subscriber_id: subscriberId, created_at: now })
        .onConflict((oc) => oc.columns(['website_id', 'list_id', 'subscriber_id']).doNothing())
        .execute();
    },

    async members(websiteId, listId, status) {
      let query = db
        .selectFrom('newsletter_list_members as m')
        .innerJoin('newsletter_subscribers as s', (join) =>
          join.onRef('s.website_id', '=', 'm.website_id').onRef('s.id', '=', 'm.subscriber_id'),
        )
        .selectAll('s')
        .where('m.website_id', '=', websiteId)
        .where('m.list_id', '=', listId);
      if (status) query = query.where('s.status', '=', status);
      const rows = await query.orderBy('m.created_at').orderBy('s.id').execute();
      return rows.map((row) => {
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
      });
    },

    async recordCampaign(websiteId, campaign, now = Date.now()) {
      const id = newId(now);
      await db
        .insertInto('newsletter_campaigns')
        .values({
          website_id: websiteId,
          id,
          list_id: campaign.listId,
          list_name: campaign.listName,
          subject: campaign.subject,
          markdown: campaign.markdown,
          recipients: campaign.recipients,
          sent_at: now,
        })
        .execute();
      return { ...campaign, id, sentAt: now };
    },

    async campaigns(websiteId) {
      const rows = await db
        .selectFrom('newsletter_campaigns')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('sent_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        listId: row.list_id,
        listName: row.list_name,
        subject: row.subject,
        markdown: row.markdown,
        recipients: Number(row.recipients),
        sentAt: Number(row.sent_at),
      }));
    },
  };
}
