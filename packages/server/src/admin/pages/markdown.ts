import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/*
 * The Markdown an owner types into a text block (and posts, events, accordion items), turned into HTML once
 * when it is saved (the storefront then only prints it). markdown-it reads it as CommonMark with GitHub's
 * tables and strikethrough: paragraphs, headings, emphasis, code, links, images, lists, quotes, rules.
 * Raw HTML in the Markdown is shown as text, never interpreted (`html: false`); a single line break stays
 * a line break (`breaks`), as owners type addresses and opening hours line by line. Links and images may
 * only point at http(s), mailto, tel, a path of the site or an anchor; any other target leaves the
 * Markdown as it was typed. The result still goes through the same sanitiser as HTML blocks.
 * Why a library and what changed against the former hand-written subset:
 * docs/decisions/015-libraries-for-markdown-search-captcha-rate-limits.md.
 */

/** Link and image targets the text may carry; anything else stays plain text. */
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const markdown = new MarkdownIt('default', {
  html: false,
  // Bare addresses stay text: an owner writes a link when they mean one.
  linkify: false,
  // Its quotes would be English ones (“ ”), wrong in German text; owners type „ “ themselves.
  typographer: false,
  breaks: true,
});
// markdown-it's own check only refuses javascript:, vbscript:, file: and data:; ours is the shorter list of
// what a shop's page links to, so a protocol-relative `//evil.example` or `ftp:` never becomes a link.
markdown.validateLink = (url) => SAFE_HREF.test(url.trim());

/** Options shared by Markdown output and HTML blocks: formatting, links, images; no scripts or frames. */
export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    // Numbered lists may start elsewhere than 1; table columns keep their alignment (and nothing else of a style).
    ol: ['start'],
    th: ['style'],
    td: ['style'],
    '*': ['class', 'id'],
  },
  allowedStyles: {
    th: { 'text-align': [/^(left|right|center)$/] },
    td: { 'text-align': [/^(left|right|center)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
};

/** Owner-written HTML as visitors may see it: no scripts, event handlers, frames, styles or `javascript:` links. */
export function sanitizedHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

export function markdownToHtml(text: string): string {
  return sanitizedHtml(markdown.render(text)).trim();
}
