import { calendarCompactDate } from '@baukasten/commerce';
import type { EventContext, PostContext } from './content-context.js';
import { plainText } from './content-context.js';

/*
 * The two files visitors' programs read: the blog's RSS 2.0 feed and one event as iCalendar
 * (RFC 5545). Both are built as text here; nothing of the owner's input is trusted as markup.
 */

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** Characters XML 1.0 forbids anywhere, even escaped. */
const xmlText = (text: string) =>
  xmlEscape(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));

export interface FeedChannel {
  title: string;
  /** Absolute address of the blog page. */
  link: string;
  /** Absolute address of the feed itself. */
  feedUrl: string;
  description: string;
  language: string;
}

/** RSS 2.0 with the atom:link self reference feed validators ask for; newest post first. */
export function rssFeed(channel: FeedChannel, origin: string, posts: PostContext[]): string {
  const items = posts.map((post) => {
    const link = `${origin}${post.fullUrl}`;
    const lines = [
      `<title>${xmlText(post.title)}</title>`,
      `<link>${xmlText(link)}</link>`,
      `<guid isPermaLink="true">${xmlText(link)}</guid>`,
      `<pubDate>${new Date(post.publishOn).toUTCString()}</pubDate>`,
      ...(post.author ? [`<dc:creator>${xmlText(post.author.displayName)}</dc:creator>`] : []),
      ...post.categories.map((name) => `<category>${xmlText(name)}</category>`),
      // The excerpt as escaped HTML, which feed readers render.
      `<description>${xmlText(post.excerpt)}</description>`,
    ];
    return `<item>${lines.join('')}</item>`;
  });
  const newest = posts[0]?.publishOn;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${xmlText(channel.title)}</title>`,
    `<link>${xmlText(channel.link)}</link>`,
    `<atom:link href="${xmlText(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xmlText(channel.description || channel.title)}</description>`,
    `<language>${xmlText(channel.language.toLowerCase())}</language>`,
    ...(newest !== undefined ? [`<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    '<generator>Baukasten</generator>',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** TEXT values of iCalendar: backslash, semicolon, comma and line breaks escaped. */
const icsText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1). */
function folded(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (size + length > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** One event as a calendar file: times in UTC, the location with its coordinates, a link back. */
export function icsCalendar(event: EventContext, origin: string, hostname: string, now: number): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Baukasten//Veranstaltungen//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@${hostname}`,
    `DTSTAMP:${calendarCompactDate(now)}`,
    `DTSTART:${event.startCompact}`,
    `DTEND:${event.endCompact}`,
    `SUMMARY:${icsText(event.title)}`,
    ...(event.locationText ? [`LOCATION:${icsText(event.locationText)}`] : []),
    ...(event.location?.mapLat !== undefined && event.location?.mapLng !== undefined
      ? [`GEO:${event.location.mapLat};${event.location.mapLng}`]
      : []),
    ...(plainText(event.excerpt) ? [`DESCRIPTION:${icsText(plainText(event.excerpt))}`] : []),
    `URL:${origin}${event.fullUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(folded).join('\r\n')}\r\n`;
}
