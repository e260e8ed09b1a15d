import { describe, expect, it } from 'vitest';
import { scopeOver } from '../content/case-files.js';
import { relativeTime, timesince } from './relative-time.js';

const HOUR = 3_600_000;

describe('relative times', () => {
  it('uses the largest whole unit and weeks only when allowed', () => {
    expect(relativeTime(0, 10 * 24 * HOUR, {}, 'en-US')).toBe('in 10 days');
    expect(relativeTime(0, 10 * 24 * HOUR, { allowWeeks: true }, 'en-US')).toBe('in 1 week');
    expect(relativeTime(3 * HOUR, 0, {}, 'de-DE')).toBe('vor 3 Stunden');
  });

  it('capitalises for the start of a sentence', () => {
    expect(relativeTime(0, 2 * HOUR, { beginSentence: true }, 'en-US')).toBe('In 2 hours');
  });

  it('R8.8.8 R8.8.9 R8.6.14 writes the timesince span in English and rejects non-finite dates', () => {
    const now = Date.UTC(2024, 0, 1);
    const scope = scopeOver({}, { now });
    expect(timesince(now - 3 * HOUR, [], scope, [])).toBe(
      `<span class="timesince" data-date="${now - 3 * HOUR}">about 3 hours ago</span>`,
    );
    expect(timesince(now - 1000, [], scope, [])).toContain('less than a minute ago');
    expect(timesince('never', [], scope, [])).toBe('Invalid date.');
  });
});
