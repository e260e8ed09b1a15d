import { describe, expect, it } from 'vitest';
import { colourWeight, hslaProblem, isDarkByLuminance, isValidHexColour, parseHexColour } from './colour.js';

describe('colour helpers', () => {
  it.each([
    [{ h: 361, s: 0.5, l: 0.5 }, 'Hue out of bounds.'],
    [{ h: -1, s: 0.5, l: 0.5 }, 'Hue out of bounds.'],
    [{ h: 10, s: 1.1, l: 0.5 }, 'Saturation out of bounds.'],
    [{ h: 10, s: 0.5, l: 2 }, 'Lightness out of bounds.'],
    [{ h: 10, s: 0.5, l: 0.5, a: 1.5 }, 'Alpha out of bounds.'],
    [{ h: 10, s: 0.5 }, 'Missing an H/S/L value.'],
    [{ h: 360, s: 1, l: 0, a: 0 }, null],
  ])(
    'R5.11.1 R5.11.2 R5.11.3 R5.11.4 R8.6.15 R8.6.16 R8.6.17 R8.6.18 R8.6.19 %j gives %s',
    (hsla, message) => {
      expect(hslaProblem(hsla)).toBe(message);
    },
  );

  it('R5.11.5 a hex colour has 3 or 6 digits', () => {
    expect(parseHexColour('#abc')).toEqual([170, 187, 204]);
    expect(parseHexColour('a0b1c2')).toEqual([160, 177, 194]);
    expect(isValidHexColour('#abcd')).toBe(false);
    expect(isValidHexColour('#ggg')).toBe(false);
  });

  it('R9.5.9 colour weight splits at 16777215/2', () => {
    expect(['#fff', '#aaa', '#888', '#444', '#222', '#000'].map(colourWeight)).toEqual([
      'light',
      'light',
      'light',
      'dark',
      'dark',
      'dark',
    ]);
    expect(colourWeight('#7fffff')).toBe('dark');
    expect(colourWeight('#800000')).toBe('light');
    expect(colourWeight('nope')).toBeNull();
  });

  it('R9.5.10 dark when luminance is below 0.65 of 256', () => {
    expect(isDarkByLuminance(166, 166, 166)).toBe(true);
    expect(isDarkByLuminance(167, 167, 167)).toBe(false);
  });
});
