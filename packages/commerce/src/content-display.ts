// Display rules of content items shared by templates and islands (spec 4, 8 and 9): comments,
// folder links, relative times, truncation and alt text.

import { FolderBehavior } from './enumerations.js';

export interface CommentableLike {
  commentState?: number | null;
  publicCommentCount?: number | null;
  websiteSettings?: { commentsEnabled?: boolean | null } | null;
}

/**
 * Comments show when commentState is 1 (open) or there are public comments, unless website
 * settings exist and comments are switched off there.
 */
export function commentsVisible(item: CommentableLike | null | undefined): boolean {
  if (!item) return false;
  if (item.websiteSettings && item.websiteSettings.commentsEnabled !== true) return false;
  return item.commentState === 1 || Number(item.publicCommentCount ?? 0) > 0;
}

/**
 * 'No Comments', '1 Comment', 'N Comments' (the spec's fallbacks); on a German site (locale 'de…')
 * 'Keine Kommentare', '1 Kommentar', 'N Kommentare' (issue 22).
 */
export function commentCountText(count: unknown, locale?: string): string {
  const n = Math.max(0, Math.trunc(Number(count)) || 0);
  if (isGermanLocale(locale)) {
    if (n === 0) return 'Keine Kommentare';
    return n === 1 ? '1 Kommentar' : `${n} Kommentare`;
  }
  if (n === 0) return 'No Comments';
  return n === 1 ? '1 Comment' : `${n} Comments`;
}

/** A German site: its locale is German ('de', 'de-DE', 'de-AT' ...). */
export const isGermanLocale = (locale: string | undefined | null) => /^de(?:[-_]|$)/i.test(locale ?? '');

/** A folder item links somewhere when folderBehavior is missing, index or redirect. */
export function isFolderItemClickable(folderBehavior: number | null | undefined): boolean {
  return (
    folderBehavior === null ||
    folderBehavior === undefined ||
    folderBehavior === FolderBehavior.INDEX ||
    folderBehavior === FolderBehavior.REDIRECT
  );
}

export const INVALID_DATE_TEXT = 'Invalid date.';

const UNITS: readonly [seconds: number, name: string][] = [
  [365 * 86400, 'year'],
  [30 * 86400, 'month'],
  [86400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
];

/**
 * 'less than a minute ago', 'about a minute ago', 'about 3 hours ago', 'about 70 years ago'
 * (whole units, rounded down); future dates read 'in about ...'. 'Invalid date.' when not finite.
 */
export function relativeTimeText(date: number, now: number): string {
  if (!Number.isFinite(date) || !Number.isFinite(now)) return INVALID_DATE_TEXT;
  const seconds = Math.abs(now - date) / 1000;
  const future = date > now;
  for (const [size, name] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) {
      const amount =
        count === 1 ? `about ${name === 'hour' ? 'an' : 'a'} ${name}` : `about ${count} ${name}s`;
      return future ? `in ${amount}` : `${amount} ago`;
    }
  }
  return future ? 'in less than a minute' : 'less than a minute ago';
}

export const DEFAULT_TRUNCATE_LENGTH = 100;
export const DEFAULT_TRUNCATE_ELLIPSIS = '...';

/**
 * Cuts text longer than `maxLength` back to the last whitespace inside the limit (keeping it) and
 * appends the ellipsis; a single long word is cut at the limit.
 */
export function truncateText(
  text: string,
  maxLength: number = DEFAULT_TRUNCATE_LENGTH,
  ellipsis: string = DEFAULT_TRUNCATE_ELLIPSIS,
): string {
  const limit = Number.isFinite(maxLength) && maxLength > 0 ? Math.floor(maxLength) : DEFAULT_TRUNCATE_LENGTH;
  if (text.length <= limit) return text;
  const head = text.slice(0, limit);
  const lastSpace = head.search(/\s\S*$/);
  return (lastSpace > 0 ? head.slice(0, lastSpace + 1) : head) + ellipsis;
}

/**
 * A Disqus forum name (spec 3 disqusShortname): letters, digits and dashes. It becomes the host of the
 * forum's script (`<name>.disqus.com`), so anything else is refused where it would be used.
 */
export function isDisqusShortname(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9-]{1,64}$/i.test(value);
}

export const ALT_TEXT_MAX_LENGTH = 250;

/** Alt text taken from an image's body: tags and surplus whitespace dropped, cut at 250 characters. */
export function altTextFromBody(body: string | null | undefined): string {
  const text = (body ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, ALT_TEXT_MAX_LENGTH);
}

/** The external calendar's compact UTC format: 20131115T123030Z. Null for a non-finite date. */
export function calendarCompactDate(epochMs: number): string | null {
  if (!Number.isFinite(epochMs)) return null;
  const iso = new Date(epochMs).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}
