import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/*
 * Who is editing a page (migration 0026): a lease per page that the open editor renews. Taking and
 * renewing are one conditional upsert, so two editors opening a page at the same moment cannot both
 * come away holding it.
 */

declare module './schema.js' {
  interface Database {
    page_locks: {
      website_id: string;
      collection_id: string;
      account_id: string;
      holder_name: string;
      expires_at: number;
    };
  }
}

export interface PageLock {
  websiteId: string;
  collectionId: string;
  accountId: string;
  holderName: string;
  expiresAt: number;
}

export interface PageLockRepository {
  /**
   * Takes the page's lease for the account until `expiresAt`, or renews it when the account holds it.
   * Answers the lease as it is afterwards: held by this account (taken) or by another one (refused).
   */
  acquire(
    websiteId: string,
    collectionId: string,
    holder: { accountId: string; name: string },
    expiresAt: number,
    now?: number,
  ): Promise<PageLock>;
  /** The lease still running at `now`, whoever holds it. */
  current(websiteId: string, collectionId: string, now?: number): Promise<PageLock | undefined>;
  /** Gives the lease up if this account holds it; true when it did. */
  release(websiteId: string, collectionId: string, accountId: string): Promise<boolean>;
}

export function pageLockRepository(db: Kysely<Database>): PageLockRepository {
  const current = async (websiteId: string, collectionId: string, now = Date.now()) => {
    const row = await db
      .selectFrom('page_locks')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('collection_id', '=', collectionId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row
      ? {
          websiteId: row.website_id,
          collectionId: row.collection_id,
          accountId: row.account_id,
          holderName: row.holder_name,
          expiresAt: Number(row.expires_at),
        }
      : undefined;
  };

  return {
    async acquire(websiteId, collectionId, holder, expiresAt, now = Date.now()) {
      await db
        .insertInto('page_locks')
        .values({
          website_id: websiteId,
          collection_id: collectionId,
          account_id: holder.accountId,
          holder_name: holder.name,
          expires_at: expiresAt,
        })
        .onConflict((oc) =>
          oc
            .columns(['website_id', 'collection_id'])
            .doUpdateSet((eb) => ({
              account_id: eb.ref('excluded.account_id'),
              holder_name: eb.ref('excluded.holder_name'),
              expires_at: eb.ref('excluded.expires_at'),
            }))
            // Only a lease of the same account, or one that ran out, changes hands.
            .where((eb) =>
              eb.or([
                eb('page_locks.account_id', '=', holder.accountId),
                eb('page_locks.expires_at', '<=', now),
              ]),
            ),
        )
        .execute();
      const lease = await current(websiteId, collectionId, now);
      // A lease that ended in the same millisecond: nobody holds it, so it is ours.
      return (
        lease ?? { websiteId, collectionId, accountId: holder.accountId, holderName: holder.name, expiresAt }
      );
    },

    current,

    async release(websiteId, collectionId, accountId) {
      const result = await db
        .deleteFrom('page_locks')
        .where('website_id', '=', websiteId)
        .where('collection_id', '=', collectionId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
