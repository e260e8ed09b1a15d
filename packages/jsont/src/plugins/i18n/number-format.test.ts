import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDecimal, parseDecimal } from './number-format.js';

describe('decimal and currency formatting', () => {
  it('accepts decimal strings and finite numbers only', () => {
    expect(parseDecimal(' -12.50 ')).toBe('-12.50');
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseDecimal('12,5')).toBeNull();
  });

  it('prints a bare decimal plainly and groups once options are given', () => {
    expect(formatDecimal('1234567.125', [], 'en-US')).toBe('1234567.125');
    expect(formatDecimal('1234567.125', ['maxfrac:2'], 'de-DE')).toBe('1.234.567,12');
    expect(formatDecimal('1234567.135', ['maxfrac:2'], 'en-US')).toBe('1,234,567.14');
  });

  it('rounds as asked', () => {
    expect(formatDecimal('2.5', ['maxfrac:0', 'round:half-up'], 'en-US')).toBe('3');
    expect(formatDecimal('2.5', ['maxfrac:0'], 'en-US')).toBe('2');
    expect(formatDecimal('-2.1', ['maxfrac:0', 'round:floor'], 'en-US')).toBe('-3');
  });

  it('formats money in the render locale and prints nothing for bad money', () => {
    expect(formatCurrency({ value: '1234.5', currency: 'USD' }, [], 'de-DE')).toBe('1.234,50\u00a0$');
    expect(formatCurrency({ decimalValue: '10', currencyCode: 'EUR' }, ['style:code'], 'en-US')).toBe(
      'EUR\u00a010.00',
    );
    expect(formatCurrency({ decimalValue: '10' }, [], 'en-US')).toBe('');
  });
});
