import { describe, expect, it } from 'vitest';
import { cachedDateTimeFormat } from './time-zone.js';

// A distinct cache key per n: Intl ignores the unknown option, the cache key does not.
const options = (n: number) => ({ timeZone: 'UTC', cacheProbe: n }) as Intl.DateTimeFormatOptions;

describe('formatter cache', () => {
  it('R9.5.7 holds 100 formatters: the 100 last built are reused, the 101st pushes out the oldest', () => {
    const first = Array.from({ length: 100 }, (_, n) => cachedDateTimeFormat('de-DE', options(n)));
    // Everything built before these 100 has been pushed out, so the cache holds exactly them now.
    for (let n = 0; n < 100; n++) expect(cachedDateTimeFormat('de-DE', options(n))).toBe(first[n]);

    cachedDateTimeFormat('de-DE', options(100));
    expect(cachedDateTimeFormat('de-DE', options(99))).toBe(first[99]);
    expect(cachedDateTimeFormat('de-DE', options(1))).toBe(first[1]);
    const rebuilt = cachedDateTimeFormat('de-DE', options(0));
    expect(rebuilt).not.toBe(first[0]);
    expect(rebuilt.format(Date.UTC(2025, 0, 2))).toBe(first[0].format(Date.UTC(2025, 0, 2)));
  });
});
