// How template formatters read JSON values: missing or mistyped fields never throw, they read as
// '' / NaN / false the way a template author expects, so one bad field cannot break a page.

/** JSON-T truthiness: '', 0, NaN, false, null, [] and {} are false. */
export function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return false;
}

/** A field of an object (or array index); undefined for anything else. */
export function field(value: unknown, key: string | number): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return typeof key === 'number' ? value[key] : undefined;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** Follows a path of fields; undefined as soon as one is missing. */
export function path(value: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>((node, key) => field(node, key), value);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Text of a scalar; '' for missing values, JSON for objects and arrays. */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Number of a scalar; numeric strings count, everything else is NaN. */
export function asNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes text for a double-quoted HTML attribute. */
export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ATTRIBUTE_ESCAPES[c]);
}
