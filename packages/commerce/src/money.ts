// Money is an integer of minor units plus a currency code. Decimal strings are parsed and printed by
// string manipulation, never through floating point, so "0.1" + "0.2" cents can never drift. (Display
// may divide minor units by 100 for speed; fast-number-format.ts checks that this stays exact.)

import { type AmountFormat, amountFormat } from './fast-number-format.js';

/** The 27 store currencies of spec 9, in the order the spec lists them. */
export const SUPPORTED_CURRENCIES = [
  'EUR',
  'USD',
  'AUD',
  'NOK',
  'CAD',
  'NZD',
  'DKK',
  'GBP',
  'HKD',
  'CHF',
  'MXN',
  'SGD',
  'SEK',
  'CZK',
  'ILS',
  'PHP',
  'RUB',
  'PLN',
  'THB',
  'MYR',
  'ARS',
  'BRL',
  'COP',
  'IDR',
  'INR',
  'JPY',
  'ZAR',
] as const;

export type CurrencyCode = (typeof SUPPORTED_CURRENCIES)[number];

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/** Legacy price texts never have more integer places than this (spec 9). */
export const MAX_INTEGER_PLACES = 15;

/** The money shape of the template context: `value` is a decimal string in major units ("12.50"). */
export interface MoneyLike {
  value?: string | number | null;
  currency?: string | null;
  decimalValue?: string | null;
  currencyCode?: string | null;
}

const SUPPORTED = new Set<string>(SUPPORTED_CURRENCIES);

export function isSupportedCurrency(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && SUPPORTED.has(code);
}

/** JPY has no minor unit; every other store currency has two decimals. */
export function currencyFractionDigits(code: string): number {
  return code === 'JPY' ? 0 : 2;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * Parses a decimal string in major units ("12.50", ".75", "1", "-3.1") into minor units.
 * Returns null for malformed text, for more decimals than the currency has (unless they are zeros:
 * "1.500" is fine, "1.505" is not, because silently rounding a price is a bug), for more than 15
 * integer places, and for results outside the safe integer range.
 */
export function parseDecimalToMinor(decimal: string, currency: string): number | null {
  if (typeof decimal !== 'string') return null;
  const match = DECIMAL.exec(decimal.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const digits = currencyFractionDigits(currency);
  const kept = fraction.slice(0, digits);
  if (/[^0]/.test(fraction.slice(digits))) return null;
  const integerPart = whole.replace(/^0+(?=\d)/, '');
  if (integerPart.length > MAX_INTEGER_PLACES) return null;
  const minor = Number((integerPart || '0') + kept.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/** 1250 USD -> "12.50"; 1200 JPY -> "1200"; -5 EUR -> "-0.05". Non-integers are rounded first. */
export function minorToDecimalString(minor: number, currency: string): string {
  const digits = currencyFractionDigits(currency);
  const whole = Number.isFinite(minor) ? Math.round(minor) : 0;
  const negative = whole < 0;
  const abs = Math.abs(whole);
  let body: string;
  if (digits === 0) body = String(abs);
  else if (digits === 2 && abs <= Number.MAX_SAFE_INTEGER) {
    // The common case by arithmetic: every cart answer writes a dozen amounts (bench/cart).
    const cents = abs % 100;
    body = `${(abs - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
  } else {
    const text = String(abs).padStart(digits + 1, '0');
    body = `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  }
  return negative ? `-${body}` : body;
}

/** Reads the minor units of a template money object ({value: "12.50", currency}); missing means 0 USD. */
export function moneyToMinor(money: MoneyLike | null | undefined): { minor: number; currency: string } {
  const currency = (money?.currency ?? money?.currencyCode ?? DEFAULT_CURRENCY).toString().trim() || 'USD';
  const raw = money?.value ?? money?.decimalValue;
  if (raw === null || raw === undefined || raw === '') return { minor: 0, currency };
  const minor = parseDecimalToMinor(String(raw), currency);
  return { minor: minor ?? 0, currency };
}

/** Builds the template money object for an amount in minor units. */
export function moneyFromMinor(
  minor: number,
  currency: string = DEFAULT_CURRENCY,
): { value: string; currency: string } {
  return { value: minorToDecimalString(minor, currency), currency };
}

const LEGACY_CENTS = /^([+-])?(\d+)(?:\.(\d+))?$/;

/**
 * The legacy template money format (moneyFormat, money-string): the value is in cents, printed in
 * major units with no symbol, comma thousands, a dot and exactly two decimals: 12345 -> "123.45".
 * Unreadable values print as "0.00". The integer part is capped at 15 places (999,999,999,999,999.99),
 * because larger amounts cannot be held exactly and the legacy format never showed them.
 */
export function formatLegacyMoney(value: string | number): string {
  // Fast path for the common case: whole cents a double holds exactly (no BigInt needed).
  if (typeof value === 'number' && Math.abs(value) < 1e15) {
    const rounded = Math.round(value);
    const abs = Math.abs(rounded);
    const fraction = abs % 100;
    const integer = String((abs - fraction) / 100).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${rounded < 0 ? '-' : ''}${integer}.${fraction < 10 ? '0' : ''}${fraction}`;
  }
  let cents: bigint;
  if (typeof value === 'number') {
    cents = Number.isFinite(value) ? BigInt(Math.round(value)) : 0n;
  } else {
    const match = LEGACY_CENTS.exec(String(value ?? '').trim());
    if (!match) {
      cents = 0n;
    } else {
      const [, sign, whole, fraction = ''] = match;
      cents = BigInt(whole) + (fraction !== '' && fraction[0] >= '5' ? 1n : 0n);
      if (sign === '-') cents = -cents;
    }
  }
  const negative = cents < 0n;
  let abs = negative ? -cents : cents;
  const cap = 10n ** BigInt(MAX_INTEGER_PLACES + 2) - 1n;
  if (abs > cap) abs = cap;
  const text = abs.toString().padStart(3, '0');
  const integer = text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative && abs !== 0n ? '-' : ''}${integer}.${text.slice(-2)}`;
}

export interface MoneyFormatOptions {
  /** Print `freeLabel` instead of a zero amount. Needs a label (spec 5); without one the amount is printed. */
  freeIfZero?: boolean;
  freeLabel?: string;
  /** Intl currency display: symbol (default), code, name or narrowSymbol. */
  currencyDisplay?: 'symbol' | 'code' | 'name' | 'narrowSymbol';
}

/** German text naming the problem with free-if-zero options, or null when they are usable. */
export function moneyFormatOptionsProblem(options: MoneyFormatOptions | undefined): string | null {
  if (options?.freeIfZero && !options.freeLabel?.trim()) {
    return 'Für die Option „kostenlos bei null“ wird ein Text für „kostenlos“ benötigt.';
  }
  return null;
}

/**
 * Formats minor units with Intl in the site locale: formatMoney(123456, 'EUR', 'de-DE') -> "1.234,56 €".
 * The amount goes to Intl as an exact decimal string. A locale Intl does not know falls back to en-US;
 * a currency code Intl rejects prints as "12.50 XYZ".
 */
export function formatMoney(
  minor: number,
  currency: string,
  locale: string,
  options?: MoneyFormatOptions,
): string {
  if (options?.freeIfZero && options.freeLabel?.trim() && Math.round(minor) === 0) return options.freeLabel;
  const digits = currencyFractionDigits(currency);
  const amount = minorToDecimalString(minor, currency);
  const display = options?.currencyDisplay ?? 'symbol';
  const format = moneyFormat(locale, currency, display) ?? moneyFormat('en-US', currency, display);
  if (format) {
    try {
      return format.format(minor / 10 ** digits, amount);
    } catch {
      // A value Intl refuses: written plainly below.
    }
  }
  return `${amount} ${currency}`;
}

/**
 * The currency format of a locale, currency and display, kept by those three: formatMoney runs for every
 * amount of every cart answer, page and mail, and a key made from the Intl options object (as
 * cachedAmountFormat makes it) cost each call more than the formatting itself (bench/cart). Null when Intl
 * knows the locale or currency not.
 */
const moneyFormats = new Map<string, AmountFormat | null>();
function moneyFormat(
  locale: string,
  currency: string,
  display: NonNullable<MoneyFormatOptions['currencyDisplay']>,
): AmountFormat | null {
  const key = `${locale}|${currency}|${display}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    const digits = currencyFractionDigits(currency);
    try {
      format = cachedAmountFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: display,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      format = null;
    }
    if (moneyFormats.size >= 200) moneyFormats.clear();
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * An Intl.NumberFormat for these settings, built once: building one costs far more than formatting
 * with it, and pages format many prices. Bounded, because locales and currencies come from site settings
 * and templates, and a hostile caller must not grow memory without end.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
export function numberFormat(locale: string, settings: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(settings)}`;
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, settings);
    if (numberFormats.size >= 200) numberFormats.clear();
    numberFormats.set(key, formatter);
  }
  return formatter;
}

/** `numberFormat` wrapped in the verified fast formatter (see fast-number-format.ts), cached alike. */
const amountFormats = new Map<string, AmountFormat>();
export function cachedAmountFormat(locale: string, settings: Intl.NumberFormatOptions): AmountFormat {
  const key = `${locale}|${JSON.stringify(settings)}`;
  let format = amountFormats.get(key);
  if (!format) {
    format = amountFormat(numberFormat(locale, settings));
    if (amountFormats.size >= 200) amountFormats.clear();
    amountFormats.set(key, format);
  }
  return format;
}

/**
 * The percentage-format of templates: grouping commas, at most 3 decimals, at least 2 unless `trim`.
 * Unreadable input counts as 0.
 */
export function formatPercentage(value: number | string, trim = false): string {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').trim() || Number.NaN);
  const safe = Number.isFinite(number) ? number : 0;
  return numberFormat('en-US', {
    minimumFractionDigits: trim ? 0 : 2,
    maximumFractionDigits: 3,
  }).format(safe);
}

/** True for an integer amount that integer arithmetic can hold exactly. */
export function isMinorAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function checked(result: number): number {
  if (!Number.isSafeInteger(result)) throw new RangeError('Betrag außerhalb des darstellbaren Bereichs');
  return result;
}

/** Adds minor amounts. Throws RangeError for non-integers or overflow (a programming error, not input). */
export function addMinor(...amounts: number[]): number {
  let total = 0;
  for (const amount of amounts) total = checked(total + checked(amount));
  return total;
}

export function subtractMinor(a: number, b: number): number {
  return checked(checked(a) - checked(b));
}

/** Unit price times a whole quantity. */
export function multiplyMinor(unitMinor: number, quantity: number): number {
  return checked(checked(unitMinor) * checked(quantity));
}

/**
 * Splits an amount into `parts` integer shares that add up exactly; the first shares carry the
 * remainder cents: 1000 in 3 -> [334, 333, 333]. Negative amounts split the same way.
 */
export function splitMinor(totalMinor: number, parts: number): number[] {
  checked(totalMinor);
  if (!Number.isSafeInteger(parts) || parts < 1) return [];
  const sign = totalMinor < 0 ? -1 : 1;
  const abs = Math.abs(totalMinor);
  const base = Math.floor(abs / parts);
  const remainder = abs - base * parts;
  return Array.from({ length: parts }, (_, i) => sign * (base + (i < remainder ? 1 : 0)) || 0);
}

/** Comparison for sorting prices. */
export function compareMinor(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
