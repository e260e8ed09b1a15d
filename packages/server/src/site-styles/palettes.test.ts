import {
  contrastRatio,
  DEFAULT_SITE_STYLES,
  MIN_CONTRAST,
  paletteProblems,
  TEXT_PAIRS,
} from '@baukasten/commerce';
import { describe, expect, it } from 'vitest';
import { isDarkPalette, PALETTE_CHOICES, saleColourOn } from './palettes.js';
import { siteStyleContext, siteStylesheet } from './site-stylesheet.js';

const dark = PALETTE_CHOICES.filter((choice) => choice.dark);

describe('ready-made palettes', () => {
  it('offers at least two dark palettes, each marked dark by its colours', () => {
    expect(dark.length).toBeGreaterThanOrEqual(2);
    for (const choice of PALETTE_CHOICES) expect(isDarkPalette(choice.palette)).toBe(choice.dark);
  });

  it.each(PALETTE_CHOICES.map((choice) => [choice.label, choice] as const))(
    'WCAG 1.4.3 „%s“ passes the contrast check: every text on its background at 4.5:1 or more',
    (_label, choice) => {
      expect(paletteProblems(choice.palette)).toEqual({});
      for (const { text, on } of TEXT_PAIRS) {
        expect(contrastRatio(choice.palette[text], choice.palette[on])).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
    },
  );

  it('ids and labels are unique, so the Design screen can tell which one is chosen', () => {
    expect(new Set(PALETTE_CHOICES.map((c) => c.id)).size).toBe(PALETTE_CHOICES.length);
    expect(new Set(PALETTE_CHOICES.map((c) => c.label)).size).toBe(PALETTE_CHOICES.length);
  });

  it('a dark palette switches the storefront: color-scheme dark, a readable sale red, the scheme-dark body class', () => {
    const night = { ...DEFAULT_SITE_STYLES, template: 'studio' as const, palette: dark[0]!.palette };
    const { css } = siteStylesheet(night);
    expect(css).toContain(`--paper:${dark[0]!.palette.background}`);
    expect(css).toContain('color-scheme:dark');
    const sale = css.match(/--sale:(#[0-9a-f]{6})/)![1]!;
    expect(contrastRatio(sale, dark[0]!.palette.background)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(siteStyleContext(night).bodyClass).toBe('template-studio scheme-dark');

    const light = siteStylesheet({ ...night, palette: DEFAULT_SITE_STYLES.palette });
    expect(light.css).not.toContain('color-scheme:dark');
    expect(siteStyleContext({ ...night, palette: DEFAULT_SITE_STYLES.palette }).bodyClass).toBe(
      'template-studio',
    );
  });

  it('the sale red of every dark palette reads at 4.5:1 on its paper', () => {
    for (const choice of dark) {
      expect(contrastRatio(saleColourOn(choice.palette), choice.palette.background)).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });
});
