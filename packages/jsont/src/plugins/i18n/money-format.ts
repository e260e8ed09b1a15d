// `{money|i18n-money-format de-DE}`: an amount in the layout shoppers of a language expect. The
// symbol table and layouts are fixed (not ICU's), so prices read the same on every server:
// 1.234,56 € style languages put the symbol after the number, English and Spanish before it.

import { currencyFractionDigits, numberFormat } from '@baukasten/commerce';
import { moneyParts } from './number-format.js';

const SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  AUD: 'A$',
  CAD: 'C$',
  SEK: 'kr',
  NOK: 'kr',
  DKK: 'kr',
  CHF: 'CHF',
  NZD: 'NZ$',
  HKD: 'HK$',
  SGD: 'S$',
  MXN: 'MX$',
  ILS: '₪',
  INR: '₹',
  PHP: '₱',
  THB: '฿',
  PLN: 'zł',
  CZK: 'Kč',
  RUB: '₽',
  BRL: 'R$',
  ZAR: 'R',
  MYR: 'RM',
  IDR: 'Rp',
  COP: 'COL$',
  ARS: 'AR$',
};

interface Layout {
  group: string;
  decimal: string;
  symbolFirst: boolean;
}

/** Group and decimal separators per language; the thin-space languages use a no-break space. */
const LAYOUTS: Record<string, Layout> = {
  en: { group: ',', decimal: '.', symbolFirst: true },
  es: { group: ',', decimal: '.', symbolFirst: true },
  de: { group: '.', decimal: ',', symbolFirst: false },
  fr: { group: '\u00a0', decimal: ',', symbolFirst: false },
  sv: { group: '\u00a0', decimal: ',', symbolFirst: false },
};

/** Rounds the decimal string itself (half away from zero), so no float ever touches the amount. */
function digitsOf(amount: string, fractionDigits: number, layout: Layout): string {
  const fixed = numberFormat('en-US', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    useGrouping: false,
    roundingMode: 'halfExpand',
  }).format(amount.replace(/^[-+]/, '') as Intl.StringNumericLiteral);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, layout.group);
  return fraction ? grouped + layout.decimal + fraction : grouped;
}

/**
 * A symbol made of letters is set off by a space and, in front, keeps the minus next to the
 * digits ('kr -1,234.56'); other symbols hug the number ('-$1,234.56', '1.234,56€'), except that a
 * longer symbol after the number gets a space ('1.234,56 A$').
 */
export function formatMoneyForLocale(money: unknown, locale: string): string {
  const parts = moneyParts(money);
  if (!parts) return '';
  const layout = LAYOUTS[locale.split(/[-_]/)[0].toLowerCase()] ?? LAYOUTS.en;
  const symbol = SYMBOLS[parts.currency] ?? parts.currency;
  const digits = digitsOf(parts.amount, currencyFractionDigits(parts.currency), layout);
  const minus = parts.amount.startsWith('-') && /[1-9]/.test(digits) ? '-' : '';
  const alphabetic = /^\p{L}+$/u.test(symbol);
  if (layout.symbolFirst) return alphabetic ? `${symbol} ${minus}${digits}` : `${minus}${symbol}${digits}`;
  return `${minus}${digits}${symbol.length > 1 ? ' ' : ''}${symbol}`;
}
