// Core formatters that pick, reshape or count data (get, prop, lookup, key-by, find-first/last, count),
// do small arithmetic (mod, round, cycle, pluralize) and run partials and macros (apply).
// Arguments naming variables go through `scope.resolve`: inside a variable tag the engine makes the
// tag's value the innermost context, so `{product|lookup keys.first}` can find `product.name`.

import type { ApplyOptions, Formatter, RenderScope } from '../../plugin-api.js';
import { asNumber, asText, childOf, isObject, isTruthy, splitPath, valueAt } from './values.js';

/**
 * `apply NAME [private] [key=value ...]` renders the partial or macro NAME with the value as its
 * context. `private` keeps lookups inside that context; `key=value` pairs become `@args` (other words
 * are ignored), and `@args` exists only when the tag had arguments after the name.
 */
export const apply: Formatter = (value, args, scope) => {
  if (args.length === 0) return '';
  const [name, ...extras] = args;
  const options: ApplyOptions = { private: false };
  if (extras.length > 0) {
    const pairs: [string, string][] = [];
    for (const extra of extras) {
      if (extra === 'private') {
        options.private = true;
        continue;
      }
      const equals = extra.indexOf('=');
      if (equals !== -1) pairs.push([extra.slice(0, equals), extra.slice(equals + 1)]);
    }
    options.args = Object.fromEntries(pairs);
  }
  return scope.applyPartial(name, value, options);
};

/** Properties of an object, elements of an array, characters of a string; 0 for anything else. */
export const count: Formatter = (value) => {
  if (Array.isArray(value) || typeof value === 'string') return value.length;
  if (isObject(value)) return Object.keys(value).length;
  return 0;
};

/** The argument at position (value - 1) modulo the number of arguments: `{@index|cycle odd even}`. */
export const cycle: Formatter = (value, args) => {
  if (args.length === 0) return undefined;
  let index = (asNumber(value) - 1) % args.length;
  if (index < 0) index += args.length;
  return Number.isInteger(index) ? args[index] : undefined;
};

/** The 1-based position in the enclosing repeated section, as text. */
export const iter: Formatter = (_value, _args, scope) => asText(scope.resolve('@index'));

/**
 * Walks into the value by the values of the variables the arguments name: a string or number value is
 * one step, an array value is a path of steps. Missing as soon as a variable or a step is missing.
 */
export const get: Formatter = (value, args, scope) => {
  let current = value;
  for (const arg of args) {
    const key = scope.resolve(arg);
    if (key === undefined) return undefined;
    const steps = Array.isArray(key) ? key : [typeof key === 'number' ? key : asText(key)];
    current = valueAt(current, steps);
    if (current === undefined) return undefined;
  }
  return current;
};

/** Walks into the value by literal dotted paths: `{foo|prop bar.0 baz}`. */
export const prop: Formatter = (value, args) => {
  let current = value;
  for (const arg of args) {
    current = valueAt(current, splitPath(arg));
    if (current === undefined) return undefined;
  }
  return current;
};

/**
 * `lookup KEY`: the variable KEY holds the name of another variable, whose value is the result
 * (`{product|lookup keys.first}` with keys.first = "name" gives product.name).
 */
export const lookup: Formatter = (_value, args, scope) => {
  const key = args[0];
  if (!key) return '';
  const name = asText(scope.resolve(key));
  return name === '' ? undefined : scope.resolve(name);
};

/** An object of the array's items keyed by the value at PATH in each item; items without it are left out. */
export const keyBy: Formatter = (value, args) => {
  const keyed: Record<string, unknown> = {};
  const path = args[0];
  if (!Array.isArray(value) || !path) return keyed;
  const steps = splitPath(path);
  for (const item of value) {
    const key = valueAt(item, steps);
    if (key === undefined) continue;
    // defineProperty, so a key such as "__proto__" stays an ordinary key.
    Object.defineProperty(keyed, String(key), {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return keyed;
};

/**
 * The first (or last) item of an array that passes: with no argument any item; with `PATH` an item
 * whose value at PATH is truthy; with `TABLE PATH` an item whose entry in the variable TABLE (keyed by
 * the item as text) is truthy at PATH. Missing when none passes.
 */
function findEntry(value: unknown, args: string[], scope: RenderScope, fromEnd: boolean): unknown {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const withTable = args.length === 2;
  const table = withTable ? scope.resolve(args[0]) : undefined;
  const steps = args.length > 0 ? splitPath(args[withTable ? 1 : 0]) : undefined;
  const items = fromEnd ? [...value].reverse() : value;
  for (const item of items) {
    if (!steps) return item;
    const candidate = withTable ? childOf(table, asText(item)) : item;
    if (isTruthy(valueAt(candidate, steps))) return item;
  }
  return undefined;
}

export const findFirst: Formatter = (value, args, scope) => findEntry(value, args, scope, false);

export const findLast: Formatter = (value, args, scope) => findEntry(value, args, scope, true);

/** The value modulo the integer argument (2 when absent, zero or not a number); keeps the value's sign. */
export const mod: Formatter = (value, args) => {
  const parsed = Number.parseInt(args[0] ?? '', 10);
  const divisor = parsed && Number.isFinite(parsed) ? parsed : 2;
  return asNumber(value) % divisor;
};

/** Rounds half up (towards +infinity): -1.5 gives -1, 1.5 gives 2. */
export const round: Formatter = (value) => Math.round(asNumber(value));

/**
 * The singular or plural suffix for a count: no arguments '' / 's', one argument '' / ARG,
 * two arguments ARG1 / ARG2. Only exactly 1 is singular.
 */
export const pluralize: Formatter = (value, args) => {
  const singular = args.length >= 2 ? args[0] : '';
  const plural = args.length >= 2 ? args[1] : args.length === 1 ? args[0] : 's';
  return asNumber(value) === 1 ? singular : plural;
};
