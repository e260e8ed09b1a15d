import type { VitalMetric, VitalRating } from './analytics-api.js';

/* Numbers of the dashboards in German. */

const whole = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

export const number = (value: number) => whole.format(value);

export const percent = (share: number | null) =>
  share === null ? '–' : `${whole.format(Math.round(share * 1000) / 10)} %`;

/** Names of the web vitals, short and long. */
export const VITAL_NAMES: Record<VitalMetric, { short: string; long: string }> = {
  firstContentfulPaintMs: { short: 'FCP', long: 'Erster Inhalt sichtbar' },
  largestContentfulPaintMs: { short: 'LCP', long: 'Größter Inhalt sichtbar' },
  cumulativeLayoutShift: { short: 'CLS', long: 'Layout-Verschiebung' },
  firstInputDelayMs: { short: 'FID', long: 'Verzögerung der ersten Eingabe' },
  interactionToNextPaintMs: { short: 'INP', long: 'Reaktion auf Interaktionen' },
};

export const VITAL_ORDER: VitalMetric[] = [
  'firstContentfulPaintMs',
  'largestContentfulPaintMs',
  'cumulativeLayoutShift',
  'firstInputDelayMs',
  'interactionToNextPaintMs',
];

export const RATING_NAMES: Record<VitalRating, string> = {
  good: 'gut',
  'needs-improvement': 'verbesserungswürdig',
  poor: 'schlecht',
};

const twoDecimals = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** A vital's value: layout shift without unit, times in ms below a second, else in s. */
export function vitalValue(metric: VitalMetric, value: number): string {
  if (metric === 'cumulativeLayoutShift') return twoDecimals.format(value);
  if (value < 1000) return `${whole.format(Math.round(value))} ms`;
  return `${twoDecimals.format(Math.round(value / 10) / 100)} s`;
}
