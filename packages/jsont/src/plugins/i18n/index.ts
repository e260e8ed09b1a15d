import type { Formatter, Plugin } from '../../plugin-api.js';
import { asNumber } from '../content/template-values.js';
import { isDateInstant, websiteTimeZone } from '../date/time-zone.js';
import {
  formatDatetime,
  formatDatetimeInterval,
  parseDatetimeArgs,
  parseIntervalSkeleton,
} from './datetime.js';
import { messageFormatter } from './message.js';
import { formatMoneyForLocale } from './money-format.js';
import { formatDecimal } from './number-format.js';
import { relativeTimeFormatter, timesince } from './relative-time.js';
import { scopeLocale } from './render-locale.js';
import { unitFormatter, unitPredicates } from './units.js';

const datetime: Formatter = (value, args, scope) => {
  const epochMs = asNumber(value);
  if (!isDateInstant(epochMs)) return '';
  return formatDatetime(epochMs, parseDatetimeArgs(args), scopeLocale(scope), websiteTimeZone(scope));
};

/** `{start end|datetime-interval skeleton}`: the two instants are the tag's variables. */
const datetimeInterval: Formatter = (value, args, scope, others) => {
  const start = asNumber(value);
  const end = asNumber(others[0]);
  if (!isDateInstant(start) || !isDateInstant(end)) return '';
  return formatDatetimeInterval(
    start,
    end,
    parseIntervalSkeleton(args),
    scopeLocale(scope),
    websiteTimeZone(scope),
  );
};

const decimal: Formatter = (value, args, scope) => formatDecimal(value, args, scopeLocale(scope));

/** The locale argument wins over the render's locale: e-mails render for the shopper's language. */
const i18nMoneyFormat: Formatter = (value, args, scope) =>
  formatMoneyForLocale(value, args[0] ?? scope.locale);

/** Locale-aware formatters on Intl: dates, numbers, money layouts, messages, relative times, units. */
export const i18nPlugin: Plugin = {
  name: 'i18n',
  formatters: {
    datetime,
    'datetime-interval': datetimeInterval,
    decimal,
    'i18n-money-format': i18nMoneyFormat,
    message: messageFormatter,
    plural: messageFormatter,
    'relative-time': relativeTimeFormatter,
    timesince,
    unit: unitFormatter,
  },
  predicates: unitPredicates,
};
