import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-time-format.js';

describe('dateTimeFormat', () => {
  it('formats like a new Intl.DateTimeFormat and hands out the same formatter for the same options', () => {
    const options = { dateStyle: 'long', timeZone: 'Europe/Berlin' } as const;
    const day = Date.UTC(2026, 10, 27, 23, 30);
    expect(dateTimeFormat('de-DE', options).format(day)).toBe('28. November 2026');
    expect(dateTimeFormat('de-DE', { ...options })).toBe(dateTimeFormat('de-DE', options));
  });

  it('keeps locales and time zones apart', () => {
    const day = Date.UTC(2026, 10, 27, 23, 30);
    expect(dateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toBe(
      '27. November 2026',
    );
    expect(dateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toBe(
      '27 November 2026',
    );
  });
});
