import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { newId } from './ids.js';
import type { Database } from './schema.js';

/*
 * API keys of a website for the merchant API (migration 0012). A key is drawn here, handed out once and
 * only its sha256 is stored: 32 random bytes need no salt, and a copy of the database opens nothing.
 */

export interface ApiKeysTable {
  website_id: string;
  id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  scopes: string;
  created_by: string | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

declare module './schema.js' {
  interface Database {
    api_keys: ApiKeysTable;
  }
}

export interface ApiKey {
  id: string;
  websiteId: string;
  name: string;
  /** The key's first characters, e.g. 'bk_live_Ab3d'; enough to tell keys apart, useless to sign in. */
  prefix: string;
  scopes: string[];
  createdBy: string | null;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface NewApiKey {
  name: string;
  scopes: string[];
  createdBy?: string;
}

export interface ApiKeyRepository {
  /** Returns the key in clear text once, with its stored description. */
  create(websiteId: string, input: NewApiKey, now?: number): Promise<{ key: string; apiKey: ApiKey }>;
  /** Newest first, revoked ones too. */
  list(websiteId: string): Promise<ApiKey[]>;
  /** Marks the key revoked; false when it is not the website's or already revoked. */
  revoke(websiteId: string, id: string, now?: number): Promise<boolean>;
  /** The live (not revoked) key behind a clear-text key, of any website. */
  findByKey(key: string): Promise<ApiKey | undefined>;
  /** Records a use, at most once a minute per key, so reads do not turn into writes. */
  touch(websiteId: string, id: string, now?: number): Promise<void>;
}

export const API_KEY_PREFIX = 'bk_';
const KEY = /^bk_[A-Za-z0-9_-]{43}$/;
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

function toApiKey(row: Selectable<ApiKeysTable>): ApiKey {
  let scopes: string[] = [];
  try {
    scopes = JSON.parse(row.scopes) as string[];
  } catch {
    scopes = [];
  }
  return {
    id: row.id,
    websiteId: row.website_id,
    name: row.name,
    prefix: row.key_prefix,
    scopes,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

export function apiKeyRepository(db: Kysely<Database>): ApiKeyRepository {
  return {
    async create(websiteId, input, now = Date.now()) {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row: ApiKeysTable = {
        website_id: websiteId,
        id: newId(now),
        name: input.name,
        key_hash: hashKey(key),
        key_prefix: key.slice(0, 9),
        scopes: JSON.stringify([...new Set(input.scopes)].sort()),
        created_by: input.createdBy ?? null,
        created_at: now,
        last_used_at: null,
        revoked_at: null,
      };
      await db.insertInto('api_keys').values(row).execute();
      return { key, apiKey: toApiKey(row) };
    },

    async list(websiteId) {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toApiKey);
    },

    async revoke(websiteId, id, now = Date.now()) {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', String(id))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async findByKey(key) {
      if (typeof key !== 'string' || !KEY.test(key)) return undefined;
      const row = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('key_hash', '=', hashKey(key))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row ? toApiKey(row) : undefined;
    },

    async touch(websiteId, id, now = Date.now()) {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - 60_000)]))
        .execute();
    },
  };
}
