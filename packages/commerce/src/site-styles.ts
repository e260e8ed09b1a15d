// Site styles (issue #22): the look an owner picks in the editor's „Design“ screen, stored per website
// and rendered as CSS custom properties. Pure data and checks, shared by the editor (live hints) and the
// server (the authoritative check before saving), so both refuse the same palettes with the same words.

/** One face of a pairing: a self-hosted @fontsource package, or the system's own fonts (package null). */
export interface PairedFont {
  family: string;
  /** npm package under @fontsource whose woff2 files the server serves from our own origin. */
  package: string | null;
  /** Only the weights the theme uses, so a page never loads a file it does not need. */
  weights: readonly number[];
  /** What the browser shows until the web font arrives (font-display: swap) or when it is missing. */
  fallback: string;
}

export interface FontPairing {
  id: string;
  label: string;
  heading: PairedFont;
  body: PairedFont;
}

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const SERIF = 'Georgia, "Times New Roman", serif';

const face = (family: string, pkg: string | null, weights: number[], fallback: string): PairedFont => ({
  family,
  package: pkg,
  weights,
  fallback,
});

/**
 * The curated pairings (heading + body). Body faces carry 400 and 700 (bold text, prices); headings one
 * weight: together at most three latin files per page, well under the 100 KB font budget.
 */
export const FONT_PAIRINGS: readonly FontPairing[] = [
  {
    id: 'system',
    label: 'Systemschrift',
    heading: face('system-ui', null, [700], SANS),
    body: face('system-ui', null, [400, 700], SANS),
  },
  {
    id: 'werkstatt',
    label: 'Fraunces & Karla',
    heading: face('Fraunces', '@fontsource/fraunces', [700], SERIF),
    body: face('Karla', '@fontsource/karla', [400, 700], SANS),
  },
  {
    id: 'klassisch',
    label: 'Playfair Display & Source Sans 3',
    heading: face('Playfair Display', '@fontsource/playfair-display', [700], SERIF),
    body: face('Source Sans 3', '@fontsource/source-sans-3', [400, 700], SANS),
  },
  {
    id: 'sachlich',
    label: 'Work Sans',
    heading: face('Work Sans', '@fontsource/work-sans', [700], SANS),
    body: face('Work Sans', '@fontsource/work-sans', [400, 700], SANS),
  },
  {
    id: 'kraeftig',
    label: 'Archivo Black & Rubik',
    heading: face('Archivo Black', '@fontsource/archivo-black', [400], SANS),
    body: face('Rubik', '@fontsource/rubik', [400, 700], SANS),
  },
  {
    id: 'elegant',
    label: 'DM Serif Display & Lato',
    heading: face('DM Serif Display', '@fontsource/dm-serif-display', [400], SERIF),
    body: face('Lato', '@fontsource/lato', [400, 700], SANS),
  },
  {
    id: 'lesbar',
    label: 'Atkinson Hyperlegible',
    heading: face('Atkinson Hyperlegible', '@fontsource/atkinson-hyperlegible', [700], SANS),
    body: face('Atkinson Hyperlegible', '@fontsource/atkinson-hyperlegible', [400, 700], SANS),
  },
];

export const fontPairing = (id: string): FontPairing | undefined => FONT_PAIRINGS.find((p) => p.id === id);

export const BUTTON_SHAPES = { eckig: '0', abgerundet: '0.375rem', pille: '999px' } as const;
export const SPACINGS = { kompakt: '0.75', normal: '1', luftig: '1.4' } as const;
export const CONTENT_WIDTHS = { schmal: '48rem', mittel: '60rem', breit: '72rem' } as const;

export type ButtonShape = keyof typeof BUTTON_SHAPES;
export type Spacing = keyof typeof SPACINGS;
export type ContentWidth = keyof typeof CONTENT_WIDTHS;

export const BUTTON_SHAPE_LABELS: Record<ButtonShape, string> = {
  eckig: 'Eckig',
  abgerundet: 'Abgerundet',
  pille: 'Pille',
};
export const SPACING_LABELS: Record<Spacing, string> = {
  kompakt: 'Kompakt',
  normal: 'Normal',
  luftig: 'Luftig',
};
export const CONTENT_WIDTH_LABELS: Record<ContentWidth, string> = {
  schmal: 'Schmal (768 px)',
  mittel: 'Mittel (960 px)',
  breit: 'Breit (1152 px)',
};

/** The palette: every colour a 6-digit hex value. */
export interface Palette {
  background: string;
  text: string;
  muted: string;
  accent: string;
  onAccent: string;
}

export const PALETTE_LABELS: Record<keyof Palette, string> = {
  background: 'Hintergrund',
  text: 'Text',
  muted: 'Nebentext',
  accent: 'Akzent (Links und Schaltflächen)',
  onAccent: 'Schrift auf Schaltflächen',
};

export const TEMPLATE_IDS = ['werkstatt', 'studio', 'kantine'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export interface SiteStyles {
  /** The template the styles started from; null: the plain Baukasten look of sites made before templates. */
  template: TemplateId | null;
  fontPairing: string;
  palette: Palette;
  buttonShape: ButtonShape;
  spacing: Spacing;
  contentWidth: ContentWidth;
}

/** The look of a site that never chose styles: exactly the theme's own stylesheet. */
export const DEFAULT_SITE_STYLES: SiteStyles = {
  template: null,
  fontPairing: 'system',
  palette: {
    background: '#ffffff',
    text: '#1d1d1f',
    muted: '#5c5c66',
    accent: '#0b5cad',
    onAccent: '#ffffff',
  },
  buttonShape: 'abgerundet',
  spacing: 'normal',
  contentWidth: 'breit',
};

export interface SiteTemplate {
  id: TemplateId;
  label: string;
  description: string;
  styles: SiteStyles;
}

/** Three complete looks over the same templates and islands; packages/theme adds their home sections. */
export const SITE_TEMPLATES: readonly SiteTemplate[] = [
  {
    id: 'werkstatt',
    label: 'Werkstatt',
    description: 'Warm und handgemacht – für Manufakturen und Kunsthandwerk.',
    styles: {
      template: 'werkstatt',
      fontPairing: 'werkstatt',
      palette: {
        background: '#fbf7f1',
        text: '#2b2118',
        muted: '#65554a',
        accent: '#9a3b12',
        onAccent: '#ffffff',
      },
      buttonShape: 'abgerundet',
      spacing: 'normal',
      contentWidth: 'mittel',
    },
  },
  {
    id: 'studio',
    label: 'Studio',
    description: 'Ruhig und reduziert – viel Weißraum, klare Schrift.',
    styles: {
      template: 'studio',
      fontPairing: 'sachlich',
      palette: {
        background: '#ffffff',
        text: '#111111',
        muted: '#595959',
        accent: '#111111',
        onAccent: '#ffffff',
      },
      buttonShape: 'eckig',
      spacing: 'luftig',
      contentWidth: 'schmal',
    },
  },
  {
    id: 'kantine',
    label: 'Kantine',
    description: 'Kräftig und laut – für Lebensmittel, Cafés und Feinkost.',
    styles: {
      template: 'kantine',
      fontPairing: 'kraeftig',
      palette: {
        background: '#fff8e7',
        text: '#1f1300',
        muted: '#5e4b2a',
        accent: '#b3261e',
        onAccent: '#ffffff',
      },
      buttonShape: 'pille',
      spacing: 'kompakt',
      contentWidth: 'breit',
    },
  },
];

export const siteTemplate = (id: string | null | undefined): SiteTemplate | undefined =>
  SITE_TEMPLATES.find((template) => template.id === id);

/** WCAG 2.x relative luminance of a 6-digit hex colour. */
export function relativeLuminance(hex: string): number {
  const digits = /^#?([0-9a-f]{6})$/i.exec(hex.trim())?.[1];
  if (!digits) throw new Error(`not a colour: ${hex}`);
  const channel = (at: number) => {
    const value = Number.parseInt(digits.slice(at, at + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG 1.4.3 (AA) for body text. */
export const MIN_CONTRAST = 4.5;

/** Every pair of the palette that is read as text on a background: the colours a visitor actually sees together. */
export const TEXT_PAIRS: readonly { text: keyof Palette; on: keyof Palette }[] = [
  { text: 'text', on: 'background' },
  { text: 'muted', on: 'background' },
  { text: 'accent', on: 'background' },
  { text: 'onAccent', on: 'accent' },
];

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export const siteStyleMessages = {
  colourInvalid: (label: string) => `„${label}“ muss eine Farbe in der Form #1a2b3c sein.`,
  contrastTooLow: (text: string, on: string, ratio: number) =>
    `„${text}“ auf „${on}“ hat nur einen Kontrast von ${ratio.toLocaleString('de-DE', {
      maximumFractionDigits: 2,
    })}:1. Nötig sind mindestens 4,5:1, damit alle Besucher den Text lesen können.`,
  fontUnknown: 'Diese Schriftkombination gibt es nicht. Bitte wähle eine aus der Liste.',
  templateUnknown: 'Diese Vorlage gibt es nicht. Bitte wähle eine aus der Liste.',
  optionUnknown: 'Bitte wähle eine der angebotenen Möglichkeiten.',
} as const;

/**
 * The palette's problems by colour (the text colour of a failing pair), in German; empty when every text
 * reads at 4.5:1 or more on its background.
 */
export function paletteProblems(palette: Palette): Partial<Record<keyof Palette, string>> {
  const problems: Partial<Record<keyof Palette, string>> = {};
  for (const key of Object.keys(PALETTE_LABELS) as (keyof Palette)[]) {
    if (!HEX_COLOUR.test(palette[key] ?? ''))
      problems[key] = siteStyleMessages.colourInvalid(PALETTE_LABELS[key]);
  }
  if (Object.keys(problems).length > 0) return problems;
  for (const { text, on } of TEXT_PAIRS) {
    const ratio = contrastRatio(palette[text], palette[on]);
    // Rounded down to two places first, so 4.499 is refused although it would print as 4,5.
    if (Math.floor(ratio * 100) / 100 < MIN_CONTRAST && !problems[text]) {
      problems[text] = siteStyleMessages.contrastTooLow(PALETTE_LABELS[text], PALETTE_LABELS[on], ratio);
    }
  }
  return problems;
}

/** The custom properties of the styles, as `name: value` pairs in the order they are written. */
export function siteStyleProperties(styles: SiteStyles): [string, string][] {
  const pairing = fontPairing(styles.fontPairing) ?? FONT_PAIRINGS[0]!;
  const stack = (f: PairedFont) => (f.package ? `"${f.family}", ${f.fallback}` : f.fallback);
  return [
    ['--paper', styles.palette.background],
    ['--ink', styles.palette.text],
    ['--muted', styles.palette.muted],
    ['--accent', styles.palette.accent],
    ['--on-accent', styles.palette.onAccent],
    ['--font-heading', stack(pairing.heading)],
    ['--font-body', stack(pairing.body)],
    ['--heading-weight', String(pairing.heading.weights[0] ?? 700)],
    ['--button-radius', BUTTON_SHAPES[styles.buttonShape]],
    ['--space', SPACINGS[styles.spacing]],
    ['--content-width', CONTENT_WIDTHS[styles.contentWidth]],
  ];
}
