// Core formatters that turn a value into text: escaping for HTML, URLs and script blocks, JSON
// output, and small typographic helpers. Each reads its value "as text" (null, missing, objects and
// arrays read as '') unless it says otherwise.

import type { Formatter } from '../../plugin-api.js';
import { escapeHtmlAttribute, escapeHtmlText } from '../html.js';
import { asText, isObject, isTruthy } from './values.js';

export { escapeHtmlAttribute, escapeHtmlText };

/** `</` becomes `<\/` so JSON inside a `<script>` block cannot close it (any letter case of the tag). */
export const escapeScriptEnd = (json: string): string =>
  json.includes('</') ? json.replaceAll('</', '<\\/') : json;

/** Lone surrogates become U+FFFD, so URI encoding never throws on a broken string. */
const wellFormed = (text: string): string =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

export const html: Formatter = (value) => escapeHtmlText(asText(value));

export const htmlAttr: Formatter = (value) => escapeHtmlAttribute(asText(value));

export const encodeSpace: Formatter = (value) => asText(value).replace(/\s/g, '&nbsp;');

export const encodeUri: Formatter = (value) => encodeURI(wellFormed(asText(value)));

export const encodeUriComponent: Formatter = (value) => encodeURIComponent(wellFormed(asText(value)));

/** ASCII characters `url-encode` keeps as they are (those the old `escape()` leaves alone). */
const KEPT_IN_URLS = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@*_+-./') {
  KEPT_IN_URLS[c.charCodeAt(0)] = 1;
}

const percent = (byte: number): string => `%${byte < 16 ? '0' : ''}${byte.toString(16).toUpperCase()}`;

/**
 * Percent-encodes the UTF-8 bytes of the text, except letters, digits and `@*_+-./`. Most values (SKUs,
 * slugs) need nothing encoded and are returned as they are; `encodeURIComponent` does the UTF-8 of
 * the others, with its few ASCII characters that we encode after all.
 */
export const urlEncode: Formatter = (value) => {
  const text = asText(value);
  let i = 0;
  while (i < text.length && KEPT_IN_URLS[text.charCodeAt(i)] === 1) i++;
  if (i === text.length) return text;
  let encoded = text.slice(0, i);
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) encoded += KEPT_IN_URLS[code] === 1 ? text[i] : percent(code);
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      encoded += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) encoded += '%EF%BF%BD';
    else encoded += encodeURIComponent(text[i]!);
  }
  return encoded;
};

export const lineBreaks: Formatter = (value) => asText(value).replace(/\n/g, '<br/>');

/** Strips tags from a truthy value; a falsy value (0, false, '') passes through unchanged. */
export const safe: Formatter = (value) => {
  if (!isTruthy(value)) return value;
  const text = asText(value);
  return text.includes('<') ? text.replace(/<[^>]*?>/g, '') : text;
};

/** Whitespace as JavaScript's `\s` counts it (ASCII controls, spaces of Unicode, the BOM). */
function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Characters a slug keeps as they are: lowercase ASCII letters, digits and the dash. */
const isSlugCharacter = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d;

/**
 * Lowercase ASCII letters, digits and dashes; every other character is dropped, and each stretch of
 * whitespace (counted after the dropping, so `a & b` has one) becomes a single dash. A text that is a
 * slug already (URL ids, tags) comes back as it is; otherwise runs of kept characters are copied whole.
 */
export const slugify: Formatter = (value) => {
  const text = asText(value);
  let i = 0;
  while (i < text.length && isSlugCharacter(text.charCodeAt(i))) i++;
  if (i === text.length) return text;
  let slug = text.slice(0, i);
  /** Start of the run of kept characters not yet copied. */
  let from = i;
  let pendingDash = false;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSlugCharacter(code)) {
      // A dash is pending only right after a dropped character, so no run is open here.
      if (pendingDash) slug += '-';
      pendingDash = false;
      continue;
    }
    slug += text.slice(from, i);
    from = i + 1;
    if (code >= 0x41 && code <= 0x5a) {
      if (pendingDash) slug += '-';
      pendingDash = false;
      slug += String.fromCharCode(code + 0x20);
    } else if (isWhitespace(code)) pendingDash = true;
  }
  slug += text.slice(from);
  return pendingDash ? `${slug}-` : slug;
};

const OPENS_SINGLE = new Set(['-', '\u2014', '(', '[', '"']);
const OPENS_DOUBLE = new Set(['-', '\u2014', '(', '[', '/', '\u2018']);

/** A quote opens at the start of the text, after whitespace, or after one of `openers`. */
const opensAfter = (before: string | undefined, openers: Set<string>): boolean =>
  before === undefined || openers.has(before) || isWhitespace(before.charCodeAt(0));

/**
 * Typographic quotes and dashes. A quote opens (‘ “) at the start, after whitespace, a dash or an
 * opening bracket, a single one also after a straight double quote, a double one also after a slash or
 * an opening single quote; every other quote closes (’ ”). `--` becomes an em dash; quotes are decided
 * before that, so a quote after `--` opens.
 */
export const smartypants: Formatter = (value) => {
  const text = asText(value);
  // Most texts have neither quotes nor double dashes.
  if (!text.includes("'") && !text.includes('"') && !text.includes('--')) return text;
  let result = '';
  /** The previous character with its quote already curled (dashes stay as they were). */
  let previous: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    let typeset = c;
    // A single quote looks at the text as written: a double quote before it counts even when it closes.
    if (c === "'") typeset = opensAfter(text[i - 1], OPENS_SINGLE) ? '\u2018' : '\u2019';
    else if (c === '"') typeset = opensAfter(previous, OPENS_DOUBLE) ? '\u201c' : '\u201d';
    previous = typeset;
    if (c === '-' && text[i + 1] === '-') {
      typeset = '\u2014';
      i++;
    }
    result += typeset;
  }
  return result;
};

/** Scalars as text; objects and arrays print nothing. */
export const str: Formatter = (value) => (Array.isArray(value) || isObject(value) ? '' : asText(value));

/** The value as JSON, unescaped: strings keep their quotes. A missing value prints nothing. */
export const raw: Formatter = (value) => (value === undefined ? undefined : JSON.stringify(value));

export const json: Formatter = (value) =>
  value === undefined ? '' : escapeScriptEnd(JSON.stringify(value) ?? '');

/**
 * A string JSON writes as it is (no control characters, quotes, backslashes or surrogates) and HTML
 * attributes too (no `&`, `<`, `>`): most keys and values of product data.
 */
function plainInJsonAttribute(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x26 || c === 0x3c || c === 0x3e || c === 0x5c) return false;
    if (c >= 0xd800 && c <= 0xdfff) return false;
  }
  return true;
}

/** A scalar of `json|htmlattr` written directly, or undefined for anything else. */
function scalarInJsonAttribute(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return plainInJsonAttribute(value) ? `&quot;${value}&quot;` : undefined;
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return value === null ? 'null' : undefined;
    default:
      return undefined;
  }
}

/**
 * `json|htmlattr` in one step for flat objects and arrays of plain scalars (variant attributes, option
 * lists): the JSON written with its quotes already escaped. Anything else is declined (undefined) and
 * the engine runs the two formatters.
 */
export const jsonThenHtmlAttr: Formatter = (value) => {
  if (typeof value !== 'object' || value === null) return scalarInJsonAttribute(value);
  // Plain JSON containers only: anything else may have a `toJSON` (a Date) or a custom prototype.
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Array.prototype) {
    let text = '[';
    for (let i = 0; i < (value as unknown[]).length; i++) {
      const item = scalarInJsonAttribute((value as unknown[])[i]);
      if (item === undefined) return undefined;
      text += i === 0 ? item : `,${item}`;
    }
    return `${text}]`;
  }
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  let text = '{';
  for (const key in value) {
    if (!Object.hasOwn(value, key) || !plainInJsonAttribute(key)) return undefined;
    const item = scalarInJsonAttribute((value as Record<string, unknown>)[key]);
    if (item === undefined) return undefined;
    text += text.length === 1 ? `&quot;${key}&quot;:${item}` : `,&quot;${key}&quot;:${item}`;
  }
  return `${text}}`;
};
json.fused = new Map([[htmlAttr, jsonThenHtmlAttr]]);

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

/** Where `text` is cut for `limit`: just after the last ASCII whitespace before it, else at `limit`. */
function cutPoint(text: string, limit: number): number {
  for (let at = limit; at > 0; at--) {
    const code = text.charCodeAt(at - 1);
    if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return at;
  }
  // One long word: cut inside it, but not between the two halves of an emoji.
  const last = text.charCodeAt(limit - 1);
  return last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit;
}

/** Text longer than `limit` UTF-16 units is cut at a word boundary, and `ellipsis` added. */
export function truncateText(text: string, limit: number, ellipsis: string): string {
  return text.length <= limit ? text : text.slice(0, cutPoint(text, limit)) + ellipsis;
}

/** `truncate [limit=100] [ellipsis=...]`; a limit that is not a positive number leaves the value alone. */
export const truncate: Formatter = (value, args) => {
  const limit = args[0] === undefined ? 100 : Number.parseInt(args[0], 10);
  if (!(limit > 0)) return value;
  return truncateText(asText(value), limit, args[1] ?? '...');
};
