import { describe, expect, it } from 'vitest';
import { scopeOver } from '../content/case-files.js';
import { date } from './index.js';

describe('date formatter', () => {
  it('R9.5.2 uses America/New_York when the website has no time zone', () => {
    const scope = scopeOver({});
    expect(date(Date.UTC(2024, 0, 15, 3, 0), ['%Y-%m-%d', '%H:%M'], scope, [])).toBe('2024-01-14 22:00');
  });

  it('R3.11.1 uses the website time zone and falls back for an unknown one', () => {
    const instant = Date.UTC(2024, 0, 15, 3, 0);
    expect(date(instant, ['%H:%M'], scopeOver({ website: { timeZone: 'Asia/Tokyo' } }), [])).toBe('12:00');
    expect(date(instant, ['%H:%M'], scopeOver({ website: { timeZone: 'Mars/Base' } }), [])).toBe('22:00');
  });

  it('R8.6.13 reports dates outside Julian day 0 to 4881503 as an engine error', () => {
    const scope = scopeOver({});
    expect(date(8.64e15, ['%Y'], scope, [])).toBe('');
    expect(date(-2.2e14, ['%Y'], scope, [])).toBe('');
    expect(scope.errors).toHaveLength(2);
    expect(scope.errors[0]).toMatchObject({ type: 'engine' });
    expect(scope.errors[0].message).toContain('Julian day');
  });

  it('prints a date near the ends of the supported range', () => {
    const scope = scopeOver({ website: { timeZone: 'UTC' } });
    expect(date(Date.UTC(8652, 11, 31), ['%Y-%m-%d'], scope, [])).toBe('8652-12-31');
    expect(scope.errors).toEqual([]);
  });

  it('prints nothing without a pattern or a number', () => {
    expect(date(0, [], scopeOver({}), [])).toBe('');
    expect(date('soon', ['%Y'], scopeOver({}), [])).toBe('');
  });
});
