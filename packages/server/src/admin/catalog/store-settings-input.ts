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

function slug(name: string) {
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
      .replace(/-+$/, '') || 'versand'
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

const coupon = z
  .object({
    code: z
      .string({ error: m.couponCodeInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_-]{2,39}$/, m.couponCodeInvalid),
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
    minimumSubtotalMinor: minor(m.shippingCostInvalid).optional(),
    validFrom: validityDate,
    validUntil: validityDate,
  })
  .superRefine((c, ctx) => {
    if ((c.percentOff === undefined) === (c.amountOffMinor === undefined))
      ctx.addIssue({ code: 'custom', message: m.couponDiscountMissing, path: ['percentOff'] });
  });

export type CouponInput = z.output<typeof coupon>;

export const couponsField = z
  .array(coupon, { error: m.couponCodeInvalid })
  .max(500, m.tooManyCoupons)
  .superRefine((coupons, ctx) => {
    const seen = new Set<string>();
    coupons.forEach((c, i) => {
      if (seen.has(c.code))
        ctx.addIssue({ code: 'custom', message: m.couponCodeTwice(c.code), path: [i, 'code'] });
      seen.add(c.code);
    });
  });

export const storeSettingsInput = z
  .strictObject({
    taxRates: taxRatesField.optional(),
    shippingOptions: shippingOptionsField.optional(),
    coupons: couponsField.optional(),
    /** Several different codes on one order; off (the default) means one code per order. */
    allowCombiningCoupons: z.boolean({ error: m.allowCombiningCouponsInvalid }).optional(),
  })
  .refine(
    (s) =>
      s.taxRates !== undefined ||
      s.shippingOptions !== undefined ||
      s.coupons !== undefined ||
      s.allowCombiningCoupons !== undefined,
    m.nothingToChange,
  );
