import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceVisit,
  formatVisitCookie,
  isSessionExpired,
  parseSessionCookie,
  parseVisitCookie,
  SESSION_LENGTH_MS,
  VISIT_COOKIE_MAX_AGE_S,
  type VisitRecord,
} from './visit-cookies.js';

const T = 1_700_000_000_000;
const minutes = (n: number) => n * 60 * 1000;

describe('ss_cvr', () => {
  it('R3.26.1 reads an id plus first, previous, current visit and count', () => {
    expect(parseVisitCookie(`abc-1|${T}|${T + 5}|${T + 9}|3`)).toEqual({
      id: 'abc-1',
      firstVisit: T,
      previousVisit: T + 5,
      currentVisit: T + 9,
      visitCount: 3,
    });
  });

  it.each([
    '',
    'abc',
    `abc|${T}|${T}|${T}`,
    `abc|${T}|${T}|${T}|1|9`,
    `abc|${T}|${T}|${T}|0`,
    `abc|${T}|-5|${T}|1`,
    `abc|${T}|1.5|${T}|1`,
    `abc|${T}|x|${T}|1`,
    `|${T}|${T}|${T}|1`,
    `a b|${T}|${T}|${T}|1`,
    `abc|${T}|${T}|${T}|01`,
    `abc|${T}|${T}|${T}|99999999999999999`,
  ])('R5.8.1 discards the malformed value %j', (value) => {
    expect(parseVisitCookie(value)).toBeNull();
  });

  it('R5.8.1 R3.26.1 format and parse round-trip; any change of shape is rejected', () => {
    const record = fc.record({
      id: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
      firstVisit: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      previousVisit: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      currentVisit: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      visitCount: fc.integer({ min: 1, max: 1e9 }),
    });
    fc.assert(
      fc.property(record, (r: VisitRecord) => {
        const text = formatVisitCookie(r);
        expect(parseVisitCookie(text)).toEqual(r);
        expect(parseVisitCookie(`${text}|1`)).toBeNull();
        expect(parseVisitCookie(text.slice(0, text.lastIndexOf('|')))).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.string(), (junk) => {
        const parsed = parseVisitCookie(junk);
        if (parsed) expect(formatVisitCookie(parsed)).toBe(decodeURIComponent(junk.trim()));
      }),
    );
  });
});

describe('ss_cvt and the session', () => {
  it('R5.8.2 ss_cvt must be a positive integer', () => {
    expect(parseSessionCookie(String(T))).toBe(T);
    expect(parseSessionCookie('0')).toBeNull();
    expect(parseSessionCookie('-1')).toBeNull();
    expect(parseSessionCookie('12.5')).toBeNull();
    expect(parseSessionCookie('soon')).toBeNull();
    expect(parseSessionCookie(undefined)).toBeNull();
  });

  it('R9.8.5 R9.8.6 the session lasts 30 minutes, the visit cookie 2 years', () => {
    expect(SESSION_LENGTH_MS).toBe(minutes(30));
    expect(VISIT_COOKIE_MAX_AGE_S).toBe(2 * 365 * 86400);
    expect(isSessionExpired(T, T + minutes(29))).toBe(false);
    expect(isSessionExpired(T, T + minutes(30))).toBe(true);
    expect(isSessionExpired(null, T)).toBe(true);
  });
});

describe('advanceVisit', () => {
  it('R4.10.1 without a visit cookie a new one starts with count 1', () => {
    const result = advanceVisit({}, T, () => 'neu');
    expect(result).toEqual({
      visit: { id: 'neu', firstVisit: T, previousVisit: T, currentVisit: T, visitCount: 1 },
      sessionTimestamp: T,
      newVisit: true,
      firstVisit: true,
    });
    expect(formatVisitCookie(result.visit)).toBe(`neu|${T}|${T}|${T}|1`);
  });

  it('R5.8.1 R4.10.1 a malformed visit cookie is discarded and starts over', () => {
    expect(advanceVisit({ visit: 'kaputt', session: String(T) }, T, () => 'neu').visit.visitCount).toBe(1);
  });

  it('R4.10.2 R4.10.3 after the session expired the count rises and a new session time is set', () => {
    const old = `v1|${T}|${T}|${T + minutes(1)}|2`;
    const now = T + minutes(45);
    const result = advanceVisit({ visit: old, session: String(T + minutes(10)) }, now);
    expect(result.visit).toEqual({
      id: 'v1',
      firstVisit: T,
      previousVisit: T + minutes(1),
      currentVisit: now,
      visitCount: 3,
    });
    expect(result.sessionTimestamp).toBe(now);
    expect(result.newVisit).toBe(true);
  });

  it('R4.10.2 a missing session cookie also starts a new visit', () => {
    expect(advanceVisit({ visit: `v1|${T}|${T}|${T}|4` }, T + 1).visit.visitCount).toBe(5);
  });

  it('R4.10.2 within the session the visit stays and only the session time moves', () => {
    const old = `v1|${T}|${T}|${T}|2`;
    const result = advanceVisit({ visit: old, session: String(T + minutes(5)) }, T + minutes(20));
    expect(formatVisitCookie(result.visit)).toBe(old);
    expect(result.sessionTimestamp).toBe(T + minutes(20));
    expect(result.newVisit).toBe(false);
  });
});
