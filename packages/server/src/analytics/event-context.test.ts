import { describe, expect, it } from 'vitest';
import { siteDay } from './event-context.js';

describe('site day', () => {
  it('counts an event on the calendar day of the website, across midnight and time-zone changes', () => {
    const berlin = { timeZone: 'Europe/Berlin' };
    // 22:59:59 UTC is 23:59:59 in Berlin (winter time); a second later it is the next day there.
    expect(siteDay(berlin, Date.parse('2024-03-01T22:59:59Z'))).toBe('2024-03-01');
    expect(siteDay(berlin, Date.parse('2024-03-01T23:00:00Z'))).toBe('2024-03-02');
    // Summer time: midnight in Berlin is 22:00 UTC.
    expect(siteDay(berlin, Date.parse('2024-07-01T21:59:00Z'))).toBe('2024-07-01');
    expect(siteDay(berlin, Date.parse('2024-07-01T22:00:00Z'))).toBe('2024-07-02');
    expect(siteDay({ timeZone: 'America/New_York' }, Date.parse('2024-03-02T04:59:00Z'))).toBe('2024-03-01');
    expect(siteDay({ timeZone: 'Mars/Olympus' }, Date.parse('2024-03-02T04:59:00Z'))).toBe('2024-03-02');
  });
});
