// Which store currency a visitor's region uses, for texts that have an amount but no currency
// (the legacy bookkeeper money format prints cents in the currency of the site locale's region).

import { type CurrencyCode, DEFAULT_CURRENCY } from './money.js';

const EURO_REGIONS = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
  'AD',
  'MC',
  'SM',
  'VA',
  'ME',
  'XK',
];

/** Regions whose own currency is a store currency other than EUR and USD. */
const NATIONAL: Readonly<Record<string, CurrencyCode>> = {
  AU: 'AUD',
  NO: 'NOK',
  CA: 'CAD',
  NZ: 'NZD',
  DK: 'DKK',
  GB: 'GBP',
  HK: 'HKD',
  CH: 'CHF',
  LI: 'CHF',
  MX: 'MXN',
  SG: 'SGD',
  SE: 'SEK',
  CZ: 'CZK',
  IL: 'ILS',
  PH: 'PHP',
  RU: 'RUB',
  PL: 'PLN',
  TH: 'THB',
  MY: 'MYR',
  AR: 'ARS',
  BR: 'BRL',
  CO: 'COP',
  ID: 'IDR',
  IN: 'INR',
  JP: 'JPY',
  ZA: 'ZAR',
};

/** The store currency of a region (ISO 3166 alpha-2); USD for regions paying in another currency. */
export function currencyForRegion(region: string | null | undefined): CurrencyCode {
  const code = String(region ?? '').toUpperCase();
  if (EURO_REGIONS.includes(code)) return 'EUR';
  return NATIONAL[code] ?? DEFAULT_CURRENCY;
}

/**
 * The store currency of a locale's region: 'de-DE' -> EUR, 'ja' -> JPY (the likely region of a bare
 * language). Null for a locale Intl cannot read, so callers can print nothing rather than guess.
 */
export function currencyForLocale(locale: string): CurrencyCode | null {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return currencyForRegion(region);
  } catch {
    return null;
  }
}
