import { describe, expect, it } from 'vitest';
import { germanCountryName } from './country-names.js';

describe('country names in German (issue 21)', () => {
  it('names a country in German whatever the case of its code, never the bare code', () => {
    expect(germanCountryName('DE')).toBe('Deutschland');
    expect(germanCountryName('at')).toBe('Österreich');
    expect(germanCountryName('CH')).toBe('Schweiz');
  });

  it('leaves what is no country code as it is', () => {
    expect(germanCountryName('')).toBe('');
    expect(germanCountryName('Deutschland')).toBe('Deutschland');
  });
});
