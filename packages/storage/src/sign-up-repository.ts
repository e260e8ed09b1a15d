import type { Kysely } from 'kysely';
import { hashToken, looksLikeToken, newToken, normaliseEmail } from './account-repository.js';
import type { Database } from './schema.js';

/*
 * Sign-ups waiting for their mail link (migration 0017), for owners (no website) and for a website's
 * customers. The link's token is drawn here and only its sha256 stored; taking a sign-up deletes it, so
 * a link works once. Expired rows are swept whenever a new sign-up is written.
 */

export interface OwnerSignUpsTable {
  token_hash: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: number;
  expires_at: number;
}

export interface CustomerSignUpsTable extends OwnerSignUpsTable {
  website_id: string;
}

declare module './schema.js' {
  interface Database {
    owner_sign_ups: OwnerSignUpsTable;
    customer_sign_ups: CustomerSignUpsTable;
  }
}

export interface NewSignUp {
  email: string;
  name: string;
  /** PHC string of the password's hash; the account gets exactly this password when the link is opened. */
  passwordHash: string;
}

export interface PendingSignUp extends NewSignUp {
  /** Trimmed and lower case. */
  email: string;
  createdAt: number;
}

export interface SignUpRepository {
  /** Stores an owner's sign-up; returns the token for the mail link. */
  startOwner(input: NewSignUp, opts: { ttlMs: number; now?: number }): Promise<string>;
  /** The owner's sign-up behind a token that has not expired, deleted on the way (single use). */
  takeOwner(token: string, now?: number): Promise<PendingSignUp | undefined>;
  startCustomer(websiteId: string, input: NewSignUp, opts: { ttlMs: number; now?: number }): Promise<string>;
  takeCustomer(websiteId: string, token: string, now?: number): Promise<PendingSignUp | undefined>;
}

const toPending = (row: OwnerSignUpsTable): PendingSignUp => ({
  email: row.email,
  name: row.name,
  passwordHash: row.password_hash,
  createdAt: Number(row.created_at),
});

export function signUpRepository(db: Kysely<Database>): SignUpRepository {
  const rowOf = (input: NewSignUp, token: string, ttlMs: number, now: number): OwnerSignUpsTable => ({
    token_hash: hashToken(token),
    email: normaliseEmail(input.email),
    name: String(input.name ?? '').trim(),
    password_hash: input.passwordHash,
    created_at: now,
    expires_at: now + ttlMs,
  });

  return {
    async startOwner(input, { ttlMs, now = Date.now() }) {
      await db.deleteFrom('owner_sign_ups').where('expires_at', '<=', now).execute();
      const token = newToken();
      await db
        .insertInto('owner_sign_ups')
        .values(rowOf(input, token, ttlMs, now))
        .execute();
      return token;
    },

    async takeOwner(token, now = Date.now()) {
      if (!looksLikeToken(token)) return undefined;
      // Deleting first and reading what was deleted: of two clicks racing, only one gets the row.
      const row = await db
        .deleteFrom('owner_sign_ups')
        .where('token_hash', '=', hashToken(token))
        .returningAll()
        .executeTakeFirst();
      return row && Number(row.expires_at) > now ? toPending(row) : undefined;
    },

    async startCustomer(websiteId, input, { ttlMs, now = Date.now() }) {
      await db
        .deleteFrom('customer_sign_ups')
        .where('website_id', '=', websiteId)
        .where('expires_at', '<=', now)
        .execute();
      const token = newToken();
      await db
        .insertInto('customer_sign_ups')
        .values({ website_id: websiteId, ...rowOf(input, token, ttlMs, now) })
        .execute();
      return token;
    },

    async takeCustomer(websiteId, token, now = Date.now()) {
      if (!looksLikeToken(token)) return undefined;
      const row = await db
        .deleteFrom('customer_sign_ups')
        .where('website_id', '=', websiteId)
        .where('token_hash', '=', hashToken(token))
        .returningAll()
        .executeTakeFirst();
      return row && Number(row.expires_at) > now ? toPending(row) : undefined;
    },
  };
}
