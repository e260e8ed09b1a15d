import {
  type CouponDefinition,
  DEFAULT_TAX_RULES,
  discountIdOf,
  effectiveShippingZones,
  normaliseCode,
  type ShippingRate,
  type ShippingZone,
  type TaxRule,
  zonesFromLegacyRates,
} from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { siteOwnerEmail } from '../../email/shop-sender.js';
import { HttpError } from '../../http-error.js';
import { websiteById } from '../../site-request.js';
import { AdminInputError, parseInput } from '../admin-input.js';
import { adminMessages } from '../admin-messages.js';
import { endOfDay, parseDay, startOfDay } from '../orders/zoned-dates.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { catalogMessages as m } from './catalog-messages.js';
import { type CouponInput, storeSettingsInput } from './store-settings-input.js';
import { refuseNulCharacters } from './text-guard.js';

/*
 * The shop's tax rates, shipping options and coupons. They are kept in the website settings under the
 * keys the cart reads (cartRulesOf in commerce/cart-view.ts: taxRules, shippingZones, coupons), so
 * carts and checkout use what the owner sets from the next calculation on. A list never set shows the
 * defaults the cart uses meanwhile.
 */

/** A coupon as stored: cart-totals' definition plus its validity in epoch milliseconds. */
export interface StoredCoupon extends CouponDefinition {
  validFrom?: number;
  validUntil?: number;
}

const listOf = <T>(value: unknown): T[] | undefined => (Array.isArray(value) ? (value as T[]) : undefined);

function validityOf(text: string | null | undefined, website: Website, end: boolean): number | undefined {
  if (!text) return undefined;
  const day = parseDay(text);
  if (day) return end ? endOfDay(day, website.timeZone) : startOfDay(day, website.timeZone);
  return Date.parse(text);
}

export function storedCoupons(coupons: CouponInput[], website: Website): StoredCoupon[] {
  const fields: Record<string, string> = {};
  const ids = new Set(coupons.map((c) => c.id).filter(Boolean));
  const stored = coupons.map((c, i) => {
    const validFrom = validityOf(c.validFrom, website, false);
    const validUntil = validityOf(c.validUntil, website, true);
    if (validFrom !== undefined && validUntil !== undefined && validUntil <= validFrom)
      fields[`coupons.${i}.validUntil`] = m.couponEndsBeforeStart;
    // An automatic discount is counted under an id of its own, made from its name once and kept after.
    let id = c.id;
    if (!id && c.automatic) {
      const base = `auto-${discountSlug(c.name ?? '')}`;
      id = base;
      for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
      ids.add(id);
    }
    const kind = c.kind ?? (c.percentOff !== undefined ? 'percent' : 'amount');
    return {
      ...(id ? { id } : {}),
      ...(c.automatic ? { automatic: true } : { code: c.code }),
      ...(c.name ? { name: c.name } : {}),
      ...(c.kind ? { kind: c.kind } : {}),
      // Only what the kind uses is kept.
      ...(kind === 'percent' && c.percentOff !== undefined ? { percentOff: c.percentOff } : {}),
      ...(kind === 'amount' && c.amountOffMinor !== undefined ? { amountOffMinor: c.amountOffMinor } : {}),
      ...(kind === 'buy-x-get-y' ? { buyQuantity: c.buyQuantity, getQuantity: c.getQuantity } : {}),
      ...(c.minimumSubtotalMinor !== undefined ? { minimumSubtotalMinor: c.minimumSubtotalMinor } : {}),
      ...(c.productIds?.length ? { productIds: c.productIds } : {}),
      ...(c.categoryIds?.length ? { categoryIds: c.categoryIds } : {}),
      ...(validFrom !== undefined ? { validFrom } : {}),
      ...(validUntil !== undefined ? { validUntil } : {}),
      ...(c.usageLimit != null ? { usageLimit: c.usageLimit } : {}),
      ...(c.usageLimitPerCustomer != null ? { usageLimitPerCustomer: c.usageLimitPerCustomer } : {}),
    };
  });
  const first = Object.values(fields)[0];
  if (first) throw new AdminInputError(first, fields);
  return stored;
}

function discountSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/ß/g, 'ss')
      .replace(/%/g, 'prozent')
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'rabatt'
  );
}

async function storeSettingsView(storage: Storage, website: Website, now: number) {
  const settings = website.settings as Record<string, unknown>;
  const taxRates = listOf<TaxRule>(settings.taxRules);
  const shippingZones = listOf<ShippingZone>(settings.shippingZones);
  const shippingRates = listOf<ShippingRate>(settings.shippingRates);
  const coupons = listOf<StoredCoupon>(settings.coupons) ?? [];
  return {
    currency: website.currency,
    taxRates: taxRates ?? DEFAULT_TAX_RULES,
    taxRatesAreDefaults: taxRates === undefined,
    // Options saved before zones show as the zone "Alle Länder" they are computed as (cart-totals).
    shippingZones: effectiveShippingZones({ shippingZones, shippingRates }),
    shippingZonesAreDefaults: shippingZones === undefined && shippingRates === undefined,
    allowCombiningCoupons: settings.allowCombiningCoupons === true,
    // Mails of the shop are answered here (email/shop-sender.ts); the owner's email when none is set.
    replyToEmail: typeof settings.replyToEmail === 'string' ? settings.replyToEmail : null,
    replyToDefault: (await siteOwnerEmail(storage, website.id)) ?? null,
    coupons: (
      await Promise.all(
        // How often each was used so far (issue 23), next to its limit.
        coupons.map(async (c) => ({
          c,
          used: await storage.discountUsage.usedCount(website.id, discountIdOf(c, normaliseCode)),
        })),
      )
    ).map(({ c, used }) => ({
      ...c,
      used,
      validFrom: c.validFrom ?? null,
      validUntil: c.validUntil ?? null,
      activeNow:
        (c.validFrom === undefined || c.validFrom <= now) &&
        (c.validUntil === undefined || now < c.validUntil),
    })),
  };
}

export function registerStoreSettingsRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const settings = { preHandler: requireSitePermission('commerce.settings') };

    admin.get('/sites/:siteId/store-settings', settings, async (request) => {
      const { websiteId } = accessedSite(request);
      const website = await websiteById(storage, websiteId);
      return { storeSettings: await storeSettingsView(storage, website, Date.now()) };
    });

    admin.patch('/sites/:siteId/store-settings', settings, async (request) => {
      const { websiteId } = accessedSite(request);
      const input = parseInput(storeSettingsInput, request.body);
      const website = await websiteById(storage, websiteId);
      const changes: Record<string, unknown> = {};
      if (input.taxRates) changes.taxRules = input.taxRates satisfies TaxRule[];
      // Zones are the one place rates live; options sent the old way become the zone "Alle Länder".
      if (input.shippingOptions)
        changes.shippingZones = zonesFromLegacyRates(input.shippingOptions satisfies ShippingRate[]);
      if (input.shippingZones) changes.shippingZones = input.shippingZones satisfies ShippingZone[];
      if (input.coupons) changes.coupons = storedCoupons(input.coupons, website);
      if (input.replyToEmail !== undefined) changes.replyToEmail = input.replyToEmail || null;
      if (input.allowCombiningCoupons !== undefined)
        changes.allowCombiningCoupons = input.allowCombiningCoupons;
      // One UPDATE of the settings row: the three lists change together or not at all.
      const updated = await storage.websiteAdmin.update(websiteId, { settings: changes });
      if (!updated) throw new HttpError(404, 'SITE_NOT_FOUND', adminMessages.siteNotFound);
      return { storeSettings: await storeSettingsView(storage, updated, Date.now()) };
    });
  });
}
