import { useId } from 'react';
import type { VitalMetric, WebVitals } from './analytics-api.js';
import { RATING_NAMES, VITAL_NAMES, VITAL_ORDER, vitalValue } from './analytics-format.js';

/*
 * Web vitals at p75 per page against the bands of spec 9: each metric a track coloured good /
 * needs-improvement / poor at its own thresholds, with the page's p75 as a marker on it. The rating is
 * also written out, so the chart does not rely on colour alone.
 */

const WIDTH = 640;
const LABEL_W = 64;
const TEXT_W = 200;
const TRACK_W = WIDTH - LABEL_W - TEXT_W;

export function VitalsChart({
  page,
  thresholds,
}: {
  page: WebVitals['pages'][number];
  thresholds: WebVitals['thresholds'];
}) {
  const id = useId();
  const metrics = VITAL_ORDER.filter((m) => page.metrics[m]);
  const rowH = 30;
  const height = metrics.length * rowH + 4;
  const describe = (m: VitalMetric) => {
    const v = page.metrics[m]!;
    return `${VITAL_NAMES[m].short} ${vitalValue(m, v.p75)} (${RATING_NAMES[v.rating]})`;
  };
  return (
    <figure className="chart chart--vitals">
      <figcaption className="chart__caption">
        <strong>{page.path}</strong> <span className="muted">({page.samples} Messwerte)</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="chart__svg"
      >
        <title id={`${id}-title`}>{`Web Vitals (p75) für ${page.path}`}</title>
        <desc id={`${id}-desc`}>{metrics.map(describe).join('; ')}</desc>
        {metrics.map((metric, i) => {
          const { good, poor } = thresholds[metric];
          const value = page.metrics[metric]!;
          // The scale ends a quarter past the poor threshold, or past the value when it is worse still.
          const end = Math.max(poor * 1.25, value.p75 * 1.05);
          const x = (v: number) => LABEL_W + (Math.min(v, end) / end) * TRACK_W;
          return (
            <g key={metric} transform={`translate(0 ${i * rowH + 2})`} className="chart__vital">
              <text x={LABEL_W - 8} y={18} textAnchor="end" className="chart__label">
                {VITAL_NAMES[metric].short}
                <title>{VITAL_NAMES[metric].long}</title>
              </text>
              <rect className="band band--good" x={LABEL_W} y={6} width={x(good) - LABEL_W} height={16} />
              <rect
                className="band band--needs-improvement"
                x={x(good)}
                y={6}
                width={x(poor) - x(good)}
                height={16}
              />
              <rect
                className="band band--poor"
                x={x(poor)}
                y={6}
                width={LABEL_W + TRACK_W - x(poor)}
                height={16}
              />
              <path
                className={`marker marker--${value.rating}`}
                d={`M ${x(value.p75)} 2 l 6 -0 l -6 9 l -6 -9 z M ${x(value.p75) - 1.5} 6 h 3 v 20 h -3 z`}
              >
                <title>{describe(metric)}</title>
              </path>
              <text x={LABEL_W + TRACK_W + 10} y={18} className={`chart__value rating--${value.rating}`}>
                {`${vitalValue(metric, value.p75)} · ${RATING_NAMES[value.rating]}`}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** The legend of the three bands. */
export function VitalsLegend() {
  return (
    <p className="chart__legend">
      {(['good', 'needs-improvement', 'poor'] as const).map((rating) => (
        <span key={rating} className="chart__key">
          <svg width="14" height="14" aria-hidden="true">
            <rect className={`band band--${rating}`} width="14" height="14" rx="2" />
          </svg>
          {RATING_NAMES[rating]}
        </span>
      ))}
    </p>
  );
}
