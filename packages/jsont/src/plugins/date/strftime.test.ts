import { describe, expect, it } from 'vitest';
import { formatStrftime } from './strftime.js';
import { zonedTime } from './time-zone.js';

const at = (iso: string, zone = 'UTC') => zonedTime(Date.parse(iso), zone);

describe('strftime patterns', () => {
  it('numbers ISO weeks across the turn of the year', () => {
    expect(formatStrftime(at('2021-01-01T12:00:00Z'), '%G-W%V %u')).toBe('2020-W53 5');
    expect(formatStrftime(at('2024-12-30T12:00:00Z'), '%G-W%V %g')).toBe('2025-W01 25');
  });

  it('pads with spaces or zeros as the conversion asks', () => {
    expect(formatStrftime(at('2024-03-05T07:08:09Z'), '[%e] [%k] [%l] [%d] [%H] [%I] [%j]')).toBe(
      '[ 5] [ 7] [ 7] [05] [07] [07] [065]',
    );
  });

  it('keeps %% and drops unknown conversions', () => {
    expect(formatStrftime(at('2024-03-05T00:00:00Z'), '100%% %Q%Y %')).toBe('100% 2024 %');
  });

  it('writes midnight as 12 AM and noon as 12 PM', () => {
    expect(formatStrftime(at('2024-03-05T00:30:00Z'), '%r')).toBe('12:30:00 AM');
    expect(formatStrftime(at('2024-03-05T12:30:00Z'), '%r %P')).toBe('12:30:00 PM pm');
  });

  it('R3.11.1 follows the time zone across a daylight-saving change', () => {
    expect(formatStrftime(at('2024-03-10T06:59:00Z', 'America/New_York'), '%H:%M %Z %z')).toBe(
      '01:59 EST -05:00',
    );
    expect(formatStrftime(at('2024-03-10T07:00:00Z', 'America/New_York'), '%H:%M %Z %z')).toBe(
      '03:00 EDT -04:00',
    );
    expect(formatStrftime(at('2024-07-01T12:00:00Z', 'Europe/Berlin'), '%H:%M %Z %z')).toBe(
      '14:00 CEST +02:00',
    );
  });
});
