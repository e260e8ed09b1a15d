// How the core formatters and predicates read JSON values: the coercions of JSON-Template
// (a value "as text", "as a number", truthiness), variable paths, deep equality and ordering.
// A missing value is `undefined`, JSON null is `null`.

type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Strings as they are, numbers and booleans spelled out; null, missing, objects and arrays are ''. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** Numbers as they are; a string is parsed (as a decimal when it holds a '.'); true is 1; the rest 0. */
export function asNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string')
    return value.includes('.') ? Number.parseFloat(value) : Number.parseInt(value, 10);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return 0;
}

/** Jackson's rules: only `true`, the string "true" and non-zero integers are true. */
export function asBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value === 'true';
  if (typeof value === 'number') return Number.isInteger(value) && value !== 0;
  return false;
}

/** Truthiness as sections and `.if` see it: empty strings, 0, NaN, empty arrays and objects are false. */
export function isTruthy(value: unknown): boolean {
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'number') return !Number.isNaN(value) && value !== 0;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.length !== 0;
  if (isObject(value)) return Object.keys(value).length !== 0;
  return false;
}

export type PathStep = string | number;

/** `a.b.0` -> ['a', 'b', 0]: all-digit steps (within 32 bits) become array indices. */
export function splitPath(path: string): PathStep[] {
  return path.split('.').map((step) => {
    if (!/^\d+$/.test(step)) return step;
    const index = Number.parseInt(step, 10);
    return index <= 0x7fffffff ? index : step;
  });
}

/** One step down: an object's own property, or an array element by numeric index; otherwise missing. */
export function childOf(value: unknown, step: unknown): unknown {
  if (Array.isArray(value)) return typeof step === 'number' ? value[step] : undefined;
  if (isObject(value)) {
    const key = String(step);
    return Object.hasOwn(value, key) ? value[key] : undefined;
  }
  return undefined;
}

/** Follows `steps` from `value`; missing as soon as one step is missing. */
export function valueAt(value: unknown, steps: readonly unknown[]): unknown {
  let current = value;
  for (const step of steps) {
    current = childOf(current, step);
    if (current === undefined) return undefined;
  }
  return current;
}

/** Structural equality of JSON values; a missing value equals null, as in the reference engine. */
export function deepEqual(a: unknown, b: unknown): boolean {
  const left = a === undefined ? null : a;
  const right = b === undefined ? null : b;
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object') {
    return left === right;
  }
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, i) => deepEqual(item, right[i]));
  }
  const leftObject = left as JsonObject;
  const rightObject = right as JsonObject;
  const keys = new Set([...Object.keys(leftObject), ...Object.keys(rightObject)]);
  for (const key of keys) {
    if (!Object.hasOwn(leftObject, key) || !Object.hasOwn(rightObject, key)) return false;
    if (!deepEqual(leftObject[key], rightObject[key])) return false;
  }
  return true;
}

/** Compares code unit by code unit, like Java's String.compareTo: 'ABC' < 'abc' < 'def'. */
function compareStrings(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const diff = a.charCodeAt(i) - b.charCodeAt(i);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

/**
 * Orders `a` against `b` by the type of `a`: numbers numerically (b read as a number), strings by code
 * units (b read as text), booleans with false < true; anything else is 0 when deeply equal, else -1.
 * A comparison with NaN counts as "greater", as in the reference engine.
 */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number') {
    const n = asNumber(b);
    return a < n ? -1 : a === n ? 0 : 1;
  }
  if (typeof a === 'string') return compareStrings(a, asText(b));
  if (typeof a === 'boolean') {
    const other = asBoolean(b);
    return a === other ? 0 : a ? 1 : -1;
  }
  return deepEqual(a, b) ? 0 : -1;
}
