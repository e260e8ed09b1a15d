import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { newId } from './ids.js';
import type { Database } from './schema.js';
import { isUniqueViolation } from './storage-error.js';

/*
 * Owner accounts and their sign-in sessions (migration 0006). The password arrives already hashed
 * (argon2id, by the server); session ids are drawn here and only their sha256 is stored, so neither a
 * leaked database nor a log of it signs anybody in.
 */

export interface AccountsTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: number;
  updated_at: number;
}

export interface AccountSessionsTable {
  id_hash: string;
  account_id: string;
  created_at: number;
  expires_at: number;
}

declare module './schema.js' {
  interface Database {
    accounts: AccountsTable;
    account_sessions: AccountSessionsTable;
  }
}

export interface Account {
  id: string;
  /** Trimmed and lower case. */
  email: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

export interface NewAccount {
  email: string;
  name: string;
  /** PHC string of the password's hash; this package never sees the password itself. */
  passwordHash: string;
}

export interface AccountSession {
  accountId: string;
  createdAt: number;
  expiresAt: number;
}

/** A session that was just started: the token goes into the cookie and is never stored. */
export interface StartedSession {
  token: string;
  expiresAt: number;
}

/** Thrown by create() when the email already names an account. */
export class AccountEmailTaken extends Error {
  constructor(readonly email: string) {
    super('email already has an account');
    this.name = 'AccountEmailTaken';
  }
}

export interface AccountRepository {
  /** Throws AccountEmailTaken when the (normalised) email already has an account. */
  create(input: NewAccount, now?: number): Promise<Account>;
  findById(id: string): Promise<Account | undefined>;
  findByEmail(email: string): Promise<Account | undefined>;
  /** The stored hash, for checking a password at sign-in or before a change. */
  passwordHashOf(accountId: string): Promise<string | undefined>;
  /** False when the account does not exist. */
  setPasswordHash(accountId: string, passwordHash: string, now?: number): Promise<boolean>;
  startSession(accountId: string, opts: { ttlMs: number; now?: number }): Promise<StartedSession>;
  /** The account behind a session token, when the session exists and has not expired at `now`. */
  findSession(
    token: string,
    now?: number,
  ): Promise<{ account: Account; session: AccountSession } | undefined>;
  /** Moves the expiry of a session (sliding expiry). */
  extendSession(token: string, expiresAt: number): Promise<void>;
  endSession(token: string): Promise<void>;
  /** Ends every session of the account except `keepToken`'s; returns how many ended. */
  endOtherSessions(accountId: string, keepToken?: string): Promise<number>;
  /** Deletes sessions that expired before `now`; returns how many. */
  purgeExpiredSessions(now?: number): Promise<number>;
}

/** One address, one account: surrounding blanks and capitals do not make a second one. */
export const normaliseEmail = (email: string): string =>
  String(email ?? '')
    .trim()
    .toLowerCase();

/** Hex sha256 of a random token (session id, invitation token); tokens have 256 bits, so no salt is needed. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** 32 random bytes, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

// A token we issued is 43 base64url characters; anything else is refused without a query.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const looksLikeToken = (value: unknown): value is string =>
  typeof value === 'string' && TOKEN.test(value);

function toAccount(
  row: Pick<Selectable<AccountsTable>, keyof Omit<AccountsTable, 'password_hash'>>,
): Account {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const ACCOUNT_COLUMNS = [
  'accounts.id',
  'accounts.email',
  'accounts.name',
  'accounts.created_at',
  'accounts.updated_at',
] as const;

export function accountRepository(db: Kysely<Database>): AccountRepository {
  return {
    async create(input, now = Date.now()) {
      const email = normaliseEmail(input.email);
      const row: AccountsTable = {
        id: newId(now),
        email,
        name: String(input.name ?? '').trim(),
        password_hash: input.passwordHash,
        created_at: now,
        updated_at: now,
      };
      try {
        await db.insertInto('accounts').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AccountEmailTaken(email);
        throw error;
      }
      return toAccount(row);
    },

    async findById(id) {
      if (typeof id !== 'string' || id === '') return undefined;
      const row = await db
        .selectFrom('accounts')
        .select(ACCOUNT_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toAccount(row) : undefined;
    },

    async findByEmail(email) {
      const normalised = normaliseEmail(email);
      if (normalised === '') return undefined;
      const row = await db
        .selectFrom('accounts')
        .select(ACCOUNT_COLUMNS)
        .where('email', '=', normalised)
        .executeTakeFirst();
      return row ? toAccount(row) : undefined;
    },

    async passwordHashOf(accountId) {
      const row = await db
        .selectFrom('accounts')
        .select('password_hash')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return row?.password_hash;
    },

    async setPasswordHash(accountId, passwordHash, now = Date.now()) {
      const result = await db
        .updateTable('accounts')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', accountId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async startSession(accountId, { ttlMs, now = Date.now() }) {
      const token = newToken();
      const expiresAt = now + ttlMs;
      await db
        .insertInto('account_sessions')
        .values({ id_hash: hashToken(token), account_id: accountId, created_at: now, expires_at: expiresAt })
        .execute();
      return { token, expiresAt };
    },

    async findSession(token, now = Date.now()) {
      if (!looksLikeToken(token)) return undefined;
      const row = await db
        .selectFrom('account_sessions')
        .innerJoin('accounts', 'accounts.id', 'account_sessions.account_id')
        .select(ACCOUNT_COLUMNS)
        .select([
          'account_sessions.created_at as session_created_at',
          'account_sessions.expires_at as session_expires_at',
        ])
        .where('account_sessions.id_hash', '=', hashToken(token))
        .where('account_sessions.expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        account: toAccount(row),
        session: {
          accountId: row.id,
          createdAt: Number(row.session_created_at),
          expiresAt: Number(row.session_expires_at),
        },
      };
    },

    async extendSession(token, expiresAt) {
      if (!looksLikeToken(token)) return;
      await db
        .updateTable('account_sessions')
        .set({ expires_at: expiresAt })
        .where('id_hash', '=', hashToken(token))
        .execute();
    },

    async endSession(token) {
      if (!looksLikeToken(token)) return;
      await db.deleteFrom('account_sessions').where('id_hash', '=', hashToken(token)).execute();
    },

    async endOtherSessions(accountId, keepToken) {
      let query = db.deleteFrom('account_sessions').where('account_id', '=', accountId);
      if (keepToken !== undefined) query = query.where('id_hash', '!=', hashToken(keepToken));
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async purgeExpiredSessions(now = Date.now()) {
      const result = await db
        .deleteFrom('account_sessions')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
