import { describe, expect, it } from 'vitest';
import { moneyFormatters } from './money-formatters.js';
import { fakeScope } from './test-scope.js';

const run = (name: string, value: unknown, args: string[] = [], locale = 'en-US') =>
  moneyFormatters[name](value, args, fakeScope({}, { locale }), []);

describe('legacy money formats', () => {
  it('R9.2.7 R9.2.8 R9.2.9 R9.2.3 print cents with no symbol, comma thousands, dot and 2 decimals', () => {
    expect(run('moneyFormat', 123456789)).toBe('1,234,567.89');
    expect(run('money-format', '5')).toBe('0.05');
    expect(run('money-string', 12345)).toBe('<span class="sqs-money-native">123.45</span>');
    // f-missing-1: a value that is not cents (an object) prints nothing.
    expect(run('moneyFormat', { not: 'money' })).toBe('');
    expect(run('money-string', {})).toBe('');
  });

  it('R9.2.10 caps the integer part at 15 places', () => {
    expect(run('moneyFormat', '123456789012345678901')).toBe('999,999,999,999,999.99');
  });

  it('R9.2.1 bookkeeper format uses the currency of the locale region', () => {
    expect(run('bookkeeper-money-format', 12345)).toBe('$123.45');
    expect(run('bookkeeper-money-format', 12345, [], 'de-DE')).toBe('123,45\u00a0€');
    expect(run('bookkeeper-money-format', 12345, [], 'ja-JP')).toBe('￥123');
    expect(run('bookkeeper-money-format', 'A')).toBe('$0.00');
    expect(run('bookkeeper-money-format', 12345, [], 'none')).toBe('');
  });
});

describe('percentage-format', () => {
  it('R9.2.11 R9.2.12 shows up to 3 decimals, at least 2 unless trimmed', () => {
    expect(run('percentage-format', 12.5)).toBe('12.50');
    expect(run('percentage-format', 12.5, ['trim'])).toBe('12.5');
    expect(run('percentage-format', '0.12345')).toBe('0.123');
    expect(run('percentage-format', 'A', ['trim'])).toBe('0');
  });
});

describe('money', () => {
  const eur = { decimalValue: '1234.5', currencyCode: 'EUR' };

  it('R3.7.2 formats decimalValue and currencyCode in the site locale', () => {
    expect(run('money', eur, [], 'de-DE')).toBe('1.234,50\u00a0€');
    expect(run('money', { value: '1200', currency: 'JPY' })).toBe('¥1,200');
  });

  it('R3.7.2 knows the name, code and short styles', () => {
    expect(run('money', eur, ['style:name'])).toBe('1,234.50 euros');
    expect(run('money', eur, ['style:code'])).toBe('EUR\u00a01,234.50');
    expect(run('money', { decimalValue: '123456.78', currencyCode: 'USD' }, ['style:short'])).toBe('$123K');
  });

  it('R3.7.1 prints nothing for something that is not a money object', () => {
    expect(run('money', { decimalValue: 'abc', currencyCode: 'EUR' })).toBe('');
    expect(run('money', 12)).toBe('');
  });
});
