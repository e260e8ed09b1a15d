import type { Kysely, Selectable } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import type { Database } from './schema.js';
import { isUniqueViolation, StorageError } from './storage-error.js';

/*
 * Redirects of a website (migration 0036): the owner's list of 301/302s and the automatic 301s written
 * when a page, product or post gets a new address. `fromPath` is either an exact path (`/alt/seite`) or a
 * prefix pattern (`/alt/*`: `/alt` and everything below it). Paths arrive normalised (lower case, no
 * trailing slash, no query; the server's redirect-rules.ts does that for owners' input and requests), so
 * a request is matched by one indexed look-up of its candidate paths: never a regular expression, so no
 * owner's entry can make matching slow.
 */

export interface RedirectsTable {
  website_id: string;
  id: string;
  from_path: string;
  to_target: string;
  status: number;
  automatic: number;
  created_at: number;
  updated_at: number;
}

declare module './schema.js' {
  interface Database {
    redirects: RedirectsTable;
  }
}

export type RedirectStatus = 301 | 302;

export interface Redirect {
  id: string;
  fromPath: string;
  /** A path (may end in `/*` when fromPath does) or an absolute http(s) URL. */
  toTarget: string;
  status: RedirectStatus;
  /** Written by Baukasten when an address changed, not by the owner. */
  automatic: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface NewRedirect {
  fromPath: string;
  toTarget: string;
  status: RedirectStatus;
}

export interface RedirectMatch {
  redirect: Redirect;
  /** What `*` stood for ('' for an exact match or the pattern's own prefix), without a leading slash. */
  rest: string;
}

export interface RedirectRepository {
  list(websiteId: string): Promise<Redirect[]>;
  /** Throws StorageError INVALID_INPUT (German message) when fromPath already has a redirect. */
  create(websiteId: string, input: NewRedirect): Promise<Redirect>;
  /** Undefined when the website has no such redirect. */
  update(websiteId: string, id: string, input: NewRedirect): Promise<Redirect | undefined>;
  delete(websiteId: string, id: string): Promise<boolean>;
  /** The most specific redirect for a normalised request path: exact first, then the longest pattern. */
  match(websiteId: string, path: string): Promise<RedirectMatch | undefined>;
  /**
   * An address moved (`/alt` → `/neu`, or with `pattern` everything below it): writes the automatic 301 and
   * collapses chains, so a visitor never goes through more than one hop and a rename back leaves no loop.
   * Call it on the storage of the transaction that renames, so both commit together.
   */
  recordMove(
    websiteId: string,
    fromPath: string,
    toPath: string,
    opts?: { pattern?: boolean },
  ): Promise<void>;
}

export const redirectTakenMessage = (fromPath: string) =>
  `Für „${fromPath}“ gibt es bereits eine Weiterleitung.`;

/** Paths longer than this, or deeper, are never matched (the editor refuses to store them, too). */
const MAX_PATH = 500;
const MAX_SEGMENTS = 32;

/**
 * The stored from_paths that could match a normalised path: itself, then `<prefix>/*` for every prefix
 * from the longest to `/*`, each with what `*` stands for.
 */
export function redirectCandidates(path: string): { fromPath: string; rest: string }[] {
  if (!path.startsWith('/') || path.length > MAX_PATH) return [];
  const segments = path.split('/').slice(1).filter(Boolean);
  if (segments.length > MAX_SEGMENTS) return [];
  const out = [{ fromPath: path, rest: '' }];
  for (let i = segments.length; i >= 0; i--) {
    const prefix = `/${segments.slice(0, i).join('/')}`;
    out.push({
      fromPath: prefix === '/' ? '/*' : `${prefix}/*`,
      rest: segments.slice(i).join('/'),
    });
  }
  return out;
}

const toRedirect = (row: Selectable<RedirectsTable>): Redirect => ({
  id: row.id,
  fromPath: row.from_path,
  toTarget: row.to_target,
  status: Number(row.status) === 302 ? 302 : 301,
  automatic: Number(row.automatic) === 1,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function redirectRepository(db: Kysely<Database>): RedirectRepository {
  const taken = (fromPath: string) => new StorageError('INVALID_INPUT', redirectTakenMessage(fromPath));

  return {
    async list(websiteId) {
      if (!isKey(websiteId)) return [];
      const rows = await db
        .selectFrom('redirects')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('from_path')
        .execute();
      return rows.map(toRedirect);
    },

    async create(websiteId, input) {
      const now = Date.now();
      const row: RedirectsTable = {
        website_id: websiteId,
        id: newId(now),
        from_path: input.fromPath,
        to_target: input.toTarget,
        status: input.status,
        automatic: 0,
        created_at: now,
        updated_at: now,
      };
      try {
        await db.insertInto('redirects').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(input.fromPath);
        throw error;
      }
      return toRedirect(row);
    },

    async update(websiteId, id, input) {
      if (!isKey(websiteId) || !isKey(id)) return undefined;
      try {
        const result = await db
          .updateTable('redirects')
          .set({
            from_path: input.fromPath,
            to_target: input.toTarget,
            status: input.status,
            // An entry the owner edited is theirs now.
            automatic: 0,
            updated_at: Date.now(),
          })
          .where('website_id', '=', websiteId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return undefined;
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(input.fromPath);
        throw error;
      }
      const row = await db
        .selectFrom('redirects')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toRedirect(row) : undefined;
    },

    async delete(websiteId, id) {
      if (!isKey(websiteId) || !isKey(id)) return false;
      const result = await db
        .deleteFrom('redirects')
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async match(websiteId, path) {
      const candidates = redirectCandidates(path);
      if (!isKey(websiteId) || candidates.length === 0) return undefined;
      const rows = await db
        .selectFrom('redirects')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where(
          'from_path',
          'in',
          candidates.map((c) => c.fromPath),
        )
        .execute();
      if (rows.length === 0) return undefined;
      const byFrom = new Map(rows.map((r) => [r.from_path, r]));
      for (const candidate of candidates) {
        const row = byFrom.get(candidate.fromPath);
        if (row) return { redirect: toRedirect(row), rest: candidate.rest };
      }
      return undefined;
    },

    recordMove: (websiteId, fromPath, toPath, opts) =>
      atomically(db, async (tx) => {
        if (fromPath === toPath) return;
        const from = opts?.pattern ? `${fromPath}/*` : fromPath;
        const to = opts?.pattern ? `${toPath}/*` : toPath;
        const now = Date.now();
        // The new address is a real page again: a redirect away from it would only be a trap (and after a
        // rename back, half of a loop).
        await tx
          .deleteFrom('redirects')
          .where('website_id', '=', websiteId)
          .where('from_path', '=', to)
          .execute();
        // Chains collapse: whatever led to the old address (or below it, for a moved page's items) now leads
        // straight to the new one.
        const pointing = await tx
          .selectFrom('redirects')
          .select(['id', 'from_path', 'to_target'])
          .where('website_id', '=', websiteId)
          .where((eb) =>
            eb.or([
              eb('to_target', '=', from),
              eb('to_target', '=', fromPath),
              eb('to_target', 'like', `${fromPath}/%`),
            ]),
          )
          .execute();
        for (const row of pointing) {
          const target =
            row.to_target === from
              ? to
              : row.to_target === fromPath
                ? toPath
                : `${toPath}${row.to_target.slice(fromPath.length)}`;
          if (target === row.from_path) {
            await tx
              .deleteFrom('redirects')
              .where('website_id', '=', websiteId)
              .where('id', '=', row.id)
              .execute();
          } else {
            await tx
              .updateTable('redirects')
              .set({ to_target: target, updated_at: now })
              .where('website_id', '=', websiteId)
              .where('id', '=', row.id)
              .execute();
          }
        }
        const existing = await tx
          .selectFrom('redirects')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('from_path', '=', from)
          .executeTakeFirst();
        if (existing) {
          await tx
            .updateTable('redirects')
            .set({ to_target: to, status: 301, automatic: 1, updated_at: now })
            .where('website_id', '=', websiteId)
            .where('id', '=', existing.id)
            .execute();
        } else {
          await tx
            .insertInto('redirects')
            .values({
              website_id: websiteId,
              id: newId(now),
              from_path: from,
              to_target: to,
              status: 301,
              automatic: 1,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
      }),
  };
}
