// Variable references: `foo.bar`, `items.0.name`, `@`, `@index`, `@var.field`, `$foo`.

/** One segment of a reference; digits become array indices. */
export type PathPart = string | number;

const DIGITS = /^\d+$/;

/** Splits a dotted reference; all-digit parts that fit a 32-bit int become numbers (array indices). */
export function splitPath(reference: string): PathPart[] {
  const parts: PathPart[] = reference.split('.');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const first = part.charCodeAt(0);
    if (first < 48 || first > 57 || !DIGITS.test(part)) continue;
    const n = Number.parseInt(part, 10);
    if (n <= 0x7fffffff) parts[i] = n;
  }
  return parts;
}

/** Paths plugins resolve at render time (`scope.resolve('qtyInStock')`), split once each. */
const splitPaths = new Map<string, readonly PathPart[]>();

/** `splitPath` remembered for the few paths templates name: the parts are shared, never to be changed. */
export function splitPathCached(reference: string): readonly PathPart[] {
  let parts = splitPaths.get(reference);
  if (parts === undefined) {
    // Bounded: the arguments of a few thousand templates; beyond that, start over.
    if (splitPaths.size >= 4096) splitPaths.clear();
    parts = splitPath(reference);
    splitPaths.set(reference, parts);
  }
  return parts;
}

/**
 * One step into a JSON value. Inherited members never count, so a template cannot reach `constructor`
 * and the like: JSON data holds no functions, so a function found is an inherited method, and
 * `__proto__` is refused by name. Arrays answer only to numeric indices.
 */
export function step(value: unknown, key: PathPart): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = (value as Record<PathPart, unknown>)[key];
  if (v === undefined || typeof v === 'function' || key === '__proto__') return undefined;
  if (typeof key === 'string' && Array.isArray(value)) return undefined;
  return v;
}
