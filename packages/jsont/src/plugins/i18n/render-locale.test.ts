import { describe, expect, it } from 'vitest';
import { scopeOver } from '../content/case-files.js';
import { i18nPlugin } from './index.js';
import { intlLocale } from './render-locale.js';

describe('render locale', () => {
  it('accepts underscores and falls back to en-US for a locale Intl rejects', () => {
    expect(intlLocale('de_DE')).toBe('de-DE');
    expect(intlLocale('not a locale!')).toBe('en-US');
    expect(intlLocale(undefined)).toBe('en-US');
  });

  it('never throws out of an i18n formatter for a broken locale', () => {
    const scope = scopeOver({ msg: '{0 plural one{# Tag} other{# Tage}}' }, { locale: '!!' });
    const formatters = i18nPlugin.formatters!;
    expect(formatters.decimal('1234.5', ['group'], scope, [])).toBe('1,234.5');
    expect(formatters.datetime(0, ['date:short'], scope, [])).toBe('12/31/69');
    expect(
      formatters.message('{0 plural one{# day} other{# days}}', ['@'], scopeOver(2, { locale: '!!' }), []),
    ).toBe('2 days');
    expect(formatters.unit('3', ['in:meter'], scope, [])).toBe('3.3yd');
  });
});
