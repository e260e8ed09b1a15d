import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountFormat } from './fast-number-format.js';
import { formatMoney } from './money.js';

const LOCALES = ['de-DE', 'en-US', 'fr-FR', 'de-CH', 'es-ES', 'en-IN', 'ja-JP', 'nl-NL', 'pl-PL', 'ar-EG'];
const CURRENCIES = ['EUR', 'USD', 'JPY', 'CHF', 'GBP', 'INR'];

describe('the fast amount format prints exactly what Intl prints', () => {
  it('R9.2.2 R9.2.3 for amounts in cents, in many locales and currencies, either way of display', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom('symbol', 'code', 'narrowSymbol') as fc.Arbitrary<'symbol' | 'code' | 'narrowSymbol'>,
        fc.constantFrom(true, false),
        fc.integer({ min: -1e13, max: 1e13 }),
        (locale, currency, currencyDisplay, accounting, minor) => {
          const options: Intl.NumberFormatOptions = {
            style: 'currency',
            currency,
            currencyDisplay,
            ...(accounting ? { currencySign: 'accounting' as const } : {}),
          };
          const intl = new Intl.NumberFormat(locale, options);
          const digits = intl.resolvedOptions().maximumFractionDigits ?? 2;
          const amount = minor / 10 ** digits;
          expect(amountFormat(intl).format(amount)).toBe(intl.format(amount));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('hands amounts with more decimals than shown to Intl, which rounds the decimal text', () => {
    const intl = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    expect(amountFormat(intl).format(12.345, '12.345')).toBe(
      intl.format('12.345' as Intl.StringNumericLiteral),
    );
    expect(amountFormat(intl).format(1.005, '1.005')).toBe('1,01\u00a0€');
  });

  it('keeps formatMoney exact for large amounts beyond the fast range', () => {
    expect(formatMoney(123456789012345, 'EUR', 'de-DE')).toBe('1.234.567.890.123,45\u00a0€');
  });
});
