// Wall-clock fields of an instant in the website's time zone (spec 3: default America/New_York),
// read from Intl so no zone database ships with the engine.

import { DEFAULT_TIME_ZONE } from '@baukasten/commerce';
import type { RenderScope } from '../../plugin-api.js';
import { asText } from '../content/template-values.js';

export interface ZonedTime {
  /** The wall-clock time as if it were UTC: read it with the getUTC* methods. */
  local: Date;
  epochMs: number;
  offsetMinutes: number;
  zone: string;
}

/** Intl formatters are costly to build; the spec's formatter cache holds 100 entries. */
const CACHE_LIMIT = 100;
const formatters = new Map<string, Intl.DateTimeFormat>();

export function cachedDateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    if (formatters.size >= CACHE_LIMIT) formatters.delete(formatters.keys().next().value as string);
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** JavaScript dates (and Intl) hold instants up to 8.64e15 ms either side of 1970. */
export function isDateInstant(epochMs: number): boolean {
  return Number.isFinite(epochMs) && Math.abs(epochMs) <= 8.64e15;
}

export function isKnownTimeZone(zone: string): boolean {
  try {
    cachedDateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The website's time zone from the render context, the default when missing or unknown. */
export function websiteTimeZone(scope: RenderScope): string {
  const zone = asText(scope.resolve('website.timeZone'));
  return zone && isKnownTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

function zoneNamePart(epochMs: number, zone: string, locale: string, style: 'short' | 'longOffset'): string {
  const parts = cachedDateTimeFormat(locale, { timeZone: zone, timeZoneName: style }).formatToParts(epochMs);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** Minutes east of UTC at that instant ('GMT+09:00' -> 540). */
export function offsetMinutesAt(epochMs: number, zone: string): number {
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(zoneNamePart(epochMs, zone, 'en-US', 'longOffset'));
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * ICU only knows some abbreviations in the locales where they are common (JST in Japanese, AEDT
 * in Australian English), so a few locales are asked in turn; the GMT offset is the last resort.
 */
const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'en-NZ', 'en-CA', 'ja-JP', 'ko-KR'];

export function zoneAbbreviation(epochMs: number, zone: string): string {
  for (const locale of ABBREVIATION_LOCALES) {
    const name = zoneNamePart(epochMs, zone, locale, 'short');
    if (/^[A-Z]{2,5}$/.test(name)) return name;
  }
  return zoneNamePart(epochMs, zone, 'en-US', 'short');
}

export function zonedTime(epochMs: number, zone: string): ZonedTime {
  const offsetMinutes = zone === 'UTC' ? 0 : offsetMinutesAt(epochMs, zone);
  return { local: new Date(epochMs + offsetMinutes * 60_000), epochMs, offsetMinutes, zone };
}

/** Julian day numbers the calendar code supports: 1 January 4713 BC to 31 December 8652. */
export const JULIAN_DAY_MIN = 0;
export const JULIAN_DAY_MAX = 4_881_503;
const JULIAN_DAY_OF_UNIX_EPOCH = 2_440_588;

/** NaN for an instant JavaScript dates cannot hold. */
export function julianDay(time: ZonedTime): number {
  return Math.floor(time.local.getTime() / 86_400_000) + JULIAN_DAY_OF_UNIX_EPOCH;
}

/** The engine error for a date outside the supported range, or null when it is inside. */
export function julianDayProblem(time: ZonedTime): string | null {
  const day = julianDay(time);
  if (day >= JULIAN_DAY_MIN && day <= JULIAN_DAY_MAX) return null;
  if (Number.isNaN(day)) return 'The date is outside the supported range (4713 BC to AD 8652).';
  return `Julian day ${day} is outside the supported range (4713 BC to AD 8652).`;
}
