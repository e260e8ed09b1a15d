// 'in 12 days', '11 hours ago' (Intl.RelativeTimeFormat) and the English `timesince` span whose
// texts are shared with the browser (spec 8: 'about N units ago', 'less than a minute ago').

import { INVALID_DATE_TEXT, relativeTimeText } from '@baukasten/commerce';
import type { Formatter } from '../../plugin-api.js';
import { asNumber } from '../content/template-values.js';
import { scopeLocale } from './render-locale.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RelativeTimeRequest {
  allowWeeks?: boolean;
  beginSentence?: boolean;
  width?: 'long' | 'short' | 'narrow';
  field?: Intl.RelativeTimeFormatUnit;
}

const FIELDS = new Set(['year', 'month', 'week', 'day', 'hour', 'minute', 'second']);

export function parseRelativeTimeArgs(args: string[]): RelativeTimeRequest {
  const request: RelativeTimeRequest = {};
  for (const arg of args) {
    const [key, value = ''] = arg.split(':');
    if (key === 'allowWeeks') request.allowWeeks = value === 'true';
    else if (key === 'context') request.beginSentence = value === 'begin-sentence';
    else if (key === 'width' && (value === 'short' || value === 'narrow')) request.width = value;
    else if (key === 'width' && value === 'wide') request.width = 'long';
    else if (key === 'field' && FIELDS.has(value)) request.field = value as Intl.RelativeTimeFormatUnit;
  }
  return request;
}

const UNIT_MS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/** The largest unit that fits the distance at least once, rounded to whole units. */
export function relativeTime(from: number, to: number, request: RelativeTimeRequest, locale: string): string {
  const distance = to - from;
  const units = UNIT_MS.filter(([unit]) => unit !== 'week' || request.allowWeeks);
  const [unit, size] =
    units.find(([candidate]) => candidate === request.field) ??
    units.find(([, ms]) => Math.abs(distance) >= ms) ??
    units[units.length - 1];
  const format = new Intl.RelativeTimeFormat(locale, { style: request.width ?? 'long' });
  const text = format.format(Math.round(distance / size), unit);
  return request.beginSentence ? text.charAt(0).toLocaleUpperCase(locale) + text.slice(1) : text;
}

/** `{date|relative-time}` against now, or `{start end|relative-time}` between two dates. */
export const relativeTimeFormatter: Formatter = (value, args, scope, others) => {
  let from = scope.now;
  let to = asNumber(value);
  if (others.length > 0) {
    from = to;
    to = asNumber(others[0]);
  }
  if (!Number.isFinite(from) || !Number.isFinite(to)) return '';
  return relativeTime(from, to, parseRelativeTimeArgs(args), scopeLocale(scope));
};

export const timesince: Formatter = (value, _args, scope) => {
  const date = asNumber(value);
  if (!Number.isFinite(date)) return INVALID_DATE_TEXT;
  return `<span class="timesince" data-date="${date}">${relativeTimeText(date, scope.now)}</span>`;
};
