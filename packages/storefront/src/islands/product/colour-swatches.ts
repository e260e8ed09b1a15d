// Colour swatches for the variant buttons: a shop names its colours in German ("Dunkelblau",
// "Salbeigrün"); a small curated table turns the common names into a colour a swatch can show. A name
// the table does not know gets a plain text button: a wrong guess would be worse than no swatch.

/** Option names whose values are colours. */
const COLOUR_OPTION = /^(farbe|farben|farbton|colou?r)$/i;

export const isColourOption = (optionName: string) => COLOUR_OPTION.test(optionName.trim());

/** German colour names (lower case, ß and umlauts as written) to CSS colours. */
export const COLOUR_SWATCHES: Readonly<Record<string, string>> = {
  schwarz: '#1b1b1b',
  weiß: '#ffffff',
  weiss: '#ffffff',
  'off-white': '#f4f1ea',
  creme: '#f3ead3',
  natur: '#e9dfc8',
  naturweiß: '#efe8d8',
  ecru: '#e5dcc4',
  beige: '#d8c7a6',
  sand: '#cdb891',
  taupe: '#8b7d6b',
  grau: '#8a8a8a',
  hellgrau: '#c8c8c8',
  dunkelgrau: '#4d4d4d',
  anthrazit: '#3a3d40',
  silber: '#c0c0c0',
  gold: '#c9a23f',
  kupfer: '#b87333',
  braun: '#6f4a2f',
  cognac: '#9a5b2b',
  camel: '#c19a6b',
  rot: '#c62828',
  dunkelrot: '#8b1a1a',
  weinrot: '#722f37',
  bordeaux: '#6d1f2b',
  koralle: '#f47c64',
  rosa: '#f4b6c2',
  rosé: '#e8c4c0',
  pink: '#e2518d',
  orange: '#ef7d22',
  apricot: '#f7b98b',
  gelb: '#f2c81b',
  senf: '#c99a1e',
  ocker: '#c48a2a',
  grün: '#2e7d32',
  hellgrün: '#8bc34a',
  dunkelgrün: '#1b4d2b',
  olivgrün: '#6b6b2a',
  oliv: '#6b6b2a',
  salbei: '#9caf88',
  mint: '#a8dcc5',
  khaki: '#a39b6a',
  türkis: '#1fa9a1',
  petrol: '#1d5c63',
  blau: '#1e5aa8',
  hellblau: '#8cc0e8',
  himmelblau: '#7fb5e6',
  dunkelblau: '#1b2f5a',
  marineblau: '#1b2a4a',
  marine: '#1b2a4a',
  navy: '#1b2a4a',
  jeansblau: '#4a6b8a',
  lila: '#7b4fa0',
  violett: '#6a3d9a',
  flieder: '#c8a2c8',
  aubergine: '#4b2840',
};

const normalise = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The swatch colour of a colour value: the table's entry for the whole name, else for its last word
 * ("Jeans Blau"), else for the longest colour a compound ends with ("Salbeigrün" -> grün); undefined
 * when none fits.
 */
export function swatchColour(value: string): string | undefined {
  const name = normalise(value);
  if (name === '') return undefined;
  // Own keys only: an owner's value "constructor" is no colour.
  const known = (key: string) => (Object.hasOwn(COLOUR_SWATCHES, key) ? COLOUR_SWATCHES[key] : undefined);
  if (known(name)) return known(name);
  const lastWord = name.split(/[\s/-]/).pop() ?? '';
  if (known(lastWord)) return known(lastWord);
  let best: string | undefined;
  for (const key of Object.keys(COLOUR_SWATCHES)) {
    if (key.length >= 3 && name.endsWith(key) && (!best || key.length > best.length)) best = key;
  }
  return best ? COLOUR_SWATCHES[best] : undefined;
}
