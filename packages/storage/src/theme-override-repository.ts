import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/*
 * A website's own versions of files of the default theme (migration 0012). A missing row means the
 * default file; reverting deletes the row. Sources are stored as the owner saved them (the server
 * validates before saving).
 */

export interface ThemeOverridesTable {
  website_id: string;
  file: string;
  source: string;
  updated_at: number;
  updated_by: string | null;
}

declare module './schema.js' {
  interface Database {
    theme_overrides: ThemeOverridesTable;
  }
}

export interface ThemeOverride {
  file: string;
  source: string;
  updatedAt: number;
  /** Account id of the owner who saved it. */
  updatedBy: string | null;
}

export interface ThemeOverrideRepository {
  /** Every override of the website, by file name. */
  list(websiteId: string): Promise<ThemeOverride[]>;
  /** Creates or replaces the website's version of one file. */
  save(
    websiteId: string,
    file: string,
    source: string,
    opts?: { accountId?: string; now?: number },
  ): Promise<ThemeOverride>;
  /** Back to the default file; false when there was no override. */
  revert(websiteId: string, file: string): Promise<boolean>;
}

export function themeOverrideRepository(db: Kysely<Database>): ThemeOverrideRepository {
  return {
    async list(websiteId) {
      const rows = await db
        .selectFrom('theme_overrides')
        .select(['file', 'source', 'updated_at', 'updated_by'])
        .where('website_id', '=', websiteId)
        .orderBy('file')
        .execute();
      return rows.map((r) => ({
        file: r.file,
        source: r.source,
        updatedAt: Number(r.updated_at),
        updatedBy: r.updated_by,
      }));
    },

    async save(websiteId, file, source, { accountId, now = Date.now() } = {}) {
      const row = { website_id: websiteId, file, source, updated_at: now, updated_by: accountId ?? null };
      await db
        .insertInto('theme_overrides')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['website_id', 'file'])
            .doUpdateSet({ source, updated_at: now, updated_by: row.updated_by }),
        )
        .execute();
      return { file, source, updatedAt: now, updatedBy: row.updated_by };
    },

    async revert(websiteId, file) {
      const result = await db
        .deleteFrom('theme_overrides')
        .where('website_id', '=', websiteId)
        .where('file', '=', file)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
