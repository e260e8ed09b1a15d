import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FONT_PAIRINGS, type FontPairing, type PairedFont } from '@baukasten/commerce';

/*
 * The curated fonts, served from our own origin (never a third-party font host: no visitor's address
 * goes to anyone else). The woff2 files come from the @fontsource packages; we take only the latin and
 * latin-ext subsets of the weights a pairing uses, with the unicode-range of each subset as the package
 * states it, so a German page loads only the latin file. Names carry a content hash: cached for a year.
 */

export const FONT_PATH = '/assets/fonts/';
/** Only these subsets: German and the other languages of the shop's customers are written with them. */
const SUBSETS = ['latin', 'latin-ext'] as const;

export interface FontFile {
  name: string;
  body: Buffer;
}

interface Face {
  family: string;
  weight: number;
  subset: (typeof SUBSETS)[number];
  unicodeRange: string;
  url: string;
}

export interface FontCatalogue {
  /** By file name (the part after /assets/fonts/). */
  files: ReadonlyMap<string, FontFile>;
  /** The @font-face rules of a pairing (empty for the system fonts). */
  fontFaceCss(pairing: FontPairing): string;
  /**
   * The latin files of the pairing (at most three, under 100 KB together): preloaded so they arrive with
   * the stylesheet and the swap from the fallback happens before the first paint, not as a layout shift.
   */
  preloadUrls(pairing: FontPairing): string[];
  /** The latin faces of a pairing, which the editor loads (FontFace API) to show its previews. */
  previewFaces(pairing: FontPairing): { family: string; weight: number; url: string }[];
}

const require = createRequire(import.meta.url);
const hashOf = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 10);

/** Reads the unicode-range of each subset from the package's own stylesheet of one weight. */
function rangesOf(packageDir: string, weight: number): Map<string, string> {
  const css = readFileSync(join(packageDir, `${weight}.css`), 'utf8');
  const ranges = new Map<string, string>();
  for (const match of css.matchAll(
    /\/\*\s*[\w-]+?-(latin-ext|latin)-\d+-normal\s*\*\/[^}]*?unicode-range:\s*([^;]+);/g,
  )) {
    ranges.set(match[1]!, match[2]!.trim());
  }
  return ranges;
}

function facesOf(font: PairedFont, files: Map<string, FontFile>): Face[] {
  if (!font.package) return [];
  const packageDir = dirname(require.resolve(`${font.package}/package.json`));
  const base = font.package.replace('@fontsource/', '');
  const faces: Face[] = [];
  for (const weight of font.weights) {
    const ranges = rangesOf(packageDir, weight);
    for (const subset of SUBSETS) {
      const unicodeRange = ranges.get(subset);
      // A package without this subset or weight is a mistake in the curated list: fail at start-up.
      if (!unicodeRange) throw new Error(`${font.package} ${weight}: kein Teilsatz ${subset}`);
      const body = readFileSync(join(packageDir, 'files', `${base}-${subset}-${weight}-normal.woff2`));
      const name = `${base}-${subset}-${weight}-${hashOf(body)}.woff2`;
      files.set(name, { name, body });
      faces.push({ family: font.family, weight, subset, unicodeRange, url: `${FONT_PATH}${name}` });
    }
  }
  return faces;
}

const fontFace = (face: Face) =>
  `@font-face{font-family:"${face.family}";font-style:normal;font-weight:${face.weight};font-display:swap;` +
  `src:url(${face.url}) format("woff2");unicode-range:${face.unicodeRange}}`;

let catalogue: FontCatalogue | undefined;

/** Loaded once per process, on first use; every pairing's files are checked then. */
export function fontCatalogue(): FontCatalogue {
  if (catalogue) return catalogue;
  const files = new Map<string, FontFile>();
  const faces = new Map<string, { heading: Face[]; body: Face[] }>();
  for (const pairing of FONT_PAIRINGS) {
    faces.set(pairing.id, { heading: facesOf(pairing.heading, files), body: facesOf(pairing.body, files) });
  }
  const unique = (list: Face[]) => [...new Map(list.map((f) => [f.url, f])).values()];
  catalogue = {
    files,
    fontFaceCss(pairing) {
      const of = faces.get(pairing.id);
      return of
        ? unique([...of.heading, ...of.body])
            .map(fontFace)
            .join('\n')
        : '';
    },
    preloadUrls(pairing) {
      const of = faces.get(pairing.id);
      // Body regular first: the first paint needs it most.
      return of
        ? unique([...of.body, ...of.heading])
            .filter((f) => f.subset === 'latin')
            .sort((a, b) => Number(b.weight === 400) - Number(a.weight === 400))
            .map((f) => f.url)
        : [];
    },
    previewFaces(pairing) {
      const of = faces.get(pairing.id);
      return of
        ? unique([...of.heading, ...of.body])
            .filter((f) => f.subset === 'latin')
            .map(({ family, weight, url }) => ({ family, weight, url }))
        : [];
    },
  };
  return catalogue;
}
