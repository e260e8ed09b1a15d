import type { Formatter, Plugin } from '../../plugin-api.js';
import { asNumber } from '../content/template-values.js';
import { formatStrftime } from './strftime.js';
import { julianDayProblem, websiteTimeZone, zonedTime } from './time-zone.js';

/** `{ts|date %Y-%m-%d}`: the instant in the website's time zone; no pattern prints nothing. */
export const date: Formatter = (value, args, scope) => {
  if (args.length === 0) return '';
  const epochMs = asNumber(value);
  if (!Number.isFinite(epochMs)) return '';
  const zone = websiteTimeZone(scope);
  // The range is checked on the UTC day first: Intl cannot place instants far outside it in a zone.
  const problem = julianDayProblem(zonedTime(epochMs, 'UTC')) ?? julianDayProblem(zonedTime(epochMs, zone));
  if (problem) {
    scope.error('engine', problem);
    return '';
  }
  return formatStrftime(zonedTime(epochMs, zone), args.join(' '));
};

/**
 * `{answer|datetimefield}`: a date field of a form answer (`{year, month, day, hour?, minute?}`, month
 * from 1) as a date, with the time when it has one, in the render's locale. Anything else prints nothing.
 */
export const datetimefield: Formatter = (value, _args, scope) => {
  if (value === null || typeof value !== 'object') return '';
  const { year, month, day, hour, minute } = value as Record<string, unknown>;
  const parts = [year, month, day].map(asNumber);
  if (!parts.every(Number.isInteger)) return '';
  const [y, m, d] = parts as [number, number, number];
  const hasTime = Number.isInteger(asNumber(hour));
  const instant = Date.UTC(y, m - 1, d, hasTime ? asNumber(hour) : 0, hasTime ? asNumber(minute) || 0 : 0);
  if (!Number.isFinite(instant)) return '';
  return new Intl.DateTimeFormat(scope.locale, {
    dateStyle: 'medium',
    ...(hasTime ? { timeStyle: 'short' } : {}),
    timeZone: 'UTC',
  }).format(instant);
};

export const datePlugin: Plugin = { name: 'date', formatters: { date, datetimefield }, predicates: {} };
