import { describe, expect, it } from 'vitest';
import {
  clampScrollDuration,
  durationProblem,
  easeOutSine,
  focusContainerArgsProblem,
  SCROLL_INTO_VIEW_OFFSET,
  SCROLL_TO_DURATION_MS,
  TWEEN_DEFAULT_DURATION_MS,
} from './motion.js';

describe('scroll and tween', () => {
  it('R5.9.2 R5.9.3 durations must be finite numbers', () => {
    expect(durationProblem('tween', 300)).toBeNull();
    expect(durationProblem('scroll', Number.POSITIVE_INFINITY)).toBe(
      'scroll duration must be a finite number',
    );
    expect(durationProblem('tween', Number.NaN)).toBe('tween duration must be a finite number');
    expect(durationProblem('tween', '300')).toBe('tween duration must be a finite number');
  });

  it('R9.6.1 R9.6.2 R9.6.3 R9.6.4 defaults: tween 300 ms, scroll clamp 50 to 50, easeOutSine, offset 30', () => {
    expect(TWEEN_DEFAULT_DURATION_MS).toBe(300);
    expect(SCROLL_TO_DURATION_MS).toEqual({ min: 50, max: 50 });
    expect(clampScrollDuration(1000)).toBe(50);
    expect(clampScrollDuration(1000, { min: 50, max: 800 })).toBe(800);
    expect(easeOutSine(0)).toBe(0);
    expect(easeOutSine(1)).toBe(1);
    expect(easeOutSine(0.5)).toBeCloseTo(Math.SQRT1_2);
    expect(SCROLL_INTO_VIEW_OFFSET).toBe(30);
  });

  it('R5.9.4 the focus container helper needs exactly one of container or predicate', () => {
    expect(focusContainerArgsProblem({ container: {} })).toBeNull();
    expect(focusContainerArgsProblem({ predicate: () => true })).toBeNull();
    expect(focusContainerArgsProblem({})).toBe('Pass exactly one of container or predicate');
    expect(focusContainerArgsProblem({ container: {}, predicate: () => true })).toBe(
      'Pass exactly one of container or predicate',
    );
  });
});
