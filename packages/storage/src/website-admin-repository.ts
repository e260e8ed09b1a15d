import type { Kysely } from 'kysely';
import { atomically } from './atomically.js';
import { fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';
import type { NewWebsite, Website, WebsiteSettings } from './types.js';
import { websiteRepository, websiteSettingsWithDefaults } from './website-repository.js';

/*
 * What an owner changes about a website as a whole from the admin API: its title, time zone and
 * settings, or deleting it with everything it holds (every tenant table cascades from websites).
 */

export interface WebsiteChanges {
  title?: string;
  timeZone?: string;
  locale?: string;
  /** ISO 4217 code; the store's selected currency follows it. Prices keep their minor units. */
  currency?: string;
  /**
   * Merged into the stored settings: storeSettings and cookieSettings key by key, every other key
   * replaced as a whole.
   */
  settings?: NewWebsite['settings'];
}

export interface WebsiteAdminRepository {
  /** The website as it is afterwards; undefined when it does not exist. */
  update(websiteId: string, changes: WebsiteChanges, now?: number): Promise<Website | undefined>;
  /** Deletes the website and all its pages, products, orders, members...; false when there was none. */
  delete(websiteId: string): Promise<boolean>;
}

function mergeSettings(
  stored: Partial<WebsiteSettings>,
  changes: NewWebsite['settings'],
): NonNullable<NewWebsite['settings']> {
  if (!changes) return stored as NonNullable<NewWebsite['settings']>;
  const { storeSettings, cookieSettings, ...rest } = changes;
  return {
    ...stored,
    ...rest,
    ...(storeSettings ? { storeSettings: { ...stored.storeSettings, ...storeSettings } } : {}),
    ...(cookieSettings ? { cookieSettings: { ...stored.cookieSettings, ...cookieSettings } } : {}),
  } as NonNullable<NewWebsite['settings']>;
}

export function websiteAdminRepository(db: Kysely<Database>): WebsiteAdminRepository {
  return {
    update: (websiteId, changes, now = Date.now()) =>
      atomically(db, async (tx) => {
        // Updating first takes the row lock, so two concurrent changes do not lose one another's keys.
        const touched = await tx
          .updateTable('websites')
          .set({ updated_at: now })
          .where('id', '=', websiteId)
          .executeTakeFirst();
        if (Number(touched.numUpdatedRows) === 0) return undefined;
        const row = await tx
          .selectFrom('websites')
          .select(['settings', 'currency'])
          .where('id', '=', websiteId)
          .executeTakeFirstOrThrow();
        const currency = changes.currency?.toUpperCase() ?? row.currency;
        const merged = mergeSettings(fromJson<Partial<WebsiteSettings>>(row.settings, {}), changes.settings);
        if (currency !== row.currency)
          merged.storeSettings = { ...merged.storeSettings, selectedCurrency: currency };
        const settings = websiteSettingsWithDefaults(merged, currency);
        await tx
          .updateTable('websites')
          .set({
            settings: toJson(settings),
            currency,
            ...(changes.title !== undefined ? { title: changes.title.trim() } : {}),
            ...(changes.timeZone !== undefined ? { time_zone: changes.timeZone } : {}),
            ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
          })
          .where('id', '=', websiteId)
          .execute();
        return websiteRepository(tx).findById(websiteId);
      }),

    async delete(websiteId) {
      const result = await db.deleteFrom('websites').where('id', '=', websiteId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
