/*
 * JSON is stored as text on both dialects so SQLite and PostgreSQL behave the same. A damaged value
 * must not take a whole page down, so reading falls back instead of throwing.
 */

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed === null || parsed === undefined) return fallback;
    if (Array.isArray(fallback) !== Array.isArray(parsed)) return fallback;
    return parsed as T;
  } catch {
    return fallback;
  }
}

export function optionalFromJson<T>(text: string | null | undefined): T | undefined {
  if (text === null || text === undefined || text === '') return undefined;
  try {
    return (JSON.parse(text) as T | null) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Booleans are integers 0/1 in both dialects; better-sqlite3 cannot bind a boolean at all. */
export const toFlag = (value: boolean | undefined): number => (value ? 1 : 0);
export const fromFlag = (value: number | string | boolean | null | undefined): boolean =>
  value === 1 || value === '1' || value === true;
