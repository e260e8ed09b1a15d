import { calendarCompactDate, RecordType } from '@baukasten/commerce';
import type { Collection, ContentItem, Website } from '@baukasten/storage';
import { sanitizedHtml } from '../admin/pages/markdown.js';
import { itemContext } from '../pages/page-context.js';

/*
 * Template contexts of blog posts and events in the shapes of spec 3 (content item, post, event), plus
 * the texts the default theme prints: dates in the website's time zone and locale (Intl), links of
 * categories and tags, the calendar and map links.
 */

/** How a collection holds posts or events: a generic collection (type 1) whose typeName says which. */
export type ContentCollectionKind = 'blog' | 'events';

export function contentCollectionKind(collection: Collection): ContentCollectionKind | undefined {
  const typeName = collection.settings?.typeName;
  return typeName === 'blog' || typeName === 'events' ? typeName : undefined;
}

export const collectionPath = (collection: Pick<Collection, 'urlId'>) =>
  collection.urlId ? `/${collection.urlId}` : '/';

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale, zone and style; building them costs more than formatting. */
function dateFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    if (formatters.size > 100) formatters.clear();
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}

export const dayText = (epochMs: number, website: Website) =>
  dateFormat(website.locale, website.timeZone, { dateStyle: 'long' }).format(epochMs);

const dateTimeText = (epochMs: number, website: Website) =>
  dateFormat(website.locale, website.timeZone, { dateStyle: 'full', timeStyle: 'short' }).format(epochMs);

const timeText = (epochMs: number, website: Website) =>
  dateFormat(website.locale, website.timeZone, { timeStyle: 'short' }).format(epochMs);

/** Year, month (1–12) and day of an instant on the website's wall clock. */
export function zonedDay(epochMs: number, timeZone: string): { year: number; month: number; day: number } {
  const parts = dateFormat('en-US', timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(epochMs);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The instant a wall-clock midnight begins in the zone (DST shifts handled by checking once more). */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day);
  const offsetAt = (instant: number) => {
    const parts = dateFormat('en-US', timeZone, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(instant);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
    return wall - instant;
  };
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

/** Visible text of an HTML fragment, for feeds, meta descriptions and search result lines. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function contentBase(item: ContentItem, collection: Collection, website: Website) {
  const base = itemContext(item, collection, website);
  const path = collectionPath(collection);
  return {
    ...base,
    // Owner HTML is printed as is by the theme, so it is sanitised here, whatever wrote it.
    excerpt: sanitizedHtml(item.excerpt),
    body: sanitizedHtml(item.body),
    commentState: item.content.commentState,
    starred: item.content.starred,
    author: item.content.authorDisplayName ? { displayName: item.content.authorDisplayName } : undefined,
    categories: item.categories,
    tags: item.tags,
    categoryLinks: item.categories.map((name) => ({
      name,
      url: `${path}?kategorie=${encodeURIComponent(name)}`,
    })),
    tagLinks: item.tags.map((name) => ({ name, url: `${path}?tag=${encodeURIComponent(name)}` })),
    collection: {
      id: collection.id,
      title: collection.title,
      fullUrl: path,
      type: collection.type,
      typeName: contentCollectionKind(collection),
      folderBehavior: collection.folderBehavior,
    },
  };
}

export function postContext(item: ContentItem, collection: Collection, website: Website) {
  return {
    ...contentBase(item, collection, website),
    recordTypeLabel: 'text',
    publishedText: dayText(item.publishedOn, website),
    publishedIso: new Date(item.publishedOn).toISOString(),
  };
}

export type PostContext = ReturnType<typeof postContext>;

/** OpenStreetMap at the event's coordinates; no key, no script. */
const mapUrl = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;

export function eventContext(item: ContentItem, collection: Collection, website: Website) {
  const startDate = item.content.startDate ?? item.publishedOn;
  const endDate = item.content.endDate ?? startDate;
  const location = item.content.location;
  const sameDay =
    JSON.stringify(zonedDay(startDate, website.timeZone)) ===
    JSON.stringify(zonedDay(endDate, website.timeZone));
  const base = contentBase(item, collection, website);
  return {
    ...base,
    recordType: RecordType.EVENT,
    recordTypeLabel: 'event',
    startDate,
    endDate,
    location,
    startText: dateTimeText(startDate, website),
    // On the same day the end is only a time: "Samstag, 4. Juli 2026 um 14:00 – 17:00".
    endText: sameDay ? timeText(endDate, website) : dateTimeText(endDate, website),
    startIso: new Date(startDate).toISOString(),
    endIso: new Date(endDate).toISOString(),
    startCompact: calendarCompactDate(startDate),
    endCompact: calendarCompactDate(endDate),
    locationText: [location?.addressLine1, location?.addressLine2, location?.addressCountry]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(', '),
    mapUrl:
      location?.mapLat !== undefined && location?.mapLng !== undefined
        ? mapUrl(location.mapLat, location.mapLng)
        : undefined,
    icsUrl: `${base.fullUrl}?format=ical`,
  };
}

export type EventContext = ReturnType<typeof eventContext>;
