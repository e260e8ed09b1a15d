import {
  contrastRatio,
  DEFAULT_SITE_STYLES,
  type Palette,
  relativeLuminance,
  SITE_TEMPLATES,
} from '@baukasten/commerce';

/*
 * Ready-made palettes the Design screen offers beside the free colour fields (issue #22): the templates'
 * own light ones and dark ones for shops that want a night look. Each passes the same contrast check as an
 * owner's own colours (paletteProblems; site-styles.test.ts proves it), so choosing one is never refused.
 */

export interface PaletteChoice {
  id: string;
  label: string;
  /** Light text on dark paper: the storefront switches its light-only surfaces (notices, form controls). */
  dark: boolean;
  palette: Palette;
}

const fromTemplate = (id: string, label: string): PaletteChoice => {
  const template = SITE_TEMPLATES.find((t) => t.id === id);
  if (!template) throw new Error(`unknown template ${id}`);
  return { id, label, dark: false, palette: template.styles.palette };
};

export const PALETTE_CHOICES: readonly PaletteChoice[] = [
  { id: 'baukasten', label: 'Baukasten (hell)', dark: false, palette: DEFAULT_SITE_STYLES.palette },
  fromTemplate('werkstatt', 'Werkstatt (hell, warm)'),
  fromTemplate('studio', 'Studio (hell, schwarz-weiß)'),
  fromTemplate('kantine', 'Kantine (hell, kräftig)'),
  {
    id: 'nacht',
    label: 'Nacht (dunkel, blau)',
    dark: true,
    palette: {
      background: '#14171c',
      text: '#eef0f3',
      muted: '#a9b1bc',
      accent: '#7cb8ff',
      onAccent: '#0b1320',
    },
  },
  {
    id: 'espresso',
    label: 'Espresso (dunkel, warm)',
    dark: true,
    palette: {
      background: '#1f1a17',
      text: '#f4ece4',
      muted: '#c4b6a8',
      accent: '#f0a46c',
      onAccent: '#1f1a17',
    },
  },
  {
    id: 'wald',
    label: 'Wald (dunkel, grün)',
    dark: true,
    palette: {
      background: '#122019',
      text: '#e8f1ea',
      muted: '#a8bfb0',
      accent: '#8fd3a8',
      onAccent: '#0f1a14',
    },
  },
];

/**
 * Whether a palette is dark: its text is lighter than its paper. Also true for an owner's own dark colours,
 * so the storefront adapts to them as it does to the ready-made ones.
 */
export function isDarkPalette(palette: Palette): boolean {
  try {
    return relativeLuminance(palette.text) > relativeLuminance(palette.background);
  } catch {
    return false;
  }
}

/**
 * The sale and error red of the default theme (#b3261e) reads 2.4:1 on dark paper; dark palettes get a
 * light red that reads at least 4.5:1 on theirs, else their own text colour.
 */
export function saleColourOn(palette: Palette): string {
  const light = '#ff8f87';
  return contrastRatio(light, palette.background) >= 4.5 ? light : palette.text;
}
