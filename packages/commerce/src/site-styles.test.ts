import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DEFAULT_SITE_STYLES,
  FONT_PAIRINGS,
  paletteProblems,
  SITE_TEMPLATES,
  siteStyleProperties,
} from './site-styles.js';

describe('site styles', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 on white is the well-known lightest grey that still passes AA.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('refuses a palette whose text would be hard to read, naming both colours in German', () => {
    const problems = paletteProblems({ ...DEFAULT_SITE_STYLES.palette, text: '#aaaaaa' });
    expect(problems.text).toMatch(
      /^„Text“ auf „Hintergrund“ hat nur einen Kontrast von 2,32:1\. Nötig sind mindestens 4,5:1/,
    );
    expect(paletteProblems({ ...DEFAULT_SITE_STYLES.palette, onAccent: '#0b5cad' }).onAccent).toContain(
      '„Schrift auf Schaltflächen“ auf „Akzent (Links und Schaltflächen)“',
    );
    expect(paletteProblems({ ...DEFAULT_SITE_STYLES.palette, accent: 'blau' }).accent).toBe(
      '„Akzent (Links und Schaltflächen)“ muss eine Farbe in der Form #1a2b3c sein.',
    );
  });

  it('ships only templates and defaults that pass their own contrast check', () => {
    expect(paletteProblems(DEFAULT_SITE_STYLES.palette)).toEqual({});
    for (const template of SITE_TEMPLATES) {
      expect(paletteProblems(template.styles.palette), template.id).toEqual({});
      expect(FONT_PAIRINGS.some((p) => p.id === template.styles.fontPairing)).toBe(true);
    }
  });

  it('writes the styles as custom properties with the web font before its fallback', () => {
    const properties = new Map(siteStyleProperties(SITE_TEMPLATES[0]!.styles));
    expect(properties.get('--font-heading')).toBe('"Fraunces", Georgia, "Times New Roman", serif');
    expect(properties.get('--paper')).toBe('#fbf7f1');
    expect(properties.get('--button-radius')).toBe('0.375rem');
  });
});
