import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMinor,
  currencyFractionDigits,
  formatLegacyMoney,
  formatMoney,
  formatPercentage,
  minorToDecimalString,
  moneyFormatOptionsProblem,
  moneyToMinor,
  multiplyMinor,
  parseDecimalToMinor,
  SUPPORTED_CURRENCIES,
  splitMinor,
  subtractMinor,
} from './money.js';

describe('currencies', () => {
  it('R9.2.4 supports exactly the 27 listed currencies', () => {
    expect(SUPPORTED_CURRENCIES).toEqual(
      'EUR USD AUD NOK CAD NZD DKK GBP HKD CHF MXN SGD SEK CZK ILS PHP RUB PLN THB MYR ARS BRL COP IDR INR JPY ZAR'.split(
        ' ',
      ),
    );
  });

  it('R9.2.5 R9.2.6 every currency has 2 fraction digits except JPY with 0', () => {
    for (const code of SUPPORTED_CURRENCIES)
      expect(currencyFractionDigits(code)).toBe(code === 'JPY' ? 0 : 2);
  });
});

describe('parseDecimalToMinor', () => {
  it.each([
    ['1', 'USD', 100],
    ['.75', 'USD', 75],
    ['12.50', 'EUR', 1250],
    ['12.5', 'EUR', 1250],
    ['0012.50', 'EUR', 1250],
    ['-3.10', 'USD', -310],
    ['1.500', 'USD', 150],
    ['1200', 'JPY', 1200],
    ['1200.00', 'JPY', 1200],
    ['999999999999999.99', 'USD', null],
    ['1200.5', 'JPY', null],
  ])('R3.7.4 reads %s %s as %s minor units', (text, currency, minor) => {
    expect(parseDecimalToMinor(text, currency)).toBe(minor);
  });

  it.each(['', '.', 'abc', '1,50', '1.2.3', '1e3', '12.505', '--1', '1234567890123456'])(
    'R3.7.4 rejects malformed or inexact %j',
    (text) => {
      expect(parseDecimalToMinor(text, 'USD')).toBeNull();
    },
  );

  it('R3.7.4 never goes through floats: 0.29 is 29 cents, not 28.999', () => {
    expect(parseDecimalToMinor('0.29', 'USD')).toBe(29);
    expect(parseDecimalToMinor('1.13', 'USD')).toBe(113);
  });

  it('R9.2.4 parse and print round-trip for every supported currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUPPORTED_CURRENCIES),
        fc.integer({ min: -1e14, max: 1e14 }),
        (currency, minor) => {
          const text = minorToDecimalString(minor, currency);
          expect(parseDecimalToMinor(text, currency)).toBe(minor);
          const decimals = text.split('.')[1] ?? '';
          expect(decimals.length).toBe(currencyFractionDigits(currency));
        },
      ),
    );
  });
});

describe('minorToDecimalString and template money', () => {
  it('R3.7.1 prints minor units as a decimal string', () => {
    expect(minorToDecimalString(1250, 'USD')).toBe('12.50');
    expect(minorToDecimalString(5, 'EUR')).toBe('0.05');
    expect(minorToDecimalString(-5, 'EUR')).toBe('-0.05');
    expect(minorToDecimalString(1200, 'JPY')).toBe('1200');
  });

  it('R3.7.3 missing money is 0 in USD', () => {
    expect(moneyToMinor(undefined)).toEqual({ minor: 0, currency: 'USD' });
    expect(moneyToMinor({ value: '19.99', currency: 'EUR' })).toEqual({ minor: 1999, currency: 'EUR' });
    expect(moneyToMinor({ decimalValue: '5', currencyCode: 'JPY' })).toEqual({ minor: 5, currency: 'JPY' });
  });
});

describe('formatLegacyMoney', () => {
  it.each([
    [12345, '123.45'],
    ['12345', '123.45'],
    [0, '0.00'],
    [5, '0.05'],
    [123456789, '1,234,567.89'],
    ['A', '0.00'],
    [-250, '-2.50'],
  ])('R9.2.3 R9.2.7 R9.2.8 R9.2.9 formats %j cents as %s', (value, text) => {
    expect(formatLegacyMoney(value)).toBe(text);
  });

  it('R9.2.10 shows at most 15 integer places', () => {
    expect(formatLegacyMoney('123456789012345678901')).toBe('999,999,999,999,999.99');
    expect(formatLegacyMoney('99999999999999999')).toBe('999,999,999,999,999.99');
  });
});

describe('formatMoney', () => {
  it('R9.2.1 formats with Intl in the site locale', () => {
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(1200, 'JPY', 'de-DE')).toBe('1.200\u00a0¥');
  });

  it('R9.2.1 keeps every cent of very large amounts', () => {
    expect(formatMoney(900719925474099, 'USD', 'en-US')).toBe('$9,007,199,254,740.99');
  });

  it('R9.2.1 falls back to en-US for an unknown locale instead of throwing', () => {
    expect(formatMoney(100, 'USD', 'not a locale!!')).toBe('$1.00');
  });

  it('R5.9.1 free-if-zero prints the free label, and needs one', () => {
    expect(formatMoney(0, 'EUR', 'de-DE', { freeIfZero: true, freeLabel: 'Kostenlos' })).toBe('Kostenlos');
    expect(formatMoney(100, 'EUR', 'de-DE', { freeIfZero: true, freeLabel: 'Kostenlos' })).toBe(
      '1,00\u00a0€',
    );
    expect(moneyFormatOptionsProblem({ freeIfZero: true })).toMatch(/kostenlos/);
    expect(moneyFormatOptionsProblem({ freeIfZero: true, freeLabel: 'Gratis' })).toBeNull();
    expect(formatMoney(0, 'EUR', 'de-DE', { freeIfZero: true })).toBe('0,00\u00a0€');
  });
});

describe('formatPercentage', () => {
  it.each([
    [123456, false, '123,456.00'],
    [123456, true, '123,456'],
    [12.3456, false, '12.346'],
    [12.3, false, '12.30'],
    [12.3, true, '12.3'],
    ['A' as unknown as number, true, '0'],
  ])('R9.2.11 R9.2.12 formats %j (trim %s) as %s', (value, trim, text) => {
    expect(formatPercentage(value, trim)).toBe(text);
  });
});

describe('integer arithmetic', () => {
  it('R9.2.2 adds, subtracts and multiplies minor units exactly', () => {
    expect(addMinor(10, 20, 30)).toBe(60);
    expect(subtractMinor(100, 1)).toBe(99);
    expect(multiplyMinor(1999, 3)).toBe(5997);
    expect(() => addMinor(0.5)).toThrow(RangeError);
    expect(() => multiplyMinor(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });

  it('R9.2.2 splits an amount into shares that add up exactly', () => {
    expect(splitMinor(1000, 3)).toEqual([334, 333, 333]);
    expect(splitMinor(-10, 4)).toEqual([-3, -3, -2, -2]);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 24 }), (total, parts) => {
        const shares = splitMinor(total, parts);
        expect(shares).toHaveLength(parts);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
