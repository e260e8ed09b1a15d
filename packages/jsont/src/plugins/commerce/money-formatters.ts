// The money and number formatters of templates: `money` (a money object in the site locale),
// the legacy cents formats (`moneyFormat`, `money-format`, `money-string`, `bookkeeper-money-format`)
// and `percentage-format`.

import {
  type AmountFormat,
  cachedAmountFormat,
  currencyForLocale,
  currencyFractionDigits,
  formatLegacyMoney,
  formatMoney,
  formatPercentage,
} from '@baukasten/commerce';
import type { Formatter } from '../../plugin-api.js';
import { asRecord } from './template-context.js';

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** The legacy formats read cents from a number or text; any other value prints nothing. */
const isLegacyInput = (value: unknown): value is string | number =>
  typeof value === 'number' || typeof value === 'string';

/** Cents as a number; unreadable input counts as 0 (the legacy formats print 0.00 then). */
function cents(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').trim() || Number.NaN);
  return Number.isFinite(number) ? Math.round(number) : 0;
}

/** `{@|moneyFormat}`: cents as 1,234.56 with no symbol (spec 9). */
export const moneyFormat: Formatter = (value) => (isLegacyInput(value) ? formatLegacyMoney(value) : '');

/** `{@|money-string}`: the legacy amount in the span the storefront script localises. */
export const moneyString: Formatter = (value) =>
  isLegacyInput(value) ? `<span class="sqs-money-native">${formatLegacyMoney(value)}</span>` : '';

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

const CURRENCY_CODE = /^[A-Za-z]{3}$/;

/**
 * The formatter for a locale, currency and style (commerce caches them by settings). A page formats most
 * prices in one locale, currency and style, so the last one is kept at hand and skips building the key.
 */
let last: { locale: string; currency: string; style: CurrencyStyle; format: AmountFormat } | undefined;
function currencyFormat(locale: string, currency: string, style: CurrencyStyle): AmountFormat {
  if (last && last.locale === locale && last.currency === currency && last.style === style)
    return last.format;
  const format = cachedAmountFormat(locale, intlOptions(style, currency.toUpperCase()));
  last = { locale, currency, style, format };
  return format;
}

/**
 * `{price|money style:short}`: a money object ({decimalValue, currencyCode} or {value, currency})
 * in the site locale. Styles: symbol (default), accounting, code, name, short.
 */
export const money: Formatter = (value, args, scope) => {
  const fields = asRecord(value);
  if (!fields) return '';
  const rawAmount = fields.decimalValue ?? fields.value;
  const rawCurrency = fields.currencyCode ?? fields.currency;
  const amount = typeof rawAmount === 'string' ? rawAmount.trim() : String(rawAmount ?? '');
  const currency = typeof rawCurrency === 'string' ? rawCurrency.trim() : '';
  if (!DECIMAL.test(amount) || !CURRENCY_CODE.test(currency)) return '';
  const style = args.length ? currencyStyle(args) : 'symbol';
  try {
    return currencyFormat(scope.locale, currency, style).format(Number(amount), amount);
  } catch {
    // An unknown locale falls back to en-US; an unknown currency prints nothing.
  }
  try {
    return currencyFormat('en-US', currency, style).format(Number(amount), amount);
  } catch {
    return '';
  }
};

export const moneyFormatters: Record<string, Formatter> = {
  money,
  moneyFormat,
  'money-format': moneyFormat,
  'money-string': moneyString,
  'bookkeeper-money-format': bookkeeperMoneyFormat,
  'percentage-format': percentageFormat,
};
