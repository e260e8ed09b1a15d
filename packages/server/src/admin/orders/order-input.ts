import { z } from 'zod';
import { orderMessages as m } from './order-messages.js';
import { parseDay } from './zoned-dates.js';

/* Query and parameters of the order routes, parsed with parseInput (admin-input.ts). */

const day = z
  .string({ error: m.dateInvalid })
  .trim()
  .refine((text) => parseDay(text) !== undefined, m.dateInvalid)
  .transform((text) => parseDay(text)!);

const pageNumber = (max: number, fallback: number) =>
  z.coerce.number().int().min(0).max(max).catch(fallback).default(fallback);

export const orderFilterQuery = z
  .object({
    status: z
      .enum(['open', 'fulfilled', 'cancelled'], {
        error: (issue) => m.notAnExpectedOption(String(issue.input)),
      })
      .optional(),
    /** First and last day, inclusive, in the website's time zone. */
    from: day.optional(),
    to: day.optional(),
    /** An order number (#1001 or 1001) or part of an email address. */
    q: z.string().trim().max(200).catch('').default(''),
    limit: pageNumber(200, 50),
    offset: pageNumber(10_000_000, 0),
  })
  .superRefine((query, ctx) => {
    const key = (d: { year: number; month: number; day: number }) => d.year * 10_000 + d.month * 100 + d.day;
    if (query.from && query.to && key(query.to) < key(query.from))
      ctx.addIssue({ code: 'custom', message: m.dateRangeReversed, path: ['to'] });
  });

export type OrderFilterQuery = z.output<typeof orderFilterQuery>;

/** Ids are short and plain; anything else (control characters, which PostgreSQL refuses) is no id of ours. */
const idField = z.string().regex(/^[A-Za-z0-9._~-]{1,64}$/);
export const orderParams = z.object({ siteId: idField, orderId: idField });
