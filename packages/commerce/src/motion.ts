// Parameter rules of the scroll, tween and focus helpers used by islands (spec 5 and 9).

export const TWEEN_DEFAULT_DURATION_MS = 300;
/** The spec states the scroll-to clamp as 50 to 50 ms by default; kept as written. */
export const SCROLL_TO_DURATION_MS = { min: 50, max: 50 } as const;
export const SCROLL_INTO_VIEW_OFFSET = 30;
export const LIGHTBOX_TOP_MARGIN_PX = 50;

/** The easeOutSine curve of scroll-to, for progress 0 to 1. */
export function easeOutSine(progress: number): number {
  const t = Math.min(1, Math.max(0, progress));
  return Math.sin((t * Math.PI) / 2);
}

/** Durations must be finite numbers; the message names the helper. Null when fine. */
export function durationProblem(helper: 'scroll' | 'tween', duration: unknown): string | null {
  return typeof duration === 'number' && Number.isFinite(duration) && duration >= 0
    ? null
    : `${helper} duration must be a finite number`;
}

/** A scroll-to duration clamped to the configured bounds (NaN and Infinity are refused earlier). */
export function clampScrollDuration(
  duration: number,
  bounds: { min: number; max: number } = SCROLL_TO_DURATION_MS,
): number {
  return Math.min(bounds.max, Math.max(bounds.min, duration));
}

/** The focus-container helper takes exactly one of a container or a predicate. */
export function focusContainerArgsProblem(args: { container?: unknown; predicate?: unknown }): string | null {
  const given = [args.container, args.predicate].filter((v) => v !== undefined && v !== null).length;
  return given === 1 ? null : 'Pass exactly one of container or predicate';
}
