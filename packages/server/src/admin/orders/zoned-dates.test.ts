import { describe, expect, it } from 'vitest';
import { endOfDay, localDateTime, parseDay, startOfDay } from './zoned-dates.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe('days in the website’s time zone', () => {
  it('a day starts at local midnight, summer and winter', () => {
    expect(iso(startOfDay(parseDay('2024-07-01')!, 'Europe/Berlin'))).toBe('2024-06-30T22:00:00.000Z');
    expect(iso(startOfDay(parseDay('2024-01-15')!, 'Europe/Berlin'))).toBe('2024-01-14T23:00:00.000Z');
    expect(iso(startOfDay(parseDay('2024-11-03')!, 'America/New_York'))).toBe('2024-11-03T04:00:00.000Z');
  });

  it('the day the clocks change is 23 hours long', () => {
    const day = parseDay('2024-03-31')!;
    expect(iso(startOfDay(day, 'Europe/Berlin'))).toBe('2024-03-30T23:00:00.000Z');
    expect(iso(endOfDay(day, 'Europe/Berlin'))).toBe('2024-03-31T22:00:00.000Z');
  });

  it('refuses days that do not exist and prints instants in local time', () => {
    expect(parseDay('2024-02-30')).toBeUndefined();
    expect(parseDay('1.5.2024')).toBeUndefined();
    expect(localDateTime(Date.parse('2024-06-30T22:30:00Z'), 'Europe/Berlin')).toBe('2024-07-01 00:30');
  });
});
