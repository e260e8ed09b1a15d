import { z } from 'zod';
import { apiMessages as m } from './api-messages.js';

/*
 * The answers of the public API as zod schemas: the routes declare them (Fastify serializes through them,
 * so nothing outside them leaves the server) and the OpenAPI document is generated from them, as from the
 * input schemas the routes validate with. One description, no copy that could drift.
 */

export const errorSchema = z
  .object({
    error: z.object({
      type: z.string().meta({ example: 'INVALID_INPUT' }),
      message: z
        .string()
        .meta({ description: 'Deutsch, für Menschen', example: 'Bitte gib einen Titel an.' }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'Feld (Pfad mit Punkten) → Meldung' }),
    }),
  })
  .meta({ id: 'Error' });

/** The error answers every operation may give, with the status it gives them under. */
export const errorResponses = {
  400: errorSchema.describe('Ungültige Eingabe'),
  401: errorSchema.describe('Kein oder ein widerrufener API-Schlüssel'),
  403: errorSchema.describe('Dem Schlüssel fehlt der Bereich (scope) dieser Operation'),
  404: errorSchema.describe('Nicht gefunden (auch: der Schlüssel gehört zu einer anderen Website)'),
  429: errorSchema.describe('Zu viele Anfragen; siehe RateLimit-Reset'),
} as const;

const ID = /^[A-Za-z0-9._~-]{1,64}$/;
export const idParam = z.string().regex(ID, m.notFound);
export const siteParams = z.object({ siteId: idParam });

export const pageQuery = z.object({
  limit: z.coerce
    .number({ error: m.limitInvalid })
    .int(m.limitInvalid)
    .min(1, m.limitInvalid)
    .max(100, m.limitInvalid)
    .default(25),
  cursor: z
    .string()
    .max(300, m.cursorInvalid)
    .optional()
    .meta({ description: 'nextCursor der vorigen Seite' }),
});

const image = z.object({
  assetUrl: z.string(),
  altText: z.string(),
  originalSize: z.string(),
  mediaFocalPoint: z.object({ x: z.number(), y: z.number() }),
});

export const variantSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    attributes: z.record(z.string(), z.string()),
    optionValues: z.array(z.unknown()),
    priceMinor: z.number().int(),
    salePriceMinor: z.number().int(),
    onSale: z.boolean(),
    unlimited: z.boolean(),
    qtyInStock: z.number().int(),
    weightGrams: z.number().nullable(),
  })
  .meta({ id: 'Variant' });

export const productSummarySchema = z
  .object({
    id: z.string(),
    collectionId: z.string(),
    title: z.string(),
    urlId: z.string(),
    productType: z.enum(['physical', 'digital', 'service', 'giftCard']),
    image: image.nullable(),
    variantCount: z.number().int(),
    currency: z.string(),
    priceMinor: z.object({ from: z.number().int(), to: z.number().int() }),
    stock: z.object({ unlimited: z.boolean(), total: z.number().int() }),
    soldOut: z.boolean(),
    onSale: z.boolean(),
    updatedAt: z.number().int(),
  })
  .meta({ id: 'ProductSummary' });

export const productSchema = productSummarySchema
  .extend({
    excerpt: z.string(),
    body: z.string(),
    images: z.array(image),
    tags: z.array(z.string()),
    categories: z.array(z.string()),
    options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
    variantOptionOrdering: z.array(z.string()),
    variants: z.array(variantSchema),
    giftCardAmountsMinor: z.array(z.number().int()).nullable(),
    subscription: z.object({ plans: z.array(z.record(z.string(), z.unknown())) }).nullable(),
    addButtonText: z.string().nullable(),
    merchandising: z
      .unknown()
      .meta({ description: 'Nachbestellungs- und Knappheitshinweise (wie im Editor)' }),
    additionalFieldsForm: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.number().int(),
  })
  .meta({ id: 'Product' });

export const stockSchema = z
  .object({ variantId: z.string(), unlimited: z.boolean(), qtyInStock: z.number().int() })
  .meta({ id: 'Stock' });

export const orderSummarySchema = z
  .object({
    id: z.string(),
    orderNumber: z.number().int(),
    status: z.string(),
    statusText: z.string(),
    createdAt: z.number().int(),
    customerEmail: z.string().nullable(),
    customerName: z.string().nullable(),
    itemCount: z.number().int(),
    currency: z.string(),
    grandTotalMinor: z.number().int(),
    paymentStatus: z.string().nullable(),
    paymentStatusText: z.string().nullable(),
    testMode: z.boolean(),
  })
  .meta({ id: 'OrderSummary' });

export const orderSchema = orderSummarySchema
  .extend({
    paymentMethod: z.string().nullable(),
    paymentMethodText: z.string().nullable(),
    items: z.array(
      z.object({
        id: z.string(),
        itemId: z.string(),
        variantId: z.string().nullable(),
        sku: z.string(),
        productName: z.string(),
        attributes: z.record(z.string(), z.string()),
        productType: z.number().int().nullable(),
        quantity: z.number().int(),
        unitPriceMinor: z.number().int(),
        totalMinor: z.number().int(),
      }),
    ),
    subtotalMinor: z.number().int(),
    discountMinor: z.number().int(),
    shippingMinor: z.number().int(),
    taxMinor: z.number().int(),
    giftCardMinor: z.number().int(),
    shippingAddress: z
      .object({
        firstName: z.string().optional(),
        lastName: z.string().optional(),
        line1: z.string().optional(),
        line2: z.string().optional(),
        postalCode: z.string().optional(),
        city: z.string().optional(),
        region: z.string().optional(),
        country: z.string().optional(),
      })
      .nullable(),
    shippingOption: z.unknown(),
    coupons: z.array(z.string()),
    fulfilledAt: z.number().int().nullable(),
    cancelledAt: z.number().int().nullable(),
  })
  .meta({ id: 'Order' });

export const discountSchema = z
  .object({
    code: z.string(),
    id: z.string().optional(),
    automatic: z.boolean().optional(),
    kind: z.enum(['percent', 'amount', 'free-shipping', 'buy-x-get-y']).optional(),
    name: z.string().optional(),
    usageLimit: z.number().int().optional(),
    usageLimitPerCustomer: z.number().int().optional(),
    percentOff: z.number().int().optional(),
    amountOffMinor: z.number().int().optional(),
    minimumSubtotalMinor: z.number().int().optional(),
    validFrom: z.number().int().nullable(),
    validUntil: z.number().int().nullable(),
  })
  .meta({ id: 'Discount' });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    nextCursor: z.string().nullable().meta({ description: 'null auf der letzten Seite' }),
  });
