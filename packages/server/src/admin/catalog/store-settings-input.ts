import { z } from 'zod';
import { parseDay } from '../orders/zoned-dates.js';
import { catalogMessages as m } from './catalog-messages.js';

/*
 * Tax rates, shipping options and coupons as the owner sends them. Each list is sent whole and
 * replaces the stored one, in the shapes cart-totals (@baukasten/commerce) computes with.
 */

const MAX_MINOR = 100_000_000_000;
const minor = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(MAX_MINOR, message);

const option = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => m.notAnExpectedOption(String(issue.input)) });

const taxRate = z.object({
  country: z
    .string({ error: m.countryInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, m.countryInvalid),
  // Whole percent: the included tax is computed in integers (cart-totals.ts).
  ratePercent: z
    .number({ error: m.ratePercentInvalid })
    .int(m.ratePercentInvalid)
    .min(0, m.ratePercentInvalid)
    .max(100, m.ratePercentInvalid),
  name: z.string({ error: m.taxNameInvalid }).trim().min(1, m.taxNameInvalid).max(40, m.taxNameInvalid),
});

export const taxRatesField = z
  .array(taxRate, { error: m.countryInvalid })
  .max(250, m.tooManyTaxRates)
  .superRefine((rates, ctx) => {
    const seen = new Set<string>();
    rates.forEach((rate, i) => {
      if (seen.has(rate.country))
        ctx.addIssue({ code: 'custom', message: m.countryTwice(rate.country), path: [i, 'country'] });
      seen.add(rate.country);
    });
  });

const shippingOption = z
  .object({
    id: z
      .string({ error: m.shippingIdInvalid })
      .trim()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, m.shippingIdInvalid)
      .optional(),
    name: z
      .string({ error: m.shippingNameInvalid })
      .trim()
      .min(1, m.shippingNameInvalid)
      .max(80, m.shippingNameInvalid),
    kind: option(['flat', 'weight', 'price']),
    /** flat: the cost; weight: the cost above the last tier; price: the cost below freeFromMinor. */
    costMinor: minor(m.shippingCostInvalid),
    tiers: z
      .array(
        z.object({
          maxGrams: z
            .number({ error: m.tiersInvalid })
            .int(m.tiersInvalid)
            .min(1, m.tiersInvalid)
            .max(10_000_000, m.tiersInvalid),
          costMinor: minor(m.shippingCostInvalid),
        }),
        { error: m.tiersInvalid },
      )
      .min(1, m.tiersInvalid)
      .max(20, m.tiersInvalid)
      .refine((tiers) => tiers.every((t, i) => i === 0 || t.maxGrams > tiers[i - 1].maxGrams), m.tiersInvalid)
      .optional(),
    freeFromMinor: minor(m.shippingCostInvalid).optional(),
  })
  .superRefine((o, ctx) => {
    if (o.kind === 'price' && o.freeFromMinor === undefined)
      ctx.addIssue({ code: 'custom', message: m.freeFromMissing, path: ['freeFromMinor'] });
  })
  .transform(({ tiers, freeFromMinor, ...rest }) => ({
    ...rest,
    // Only what the kind uses is kept.
    ...(rest.kind === 'weight' && tiers ? { tiers } : {}),
    ...(rest.kind === 'price' ? { freeFromMinor } : {}),
  }));

export const shippingOptionsField = z
  .array(shippingOption, { error: m.shippingNameInvalid })
  .max(20, m.tooManyShippingOptions)
  .transform((options, ctx) => {
    const ids = new Set<string>();
    return options.map((o, i) => {
      let id = o.id ?? slug(o.name);
      if (o.id && ids.has(id))
        ctx.addIssue({ code: 'custom', message: m.shippingIdTwice(id), path: [i, 'id'] });
      for (let n = 2; ids.has(id); n++) id = `${slug(o.name)}-${n}`;
      ids.add(id);
      return { ...o, id };
    });
  });

/*
 * Shipping zones (issue 23): countries and the rates that ship there. A country belongs to one zone; one
 * zone may stand for "alle übrigen Länder". Rate ids are unique over all zones, since the cart and the
 * order name a rate by its id alone.
 */
const countryNames = new Intl.DisplayNames(['de'], { type: 'region' });
const isKnownCountry = (code: string) => {
  try {
    const name = countryNames.of(code);
    return name !== undefined && name !== code && !/unbekannt/i.test(name);
  } catch {
    return false;
  }
};

const bracket = z.object({
  upTo: z
    .number({ error: m.bracketsInvalid })
    .int(m.bracketsInvalid)
    .min(0, m.bracketsInvalid)
    .max(MAX_MINOR, m.bracketsInvalid)
    .optional(),
  priceMinor: minor(m.shippingCostInvalid),
});

const zoneRate = z
  .object({
    id: z
      .string({ error: m.shippingIdInvalid })
      .trim()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/, m.shippingIdInvalid)
      .optional(),
    name: z
      .string({ error: m.shippingNameInvalid })
      .trim()
      .min(1, m.shippingNameInvalid)
      .max(80, m.shippingNameInvalid),
    kind: option(['flat', 'weight', 'value']),
    priceMinor: minor(m.shippingCostInvalid).optional(),
    brackets: z.array(bracket, { error: m.bracketsInvalid }).max(20, m.bracketsInvalid).optional(),
    freeFromMinor: minor(m.shippingCostInvalid).nullable().optional(),
    minMinor: minor(m.shippingCostInvalid).nullable().optional(),
    maxMinor: minor(m.shippingCostInvalid).nullable().optional(),
    deliveryTime: z.string({ error: m.deliveryTimeInvalid }).trim().max(60, m.deliveryTimeInvalid).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.kind === 'flat' && r.priceMinor === undefined)
      ctx.addIssue({ code: 'custom', message: m.shippingCostInvalid, path: ['priceMinor'] });
    if (r.kind !== 'flat') {
      const brackets = r.brackets ?? [];
      const ascending = brackets.every(
        (b, i) =>
          (b.upTo !== undefined || i === brackets.length - 1) &&
          (i === 0 || (b.upTo ?? Number.POSITIVE_INFINITY) > (brackets[i - 1].upTo ?? 0)),
      );
      if (brackets.length === 0 || !ascending)
        ctx.addIssue({
          code: 'custom',
          message: r.kind === 'weight' ? m.bracketsInvalid : m.valueBracketsInvalid,
          path: ['brackets'],
        });
    }
    if (r.minMinor != null && r.maxMinor != null && r.maxMinor < r.minMinor)
      ctx.addIssue({ code: 'custom', message: m.rateBoundsInvalid, path: ['maxMinor'] });
  })
  .transform(({ brackets, freeFromMinor, minMinor, maxMinor, deliveryTime, priceMinor, ...rest }) => ({
    ...rest,
    // Only what the kind uses is kept; a rate by steps costs its steps.
    priceMinor: rest.kind === 'flat' ? (priceMinor ?? 0) : (brackets?.[0]?.priceMinor ?? 0),
    ...(rest.kind !== 'flat' && brackets ? { brackets } : {}),
    ...(freeFromMinor != null ? { freeFromMinor } : {}),
    ...(minMinor != null ? { minMinor } : {}),
    ...(maxMinor != null ? { maxMinor } : {}),
    ...(deliveryTime ? { deliveryTime } : {}),
  }));

const zone = z.object({
  id: z
    .string({ error: m.zoneIdInvalid })
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, m.zoneIdInvalid)
    .optional(),
  name: z.string({ error: m.zoneNameInvalid }).trim().min(1, m.zoneNameInvalid).max(60, m.zoneNameInvalid),
  countries: z
    .array(
      z
        .string({ error: m.countryInvalid })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, m.countryInvalid)
        .refine(isKnownCountry, m.countryInvalid),
      { error: m.countryInvalid },
    )
    .max(250, m.countryInvalid),
  restOfWorld: z.boolean({ error: m.restOfWorldInvalid }).optional(),
  rates: z.array(zoneRate, { error: m.shippingNameInvalid }).max(20, m.tooManyShippingOptions),
});

export const shippingZonesField = z
  .array(zone, { error: m.zoneNameInvalid })
  .max(50, m.tooManyZones)
  .transform((zones, ctx) => {
    const zoneIds = new Set<string>();
    const countryZone = new Map<string, string>();
    let restOfWorld: string | undefined;
    return zones.map((z, i) => {
      let id = z.id ?? slug(z.name, 'zone');
      if (z.id && zoneIds.has(id))
        ctx.addIssue({ code: 'custom', message: m.zoneIdTwice(z.name), path: [i, 'id'] });
      for (let n = 2; zoneIds.has(id); n++) id = `${slug(z.name, 'zone')}-${n}`;
      zoneIds.add(id);
      const countries = [...new Set(z.countries)];
      countries.forEach((country) => {
        const other = countryZone.get(country);
        if (other !== undefined)
          ctx.addIssue({
            code: 'custom',
            message: m.countryInTwoZones(countryNames.of(country) ?? country, other),
            path: [i, 'countries'],
          });
        else countryZone.set(country, z.name);
      });
      if (z.restOfWorld) {
        if (restOfWorld !== undefined)
          ctx.addIssue({
            code: 'custom',
            message: m.restOfWorldTwice(restOfWorld),
            path: [i, 'restOfWorld'],
          });
        restOfWorld = z.name;
      } else if (countries.length === 0) {
        ctx.addIssue({ code: 'custom', message: m.zoneWithoutCountries(z.name), path: [i, 'countries'] });
      }
      // Rate ids are unique within a zone: a country is served by one zone only, and the same id in two
      // zones ("standard", "express") keeps the shopper's method when the country changes at the checkout.
      const rateIds = new Set<string>();
      const rates = z.rates.map((r, j) => {
        let rateId = r.id ?? `${id}-${slug(r.name)}`.slice(0, 60).replace(/-+$/, '');
        if (r.id && rateIds.has(rateId))
          ctx.addIssue({ code: 'custom', message: m.shippingIdTwice(rateId), path: [i, 'rates', j, 'id'] });
        const base = rateId;
        for (let n = 2; rateIds.has(rateId); n++) rateId = `${base}-${n}`;
        rateIds.add(rateId);
        return { ...r, id: rateId };
      });
      return { id, name: z.name, countries, ...(z.restOfWorld ? { restOfWorld: true } : {}), rates };
    });
  });

function slug(name: string, fallback = 'versand') {
  return (
    name
      .toLowerCase()
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/ß/g, 'ss')
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || fallback
  );
}

/** A validity bound: 'YYYY-MM-DD' (a day in the website's time zone) or a full ISO time; null for none. */
const validityDate = z
  .string({ error: m.couponDatesInvalid })
  .trim()
  .refine(
    (text) =>
      parseDay(text) !== undefined || (/^\d{4}-\d{2}-\d{2}T/.test(text) && Number.isFinite(Date.parse(text))),
    m.couponDatesInvalid,
  )
  .nullable()
  .optional();

const buyGet = z
  .number({ error: m.discountBuyGetInvalid })
  .int(m.discountBuyGetInvalid)
  .min(1, m.discountBuyGetInvalid)
  .max(100, m.discountBuyGetInvalid);
const usageLimit = z
  .number({ error: m.discountUsageLimitInvalid })
  .int(m.discountUsageLimitInvalid)
  .min(1, m.discountUsageLimitInvalid)
  .max(1_000_000_000, m.discountUsageLimitInvalid);
const idList = z
  .array(z.string({ error: m.discountLimitToInvalid }).trim().min(1, m.discountLimitToInvalid).max(100), {
    error: m.discountLimitToInvalid,
  })
  .max(200, m.discountLimitToInvalid);

/*
 * A discount (issue 23): a code or automatic, of a kind (percent, fixed amount, free shipping, buy X get Y;
 * coupons saved before kinds give percentOff or amountOffMinor alone), with its conditions and limits.
 */
export const couponInput = z
  .object({
    id: z
      .string({ error: m.discountIdInvalid })
      .trim()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/, m.discountIdInvalid)
      .optional(),
    code: z
      .string({ error: m.couponCodeInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_-]{2,39}$/, m.couponCodeInvalid)
      .optional(),
    automatic: z.boolean({ error: m.discountCodeOrAutomatic }).optional(),
    name: z.string({ error: m.discountNameInvalid }).trim().max(80, m.discountNameInvalid).optional(),
    kind: option(['percent', 'amount', 'free-shipping', 'buy-x-get-y']).optional(),
    percentOff: z
      .number({ error: m.couponPercentInvalid })
      .int(m.couponPercentInvalid)
      .min(1, m.couponPercentInvalid)
      .max(100, m.couponPercentInvalid)
      .optional(),
    amountOffMinor: z
      .number({ error: m.couponAmountInvalid })
      .int(m.couponAmountInvalid)
      .min(1, m.couponAmountInvalid)
      .max(MAX_MINOR, m.couponAmountInvalid)
      .optional(),
    buyQuantity: buyGet.optional(),
    getQuantity: buyGet.optional(),
    minimumSubtotalMinor: minor(m.shippingCostInvalid).optional(),
    productIds: idList.optional(),
    categoryIds: idList.optional(),
    validFrom: validityDate,
    validUntil: validityDate,
    usageLimit: usageLimit.nullable().optional(),
    usageLimitPerCustomer: usageLimit.nullable().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.automatic) {
      if (!c.name) ctx.addIssue({ code: 'custom', message: m.discountNameMissing, path: ['name'] });
    } else if (!c.code) {
      ctx.addIssue({ code: 'custom', message: m.discountCodeOrAutomatic, path: ['code'] });
    }
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    switch (c.kind) {
      case undefined:
        if ((c.percentOff === undefined) === (c.amountOffMinor === undefined))
          issue(m.couponDiscountMissing, 'percentOff');
        break;
      case 'percent':
        if (c.percentOff === undefined) issue(m.couponPercentInvalid, 'percentOff');
        break;
      case 'amount':
        if (c.amountOffMinor === undefined) issue(m.couponAmountInvalid, 'amountOffMinor');
        break;
      case 'buy-x-get-y':
        if (c.buyQuantity === undefined) issue(m.discountBuyGetInvalid, 'buyQuantity');
        if (c.getQuantity === undefined) issue(m.discountBuyGetInvalid, 'getQuantity');
        break;
    }
  });

export type CouponInput = z.output<typeof couponInput>;

export const couponsField = z
  .array(couponInput, { error: m.couponCodeInvalid })
  .max(500, m.tooManyCoupons)
  .superRefine((coupons, ctx) => {
    const seen = new Set<string>();
    const ids = new Set<string>();
    coupons.forEach((c, i) => {
      if (c.code && seen.has(c.code))
        ctx.addIssue({ code: 'custom', message: m.couponCodeTwice(c.code), path: [i, 'code'] });
      if (c.code) seen.add(c.code);
      if (c.id && ids.has(c.id))
        ctx.addIssue({ code: 'custom', message: m.discountIdTwice(c.id), path: [i, 'id'] });
      if (c.id) ids.add(c.id);
    });
  });

export const storeSettingsInput = z
  .strictObject({
    taxRates: taxRatesField.optional(),
    /** The options of before zones (issue 23): saved as the one zone "Alle Länder". */
    shippingOptions: shippingOptionsField.optional(),
    shippingZones: shippingZonesField.optional(),
    coupons: couponsField.optional(),
    /** The shop's "Antwortadresse": answers to its mails go there; empty or null: the owner's email. */
    replyToEmail: z
      .string({ error: m.replyToInvalid })
      .trim()
      .max(254, m.replyToInvalid)
      .refine(
        (text) =>
          text === '' || /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+\.[^\s@,;:<>()[\]"\\]+$/.test(text),
        m.replyToInvalid,
      )
      .nullable()
      .optional(),
    /** Several different codes on one order; off (the default) means one code per order. */
    allowCombiningCoupons: z.boolean({ error: m.allowCombiningCouponsInvalid }).optional(),
  })
  .refine(
    (s) =>
      s.taxRates !== undefined ||
      s.shippingOptions !== undefined ||
      s.shippingZones !== undefined ||
      s.coupons !== undefined ||
      s.replyToEmail !== undefined ||
      s.allowCombiningCoupons !== undefined,
    m.nothingToChange,
  );
