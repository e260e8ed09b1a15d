import { ELEMENT_PATH_MAX_CHARS, ERROR_REPORTER_LIMITS } from '@baukasten/commerce';
import { z } from 'zod';

/*
 * The payloads of the census, legacy tracker, error reporter and performance calls (spec 3 and 7),
 * parsed at the edge. Every string is bounded; fields the spec does not name are dropped.
 */

/** URL max length of spec 9. */
export const URL_MAX = 2083;

export const text = (max: number) => z.string().max(max);
const id = text(128);
const size = z.number().int().min(0).max(100_000);
const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/** The page fields every census call carries (spec 3, census hit). */
export const censusPageFields = {
  visitorCookie: text(300).optional(),
  pageTitle: text(500).optional(),
  pageId: id.optional(),
  /** i for an item, c for a collection. */
  contentSource: z.enum(['i', 'c']).optional(),
  pagePath: text(URL_MAX).optional(),
  pagePermissionTypeValue: z.union([z.number().int(), text(50)]).optional(),
  websiteId: id.optional(),
  templateId: id.optional(),
  website_locale: text(35).optional(),
  userAgent: text(1000).optional(),
  clientDate: z.union([z.number().finite(), text(64)]).optional(),
  viewportWidth: size.optional(),
  viewportHeight: size.optional(),
  screenWidth: size.optional(),
  screenHeight: size.optional(),
  url: text(URL_MAX).optional(),
  title: text(500).optional(),
  itemId: id.nullish(),
  recordType: z.number().int().min(0).max(1000).nullish(),
  collectionId: id.nullish(),
  localStorageSupported: flag.optional(),
  queryString: text(URL_MAX).optional(),
  referrer: text(URL_MAX).optional(),
};

export const censusHitData = z.object(censusPageFields);
export type CensusHitData = z.infer<typeof censusHitData>;

/** POST /api/census/RecordHit: form fields event, data (JSON text of a census hit), ss_cvr. */
export const recordHitBody = z.object({
  event: text(64).optional(),
  data: z.union([text(16_000), z.record(z.string(), z.unknown())]),
  ss_cvr: text(300).optional(),
});

export const buttonBody = z.object({
  ...censusPageFields,
  buttonId: id.optional(),
  buttonText: text(300).optional(),
  buttonUrl: text(URL_MAX).optional(),
  blockId: id.optional(),
});

export const formRenderBody = z.object({ ...censusPageFields, formId: id, blockId: id.optional() });

export const overlayBody = z.object({
  ...censusPageFields,
  overlayId: id.optional(),
  overlayType: text(64).optional(),
  action: text(64).optional(),
  overlayData: z
    .record(text(100), z.union([text(1000), z.number().finite(), z.boolean(), z.null()]))
    .optional(),
});

/** The legacy tracker's data (spec 3): posted form-encoded as the JSON text `data`. */
export const legacyEventData = z.object({
  eventName: text(100).optional(),
  websiteId: id.optional(),
  memberAccountId: id.nullish(),
  website_locale: text(35).optional(),
  member_locale: text(35).nullish(),
  templateId: id.optional(),
  variantId: id.nullish(),
  pageHash: text(500).optional(),
  pagePath: text(URL_MAX).optional(),
});

export const recordEventBody = z.object({
  crumb: text(200).optional(),
  event: text(100).min(1),
  data: z.union([text(16_000), z.record(z.string(), z.unknown())]).optional(),
});

/** One report of the error reporter; stacks are cut to the reporter's own limit (spec 9). */
export const javascriptError = z.object({
  message: text(5000).min(1),
  stack: text(50_000)
    .transform((s) => s.slice(0, ERROR_REPORTER_LIMITS.maxStackChars))
    .optional(),
  name: text(100).optional(),
  url: text(URL_MAX).optional(),
  pagePath: text(URL_MAX).optional(),
  line: z.number().int().min(0).optional(),
  column: z.number().int().min(0).optional(),
  userAgent: text(1000).optional(),
  timestamp: z.number().finite().optional(),
  websiteId: id.optional(),
});

/** A page sends at most 20 reports (spec 9); one call carries at most that many. */
export const javascriptErrorsBody = z.union([
  z.array(javascriptError).min(1).max(ERROR_REPORTER_LIMITS.maxReportsPerPage),
  z.object({
    websiteId: id.optional(),
    events: z.array(javascriptError).min(1).max(ERROR_REPORTER_LIMITS.maxReportsPerPage),
  }),
]);

/** One measurement of the performance batch. */
export const performanceRecord = z.object({
  name: text(64).optional(),
  metric: text(64).optional(),
  value: z.number().finite(),
  path: text(URL_MAX).optional(),
  id: text(128).optional(),
  rating: text(32).optional(),
  navigationType: text(32).optional(),
  /** Element path of an interaction, cut at 200 characters (spec 9). */
  target: text(5000)
    .transform((s) => s.slice(0, ELEMENT_PATH_MAX_CHARS))
    .optional(),
});

export const performanceBody = z.union([
  z.array(performanceRecord).min(1).max(200),
  z.object({
    websiteId: id.optional(),
    pagePath: text(URL_MAX).optional(),
    url: text(URL_MAX).optional(),
    visitorCookie: text(300).optional(),
    records: z.array(performanceRecord).min(1).max(200),
  }),
]);

type VitalMetric =
  | 'firstContentfulPaintMs'
  | 'largestContentfulPaintMs'
  | 'cumulativeLayoutShift'
  | 'firstInputDelayMs'
  | 'interactionToNextPaintMs';

/** Names a web-vitals reporter may use for the five metrics of spec 9, after lower-casing and dropping all but letters. */
const METRIC_NAMES: Record<string, VitalMetric> = {
  fcp: 'firstContentfulPaintMs',
  firstpaint: 'firstContentfulPaintMs',
  firstcontentfulpaint: 'firstContentfulPaintMs',
  lcp: 'largestContentfulPaintMs',
  largestpaint: 'largestContentfulPaintMs',
  largestcontentfulpaint: 'largestContentfulPaintMs',
  cls: 'cumulativeLayoutShift',
  layoutshift: 'cumulativeLayoutShift',
  cumulativelayoutshift: 'cumulativeLayoutShift',
  fid: 'firstInputDelayMs',
  inputdelay: 'firstInputDelayMs',
  firstinputdelay: 'firstInputDelayMs',
  inp: 'interactionToNextPaintMs',
  interactiondelay: 'interactionToNextPaintMs',
  interactiontonextpaint: 'interactionToNextPaintMs',
};

/** The web-vital a performance record measures, or null for other or unknown measurements. */
export function webVitalMetric(name: string | undefined): VitalMetric | null {
  if (!name) return null;
  const key = name.toLowerCase().replace(/[^a-z]/g, '');
  return METRIC_NAMES[key] ?? METRIC_NAMES[key.replace(/ms$/, '')] ?? null;
}

/** Plausible values only: timings up to 10 minutes, layout shift up to 100. */
export function plausibleVital(metric: VitalMetric, value: number): boolean {
  return value >= 0 && value <= (metric === 'cumulativeLayoutShift' ? 100 : 600_000);
}
