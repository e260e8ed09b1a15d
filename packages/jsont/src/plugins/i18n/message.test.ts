import { describe, expect, it } from 'vitest';
import { scopeOver } from '../content/case-files.js';
import { formatMessage, messageArgs, parseMessage, pluralCategory } from './message.js';

const say = (message: string, positional: unknown[], locale = 'en-US', keyword = {}) =>
  formatMessage(message, { positional, keyword }, scopeOver({}, { locale }));

describe('messages', () => {
  it('picks plural branches by the number as written', () => {
    expect(pluralCategory('1', 'en-US', 'cardinal')).toBe('one');
    expect(pluralCategory('1.0', 'en-US', 'cardinal')).toBe('other');
    expect(pluralCategory('3', 'pl-PL', 'cardinal')).toBe('few');
    expect(pluralCategory('xyz', 'en-US', 'cardinal')).toBe('other');
  });

  it('prefers an exact =N branch and replaces # with the number', () => {
    const message = '{0 plural =0{no items} one{# item} other{# items}}';
    expect(say(message, [0])).toBe('no items');
    expect(say(message, [1])).toBe('1 item');
    expect(say(message, ['12'])).toBe('12 items');
  });

  it('chooses select branches by text and falls back to other', () => {
    const message = '{0 select de{Hallo} other{Hello}}, {1}!';
    expect(say(message, ['de', 'Anna'])).toBe('Hallo, Anna!');
    expect(say(message, ['fr', 'Anna'])).toBe('Hello, Anna!');
  });

  it('formats German numbers and money inside messages', () => {
    expect(say('{0 decimal maxfrac:1}', ['1234.56'], 'de-DE')).toBe('1.234,6');
    expect(say('{0 money}', [{ decimalValue: '5', currencyCode: 'EUR' }], 'de-DE')).toBe('5,00\u00a0€');
  });

  it('keeps unbalanced braces as text and prints unknown names as nothing', () => {
    expect(say('a { b', [])).toBe('a { b');
    expect(say('[{missing}]', [])).toBe('[]');
    expect(parseMessage('x{0}y')).toHaveLength(3);
  });

  it('resolves template arguments as positional and named values', () => {
    const scope = scopeOver({ a: 1, b: { c: 2 } });
    expect(messageArgs(['a', 'n=b.c', 'm:a'], scope)).toEqual({
      positional: [1, 2, 1],
      keyword: { n: 2, m: 1 },
    });
  });
});
