import { ProductType } from '@baukasten/commerce';
import { z } from 'zod';
import { formNotOnSite } from './additional-fields-form.js';
import { catalogMessages as m } from './catalog-messages.js';

/*
 * Bodies and parameters of the product and inventory routes, parsed with parseInput (admin-input.ts).
 * Money is an integer of the site currency's minor units (cents; yen for JPY), stock a whole number.
 */

export const PRODUCT_TYPES = {
  physical: ProductType.PHYSICAL,
  digital: ProductType.DIGITAL,
  service: ProductType.SERVICE,
  giftCard: ProductType.GIFT_CARD,
} as const;

export type ProductTypeName = keyof typeof PRODUCT_TYPES;

export const MAX_VARIANTS = 250;
const MAX_MINOR = 100_000_000_000;
const MAX_STOCK = 1_000_000_000;

const option = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => m.notAnExpectedOption(String(issue.input)) });

const money = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(MAX_MINOR, message);
const price = money(m.priceInvalid);
const salePrice = money(m.salePriceInvalid);
const stock = z
  .number({ error: m.stockInvalid })
  .int(m.stockInvalid)
  .min(0, m.stockInvalid)
  .max(MAX_STOCK, m.stockInvalid);
const weight = z
  .number({ error: m.weightInvalid })
  .int(m.weightInvalid)
  .min(0, m.weightInvalid)
  .max(1_000_000, m.weightInvalid);

export const skuField = z
  .string({ error: m.skuInvalid })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, m.skuInvalid);

const PRODUCT_URL = /^[a-z0-9](?:[a-z0-9._-]{0,98}[a-z0-9])?$/;
const productUrl = z
  .string({ error: m.productUrlInvalid('') })
  .superRefine((raw, ctx) => {
    if (!PRODUCT_URL.test(raw.trim().toLowerCase()))
      ctx.addIssue({ code: 'custom', message: m.productUrlInvalid(raw.trim()) });
  })
  .transform((raw) => raw.trim().toLowerCase());

const html = z.string({ error: m.textTooLong }).max(100_000, m.textTooLong);
const words = z
  .array(z.string({ error: m.tagInvalid }).trim().min(1, m.tagInvalid).max(80, m.tagInvalid), {
    error: m.tagInvalid,
  })
  .max(50, m.tagInvalid)
  .transform((list) => [...new Set(list)]);

const image = z.object({
  assetUrl: z
    .string({ error: m.imageUrlInvalid })
    .trim()
    .max(2083, m.imageUrlInvalid)
    .refine((url) => /^https?:\/\/\S+$/i.test(url) || /^\/(?!\/)\S*$/.test(url), m.imageUrlInvalid),
  altText: z.string({ error: m.altTextTooLong }).trim().max(250, m.altTextTooLong).default(''),
  originalSize: z
    .string()
    .regex(/^[1-9]\d{0,4}x[1-9]\d{0,4}$/)
    .default('1000x1000'),
  mediaFocalPoint: z
    .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
    .default({ x: 0.5, y: 0.5 }),
});

const optionName = z
  .string({ error: m.optionNameMissing })
  .trim()
  .min(1, m.optionNameMissing)
  .max(50, m.optionNameTooLong);
const optionValue = z
  .string({ error: m.optionValueMissing })
  .trim()
  .min(1, m.optionValueMissing)
  .max(50, m.optionValueTooLong);

/** Options in the order the shop shows them; each option's values in the order of its selector. */
export const optionsField = z
  .array(
    z
      .object({
        name: optionName,
        values: z.array(optionValue, { error: m.optionValueMissing }).max(100, m.tooManyValues),
      })
      .superRefine((o, ctx) => {
        if (o.values.length === 0)
          ctx.addIssue({ code: 'custom', message: m.optionValuesMissing(o.name), path: ['values'] });
        const twice = o.values.find((v, i) => o.values.indexOf(v) !== i);
        if (twice !== undefined)
          ctx.addIssue({ code: 'custom', message: m.optionValueTwice(o.name, twice), path: ['values'] });
      }),
    { error: m.optionNameMissing },
  )
  .max(6, m.tooManyOptions)
  .superRefine((options, ctx) => {
    const names = options.map((o) => o.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice !== undefined) ctx.addIssue({ code: 'custom', message: m.optionNameTwice(twice) });
    const size = options.reduce((n, o) => n * Math.max(o.values.length, 1), 1);
    if (size > MAX_VARIANTS) ctx.addIssue({ code: 'custom', message: m.tooManyVariants(MAX_VARIANTS) });
  });

/** One cell of the grid, named by its id or by its option values, with what the owner sets for it. */
const variantInput = z.object({
  id: z.string().min(1).max(64).optional(),
  attributes: z.record(z.string().max(50), z.string().max(50)).optional(),
  sku: skuField.optional(),
  priceMinor: price.optional(),
  salePriceMinor: salePrice.optional(),
  onSale: z.boolean().optional(),
  unlimited: z.boolean().optional(),
  qtyInStock: stock.optional(),
  weightGrams: weight.nullable().optional(),
});

export type VariantInput = z.output<typeof variantInput>;

const billingPeriod = z.object({
  value: z
    .number({ error: m.billingPeriodInvalid })
    .int(m.billingPeriodInvalid)
    .min(1, m.billingPeriodInvalid)
    .max(52, m.billingPeriodInvalid),
  unit: option(['WEEK', 'MONTH', 'YEAR']),
});

const subscription = z
  .object({
    plans: z
      .array(
        z.object({
          billingPeriod,
          numBillingCycles: z
            .number({ error: m.billingCyclesInvalid })
            .int(m.billingCyclesInvalid)
            .min(0, m.billingCyclesInvalid)
            .max(120, m.billingCyclesInvalid),
        }),
        { error: m.plansMissing },
      )
      .min(1, m.plansMissing)
      .max(10, m.plansMissing),
  })
  .nullable();

const shortText = z.string({ error: m.merchandisingTextTooLong }).max(500, m.merchandisingTextTooLong);

/** Restock and scarcity settings of spec 3 (R3.10.1); given keys replace the stored ones. */
const merchandising = z.strictObject({
  restockNotificationViews: z.array(z.string().max(50)).max(20).optional(),
  restockNotificationMessages: z.record(z.string().max(50), shortText).optional(),
  mailingListSignUpEnabled: z.boolean().optional(),
  mailingListOptInByDefault: z.boolean().optional(),
  scarcityEnabled: z.boolean().optional(),
  scarcityTemplateViews: z.array(z.string().max(50)).max(20).optional(),
  scarcityText: shortText.optional(),
  scarcityShownByDefault: z.boolean().optional(),
  customSoldOutText: shortText.optional(),
});

const giftCardAmounts = z
  .array(z.number().int().min(1).max(MAX_MINOR), { error: m.giftCardAmountsInvalid })
  .min(1, m.giftCardAmountsMissing)
  .max(20, m.giftCardAmountsInvalid)
  .refine((amounts) => new Set(amounts).size === amounts.length, m.giftCardAmountsInvalid);

/** Fields a product has whether it is created or changed; all optional here. */
const productFields = {
  title: z.string({ error: m.titleMissing }).trim().min(1, m.titleMissing).max(200, m.titleTooLong),
  urlId: productUrl,
  excerpt: html,
  body: html,
  images: z.array(image).max(50, m.tooManyImages),
  tags: words,
  categories: words,
  options: optionsField,
  /** What a new cell of the grid starts with. */
  priceMinor: price,
  salePriceMinor: salePrice,
  onSale: z.boolean(),
  unlimited: z.boolean(),
  qtyInStock: stock,
  weightGrams: weight.nullable(),
  variants: z.array(variantInput).max(MAX_VARIANTS, m.tooManyVariants(MAX_VARIANTS)),
  giftCardAmountsMinor: giftCardAmounts,
  subscription,
  /** null shows the default text ('Add To Cart' or 'Subscribe'). */
  addButtonText: z
    .string({ error: m.addButtonTextInvalid })
    .trim()
    .min(1, m.addButtonTextInvalid)
    .max(60, m.addButtonTextInvalid)
    .nullable(),
  merchandising,
  /** One of the site's forms, asked before the product is added to the cart; null removes it. */
  additionalFieldsFormId: z
    .string({ error: formNotOnSite })
    .regex(/^[A-Za-z0-9._~-]{1,64}$/, formNotOnSite)
    .nullable(),
};

const optional = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };

export const newProductInput = z.strictObject({
  ...optional(productFields),
  collectionId: z.string({ error: m.collectionNotProducts }).min(1, m.collectionNotProducts).max(64),
  title: productFields.title,
  productType: option(['physical', 'digital', 'service', 'giftCard']),
});

export const productChangesInput = z
  .strictObject({
    ...optional(productFields),
    productType: option(['physical', 'digital', 'service', 'giftCard']).optional(),
    /** The product's updatedAt as the editor loaded it: the change is refused with 409 if it moved since. */
    expectedUpdatedAt: z.number().int().min(0).optional(),
  })
  .refine(
    (changes) => Object.entries(changes).some(([key, v]) => key !== 'expectedUpdatedAt' && v !== undefined),
    m.nothingToChange,
  );

export type NewProductInput = z.output<typeof newProductInput>;
export type ProductChangesInput = z.output<typeof productChangesInput>;

/** Ids are short and plain; anything else (control characters, which PostgreSQL refuses) is no id of ours. */
const idField = z.string().regex(/^[A-Za-z0-9._~-]{1,64}$/);
export const productParams = z.object({ siteId: idField, productId: idField });
export const variantParams = z.object({ siteId: idField, variantId: idField });

const pageNumber = (max: number, fallback: number) =>
  z.coerce.number().int().min(0).max(max).catch(fallback).default(fallback);

export const listQuery = z.object({
  q: z.string().trim().max(200).catch('').default(''),
  collectionId: z.string().max(64).optional().catch(undefined),
  limit: pageNumber(200, 50),
  offset: pageNumber(1_000_000, 0),
});

const stockLevel = z.object({ unlimited: z.boolean({ error: m.stockInvalid }), qtyInStock: stock });

/** An inline stock edit: the new value and the one the owner saw, so a sale in between is not overwritten. */
export const stockChangeInput = z
  .object({
    expected: stockLevel.optional(),
    unlimited: z.boolean({ error: m.stockInvalid }).optional(),
    qtyInStock: stock.optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.expected)
      ctx.addIssue({ code: 'custom', message: m.expectedStockMissing, path: ['expected'] });
    if (input.unlimited === undefined && input.qtyInStock === undefined)
      ctx.addIssue({ code: 'custom', message: m.nothingToChange });
  });
