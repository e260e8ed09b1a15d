import { describe, expect, it } from 'vitest';
import { currencyForLocale, currencyForRegion } from './currency-regions.js';
import { SUPPORTED_CURRENCIES } from './money.js';

describe('currency of a region', () => {
  it('R9.2.4 maps euro, national and other regions to a store currency', () => {
    expect(currencyForRegion('DE')).toBe('EUR');
    expect(currencyForRegion('ie')).toBe('EUR');
    expect(currencyForRegion('JP')).toBe('JPY');
    expect(currencyForRegion('GB')).toBe('GBP');
    expect(currencyForRegion('US')).toBe('USD');
    expect(currencyForRegion('KE')).toBe('USD');
    expect(currencyForRegion(undefined)).toBe('USD');
  });

  it('R9.2.4 every store currency is reachable from some region', () => {
    const regions = ['US', 'DE', 'AU', 'NO', 'CA', 'NZ', 'DK', 'GB', 'HK', 'CH', 'MX', 'SG', 'SE', 'CZ'];
    regions.push('IL', 'PH', 'RU', 'PL', 'TH', 'MY', 'AR', 'BR', 'CO', 'ID', 'IN', 'JP', 'ZA');
    expect(new Set(regions.map(currencyForRegion))).toEqual(new Set(SUPPORTED_CURRENCIES));
  });

  it('R9.2.1 reads the region of a locale, guesses it for a bare language, and gives up on nonsense', () => {
    expect(currencyForLocale('en-US')).toBe('USD');
    expect(currencyForLocale('de-DE')).toBe('EUR');
    expect(currencyForLocale('de')).toBe('EUR');
    expect(currencyForLocale('ja')).toBe('JPY');
    expect(currencyForLocale('none')).toBeNull();
  });
});
