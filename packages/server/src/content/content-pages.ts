import { PageType } from '@baukasten/commerce';
import type { Collection, Website } from '@baukasten/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { engagementContext } from '../comments/engagement-context.js';
import { HttpError } from '../http-error.js';
import { collectionContext } from '../pages/page-context.js';
import { baseContext, type PageDeps, sendPage } from '../pages/send-page.js';
import { siteOrigin } from '../pages/seo-routes.js';
import { firstProblem, parseOr400 } from '../parse-input.js';
import { websiteOf } from '../site-request.js';
import {
  collectionPath,
  contentCollectionKind,
  dayText,
  eventContext,
  plainText,
  postContext,
  zonedDay,
  zonedMidnight,
} from './content-context.js';
import { icsCalendar, rssFeed } from './content-feeds.js';
import { contentMessages as m } from './content-messages.js';

/*
 * Blog and events pages. page-routes.ts hands a collection or item to these when its collection is a
 * blog or an events collection (see contentCollectionKind); they answer with HTML, the JSON context,
 * the RSS feed (blog, ?format=rss) or the iCalendar file (event, ?format=ical).
 */

export const POSTS_PER_PAGE = 10;
export const EVENTS_PER_PAGE = 20;
const FEED_SIZE = 20;

const pageNumber = z.coerce
  .number({ error: m.pageInvalid })
  .int(m.pageInvalid)
  .min(1, m.pageInvalid)
  .max(10_000, m.pageInvalid)
  .default(1);
const filterText = z.string({ error: m.filterInvalid }).trim().max(100, m.filterInvalid).optional();

const blogQuery = z.object({
  kategorie: filterText,
  tag: filterText,
  seite: pageNumber,
  format: z.enum(['json', 'rss'], { error: m.formatUnknownBlog }).optional(),
});

const eventsQuery = z.object({
  ansicht: z.enum(['kommende', 'vergangen', 'kalender'], { error: m.viewUnknown }).default('kommende'),
  monat: z
    .string({ error: m.monthInvalid })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, m.monthInvalid)
    .optional(),
  seite: pageNumber,
});

const itemQuery = z.object({ format: z.enum(['json', 'ical'], { error: m.formatUnknownEvent }).optional() });

/** Query parameters checked at the edge: the first problem becomes a 400 with its German message. */
export function parseQuery<T extends z.ZodType>(schema: T, request: FastifyRequest): z.output<T> {
  return parseOr400(schema, request.query, badQuery);
}

const badQuery = (error: z.ZodError) => new HttpError(400, 'BAD_QUERY', firstProblem(error, m.pageInvalid));

const withQuery = (path: string, params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

interface PageFrame {
  base: Awaited<ReturnType<typeof baseContext>>;
  seo: { title: string; description: string; canonicalUrl: string };
}

/** Renders a blog or events collection; undefined when the collection is neither. */
export async function renderContentCollection(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  collection: Collection,
  frame: PageFrame,
) {
  const kind = contentCollectionKind(collection);
  if (kind === 'blog') return renderBlog(deps, request, reply, collection, frame);
  if (kind === 'events') return renderEvents(deps, request, reply, collection, frame);
  return undefined;
}

async function renderBlog(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  collection: Collection,
  { base, seo }: PageFrame,
) {
  const website = websiteOf(request);
  const query = parseQuery(blogQuery, request);
  const path = collectionPath(collection);
  const origin = siteOrigin(request);
  if (query.format === 'rss') {
    const { items } = await deps.storage.content.listPosts(website.id, collection.id, { limit: FEED_SIZE });
    const feed = rssFeed(
      {
        title: `${collection.title} – ${website.title}`,
        link: `${origin}${path}`,
        feedUrl: `${origin}${path}?format=rss`,
        description: collection.description ?? '',
        language: website.locale,
      },
      origin,
      items.map((post) => postContext(post, collection, website)),
    );
    return reply.type('application/rss+xml; charset=utf-8').send(feed);
  }

  const filter = query.kategorie
    ? { label: m.categoryLabel, name: query.kategorie, category: query.kategorie }
    : query.tag
      ? { label: m.tagLabel, name: query.tag, tag: query.tag }
      : undefined;
  const [listed, facets] = await Promise.all([
    deps.storage.content.listPosts(website.id, collection.id, {
      category: filter?.category,
      tag: filter?.tag,
      limit: POSTS_PER_PAGE,
      offset: (query.seite - 1) * POSTS_PER_PAGE,
    }),
    deps.storage.content.postFacets(website.id, collection.id),
  ]);
  const pages = Math.max(1, Math.ceil(listed.total / POSTS_PER_PAGE));
  const pageUrl = (page: number) =>
    withQuery(path, { kategorie: filter?.category, tag: filter?.tag, seite: page > 1 ? page : undefined });
  return sendPage(deps, request, reply, 'blog-list', {
    ...base,
    pageType: PageType.MAIN_CONTENT,
    seo: {
      ...seo,
      canonicalUrl: `${origin}${pageUrl(query.seite)}`,
      ...(filter ? { title: `${filter.name} – ${seo.title}` } : {}),
    },
    collection: { ...collectionContext(collection), typeName: 'blog' },
    rssUrl: `${path}?format=rss`,
    filter: filter ? { label: filter.label, name: filter.name, clearUrl: path } : undefined,
    categories: facets.categories.map((c) => ({
      ...c,
      url: withQuery(path, { kategorie: c.name }),
      active: c.name === filter?.category,
    })),
    tags: facets.tags.map((t) => ({
      ...t,
      url: withQuery(path, { tag: t.name }),
      active: t.name === filter?.tag,
    })),
    items: listed.items.map((post) => postContext(post, collection, website)),
    total: listed.total,
    pagination:
      pages > 1
        ? {
            page: query.seite,
            pages,
            newerUrl: query.seite > 1 ? pageUrl(query.seite - 1) : undefined,
            olderUrl: query.seite < pages ? pageUrl(query.seite + 1) : undefined,
          }
        : undefined,
  });
}

const WEEKDAYS = [
  ['Mo', 'Montag'],
  ['Di', 'Dienstag'],
  ['Mi', 'Mittwoch'],
  ['Do', 'Donnerstag'],
  ['Fr', 'Freitag'],
  ['Sa', 'Samstag'],
  ['So', 'Sonntag'],
] as const;

/** A month as weeks from Monday to Sunday, with each day's events (by their start on the site's clock). */
async function calendarMonth(
  deps: PageDeps,
  website: Website,
  collection: Collection,
  month: string | undefined,
  now: number,
) {
  const today = zonedDay(now, website.timeZone);
  const [year, monthNumber] = month ? month.split('-').map(Number) : [today.year, today.month];
  const from = zonedMidnight(year!, monthNumber!, 1, website.timeZone);
  const next = monthNumber === 12 ? { y: year! + 1, m: 1 } : { y: year!, m: monthNumber! + 1 };
  const previous = monthNumber === 1 ? { y: year! - 1, m: 12 } : { y: year!, m: monthNumber! - 1 };
  const to = zonedMidnight(next.y, next.m, 1, website.timeZone);
  const { items } = await deps.storage.content.listEvents(website.id, collection.id, { from, to });
  const events = items.map((e) => eventContext(e, collection, website));
  const daysInMonth = new Date(Date.UTC(year!, monthNumber!, 0)).getUTCDate();
  // 0 = Monday.
  const leading = (new Date(Date.UTC(year!, monthNumber! - 1, 1)).getUTCDay() + 6) % 7;
  const byDay = new Map<number, typeof events>();
  for (const event of events) {
    const start = zonedDay(event.startDate, website.timeZone);
    // An event that began last month shows on the 1st.
    const day = start.year === year && start.month === monthNumber ? start.day : 1;
    byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  const cells: { day: number | string; inMonth: boolean; today: boolean; events?: unknown[] }[] = [];
  for (let i = 0; i < leading; i++) cells.push({ day: '', inMonth: false, today: false });
  for (let day = 1; day <= daysInMonth; day++) {
    const dayEvents = byDay.get(day);
    cells.push({
      day,
      inMonth: true,
      today: today.year === year && today.month === monthNumber && today.day === day,
      events: dayEvents?.map((e) => ({
        title: e.title,
        fullUrl: e.fullUrl,
        timeText: new Intl.DateTimeFormat(website.locale, {
          timeStyle: 'short',
          timeZone: website.timeZone,
        }).format(e.startDate),
      })),
    });
  }
  while (cells.length % 7 !== 0) cells.push({ day: '', inMonth: false, today: false });
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push({ days: cells.slice(i, i + 7) });
  const monthParam = (y: number, mo: number) => `${y}-${String(mo).padStart(2, '0')}`;
  const path = collectionPath(collection);
  return {
    title: new Intl.DateTimeFormat(website.locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.UTC(year!, monthNumber! - 1, 15)),
    month: monthParam(year!, monthNumber!),
    weekdays: WEEKDAYS.map(([short, long]) => ({ short, long })),
    weeks,
    events,
    previousUrl: withQuery(path, { ansicht: 'kalender', monat: monthParam(previous.y, previous.m) }),
    nextUrl: withQuery(path, { ansicht: 'kalender', monat: monthParam(next.y, next.m) }),
  };
}

async function renderEvents(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  collection: Collection,
  { base, seo }: PageFrame,
) {
  const website = websiteOf(request);
  const query = parseQuery(eventsQuery, request);
  const path = collectionPath(collection);
  const now = Date.now();
  const views = {
    upcomingUrl: path,
    pastUrl: withQuery(path, { ansicht: 'vergangen' }),
    calendarUrl: withQuery(path, { ansicht: 'kalender' }),
  };
  const common = {
    ...base,
    pageType: PageType.MAIN_CONTENT,
    seo,
    collection: { ...collectionContext(collection), typeName: 'events' },
    views,
  };
  if (query.ansicht === 'kalender') {
    const calendar = await calendarMonth(deps, website, collection, query.monat, now);
    return sendPage(deps, request, reply, 'events-list', {
      ...common,
      view: 'calendar',
      calendarView: true,
      calendar,
      items: calendar.events,
    });
  }
  const when = query.ansicht === 'vergangen' ? 'past' : 'upcoming';
  const listed = await deps.storage.content.listEvents(website.id, collection.id, {
    when,
    now,
    limit: EVENTS_PER_PAGE,
    offset: (query.seite - 1) * EVENTS_PER_PAGE,
  });
  const pages = Math.max(1, Math.ceil(listed.total / EVENTS_PER_PAGE));
  const pageUrl = (page: number) =>
    withQuery(path, {
      ansicht: when === 'past' ? 'vergangen' : undefined,
      seite: page > 1 ? page : undefined,
    });
  return sendPage(deps, request, reply, 'events-list', {
    ...common,
    view: when,
    calendarView: false,
    // The content predicate show-past-events reads this on the collection (spec 3 naming).
    showPastOrUpcomingEvents: when,
    items: listed.items.map((e) => eventContext(e, collection, website)),
    total: listed.total,
    pagination:
      pages > 1
        ? {
            page: query.seite,
            pages,
            previousUrl: query.seite > 1 ? pageUrl(query.seite - 1) : undefined,
            nextUrl: query.seite < pages ? pageUrl(query.seite + 1) : undefined,
          }
        : undefined,
  });
}

/** Renders a post or an event; undefined when the collection holds neither (or no such item). */
export async function renderContentItem(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  collection: Collection,
  itemUrlId: string,
) {
  const kind = contentCollectionKind(collection);
  if (!kind) return undefined;
  const website = websiteOf(request);
  const item = await deps.storage.content.findByUrlId(website.id, collection.id, itemUrlId);
  // Posts not yet published stay hidden, as in the list.
  if (!item || item.publishedOn > Date.now()) return reply.callNotFound();
  const query = parseQuery(itemQuery, request);
  const origin = siteOrigin(request);
  if (kind === 'events') {
    const event = eventContext(item, collection, website);
    if (query.format === 'ical') {
      // The event's UID names the site's primary hostname, like its links: never the request's Host.
      const hostname = website.hostnames[0] ?? 'baukasten';
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${item.urlId}.ics"`)
        .send(icsCalendar(event, origin, hostname, Date.now()));
    }
  } else if (query.format === 'ical') throw new HttpError(400, 'UNKNOWN_FORMAT', m.formatUnknownEvent);
  const base = await baseContext(deps.storage, website, collection.id);
  const itemCtx =
    kind === 'events' ? eventContext(item, collection, website) : postContext(item, collection, website);
  const description = plainText(item.excerpt).slice(0, 160);
  return sendPage(deps, request, reply, kind === 'events' ? 'event-item' : 'blog-item', {
    ...base,
    pageType: PageType.CONTENT_ITEM,
    seo: {
      title: `${item.title} – ${website.title}`,
      description:
        description ||
        (kind === 'blog' ? `${collection.title}, ${dayText(item.publishedOn, website)}` : collection.title),
      canonicalUrl: `${origin}${itemCtx.fullUrl}`,
      ogType: 'article',
      image: itemCtx.assetUrl ? `${origin}${itemCtx.assetUrl}` : undefined,
    },
    collection: { ...collectionContext(collection), typeName: kind },
    item: itemCtx,
    // Likes, share links and comments below the post or event (comments/engagement-context.ts).
    ...(await engagementContext(deps.storage, request, website, {
      target: { type: 'item', id: item.id },
      title: item.title,
      fullUrl: itemCtx.fullUrl,
      commentState: item.content.commentState,
      origin,
      imageUrl: itemCtx.assetUrl,
    })),
  });
}
