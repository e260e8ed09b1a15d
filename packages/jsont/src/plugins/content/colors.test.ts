import { describe, expect, it } from 'vitest';
import { scopeOver } from './case-files.js';
import { colorWeight, imageColor, websiteColorCss } from './colors.js';

describe('colour formatters', () => {
  it('R9.5.9 splits light from dark at 16777215/2', () => {
    expect(colorWeight('#808080', [], scopeOver({}), [])).toBe('light');
    expect(colorWeight('#7fffff', [], scopeOver({}), [])).toBe('dark');
  });

  it('R5.11.5 prints nothing for a hex colour without 3 or 6 digits', () => {
    expect(colorWeight('#abcd', [], scopeOver({}), [])).toBeUndefined();
    expect(colorWeight('zzz', [], scopeOver({}), [])).toBeUndefined();
  });

  it('R8.6.15 R8.6.16 R8.6.17 R8.6.18 names every part that is out of bounds', () => {
    expect(websiteColorCss({ hue: -1, saturation: 0.5, lightness: 0.5 })).toBe('Hue out of bounds.');
    expect(websiteColorCss({ hue: 10, saturation: 1.5, lightness: 2, alpha: -0.1 })).toBe(
      'Saturation out of bounds. Lightness out of bounds. Alpha out of bounds.',
    );
  });

  it('R8.6.19 asks for a missing H, S or L value', () => {
    expect(websiteColorCss({ hue: 10, saturation: 0.5 })).toBe('Missing an H/S/L value.');
    expect(websiteColorCss(undefined)).toBe('Missing an H/S/L value.');
  });

  it('writes hsl() without alpha and hsla() with it, rounded to two places', () => {
    expect(websiteColorCss({ hue: 360, saturation: 0, lightness: 1 })).toBe('hsl(360, 0%, 100%)');
    expect(websiteColorCss({ hue: 12.345, saturation: 0.12345, lightness: 0.5, alpha: 0 })).toBe(
      'hsla(12.35, 12.35%, 50%, 0)',
    );
  });

  it('reads one corner colour as a CSS declaration', () => {
    const image = { colorData: { centerAverage: 'abcdef' } };
    expect(imageColor(image, ['center', 'background-color'], scopeOver(image), [])).toBe(
      'background-color: #abcdef',
    );
    expect(imageColor({}, ['center'], scopeOver({}), [])).toBeUndefined();
  });
});
