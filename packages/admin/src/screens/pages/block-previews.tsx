import type { ReactNode } from 'react';

/*
 * Small sketches of each block for the block library: a few flat shapes on an 80 × 50 grid, drawn in
 * three tones (block-library.css): paper lines, ink for text, the accent for buttons and prices. They
 * are decoration beside the block's name and description, so screen readers skip them.
 */

const Lines = ({ x, y, widths, gap = 5 }: { x: number; y: number; widths: number[]; gap?: number }) => (
  <>
    {widths.map((w, i) => (
      <rect key={`${i}-${w}`} className="sketch-line" x={x} y={y + i * gap} width={w} height="2.5" rx="1.2" />
    ))}
  </>
);

const Picture = ({ x, y, w, h }: { x: number; y: number; w: number; h: number }) => (
  <>
    <rect className="sketch-image" x={x} y={y} width={w} height={h} rx="2" />
    <circle className="sketch-sun" cx={x + w * 0.72} cy={y + h * 0.3} r={Math.min(w, h) * 0.12} />
    <path
      className="sketch-hill"
      d={`M${x} ${y + h} L${x + w * 0.35} ${y + h * 0.5} L${x + w * 0.6} ${y + h * 0.78} L${x + w * 0.78} ${y + h * 0.6} L${x + w} ${y + h} Z`}
    />
  </>
);

const Button = ({ x, y, w = 18 }: { x: number; y: number; w?: number }) => (
  <rect className="sketch-accent" x={x} y={y} width={w} height="6" rx="3" />
);

const SKETCHES: Record<string, ReactNode> = {
  hero: (
    <>
      <Picture x={4} y={4} w={72} h={42} />
      <rect className="sketch-scrim" x={4} y={4} width={72} height={42} rx="2" />
      <rect className="sketch-on-dark" x={12} y={16} width={40} height="4" rx="2" />
      <rect className="sketch-on-dark" x={12} y={24} width={30} height="2.5" rx="1.2" />
      <Button x={12} y={32} />
    </>
  ),
  'image-text': (
    <>
      <Picture x={4} y={8} w={34} h={34} />
      <rect className="sketch-ink" x={44} y={12} width={26} height="3.5" rx="1.5" />
      <Lines x={44} y={20} widths={[32, 28, 30]} />
      <Button x={44} y={36} w={16} />
    </>
  ),
  'featured-product': (
    <>
      <rect className="sketch-image" x={4} y={6} width={36} height={38} rx="2" />
      <path
        className="sketch-ink"
        d="M14 20 h16 v14 a3 3 0 0 1 -3 3 h-10 a3 3 0 0 1 -3 -3 Z M30 23 h3 a3 3 0 0 1 0 8 h-3"
      />
      <rect className="sketch-ink" x={46} y={12} width={26} height="3.5" rx="1.5" />
      <rect className="sketch-accent" x={46} y={20} width={14} height="3.5" rx="1.5" />
      <Lines x={46} y={27} widths={[22]} />
      <Button x={46} y={34} w={22} />
    </>
  ),
  testimonials: (
    <>
      {[4, 42].map((x) => (
        <g key={x}>
          <rect className="sketch-card" x={x} y={8} width={34} height={34} rx="3" />
          <path
            className="sketch-accent"
            d={`M${x + 5} 14 h4 v5 h-2 l-2 3 Z M${x + 11} 14 h4 v5 h-2 l-2 3 Z`}
          />
          <Lines x={x + 5} y={25} widths={[24, 20]} />
          <rect className="sketch-ink" x={x + 5} y={35} width={12} height="2.5" rx="1.2" />
        </g>
      ))}
    </>
  ),
  faq: (
    <>
      {[8, 20, 32].map((y, i) => (
        <g key={y}>
          <rect className="sketch-ink" x={6} y={y} width={i === 1 ? 46 : 54} height="3" rx="1.5" />
          <path className="sketch-accent-stroke" d={`M68 ${y - 1} l4 4 l4 -4`} strokeWidth="2" />
          <rect className="sketch-line" x={6} y={y + 7} width={68} height="1" />
        </g>
      ))}
    </>
  ),
  heading: <rect className="sketch-ink" x={8} y={20} width={56} height="8" rx="3" />,
  text: <Lines x={8} y={12} widths={[64, 60, 64, 44]} gap={7} />,
  button: <Button x={22} y={21} w={36} />,
  accordion: (
    <>
      {[10, 22, 34].map((y) => (
        <g key={y}>
          <rect className="sketch-card" x={6} y={y} width={68} height={9} rx="2" />
          <rect className="sketch-ink" x={10} y={y + 3.5} width={30} height="2" rx="1" />
        </g>
      ))}
    </>
  ),
  table: (
    <>
      <rect className="sketch-card" x={6} y={8} width={68} height={34} rx="2" />
      <rect className="sketch-ink" x={6} y={8} width={68} height={8} rx="2" />
      {[24, 32].map((y) => (
        <rect key={y} className="sketch-line" x={6} y={y} width={68} height="1" />
      ))}
      {[29, 52].map((x) => (
        <rect key={x} className="sketch-line" x={x} y={8} width="1" height={34} />
      ))}
    </>
  ),
  spacer: (
    <>
      <Lines x={8} y={8} widths={[64]} />
      <path
        className="sketch-accent-stroke"
        d="M40 16 v18 M36 20 l4 -4 l4 4 M36 30 l4 4 l4 -4"
        strokeWidth="2"
      />
      <Lines x={8} y={40} widths={[64]} />
    </>
  ),
  image: <Picture x={10} y={6} w={60} h={38} />,
  gallery: (
    <>
      <Picture x={4} y={6} w={22} h={18} />
      <Picture x={29} y={6} w={22} h={18} />
      <Picture x={54} y={6} w={22} h={18} />
      <Picture x={4} y={27} w={22} h={18} />
      <Picture x={29} y={27} w={22} h={18} />
      <Picture x={54} y={27} w={22} h={18} />
    </>
  ),
  video: (
    <>
      <rect className="sketch-ink" x={8} y={6} width={64} height={38} rx="3" />
      <path className="sketch-on-dark" d="M35 17 L48 25 L35 33 Z" />
    </>
  ),
  audio: (
    <>
      <rect className="sketch-card" x={6} y={16} width={68} height={18} rx="9" />
      <path className="sketch-accent" d="M13 20 L21 25 L13 30 Z" />
      <rect className="sketch-line" x={26} y={24} width={40} height="2.5" rx="1.2" />
      <rect className="sketch-accent" x={26} y={24} width={16} height="2.5" rx="1.2" />
    </>
  ),
  embed: (
    <>
      <rect className="sketch-card" x={8} y={8} width={64} height={34} rx="3" />
      <path className="sketch-ink-stroke" d="M30 18 l-7 7 l7 7 M50 18 l7 7 l-7 7" strokeWidth="2.5" />
    </>
  ),
  products: (
    <>
      {[4, 30, 56].map((x) => (
        <g key={x}>
          <rect className="sketch-image" x={x} y={6} width={20} height={22} rx="2" />
          <rect className="sketch-ink" x={x} y={32} width={18} height="2.5" rx="1.2" />
          <rect className="sketch-accent" x={x} y={38} width={10} height="2.5" rx="1.2" />
        </g>
      ))}
    </>
  ),
  summary: (
    <>
      {[8, 22, 36].map((y) => (
        <g key={y}>
          <rect className="sketch-image" x={6} y={y - 2} width={12} height={10} rx="1.5" />
          <rect className="sketch-ink" x={22} y={y} width={34} height="2.5" rx="1.2" />
          <rect className="sketch-line" x={22} y={y + 5} width={48} height="2" rx="1" />
        </g>
      ))}
    </>
  ),
  form: (
    <>
      {[8, 20].map((y) => (
        <g key={y}>
          <rect className="sketch-line" x={8} y={y} width={20} height="2" rx="1" />
          <rect className="sketch-card" x={8} y={y + 3.5} width={64} height={6} rx="1.5" />
        </g>
      ))}
      <Button x={8} y={36} />
    </>
  ),
  newsletter: (
    <>
      <path className="sketch-ink-stroke" d="M28 8 h24 v16 h-24 Z M28 8 l12 9 l12 -9" strokeWidth="2" />
      <rect className="sketch-card" x={8} y={32} width={44} height={8} rx="2" />
      <Button x={55} y={33} w={18} />
    </>
  ),
  'social-links': (
    <>
      {[16, 32, 48, 64].map((cx) => (
        <circle key={cx} className={cx === 32 ? 'sketch-accent' : 'sketch-ink'} cx={cx} cy={25} r={6} />
      ))}
    </>
  ),
  map: (
    <>
      <rect className="sketch-image" x={6} y={6} width={68} height={38} rx="3" />
      <path className="sketch-line-stroke" d="M6 30 L30 22 L50 32 L74 18" strokeWidth="3" />
      <path
        className="sketch-accent"
        d="M40 12 a6 6 0 0 1 6 6 c0 5 -6 11 -6 11 s-6 -6 -6 -11 a6 6 0 0 1 6 -6 Z"
      />
    </>
  ),
  html: (
    <path
      className="sketch-ink-stroke"
      d="M30 14 l-11 11 l11 11 M50 14 l11 11 l-11 11 M44 12 l-8 26"
      strokeWidth="3"
    />
  ),
};

/** The sketch of a kind of block; a plain card for a kind without one. */
export function BlockPreview({ kind }: { kind: string }) {
  return (
    <svg
      className="block-preview"
      viewBox="0 0 80 50"
      width="80"
      height="50"
      aria-hidden="true"
      focusable="false"
      data-kind={kind}
    >
      <rect className="sketch-paper" x="0" y="0" width="80" height="50" rx="4" />
      {SKETCHES[kind] ?? <Lines x={10} y={16} widths={[60, 50, 56]} gap={7} />}
    </svg>
  );
}

export const KINDS_WITH_SKETCH = Object.keys(SKETCHES);
