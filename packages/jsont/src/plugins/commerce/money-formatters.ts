// The money and number formatters of templates: `money` (a money object in the site locale),
// the legacy cents formats (`moneyFormat`, `money-format`, `money-string`, `bookkeeper-money-format`)
// and `percentage-format`.

import {
  currencyForLocale,
  currencyFractionDigits,
  formatLegacyMoney,
  formatMoney,
  formatPercentage,
} from '@baukasten/commerce';
import type { Formatter } from '../../plugin-api.js';
import { asRecord } from './template-context.js';

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function legacyInput(value: unknown): string | number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  return 0;
}

/** Cents as a number; unreadable input counts as 0 (the legacy formats print 0.00 then). */
function cents(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').trim() || Number.NaN);
  return Number.isFinite(number) ? Math.round(number) : 0;
}

/** `{@|moneyFormat}`: cents as 1,234.56 with no symbol (spec 9). */
export const moneyFormat: Formatter = (value) => formatLegacyMoney(legacyInput(value));

/** `{@|money-string}`: the legacy amount in the span the storefront script localises. */
export const moneyString: Formatter = (value) =>
  `<span class="sqs-money-native">${formatLegacyMoney(legacyInput(value))}</span>`;

/**
 * `{@|bookkeeper-money-format}`: cents in the currency of the site locale's region, formatted for
 * that locale ('$123.45' in en-US). Prints nothing when the locale cannot be read.
 */
export const bookkeeperMoneyFormat: Formatter = (value, _args, scope) => {
  const currency = currencyForLocale(scope.locale);
  if (!currency) return '';
  const minor = Math.round(cents(value) / 10 ** (2 - currencyFractionDigits(currency)));
  return formatMoney(minor, currency, scope.locale);
};

/** `{@|percentage-format}` (`trim` drops the two minimum decimals). */
export const percentageFormat: Formatter = (value, args) => {
  const input = typeof value === 'number' || typeof value === 'string' ? value : 0;
  return formatPercentage(input, args.includes('trim'));
};

type CurrencyStyle = 'symbol' | 'accounting' | 'code' | 'name' | 'short';
const STYLES = new Set<CurrencyStyle>(['symbol', 'accounting', 'code', 'name', 'short']);

function currencyStyle(args: string[]): CurrencyStyle {
  for (const arg of args) {
    const [key, val] = arg.split(':');
    if (key === 'style' && STYLES.has(val as CurrencyStyle)) return val as CurrencyStyle;
  }
  return 'symbol';
}

function intlOptions(style: CurrencyStyle, currency: string): Intl.NumberFormatOptions {
  const options: Intl.NumberFormatOptions = { style: 'currency', currency };
  if (style === 'short') return { ...options, notation: 'compact', compactDisplay: 'short' };
  if (style === 'accounting') return { ...options, currencySign: 'accounting' };
  if (style === 'code' || style === 'name') return { ...options, currencyDisplay: style };
  return options;
}

/**
 * `{price|money style:short}`: a money object ({decimalValue, currencyCode} or {value, currency})
 * in the site locale. Styles: symbol (default), accounting, code, name, short. The decimal goes to
 * Intl as text, so no amount passes through a float.
 */
export const money: Formatter = (value, args, scope) => {
  const fields = asRecord(value);
  const amount = String(fields?.decimalValue ?? fields?.value ?? '').trim();
  const currency = String(fields?.currencyCode ?? fields?.currency ?? '').trim();
  if (!DECIMAL.test(amount) || !/^[A-Za-z]{3}$/.test(currency)) return '';
  const options = intlOptions(currencyStyle(args), currency.toUpperCase());
  for (const locale of [scope.locale, 'en-US']) {
    try {
      return new Intl.NumberFormat(locale, options).format(amount as Intl.StringNumericLiteral);
    } catch {
      // An unknown locale falls back to en-US; an unknown currency prints nothing.
    }
  }
  return '';
};

export const moneyFormatters: Record<string, Formatter> = {
  money,
  moneyFormat,
  'money-format': moneyFormat,
  'money-string': moneyString,
  'bookkeeper-money-format': bookkeeperMoneyFormat,
  'percentage-format': percentageFormat,
};
