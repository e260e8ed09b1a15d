// Turns URLs, @mentions and #hashtags in a tweet's text into links, in one pass over the text.
//
// - A URL starts with http://, https://, ftp:// or file:// (any letter case) at the start of a word and
//   runs over the characters URLs are made of, minus trailing punctuation (`?!:,.;`) that ends a
//   sentence more often than a URL.
// - A mention (`@name`) or hashtag (`#tag`) starts the text or follows a plain space; its name is ASCII
//   letters, digits and underscores.

import type { Formatter } from '../../plugin-api.js';
import { asText } from '../content/template-values.js';

const SCHEMES = ['http://', 'https://', 'ftp://', 'file://'];

const isWordCode = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x61 && code <= 0x7a) ||
  code === 0x5f;

/** Characters a URL runs over besides letters, digits and `_`. */
const URL_MARKS = new Set([...'-+&@#/%?=~|!:,.;']);
/** Of those, the ones a URL does not end with. */
const TRAILING = new Set([...'?!:,.;']);

const isUrlCode = (text: string, i: number): boolean =>
  isWordCode(text.charCodeAt(i)) || URL_MARKS.has(text[i]!);

/** The end of the URL starting at `start`, or -1 when none starts there. */
function urlEnd(text: string, start: number): number {
  // Every scheme starts with h or f: most positions are ruled out by one comparison.
  const first = text.charCodeAt(start) | 0x20;
  if (first !== 0x68 && first !== 0x66) return -1;
  if (start > 0 && isWordCode(text.charCodeAt(start - 1))) return -1;
  const head = text.slice(start, start + 8).toLowerCase();
  const scheme = SCHEMES.find((s) => head.startsWith(s));
  if (!scheme) return -1;
  const bodyStart = start + scheme.length;
  let end = bodyStart;
  while (end < text.length && isUrlCode(text, end)) end++;
  while (end > bodyStart && TRAILING.has(text[end - 1]!)) end--;
  return end > bodyStart ? end : -1;
}

/** The end of the name after the `@` or `#` at `start`, or -1 when no mention or hashtag starts there. */
function tagEnd(text: string, start: number): number {
  if (start > 0 && text[start - 1] !== ' ') return -1;
  // URLs come first: in `@http://…` the URL is linked, not a mention of "http".
  if (urlEnd(text, start + 1) >= 0) return -1;
  let end = start + 1;
  while (end < text.length && isWordCode(text.charCodeAt(end))) end++;
  return end > start + 1 ? end : -1;
}

export function activateTwitterLinks(text: string): string {
  let result = '';
  /** Text before this index is already in `result`. */
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const end = c === '@' || c === '#' ? tagEnd(text, i) : urlEnd(text, i);
    if (end < 0) continue;
    const found = text.slice(i, end);
    const name = found.slice(1);
    const link =
      c === '@'
        ? `<a target="new" href="https://twitter.com/${name}/">${found}</a>`
        : c === '#'
          ? `<a target="new" href="https://twitter.com/hashtag/${name}?src=hash">${found}</a>`
          : `<a target="new" href="${found}">${found}</a>`;
    result += text.slice(copied, i) + link;
    copied = end;
    i = end - 1;
  }
  return copied === 0 ? text : result + text.slice(copied);
}

export const activateTwitterLinksFormatter: Formatter = (value) => activateTwitterLinks(asText(value));
