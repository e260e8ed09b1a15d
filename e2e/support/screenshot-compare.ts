import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/*
 * Visual regression (issue 22): a screenshot is compared pixel by pixel with its committed baseline
 * (pixelmatch). Anti-aliasing is ignored and a pixel counts as changed only beyond a small colour
 * distance; a page differs when more than a small share of its pixels changed, or its size did.
 */

/** pixelmatch's per-pixel colour distance (0 to 1): below it, a pixel is the same. */
export const PIXEL_THRESHOLD = 0.1;
/** The share of changed pixels a page may have and still look the same (0.2 %: a caret, a rounding). */
export const MAX_CHANGED_SHARE = 0.002;

export interface Comparison {
  sameSize: boolean;
  changedPixels: number;
  changedShare: number;
  /** The changed pixels painted red over a faded copy of the baseline, for whoever looks at a failure. */
  diff?: Buffer;
}

export function compareImages(actual: Buffer, baseline: Buffer): Comparison {
  const a = PNG.sync.read(actual);
  const b = PNG.sync.read(baseline);
  if (a.width !== b.width || a.height !== b.height) {
    return {
      sameSize: false,
      changedPixels: Math.max(a.width * a.height, b.width * b.height),
      changedShare: 1,
    };
  }
  const diff = new PNG({ width: a.width, height: a.height });
  const changedPixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, {
    threshold: PIXEL_THRESHOLD,
  });
  return {
    sameSize: true,
    changedPixels,
    changedShare: changedPixels / (a.width * a.height),
    diff: PNG.sync.write(diff),
  };
}

export const looksTheSame = (comparison: Comparison) =>
  comparison.sameSize && comparison.changedShare <= MAX_CHANGED_SHARE;

export type BaselineOutcome =
  | { outcome: 'written'; baseline: string }
  | { outcome: 'same'; baseline: string; comparison: Comparison }
  | { outcome: 'changed'; baseline: string; comparison: Comparison; actual: string; diff?: string };

/**
 * Compares `png` with the baseline `<baselines>/<name>.png`. A missing baseline, or `update` (the
 * `npm run screenshots:update` run), writes it instead. A changed page leaves the new screenshot and the
 * diff under `failures` for a look.
 */
export function matchBaseline(
  name: string,
  png: Buffer,
  places: { baselines: string; failures: string; update: boolean },
): BaselineOutcome {
  const baseline = join(places.baselines, `${name}.png`);
  if (places.update || !existsSync(baseline)) {
    mkdirSync(dirname(baseline), { recursive: true });
    writeFileSync(baseline, png);
    return { outcome: 'written', baseline };
  }
  const comparison = compareImages(png, readFileSync(baseline));
  if (looksTheSame(comparison)) return { outcome: 'same', baseline, comparison };
  mkdirSync(places.failures, { recursive: true });
  const actual = join(places.failures, `${name}.actual.png`);
  writeFileSync(actual, png);
  let diff: string | undefined;
  if (comparison.diff) {
    diff = join(places.failures, `${name}.diff.png`);
    writeFileSync(diff, comparison.diff);
  }
  return { outcome: 'changed', baseline, comparison, actual, diff };
}
