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

export const datePlugin: Plugin = { name: 'date', formatters: { date }, predicates: {} };
