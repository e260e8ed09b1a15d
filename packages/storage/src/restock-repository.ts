import type { Kysely, Selectable } from 'kysely';
import type { RestockSignupsTable } from './forms-email-schema.js';
import { newId } from './ids.js';
import { fromFlag, toFlag } from './json-column.js';
import type { Database } from './schema.js';

export interface RestockSignup {
  websiteId: string;
  id: string;
  productId: string;
  variantId: string;
  email: string;
  isJoinMailingList: boolean;
  createdAt: number;
  /** Primary language subtag the sign-up asked for ('en'), or null: the mail goes out in German. */
  language: string | null;
}

export interface NewRestockSignup {
  productId: string;
  variantId: string;
  email: string;
  isJoinMailingList?: boolean;
  /** A language tag such as 'en-GB'; kept as its primary subtag, anything unreadable as none. */
  language?: string | null;
}

/** Visitors waiting for one variant (spec 3: read as signUpGroups). */
export interface RestockSignupGroup {
  productId: string;
  variantId: string;
  signUpCount: number;
}

export interface Page<T> {
  items: T[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export interface RestockSignupRepository {
  /**
   * Signs a visitor up for a variant. Signing up again for the same variant with the same email is the
   * same sign-up (emails compare case-insensitively); after a restock mail it waits for the next one.
   */
  signUp(websiteId: string, input: NewRestockSignup, now?: number): Promise<RestockSignup>;
  /** Variants with waiting visitors, ordered by product and variant id. */
  listGroups(
    websiteId: string,
    opts?: { cursor?: string; limit?: number },
  ): Promise<Page<RestockSignupGroup>>;
  /** Waiting visitors of one variant, oldest first. */
  listSignups(
    websiteId: string,
    productId: string,
    variantId: string,
    opts?: { cursor?: string; limit?: number },
  ): Promise<Page<RestockSignup>>;
  /**
   * Marks the waiting visitors of a variant as notified and returns them. A visitor is returned by one
   * call only, so two sends at once never mail anyone twice; run it in the transaction that enqueues.
   */
  takeForNotification(
    websiteId: string,
    productId: string,
    variantId: string,
    now?: number,
  ): Promise<RestockSignup[]>;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

const pageSize = (limit: number | undefined) =>
  Math.min(Math.max(Number.isFinite(limit) ? Math.trunc(limit!) : DEFAULT_LIMIT, 1), MAX_LIMIT);

/** Cursors are opaque to clients: base64url of the last row's sort key. */
const encodeCursor = (key: string[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
function decodeCursor(cursor: string | undefined, parts: number): string[] | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === parts && key.every((k) => typeof k === 'string')) return key;
  } catch {
    // An unreadable cursor starts from the beginning rather than failing the merchant's page.
  }
  return undefined;
}

function toSignup(row: Selectable<RestockSignupsTable>): RestockSignup {
  return {
    websiteId: row.website_id,
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    email: row.email,
    isJoinMailingList: fromFlag(row.join_mailing_list),
    createdAt: Number(row.created_at),
    language: row.language ?? null,
  };
}

const LANGUAGE_TAG = /^([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*$/i;

/** 'en-GB' -> 'en'; null for anything that is not a language tag. */
export function restockLanguageOf(tag: string | null | undefined): string | null {
  const match = tag ? LANGUAGE_TAG.exec(tag.trim()) : null;
  return match ? match[1]!.toLowerCase() : null;
}

export function restockSignupRepository(db: Kysely<Database>): RestockSignupRepository {
  return {
    async signUp(websiteId, input, now = Date.now()) {
      const email = input.email.trim().toLowerCase();
      const language = restockLanguageOf(input.language);
      await db
        .insertInto('restock_signups')
        .values({
          website_id: websiteId,
          id: newId(now),
          product_id: input.productId,
          variant_id: input.variantId,
          email,
          join_mailing_list: toFlag(input.isJoinMailingList),
          created_at: now,
          notified_at: null,
          language,
        })
        .onConflict((oc) =>
          oc.columns(['website_id', 'product_id', 'variant_id', 'email']).doUpdateSet((eb) => ({
            notified_at: null,
            // Once a visitor asked to join the mailing list, a later sign-up without the tick keeps it.
            join_mailing_list: input.isJoinMailingList ? 1 : eb.ref('restock_signups.join_mailing_list'),
            // The latest sign-up's language wins; one that names none keeps the earlier one.
            language: language ?? eb.ref('restock_signups.language'),
          })),
        )
        .execute();
      const row = await db
        .selectFrom('restock_signups')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('product_id', '=', input.productId)
        .where('variant_id', '=', input.variantId)
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return toSignup(row);
    },

    async listGroups(websiteId, opts = {}) {
      const limit = pageSize(opts.limit);
      const after = decodeCursor(opts.cursor, 2);
      let query = db
        .selectFrom('restock_signups')
        .select(['product_id', 'variant_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('website_id', '=', websiteId)
        .where('notified_at', 'is', null);
      if (after) {
        const [productId, variantId] = after as [string, string];
        query = query.where((eb) =>
          eb.or([
            eb('product_id', '>', productId),
            eb.and([eb('product_id', '=', productId), eb('variant_id', '>', variantId)]),
          ]),
        );
      }
      const rows = await query
        .groupBy(['product_id', 'variant_id'])
        .orderBy('product_id')
        .orderBy('variant_id')
        .limit(limit + 1)
        .execute();
      const items = rows.slice(0, limit).map((r) => ({
        productId: r.product_id,
        variantId: r.variant_id,
        signUpCount: Number(r.count),
      }));
      const last = items.at(-1);
      const hasNextPage = rows.length > limit;
      return {
        items,
        hasNextPage,
        nextPageCursor: hasNextPage && last ? encodeCursor([last.productId, last.variantId]) : null,
      };
    },

    async listSignups(websiteId, productId, variantId, opts = {}) {
      const limit = pageSize(opts.limit);
      const after = decodeCursor(opts.cursor, 1);
      let query = db
        .selectFrom('restock_signups')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .where('variant_id', '=', variantId)
        .where('notified_at', 'is', null);
      if (after) query = query.where('id', '>', after[0]!);
      const rows = await query
        .orderBy('id')
        .limit(limit + 1)
        .execute();
      const items = rows.slice(0, limit).map(toSignup);
      const hasNextPage = rows.length > limit;
      const last = items.at(-1);
      return { items, hasNextPage, nextPageCursor: hasNextPage && last ? encodeCursor([last.id]) : null };
    },

    async takeForNotification(websiteId, productId, variantId, now = Date.now()) {
      const rows = await db
        .updateTable('restock_signups')
        .set({ notified_at: now })
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .where('variant_id', '=', variantId)
        .where('notified_at', 'is', null)
        .returningAll()
        .execute();
      return rows.map(toSignup).sort((a, b) => a.id.localeCompare(b.id));
    },
  };
}
