import { describe, expect, it } from 'vitest';
import { formatMoneyForLocale } from './money-format.js';

describe('i18n-money-format', () => {
  it('puts the symbol after the number in German, before it in English', () => {
    expect(formatMoneyForLocale({ decimalValue: '1234.5', currencyCode: 'EUR' }, 'de-DE')).toBe('1.234,50€');
    expect(formatMoneyForLocale({ decimalValue: '-1234.5', currencyCode: 'EUR' }, 'en-US')).toBe(
      '-€1,234.50',
    );
  });

  it('R9.2.3 R9.2.6 rounds JPY to whole yen and others to 2 decimals', () => {
    expect(formatMoneyForLocale({ decimalValue: '0.5', currencyCode: 'JPY' }, 'de-DE')).toBe('1¥');
    expect(formatMoneyForLocale({ decimalValue: '1.005', currencyCode: 'USD' }, 'en-US')).toBe('$1.01');
  });

  it('accepts the {value, currency} money shape and rejects bad input', () => {
    expect(formatMoneyForLocale({ value: '12', currency: 'sek' }, 'sv-SE')).toBe('12,00 kr');
    expect(formatMoneyForLocale({ value: 'abc', currency: 'SEK' }, 'sv-SE')).toBe('');
    expect(formatMoneyForLocale(null, 'sv-SE')).toBe('');
  });

  it('drops the minus of an amount that rounds to zero', () => {
    expect(formatMoneyForLocale({ decimalValue: '-0.001', currencyCode: 'USD' }, 'en-US')).toBe('$0.00');
  });
});
