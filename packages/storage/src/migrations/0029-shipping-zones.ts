import { type LegacyShippingRate, zonesFromLegacyRates } from '@baukasten/commerce';
import type { Kysely, Migration } from 'kysely';

/*
 * Shipping zones (issue 23). The shipping options a website kept in its settings (`shippingRates`)
 * become the rates of one zone "Alle Länder" (`shippingZones`) at the same prices, so no owner loses a
 * rate; the old key is removed, so zones are the one place rates live from now on. Websites that never
 * set options keep none and use the defaults. The cart reads old settings the same way
 * (effectiveShippingZones in @baukasten/commerce), so a server still running the old code and this
 * migration agree on every price.
 */
export const shippingZones: Migration = {
  async up(db: Kysely<any>) {
    const rows: { id: string; settings: string }[] = await db
      .selectFrom('websites')
      .select(['id', 'settings'])
      .where('settings', 'like', '%shippingRates%')
      .execute();
    for (const row of rows) {
      let settings: Record<string, unknown>;
      try {
        settings = JSON.parse(row.settings) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (!Array.isArray(settings.shippingRates)) continue;
      const { shippingRates, ...rest } = settings;
      const next = Array.isArray(rest.shippingZones)
        ? rest
        : { ...rest, shippingZones: zonesFromLegacyRates(shippingRates as LegacyShippingRate[]) };
      await db
        .updateTable('websites')
        .set({ settings: JSON.stringify(next) })
        .where('id', '=', row.id)
        .execute();
    }
  },
};
