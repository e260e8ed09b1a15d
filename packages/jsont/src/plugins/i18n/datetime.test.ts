import { describe, expect, it } from 'vitest';
import { formatDatetime, formatDatetimeInterval, parseDatetimeArgs, skeletonOptions } from './datetime.js';

const instant = Date.UTC(2024, 4, 1, 16, 5, 0);

describe('datetime', () => {
  it('reads widths, skeleton fields and options from the arguments', () => {
    expect(parseDatetimeArgs(['date:full', 'time:hm', 'wrap:long', 'context:begin-sentence'])).toEqual({
      date: 'full',
      skeleton: 'hm',
      wrap: 'long',
      beginSentence: true,
    });
    expect(skeletonOptions('yMMMEEEd')).toEqual({
      year: 'numeric',
      month: 'short',
      weekday: 'short',
      day: 'numeric',
    });
  });

  it('R3.11.1 formats in German for the website time zone', () => {
    expect(formatDatetime(instant, { date: 'full' }, 'de-DE', 'Europe/Berlin')).toBe('Mittwoch, 1. Mai 2024');
    expect(formatDatetime(instant, { date: 'short', time: 'short' }, 'de-DE', 'Europe/Berlin')).toBe(
      '01.05.24, 18:05',
    );
  });

  it('shows times for a range within one day and dates for longer ranges', () => {
    const later = instant + 2 * 3_600_000;
    expect(formatDatetimeInterval(instant, later, undefined, 'de-DE', 'Europe/Berlin')).toBe(
      '18:05–20:05 Uhr',
    );
    expect(
      formatDatetimeInterval(instant, instant + 40 * 86_400_000, undefined, 'de-DE', 'Europe/Berlin'),
    ).toBe('1. Mai\u2009–\u200910. Juni 2024');
  });
});
