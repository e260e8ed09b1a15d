// Turns URLs, @mentions and #hashtags in a tweet's text into links.

import type { Formatter } from '../../plugin-api.js';
import { asText } from '../content/template-values.js';

const URLS = /(\b(?:https?|ftp|file):\/\/[-A-Z0-9+&@#/%?=~_|!:,.;]*[-A-Z0-9+&@#/%=~_|])/gi;
const MENTIONS = /(^| )@([a-z0-9_]+)/gi;
const HASHTAGS = /(^| )#([a-z0-9_]+)/gi;

export function activateTwitterLinks(text: string): string {
  return text
    .replace(URLS, '<a target="new" href="$1">$1</a>')
    .replace(MENTIONS, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
    .replace(
      HASHTAGS,
      (_match, before: string, tag: string) =>
        `${before}<a target="new" href="https://twitter.com/hashtag/${encodeURIComponent(tag)}?src=hash">#${tag}</a>`,
    );
}

export const activateTwitterLinksFormatter: Formatter = (value) => activateTwitterLinks(asText(value));
