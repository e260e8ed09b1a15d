// Locale-aware numbers and currency amounts for the `decimal` formatter and message arguments, on
// Intl.NumberFormat. Options come as template arguments such as `style:short maxfrac:1 group`.

import { numberFormat } from '@baukasten/commerce';
import { asText, field } from '../content/template-values.js';

/** Decimal strings as templates hold them ('-1234.5'); anything else is not a number to format. */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function parseDecimal(value: unknown): string | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : asText(value).trim();
  return DECIMAL.test(text) ? text : null;
}

const ROUNDING: Record<string, Intl.NumberFormatOptions['roundingMode']> = {
  up: 'expand',
  down: 'trunc',
  truncate: 'trunc',
  ceil: 'ceil',
  ceiling: 'ceil',
  floor: 'floor',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
};

const DIGIT_OPTIONS: Record<string, keyof Intl.NumberFormatOptions> = {
  minint: 'minimumIntegerDigits',
  minimumIntegerDigits: 'minimumIntegerDigits',
  maxfrac: 'maximumFractionDigits',
  maximumFractionDigits: 'maximumFractionDigits',
  minfrac: 'minimumFractionDigits',
  minimumFractionDigits: 'minimumFractionDigits',
  maxsig: 'maximumSignificantDigits',
  maximumSignificantDigits: 'maximumSignificantDigits',
  minsig: 'minimumSignificantDigits',
  minimumSignificantDigits: 'minimumSignificantDigits',
};

const DIGIT_LIMITS: Partial<Record<keyof Intl.NumberFormatOptions, [number, number]>> = {
  minimumIntegerDigits: [1, 21],
  maximumFractionDigits: [0, 20],
  minimumFractionDigits: [0, 20],
  maximumSignificantDigits: [1, 21],
  minimumSignificantDigits: [1, 21],
};

function splitOption(arg: string): [string, string] {
  const i = arg.search(/[:=]/);
  return i < 0 ? [arg, ''] : [arg.slice(0, i), arg.slice(i + 1)];
}

/**
 * Options shared by decimals and currencies. Rounding is half-even unless the template asks
 * otherwise, as CLDR number formatting does.
 */
export function numberOption(options: Intl.NumberFormatOptions, key: string, value: string): boolean {
  if (key === 'group' || key === 'grouping') {
    options.useGrouping = value === '' || value === 'true';
    return true;
  }
  if (key === 'no-group' || key === 'no-grouping') {
    options.useGrouping = false;
    return true;
  }
  if (key === 'round' || key === 'rounding') {
    const mode = ROUNDING[value];
    if (mode) options.roundingMode = mode;
    return true;
  }
  const digitKey = DIGIT_OPTIONS[key] ?? DIGIT_OPTIONS[key.toLowerCase()];
  if (digitKey) {
    const [min, max] = DIGIT_LIMITS[digitKey] ?? [0, 20];
    const n = Number.parseInt(value, 10);
    (options as Record<string, unknown>)[digitKey] = Math.min(max, Math.max(min, Number.isFinite(n) ? n : 0));
    return true;
  }
  return false;
}

/** Intl cannot take a maximum below the default minimum; lift the minimum out of the way. */
export function reconcileDigits(options: Intl.NumberFormatOptions): Intl.NumberFormatOptions {
  const { minimumFractionDigits: min, maximumFractionDigits: max } = options;
  if (max !== undefined && min === undefined) options.minimumFractionDigits = Math.min(max, 0);
  if (max !== undefined && min !== undefined && min > max) options.minimumFractionDigits = max;
  if (options.minimumSignificantDigits !== undefined || options.maximumSignificantDigits !== undefined) {
    options.minimumSignificantDigits ??= 1;
    options.maximumSignificantDigits ??= 21;
    if (options.minimumSignificantDigits > options.maximumSignificantDigits) {
      options.minimumSignificantDigits = options.maximumSignificantDigits;
    }
  }
  return options;
}

export function decimalOptions(args: string[]): Intl.NumberFormatOptions {
  // A bare `{n|decimal}` prints the plain number; any option turns on the locale's grouping.
  const options: Intl.NumberFormatOptions = {
    roundingMode: 'halfEven',
    useGrouping: args.length > 0,
    maximumFractionDigits: 3,
  };
  for (const arg of args) {
    const [key, value] = splitOption(arg);
    if (key === 'style') {
      if (value === 'percent' || value === 'percent-scaled') {
        options.style = 'percent';
        options.maximumFractionDigits = 0;
      } else if (value === 'short' || value === 'long') {
        options.notation = 'compact';
        options.compactDisplay = value;
        delete options.maximumFractionDigits;
      } else if (value === 'scientific') {
        options.notation = 'scientific';
      }
    } else if (key === 'mode' && value.startsWith('significant')) {
      options.roundingPriority = value === 'significant-maxfrac' ? 'lessPrecision' : 'auto';
    } else {
      numberOption(options, key, value);
    }
  }
  return reconcileDigits(options);
}

export function currencyOptions(args: string[], currency: string): Intl.NumberFormatOptions {
  const options: Intl.NumberFormatOptions = { style: 'currency', currency, roundingMode: 'halfEven' };
  for (const arg of args) {
    const [key, value] = splitOption(arg);
    if (key === 'style') {
      if (value === 'short' || value === 'long') {
        options.notation = 'compact';
        options.compactDisplay = value;
      } else if (value === 'name') options.currencyDisplay = 'name';
      else if (value === 'code') options.currencyDisplay = 'code';
      else if (value === 'accounting') options.currencySign = 'accounting';
    } else if (key === 'symbol' && value === 'narrow') {
      options.currencyDisplay = 'narrowSymbol';
    } else {
      numberOption(options, key, value);
    }
  }
  return reconcileDigits(options);
}

/** Formats with the render's locale, falling back to en-US for a locale Intl does not know. */
export function formatNumber(locale: string, options: Intl.NumberFormatOptions, value: string): string {
  for (const candidate of [locale, 'en-US']) {
    try {
      return numberFormat(candidate, options).format(value as Intl.StringNumericLiteral);
    } catch {
      // Unknown locale: try the next; a bad currency code prints nothing below.
    }
  }
  return '';
}

export function formatDecimal(value: unknown, args: string[], locale: string): string {
  const decimal = parseDecimal(value);
  return decimal === null ? '' : formatNumber(locale, decimalOptions(args), decimal);
}

/** A money object in either shape of spec 3: {decimalValue, currencyCode} or {value, currency}. */
export function moneyParts(money: unknown): { amount: string; currency: string } | null {
  let amount = field(money, 'decimalValue');
  let currency = field(money, 'currencyCode');
  if (amount === undefined || currency === undefined) {
    amount = field(money, 'value');
    currency = field(money, 'currency');
  }
  const decimal = parseDecimal(amount);
  const code = asText(currency).trim().toUpperCase();
  return decimal !== null && /^[A-Z]{3}$/.test(code) ? { amount: decimal, currency: code } : null;
}

export function formatCurrency(money: unknown, args: string[], locale: string): string {
  const parts = moneyParts(money);
  return parts ? formatNumber(locale, currencyOptions(args, parts.currency), parts.amount) : '';
}
