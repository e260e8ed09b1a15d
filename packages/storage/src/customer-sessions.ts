import type { Kysely } from 'kysely';
import { hashToken, looksLikeToken, newToken } from './account-repository.js';
import { atomically } from './atomically.js';
import {
  COLUMNS,
  type CustomerAccount,
  type CustomerTokenPurpose,
  isKey,
  toCustomer,
} from './customer-rows.js';
import type { Database } from './schema.js';

/*
 * A customer's sign-in sessions and single-use links (verification and password reset) of one website:
 * only hashes of the tokens are stored, and a token of another website finds nothing.
 */

export interface CustomerSessions {
  startSession(
    websiteId: string,
    customerId: string,
    opts: { ttlMs: number; now?: number },
  ): Promise<{ token: string; expiresAt: number }>;
  /** The customer of a live session of this website. */
  findSession(
    websiteId: string,
    token: string,
    now?: number,
  ): Promise<{ customer: CustomerAccount; expiresAt: number } | undefined>;
  extendSession(websiteId: string, token: string, expiresAt: number): Promise<void>;
  endSession(websiteId: string, token: string): Promise<void>;
  /** Ends every session of the customer except keepToken's; returns how many ended. */
  endOtherSessions(websiteId: string, customerId: string, keepToken?: string): Promise<number>;
  /** Deletes the website's sessions that expired before now; returns how many. */
  purgeExpiredSessions(websiteId: string, now?: number): Promise<number>;

  /** A new single-use link token; earlier unused tokens of the same purpose stop working. */
  issueToken(
    websiteId: string,
    customerId: string,
    purpose: CustomerTokenPurpose,
    opts: { ttlMs: number; now?: number },
  ): Promise<string>;
  /** Spends the token (once, before it expires) and returns its customer's id. */
  useToken(
    websiteId: string,
    purpose: CustomerTokenPurpose,
    token: string,
    now?: number,
  ): Promise<string | undefined>;
}

export function customerSessions(db: Kysely<Database>): CustomerSessions {
  return {
    async startSession(websiteId, customerId, { ttlMs, now = Date.now() }) {
      const token = newToken();
      const expiresAt = now + ttlMs;
      await db
        .insertInto('customer_sessions')
        .values({
          id_hash: hashToken(token),
          website_id: websiteId,
          customer_id: customerId,
          created_at: now,
          expires_at: expiresAt,
        })
        .execute();
      return { token, expiresAt };
    },

    async findSession(websiteId, token, now = Date.now()) {
      if (!isKey(websiteId) || !looksLikeToken(token)) return undefined;
      const row = await db
        .selectFrom('customer_sessions')
        .innerJoin('customer_accounts', (join) =>
          join
            .onRef('customer_accounts.website_id', '=', 'customer_sessions.website_id')
            .onRef('customer_accounts.id', '=', 'customer_sessions.customer_id'),
        )
        .select(COLUMNS)
        .select('customer_sessions.expires_at as session_expires_at')
        .where('customer_sessions.id_hash', '=', hashToken(token))
        .where('customer_sessions.website_id', '=', websiteId)
        .where('customer_sessions.expires_at', '>', now)
        .executeTakeFirst();
      return row ? { customer: toCustomer(row), expiresAt: Number(row.session_expires_at) } : undefined;
    },

    async extendSession(websiteId, token, expiresAt) {
      if (!looksLikeToken(token)) return;
      await db
        .updateTable('customer_sessions')
        .set({ expires_at: expiresAt })
        .where('website_id', '=', websiteId)
        .where('id_hash', '=', hashToken(token))
        .execute();
    },

    async endSession(websiteId, token) {
      if (!looksLikeToken(token)) return;
      await db
        .deleteFrom('customer_sessions')
        .where('website_id', '=', websiteId)
        .where('id_hash', '=', hashToken(token))
        .execute();
    },

    async endOtherSessions(websiteId, customerId, keepToken) {
      let query = db
        .deleteFrom('customer_sessions')
        .where('website_id', '=', websiteId)
        .where('customer_id', '=', customerId);
      if (keepToken !== undefined) query = query.where('id_hash', '!=', hashToken(keepToken));
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },

    async purgeExpiredSessions(websiteId, now = Date.now()) {
      const result = await db
        .deleteFrom('customer_sessions')
        .where('website_id', '=', websiteId)
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async issueToken(websiteId, customerId, purpose, { ttlMs, now = Date.now() }) {
      const token = newToken();
      await atomically(db, async (tx) => {
        await tx
          .deleteFrom('customer_tokens')
          .where('website_id', '=', websiteId)
          .where('customer_id', '=', customerId)
          .where('purpose', '=', purpose)
          .execute();
        await tx
          .insertInto('customer_tokens')
          .values({
            token_hash: hashToken(token),
            website_id: websiteId,
            customer_id: customerId,
            purpose,
            created_at: now,
            expires_at: now + ttlMs,
            used_at: null,
          })
          .execute();
      });
      return token;
    },

    async useToken(websiteId, purpose, token, now = Date.now()) {
      if (!isKey(websiteId) || !looksLikeToken(token)) return undefined;
      const tokenHash = hashToken(token);
      // One conditional UPDATE: of two clicks at once, exactly one spends the link.
      const spent = await db
        .updateTable('customer_tokens')
        .set({ used_at: now })
        .where('website_id', '=', websiteId)
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) === 0) return undefined;
      const row = await db
        .selectFrom('customer_tokens')
        .select('customer_id')
        .where('website_id', '=', websiteId)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row?.customer_id;
    },
  };
}
