import { describe, expect, it } from 'vitest';
import { scopeOver } from '../content/case-files.js';
import { convertUnit, formatUnit, parseUnitArgs, unitPredicates, usesUsUnits } from './units.js';

const show = (value: number, args: string, locale = 'en-US') =>
  formatUnit(value, parseUnitArgs(args.split(' ')), locale);

describe('unit formatting', () => {
  it('converts lengths, temperatures and fuel consumption', () => {
    expect(convertUnit(1, 'mile', 'kilometer')).toBeCloseTo(1.609344, 9);
    expect(convertUnit(212, 'fahrenheit', 'celsius')).toBeCloseTo(100, 9);
    expect(convertUnit(10, 'mile-per-gallon', 'liter-per-100kilometers')).toBeCloseTo(23.5215, 3);
  });

  it('shows US units in US English and metric ones in German', () => {
    expect(usesUsUnits('en-US')).toBe(true);
    expect(usesUsUnits('de-DE')).toBe(false);
    expect(show(180, 'in:centimeter')).toBe('2yd');
    expect(show(180, 'in:centimeter', 'de-DE')).toBe('1,8 m');
    expect(show(20, 'in:celsius format:long', 'de-DE')).toBe('20 Grad Celsius');
  });

  it('splits a quantity into a sequence of whole units and a rest', () => {
    expect(show(71, 'in:inch sequence:foot,inch')).toBe('5′ 11″');
    expect(show(-3725, 'in:second sequence:hour,minute,second format:long')).toBe(
      '-1 hour 2 minutes 5 seconds',
    );
  });

  it('picks the largest unit of a compact set that shows at least 1', () => {
    expect(show(1536, 'in:byte compact:bytes')).toBe('1.5kB');
    expect(show(0.5, 'in:byte compact:bytes')).toBe('0.5byte');
  });

  it('prints nothing for an unknown unit and ignores an out unit of another kind', () => {
    expect(show(1, 'in:furlongs')).toBe('');
    expect(show(1, 'in:meter out:second')).toBe('1.1yd');
  });

  it('R8.6.12 reports units-metric? as not implemented and answers false', () => {
    const scope = scopeOver({});
    expect(unitPredicates['units-metric']([], scope)).toBe(false);
    expect(scope.errors).toEqual([
      { type: 'engine', message: "Predicate 'units-metric?' is not implemented yet." },
    ]);
  });
});
