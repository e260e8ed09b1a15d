import { useId } from 'react';
import { number, percent } from './analytics-format.js';

/*
 * Hand-made SVG charts for the dashboards: a line chart over days, horizontal bars, and a funnel. Each is
 * an image with a title and a description that says the figures in words (screen readers get the data,
 * not the drawing); every mark has a <title> for a tooltip. Colours come from the editor's palette and
 * are told apart by more than colour (legend with line styles, labels at the bars).
 */

const WIDTH = 640;
const BAR_WIDTH = 420;

/** A round upper end for an axis and its step: 0–5 → 5, 7 → 10, 130 → 150, 1234 → 1500. */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (!(max > 0)) return { top: ticks, step: 1 };
  const rough = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const whole = Math.max(1, Math.round(step));
  const finalStep = step < 1 ? 1 : whole;
  return { top: finalStep * Math.ceil(max / finalStep), step: finalStep };
}

export interface Series {
  name: string;
  values: number[];
  /** CSS class of the line: its colour and dash pattern. */
  className: string;
}

const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;

/** One line per series over the days of the range; the y axis starts at 0. */
export function LineChart({
  title,
  days,
  series,
  height = 220,
}: {
  title: string;
  days: string[];
  series: Series[];
  height?: number;
}) {
  const id = useId();
  const left = 44;
  const right = 12;
  const top = 12;
  const bottom = 28;
  const plotW = WIDTH - left - right;
  const plotH = height - top - bottom;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const { top: yTop, step } = niceScale(max);
  const x = (i: number) => left + (days.length <= 1 ? plotW / 2 : (i / (days.length - 1)) * plotW);
  const y = (v: number) => top + plotH - (v / yTop) * plotH;
  const ticks: number[] = [];
  for (let v = 0; v <= yTop; v += step) ticks.push(v);
  // At most about eight day labels, evenly spread, the last day always.
  const every = Math.max(1, Math.ceil(days.length / 8));
  const last = days.length - 1;
  const labelled = days
    .map((_, i) => i)
    .filter((i) => i === last || (i % every === 0 && last - i >= every / 2));
  const description = series
    .map(
      (s) =>
        `${s.name}: ${number(s.values.reduce((a, b) => a + b, 0))} insgesamt, höchstens ${number(Math.max(0, ...s.values))} an einem Tag`,
    )
    .join('; ');
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="chart__svg"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {ticks.map((v) => (
          <g key={v} className="chart__grid">
            <line x1={left} x2={WIDTH - right} y1={y(v)} y2={y(v)} />
            <text x={left - 6} y={y(v) + 4} textAnchor="end">
              {number(v)}
            </text>
          </g>
        ))}
        {labelled.map((i) => (
          <text key={days[i]} className="chart__axis" x={x(i)} y={height - 8} textAnchor="middle">
            {shortDay(days[i] ?? '')}
          </text>
        ))}
        {series.map((s) => (
          <g key={s.name} className={`chart__series ${s.className}`}>
            <polyline points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
            {s.values.map((v, i) => (
              <circle key={days[i]} cx={x(i)} cy={y(v)} r={days.length > 60 ? 1.5 : 3}>
                <title>{`${shortDay(days[i] ?? '')} ${s.name}: ${number(v)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="chart__legend">
        {series.map((s) => (
          <span key={s.name} className={`chart__key ${s.className}`}>
            <svg width="24" height="10" aria-hidden="true">
              <line x1="0" x2="24" y1="5" y2="5" />
            </svg>
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

export interface Bar {
  label: string;
  value: number;
  /** The value as shown at the bar (default: the number). */
  valueText?: string;
}

/** Horizontal bars, longest first as given; labels on the left, values at the bars' ends. */
export function BarChart({
  title,
  bars,
  className = '',
}: {
  title: string;
  bars: Bar[];
  className?: string;
}) {
  const id = useId();
  // Narrower than the line chart: bar charts often sit in half a column, and their text must stay legible.
  const width = BAR_WIDTH;
  const rowH = 28;
  const labelW = 170;
  const valueW = 48;
  const height = Math.max(1, bars.length) * rowH + 4;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const barW = (v: number) => Math.max(v > 0 ? 2 : 0, ((width - labelW - valueW) * v) / max);
  const cut = (text: string) => (text.length > 26 ? `${text.slice(0, 25)}…` : text);
  return (
    <figure className={`chart ${className}`}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="chart__svg"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          {bars.map((b) => `${b.label}: ${b.valueText ?? number(b.value)}`).join('; ')}
        </desc>
        {bars.map((bar, i) => (
          <g key={`${bar.label}-${i}`} className="chart__bar" transform={`translate(0 ${i * rowH + 2})`}>
            <text x={labelW - 8} y={rowH / 2 + 4} textAnchor="end" className="chart__label">
              {cut(bar.label)}
            </text>
            <rect x={labelW} y={4} width={barW(bar.value)} height={rowH - 8} rx={3}>
              <title>{`${bar.label}: ${bar.valueText ?? number(bar.value)}`}</title>
            </rect>
            <text x={labelW + barW(bar.value) + 6} y={rowH / 2 + 4} className="chart__value">
              {bar.valueText ?? number(bar.value)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

export interface FunnelStage {
  label: string;
  sessions: number;
  /** Share of the previous stage, 0–1; null for the first. */
  conversion: number | null;
}

/** The funnel as centred bars that narrow step by step, each with its sessions and step conversion. */
export function FunnelChart({ title, stages }: { title: string; stages: FunnelStage[] }) {
  const id = useId();
  const rowH = 52;
  const height = stages.length * rowH;
  const max = Math.max(1, ...stages.map((s) => s.sessions));
  const barMax = WIDTH - 40;
  return (
    <figure className="chart chart--funnel">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="chart__svg"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          {stages
            .map(
              (s) =>
                `${s.label}: ${number(s.sessions)} Sitzungen${s.conversion === null ? '' : `, ${percent(s.conversion)} vom vorigen Schritt`}`,
            )
            .join('; ')}
        </desc>
        {stages.map((stage, i) => {
          const w = Math.max(stage.sessions > 0 ? 4 : 0, (barMax * stage.sessions) / max);
          return (
            <g
              key={stage.label}
              className={`chart__stage chart__stage--${i}`}
              transform={`translate(0 ${i * rowH})`}
            >
              <rect
                className="chart__track"
                x={(WIDTH - barMax) / 2}
                y={20}
                width={barMax}
                height={26}
                rx={4}
              />
              <rect x={(WIDTH - w) / 2} y={20} width={w} height={26} rx={4}>
                <title>{`${stage.label}: ${number(stage.sessions)}`}</title>
              </rect>
              <text x={WIDTH / 2} y={14} textAnchor="middle" className="chart__label">
                {`${stage.label}: ${number(stage.sessions)}`}
                {stage.conversion === null ? '' : ` (${percent(stage.conversion)})`}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
