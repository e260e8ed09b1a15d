import { z } from 'zod';
import { contentAdminMessages as m } from './content-admin-messages.js';
import { isLocalDateTime } from './zoned-time.js';

/*
 * Bodies and parameters of the blog post and event routes, parsed with parseInput (admin-input.ts): a
 * failure is a 400 whose `fields` name each bad field. Times are wall-clock times of the website's time
 * zone ('2026-07-04T14:00'); the routes turn them into epoch milliseconds.
 */

const ID = /^[\w-]{1,64}$/;
const idField = z.string().regex(ID);

export const collectionParams = z.object({ pageId: idField });
export const entryParams = z.object({ pageId: idField, entryId: idField });

const ITEM_URL = /^[a-z0-9](?:[a-z0-9._-]{0,98}[a-z0-9])?$/;

/** An entry's address inside its collection, tidied like page URLs: '/Mein Beitrag' is refused, ' Tag-1 ' → 'tag-1'. */
const urlIdField = z
  .string({ error: m.urlIdInvalid('') })
  .transform((raw) =>
    raw
      .trim()
      .replace(/^\/+|\/+$/g, '')
      .toLowerCase(),
  )
  .superRefine((urlId, ctx) => {
    if (!ITEM_URL.test(urlId)) ctx.addIssue({ code: 'custom', message: m.urlIdInvalid(urlId) });
  });

const localDateTime = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .refine((value) => isLocalDateTime(value), m.dateTimeInvalid);

const names = (what: string, plural: string) =>
  z
    .array(
      z
        .string({ error: m.nameInvalid(what) })
        .trim()
        .min(1, m.nameInvalid(what))
        .max(100, m.nameInvalid(what)),
      { error: m.namesInvalid(plural) },
    )
    .max(50, m.tooManyNames(plural))
    // The same name twice is one name.
    .transform((list) => [...new Set(list)]);

const coordinate = (limit: number, message: string) =>
  z.number({ error: message }).min(-limit, message).max(limit, message);

const line = z.string({ error: m.addressTooLong }).trim().max(200, m.addressTooLong).optional();

const location = z
  .object({
    addressLine1: line,
    addressLine2: line,
    addressCountry: line,
    mapLat: coordinate(90, m.latitudeInvalid).nullish(),
    mapLng: coordinate(180, m.longitudeInvalid).nullish(),
  })
  .refine((l) => (l.mapLat == null) === (l.mapLng == null), {
    message: m.coordinatesIncomplete,
    path: ['mapLng'],
  })
  .nullable();

const imageUrl = z
  .string({ error: m.imageUrlInvalid })
  .trim()
  .max(2083, m.imageUrlInvalid)
  .refine((url) => /^https:\/\/\S+$/i.test(url) || /^\/(?!\/)\S*$/.test(url), m.imageUrlInvalid)
  .nullable();

const fields = {
  title: z.string({ error: m.titleMissing }).trim().min(1, m.titleMissing).max(200, m.titleTooLong),
  urlId: urlIdField,
  /** How excerpt and body are written: Markdown (rendered when saved) or HTML (sanitised when saved). */
  format: z.enum(['markdown', 'html'], { error: m.formatUnknown }),
  excerpt: z.string({ error: m.excerptTooLong }).max(10_000, m.excerptTooLong),
  body: z.string({ error: m.bodyTooLong }).max(100_000, m.bodyTooLong),
  categories: names('Kategorie', 'Kategorien'),
  tags: names('Schlagwort', 'Schlagwörter'),
  authorDisplayName: z.string({ error: m.authorTooLong }).trim().max(100, m.authorTooLong),
  starred: z.boolean({ error: m.starredInvalid }),
  commentState: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: m.commentStateInvalid }),
  /** When visitors see it (site time zone); null keeps it a draft. */
  publishAt: localDateTime(m.dateTimeInvalid).nullable(),
  assetUrl: imageUrl,
  startAt: localDateTime(m.startMissing),
  endAt: localDateTime(m.endMissing),
  location,
};

export const newEntryInput = z.object({
  ...fields,
  urlId: fields.urlId.optional(),
  format: fields.format.default('html'),
  excerpt: fields.excerpt.default(''),
  body: fields.body.default(''),
  categories: fields.categories.default([]),
  tags: fields.tags.default([]),
  authorDisplayName: fields.authorDisplayName.optional(),
  starred: fields.starred.default(false),
  commentState: fields.commentState.default(0),
  publishAt: fields.publishAt.default(null),
  assetUrl: fields.assetUrl.optional(),
  startAt: fields.startAt.optional(),
  endAt: fields.endAt.optional(),
  location: fields.location.optional(),
});

export const entryChangesInput = z
  .object(fields)
  .partial()
  .extend({ format: fields.format.default('html') });

export type NewEntryInput = z.output<typeof newEntryInput>;
export type EntryChangesInput = z.output<typeof entryChangesInput>;
