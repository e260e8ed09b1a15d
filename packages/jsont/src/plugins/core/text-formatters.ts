// Core formatters that turn a value into text: escaping for HTML, URLs and script blocks, JSON
// output, and small typographic helpers. Each reads its value "as text" (null, missing, objects and
// arrays read as '') unless it says otherwise.

import type { Formatter } from '../../plugin-api.js';
import { escapeHtmlAttribute, escapeHtmlText } from '../html.js';
import { asText, isObject, isTruthy } from './values.js';

export { escapeHtmlAttribute, escapeHtmlText };

/** `</` becomes `<\/` so JSON inside a `<script>` block cannot close it (any letter case of the tag). */
export const escapeScriptEnd = (json: string): string => json.replace(/<\//g, '<\\/');

/** Lone surrogates become U+FFFD, so URI encoding never throws on a broken string. */
const wellFormed = (text: string): string =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

export const html: Formatter = (value) => escapeHtmlText(asText(value));

export const htmlAttr: Formatter = (value) => escapeHtmlAttribute(asText(value));

export const encodeSpace: Formatter = (value) => asText(value).replace(/\s/g, '&nbsp;');

export const encodeUri: Formatter = (value) => encodeURI(wellFormed(asText(value)));

export const encodeUriComponent: Formatter = (value) => encodeURIComponent(wellFormed(asText(value)));

/** Characters the old `escape()` leaves alone; every other UTF-8 byte becomes `%XX`. */
const URL_SAFE = /[A-Za-z0-9@*_+\-./]/;

/** Percent-encodes the UTF-8 bytes of the text; space is `%20`, and `@*_+-./` stay readable. */
export const urlEncode: Formatter = (value) => {
  let encoded = '';
  for (const byte of new TextEncoder().encode(asText(value))) {
    const ch = String.fromCharCode(byte);
    encoded += byte < 0x80 && URL_SAFE.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
};

export const lineBreaks: Formatter = (value) => asText(value).replace(/\n/g, '<br/>');

/** Strips tags from a truthy value; a falsy value (0, false, '') passes through unchanged. */
export const safe: Formatter = (value) => (isTruthy(value) ? asText(value).replace(/<[^>]*?>/g, '') : value);

/** Keeps letters, digits, whitespace and dashes, turns whitespace runs into one dash, lowercases. */
export const slugify: Formatter = (value) =>
  asText(value)
    .replace(/[^a-zA-Z0-9\s-]+/g, '')
    .replace(/\s+/g, '-')
    .toLowerCase();

/**
 * Typographic quotes and dashes: a quote at the start, after whitespace, a dash or an opening bracket
 * opens (‘ “), every other quote closes (’ ”), and `--` becomes an em dash.
 */
export const smartypants: Formatter = (value) =>
  asText(value)
    .replace(/(^|[-\u2014\s(["])'/gm, '$1\u2018')
    .replace(/'/g, '\u2019')
    .replace(/(^|[-\u2014/[(\u2018\s])"/gm, '$1\u201c')
    .replace(/"/g, '\u201d')
    .replace(/--/g, '\u2014');

/** Scalars as text; objects and arrays print nothing. */
export const str: Formatter = (value) => (Array.isArray(value) || isObject(value) ? '' : asText(value));

/** The value as JSON, unescaped: strings keep their quotes. A missing value prints nothing. */
export const raw: Formatter = (value) => (value === undefined ? undefined : JSON.stringify(value));

export const json: Formatter = (value) =>
  value === undefined ? '' : escapeScriptEnd(JSON.stringify(value) ?? '');

export const jsonPretty: Formatter = (value) =>
  value === undefined ? '' : escapeScriptEnd(JSON.stringify(value, undefined, 2) ?? '');

/** Prints its arguments, separated by spaces, whatever the value. */
export const output: Formatter = (_value, args) => args.join(' ');

/**
 * Fills `{0}`, `{1}`, ... in the value with the variables named by the arguments (null and missing
 * fill ''). A placeholder without a matching argument prints nothing; a brace group that is not all
 * digits, or is never closed, is dropped up to its `}` or the end of the text.
 */
export const format: Formatter = (value, args, scope) => {
  // Arguments name variables of the section around the tag, not of the message being formatted.
  const resolve = (path: string) =>
    scope.resolveEnclosing ? scope.resolveEnclosing(path) : scope.resolve(path);
  const fills = args.map((arg) => asText(resolve(arg)));
  return asText(value).replace(/\{([^}]*)(\}?)/g, (_group, inside: string, closed: string) => {
    if (!closed || !/^\d*$/.test(inside)) return '';
    const index = inside === '' ? 0 : Number.parseInt(inside, 10);
    return index < fills.length ? fills[index] : '';
  });
};

const WHITESPACE = new Set([' ', '\n', '\t', '\u000b', '\r', '\f']);

/** Cuts after the last whitespace within `limit` (or at `limit` when there is none) and adds `ellipsis`. */
export function shorten(text: string, limit: number, ellipsis: string): string {
  if (text.length <= limit) return text;
  let end = limit;
  for (let i = limit - 1; i >= 0; i--) {
    if (WHITESPACE.has(text[i])) {
      end = i + 1;
      break;
    }
  }
  // Never leave half of a surrogate pair (an emoji) behind.
  const last = text.charCodeAt(end - 1);
  if (end === limit && last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end) + ellipsis;
}

/** `truncate [limit=100] [ellipsis=...]`; a limit that is not a positive number leaves the value alone. */
export const truncate: Formatter = (value, args) => {
  const limit = args.length > 0 ? Number.parseInt(args[0], 10) : 100;
  const ellipsis = args.length > 1 ? args[1] : '...';
  if (!Number.isFinite(limit) || limit <= 0) return value;
  return shorten(asText(value), limit, ellipsis);
};
