// Core predicates: comparisons, number tests and the debug switch. Registered without the trailing `?`.

import type { Predicate, RenderScope } from '../../plugin-api.js';
import { asNumber, compareValues, deepEqual, isTruthy } from './values.js';

/** Arguments that look like JSON literals (`3`, `-2`, `"abc"`, `[1]`, `true`, `null`) are values. */
const JSON_START = /^["\d[{]|^-\d|^(true|false|null)$/;

/** A comparison argument: a JSON literal when it parses as one, otherwise the variable it names. */
export function argumentValue(arg: string, scope: RenderScope): unknown {
  if (JSON_START.test(arg)) {
    try {
      return JSON.parse(arg);
    } catch {
      // Not valid JSON after all (`"abc`, `3rd`): read it as a variable name.
    }
  }
  return scope.resolve(arg);
}

/**
 * `argumentValue` for one fixed argument: a literal parsed once, or a variable read at each call. The
 * comparisons only read the values they get, so one parsed literal serves every call.
 */
function argumentReader(arg: string): (scope: RenderScope) => unknown {
  if (JSON_START.test(arg)) {
    try {
      const value: unknown = JSON.parse(arg);
      return () => value;
    } catch {
      // A variable name after all, as in argumentValue.
    }
  }
  return (scope) => scope.resolve(arg);
}

/** With one argument the current value is compared with it; with two they are compared with each other. */
function comparison(test: (a: unknown, b: unknown) => boolean): Predicate {
  const predicate: Predicate = (args, scope) => {
    if (args.length === 0) return false;
    const values = args.slice(0, 2).map((arg) => argumentValue(arg, scope));
    return values.length === 1 ? test(scope.current, values[0]) : test(values[0], values[1]);
  };
  predicate.withArgs = (args) => {
    if (args.length === 0) return () => false;
    const first = argumentReader(args[0]!);
    if (args.length === 1) return (scope) => test(scope.current, first(scope));
    const second = argumentReader(args[1]!);
    return (scope) => test(first(scope), second(scope));
  };
  return predicate;
}

/** Even/odd look at the current value or the variable the argument names; only numbers qualify. */
const parity =
  (remainder: 0 | 1): Predicate =>
  (args, scope) => {
    const value = args.length > 0 ? scope.resolve(args[0]) : scope.current;
    return typeof value === 'number' && Math.abs(value) % 2 === remainder;
  };

/**
 * `nth? M` is true when the current value is a multiple of M; `nth? N M` tests N instead. Both must be
 * integers and M non-zero.
 */
const nth: Predicate = (args, scope) => {
  if (args.length === 0) return false;
  const values = args.map((arg) => argumentValue(arg, scope));
  const [n, m] = args.length === 2 ? values : [scope.current, values[0]];
  if (!Number.isInteger(n) || !Number.isInteger(m) || m === 0) return false;
  return Math.abs(n as number) % Math.abs(m as number) === 0;
};

export const corePredicates: Record<string, Predicate> = {
  /** True when the context has a truthy `debug` variable. */
  debug: (_args, scope) => isTruthy(scope.resolve('debug')),
  equal: comparison((a, b) => deepEqual(a, b)),
  notEqual: comparison((a, b) => !deepEqual(a, b)),
  greaterThan: comparison((a, b) => compareValues(a, b) > 0),
  greaterThanOrEqual: comparison((a, b) => compareValues(a, b) >= 0),
  lessThan: comparison((a, b) => compareValues(a, b) < 0),
  lessThanOrEqual: comparison((a, b) => compareValues(a, b) <= 0),
  even: parity(0),
  odd: parity(1),
  nth,
  /** More than one: the current value read as a number. */
  plural: (_args, scope) => asNumber(scope.current) > 1,
  /** Exactly one: the current value read as a number. */
  singular: (_args, scope) => asNumber(scope.current) === 1,
};
