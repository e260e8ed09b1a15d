import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/*
 * `Idempotency-Key` of the public API (migration 0031): per website, the key with a hash of its request and
 * the answer it got. `claim` inserts the key before the request runs, so of two requests racing with the
 * same key only one runs; the other sees the first one's row.
 */

export interface ApiIdempotencyKeysTable {
  website_id: string;
  idem_key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  created_at: number;
}

declare module './schema.js' {
  interface Database {
    api_idempotency_keys: ApiIdempotencyKeysTable;
  }
}

export interface StoredIdempotentRequest {
  requestHash: string;
  /** Null while the first request with this key still runs. */
  statusCode: number | null;
  responseBody: string | null;
  createdAt: number;
}

export type IdempotencyClaim =
  /** The key is new (or its old row expired): run the request, then `complete` or `release`. */
  { outcome: 'claimed' } | { outcome: 'seen'; stored: StoredIdempotentRequest };

export interface IdempotencyRepository {
  /** Takes the key for this request unless an unexpired row holds it (`ttlMs` after its creation). */
  claim(
    websiteId: string,
    key: string,
    requestHash: string,
    ttlMs: number,
    now?: number,
  ): Promise<IdempotencyClaim>;
  /** Stores the answer of the request that claimed the key. */
  complete(websiteId: string, key: string, statusCode: number, responseBody: string): Promise<void>;
  /** Gives the key back (the request failed on our side, a retry should run again). */
  release(websiteId: string, key: string): Promise<void>;
  /** Deletes rows older than `before` (of every website); returns how many. */
  purge(before: number): Promise<number>;
}

export function idempotencyRepository(db: Kysely<Database>): IdempotencyRepository {
  const find = (websiteId: string, key: string) =>
    db
      .selectFrom('api_idempotency_keys')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('idem_key', '=', key)
      .executeTakeFirst();

  return {
    async claim(websiteId, key, requestHash, ttlMs, now = Date.now()) {
      // An expired row is no longer a promise to anyone: it goes, and the key is taken anew.
      await db
        .deleteFrom('api_idempotency_keys')
        .where('website_id', '=', websiteId)
        .where('idem_key', '=', key)
        .where('created_at', '<=', now - ttlMs)
        .execute();
      const inserted = await db
        .insertInto('api_idempotency_keys')
        .values({
          website_id: websiteId,
          idem_key: key,
          request_hash: requestHash,
          status_code: null,
          response_body: null,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['website_id', 'idem_key']).doNothing())
        .returning('idem_key')
        .executeTakeFirst();
      if (inserted) return { outcome: 'claimed' };
      const row = await find(websiteId, key);
      // Deleted between our insert and read (released by its request): the caller may simply retry.
      if (!row) return { outcome: 'claimed' };
      return {
        outcome: 'seen',
        stored: {
          requestHash: row.request_hash,
          statusCode: row.status_code === null ? null : Number(row.status_code),
          responseBody: row.response_body,
          createdAt: Number(row.created_at),
        },
      };
    },

    async complete(websiteId, key, statusCode, responseBody) {
      await db
        .updateTable('api_idempotency_keys')
        .set({ status_code: statusCode, response_body: responseBody })
        .where('website_id', '=', websiteId)
        .where('idem_key', '=', key)
        .execute();
    },

    async release(websiteId, key) {
      await db
        .deleteFrom('api_idempotency_keys')
        .where('website_id', '=', websiteId)
        .where('idem_key', '=', key)
        .where('status_code', 'is', null)
        .execute();
    },

    async purge(before) {
      const result = await db
        .deleteFrom('api_idempotency_keys')
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
