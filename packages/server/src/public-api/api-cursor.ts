import { HttpError } from '../http-error.js';
import { apiMessages as m } from './api-messages.js';

/*
 * Cursors of the public API's lists: the sort key of a page's last row (keyset pagination), base64url JSON.
 * Opaque to clients; a page never skips or repeats a row when rows are added in between, as offsets would.
 */

export const encodeCursor = (key: Record<string, string | number>) =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

/** The key a cursor names, checked field by field; 400 for anything we did not hand out. */
export function decodeCursor<K extends Record<string, 'string' | 'number'>>(
  cursor: string | undefined,
  shape: K,
): { [P in keyof K]: K[P] extends 'string' ? string : number } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(400, 'BAD_CURSOR', m.cursorInvalid);
  }
  const ok =
    typeof value === 'object' &&
    value !== null &&
    Object.entries(shape).every(([k, type]) => {
      const v = (value as Record<string, unknown>)[k];
      return type === 'number' ? Number.isSafeInteger(v) : typeof v === 'string' && v.length <= 64;
    });
  if (!ok) throw new HttpError(400, 'BAD_CURSOR', m.cursorInvalid);
  return value as never;
}
