// The `datetime` and `datetime-interval` formatters: CLDR-style widths (short ... full) and
// skeletons (yMMMd, hm, EEEE ...) mapped onto Intl.DateTimeFormat in the website's time zone.

import { cachedDateTimeFormat } from '../date/time-zone.js';

type Width = 'short' | 'medium' | 'long' | 'full';
const WIDTHS = new Set(['short', 'medium', 'long', 'full']);
const CALENDARS: Record<string, string> = {
  gregorian: 'gregory',
  gregory: 'gregory',
  buddhist: 'buddhist',
  iso8601: 'iso8601',
  persian: 'persian',
  japanese: 'japanese',
};

export interface DatetimeRequest {
  date?: Width;
  time?: Width;
  datetime?: Width;
  skeleton?: string;
  /** The glue between a date and a time given separately. */
  wrap?: Width;
  calendar?: string;
  beginSentence?: boolean;
}

function splitOption(arg: string): [string, string] {
  const i = arg.indexOf(':');
  return i < 0 ? [arg, ''] : [arg.slice(0, i), arg.slice(i + 1)];
}

export function parseDatetimeArgs(args: string[]): DatetimeRequest {
  const request: DatetimeRequest = {};
  const addSkeleton = (fields: string) => {
    request.skeleton = (request.skeleton ?? '') + fields;
  };
  for (const arg of args) {
    const [key, value] = splitOption(arg);
    if (!value) {
      if (key === 'date' || key === 'time') request[key] = 'short';
      else if (WIDTHS.has(key)) request.datetime = key as Width;
      else addSkeleton(key);
      continue;
    }
    if (key === 'calendar') request.calendar = CALENDARS[value];
    else if (key === 'context') request.beginSentence = value === 'begin-sentence';
    else if (key === 'skeleton') request.skeleton = value;
    else if (key === 'wrap' || key === 'wrapper' || key === 'wrapped') {
      if (WIDTHS.has(value)) request.wrap = value as Width;
    } else if (key === 'date' || key === 'time' || key === 'datetime') {
      if (WIDTHS.has(value)) request[key] = value as Width;
      else addSkeleton(value);
    }
  }
  return request;
}

/** Intl options for a CLDR skeleton; fields Intl cannot express are left out. */
export function skeletonOptions(skeleton: string): Intl.DateTimeFormatOptions {
  const options: Intl.DateTimeFormatOptions = {};
  for (const [run] of skeleton.matchAll(/(.)\1*/g)) {
    const n = run.length;
    switch (run[0]) {
      case 'G':
        options.era = n === 4 ? 'long' : n === 5 ? 'narrow' : 'short';
        break;
      case 'y':
      case 'Y':
      case 'u':
        options.year = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'M':
      case 'L':
        options.month = (['numeric', '2-digit', 'short', 'long', 'narrow'] as const)[Math.min(n, 5) - 1];
        break;
      case 'd':
        options.day = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'E':
      case 'c':
      case 'e':
        options.weekday = n === 4 ? 'long' : n === 5 ? 'narrow' : 'short';
        break;
      case 'h':
      case 'K':
        options.hour = n === 2 ? '2-digit' : 'numeric';
        options.hour12 = true;
        break;
      case 'H':
      case 'k':
        options.hour = n === 2 ? '2-digit' : 'numeric';
        options.hourCycle = 'h23';
        break;
      case 'j':
      case 'J':
      case 'C':
        options.hour = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'm':
        options.minute = n === 2 ? '2-digit' : 'numeric';
        break;
      case 's':
        options.second = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'B':
      case 'b':
        options.dayPeriod = n === 4 ? 'long' : n === 5 ? 'narrow' : 'short';
        break;
      case 'z':
        options.timeZoneName = n === 4 ? 'long' : 'short';
        break;
      case 'v':
        options.timeZoneName = n === 4 ? 'longGeneric' : 'shortGeneric';
        break;
      case 'O':
        options.timeZoneName = n === 4 ? 'longOffset' : 'shortOffset';
        break;
    }
  }
  return options;
}

const DATE_PART_TYPES = new Set(['year', 'month', 'day', 'weekday', 'era', 'relatedYear', 'yearName']);
const TIME_PART_TYPES = new Set([
  'hour',
  'minute',
  'second',
  'dayPeriod',
  'timeZoneName',
  'fractionalSecond',
]);

/** The locale's glue between a date and a time at a width (", " or " at " in English). */
function glue(locale: string, zone: string, width: Width): string {
  const parts = cachedDateTimeFormat(locale, {
    timeZone: zone,
    dateStyle: width,
    timeStyle: 'short',
  }).formatToParts(0);
  const lastDate = parts.findLastIndex((part) => DATE_PART_TYPES.has(part.type));
  const firstTime = parts.findIndex((part) => TIME_PART_TYPES.has(part.type));
  if (lastDate < 0 || firstTime <= lastDate) return ' ';
  return parts
    .slice(lastDate + 1, firstTime)
    .map((part) => part.value)
    .join('');
}

const DATE_SKELETON_FIELDS = /[GyYuMLdEce]/;

/**
 * Node's Intl swaps ICU's narrow no-break space before AM/PM for a plain space in `format` (but not
 * in `formatRange`); the space is put back so single dates and ranges read alike.
 */
/** AM/PM markers, not the worded day periods ('in the afternoon') that keep a normal space. */
const isAmPm = (part: Intl.DateTimeFormatPart | undefined) =>
  part?.type === 'dayPeriod' && !/\s/.test(part.value);

export function formatInstant(format: Intl.DateTimeFormat, epochMs: number): string {
  const parts = format.formatToParts(epochMs);
  return parts
    .map((part, i) =>
      part.type === 'literal' && part.value === ' ' && isAmPm(parts[i + 1]) ? '\u202f' : part.value,
    )
    .join('');
}

function capitalizeFirst(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

export function formatDatetime(
  epochMs: number,
  request: DatetimeRequest,
  locale: string,
  zone: string,
): string {
  const base: Intl.DateTimeFormatOptions = { timeZone: zone };
  if (request.calendar) base.calendar = request.calendar;
  const format = (options: Intl.DateTimeFormatOptions) =>
    formatInstant(cachedDateTimeFormat(locale, { ...base, ...options }), epochMs);
  let text: string;
  if (request.datetime) {
    text = format({ dateStyle: request.datetime, timeStyle: request.datetime });
  } else if (request.skeleton && !request.date && !request.time) {
    text = format(skeletonOptions(request.skeleton));
  } else if (request.date && request.time) {
    text = format({ dateStyle: request.date, timeStyle: request.time });
  } else if (request.skeleton && (request.date || request.time)) {
    // One side as a width, the other as skeleton fields: format both and join them.
    const skeleton = skeletonOptions(request.skeleton);
    const dateText = request.date ? format({ dateStyle: request.date }) : format(skeleton);
    const timeText = request.time ? format({ timeStyle: request.time }) : format(skeleton);
    const width = request.wrap ?? request.date ?? 'medium';
    text = dateText + glue(locale, zone, width) + timeText;
  } else if (request.time) {
    text = format({ timeStyle: request.time });
  } else {
    text = format({ dateStyle: request.date ?? 'long' });
  }
  return request.beginSentence ? capitalizeFirst(text, locale) : text;
}

export function parseIntervalSkeleton(args: string[]): string | undefined {
  let skeleton: string | undefined;
  for (const arg of args) {
    const [key, value] = splitOption(arg);
    if (!value && !['context', 'skeleton', 'date', 'time'].includes(key) && key) skeleton = key;
    else if (key === 'skeleton' && value) skeleton = value;
  }
  return skeleton;
}

function sameLocalDay(start: number, end: number, locale: string, zone: string): boolean {
  const day = cachedDateTimeFormat(locale, {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  return day.format(start) === day.format(end);
}

/**
 * A range such as 'Feb 24 – Jun 19, 2020' or '2:04 – 7:38 PM'. Without a skeleton, ranges within
 * one day show times and longer ones dates. A skeleton without day fields (weekday only) on a range
 * longer than a day also shows the times, so the ends can be told apart.
 */
export function formatDatetimeInterval(
  start: number,
  end: number,
  skeleton: string | undefined,
  locale: string,
  zone: string,
): string {
  const oneDay = sameLocalDay(start, end, locale, zone);
  const chosen = skeleton ?? (oneDay ? 'jm' : 'yMMMd');
  const options = { timeZone: zone, ...skeletonOptions(chosen) };
  if (!/[yYuMLd]/.test(chosen) && DATE_SKELETON_FIELDS.test(chosen) && !oneDay && !/[hHjkKm]/.test(chosen)) {
    const dayPart = cachedDateTimeFormat(locale, options);
    const timePart = cachedDateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: 'numeric' });
    const join = glue(locale, zone, 'medium');
    const side = (at: number) => formatInstant(dayPart, at) + join + formatInstant(timePart, at);
    return `${side(start)}\u2009–\u2009${side(end)}`;
  }
  return cachedDateTimeFormat(locale, options).formatRange(start, end);
}
