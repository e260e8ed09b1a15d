import {
  BUTTON_SHAPES,
  CONTENT_WIDTHS,
  FONT_PAIRINGS,
  HEX_COLOUR,
  siteStyleMessages as m,
  PALETTE_LABELS,
  type Palette,
  paletteProblems,
  SPACINGS,
  TEMPLATE_IDS,
} from '@baukasten/commerce';
import { z } from 'zod';

/*
 * The site styles an owner saves or previews, checked with the same rules the editor shows while typing
 * (@baukasten/commerce): known fonts and options, hex colours, and every text at 4.5:1 on its background.
 * A palette below that is refused with a German message on the colour that fails.
 */

const colour = (key: keyof Palette) =>
  z
    .string({ error: m.colourInvalid(PALETTE_LABELS[key]) })
    .trim()
    .toLowerCase()
    .regex(HEX_COLOUR, m.colourInvalid(PALETTE_LABELS[key]));

const option = <T extends Record<string, string>>(values: T) =>
  z.enum(Object.keys(values) as [keyof T & string, ...(keyof T & string)[]], { error: m.optionUnknown });

export const paletteInput = z
  .object({
    background: colour('background'),
    text: colour('text'),
    muted: colour('muted'),
    accent: colour('accent'),
    onAccent: colour('onAccent'),
  })
  .superRefine((palette, context) => {
    for (const [key, message] of Object.entries(paletteProblems(palette))) {
      context.addIssue({ code: 'custom', path: [key], message });
    }
  });

export const siteStylesInput = z.object({
  template: z.enum(TEMPLATE_IDS, { error: m.templateUnknown }).nullable(),
  fontPairing: z
    .string({ error: m.fontUnknown })
    .refine((id) => FONT_PAIRINGS.some((p) => p.id === id), m.fontUnknown),
  palette: paletteInput,
  buttonShape: option(BUTTON_SHAPES),
  spacing: option(SPACINGS),
  contentWidth: option(CONTENT_WIDTHS),
});
