import type { Collection, ContentItem } from '@baukasten/storage';
import { collectionPath } from '../../content/content-context.js';
import { instantToLocal } from './zoned-time.js';

/*
 * Blog posts and events as the editor reads them. A draft is an entry visitors do not see yet and that
 * has no publish date: storage keeps the items table's publish date always set, so a draft carries
 * DRAFT_PUBLISHED_ON, far beyond any date a visitor's page asks for ("published on or before now").
 */

/** 31 December 9999, 00:00 UTC: "not published". */
export const DRAFT_PUBLISHED_ON = Date.UTC(9999, 11, 31);

export const isDraft = (publishedOn: number) => publishedOn >= DRAFT_PUBLISHED_ON;

export type EntryStatus = 'draft' | 'scheduled' | 'published';

export function entryStatus(publishedOn: number, now = Date.now()): EntryStatus {
  if (isDraft(publishedOn)) return 'draft';
  return publishedOn > now ? 'scheduled' : 'published';
}

export function entryView(item: ContentItem, collection: Collection, timeZone: string, now = Date.now()) {
  const event = item.content.startDate !== undefined;
  const draft = isDraft(item.publishedOn);
  return {
    id: item.id,
    kind: event ? ('event' as const) : ('post' as const),
    collectionId: collection.id,
    urlId: item.urlId,
    fullUrl: `${collectionPath(collection).replace(/\/$/, '')}/p/${item.urlId}`,
    title: item.title,
    excerpt: item.excerpt,
    body: item.body,
    // The Markdown the owner wrote, so the editor reopens the entry as Markdown; null when it was HTML.
    markdown:
      item.content.excerptMarkdown !== undefined && item.content.bodyMarkdown !== undefined
        ? { excerpt: item.content.excerptMarkdown, body: item.content.bodyMarkdown }
        : null,
    categories: item.categories,
    tags: item.tags,
    authorDisplayName: item.content.authorDisplayName ?? null,
    starred: item.content.starred,
    commentState: item.content.commentState,
    assetUrl: item.assetUrl ?? null,
    status: entryStatus(item.publishedOn, now),
    publishedOn: draft ? null : item.publishedOn,
    publishAt: draft ? null : instantToLocal(item.publishedOn, timeZone),
    ...(event
      ? {
          startDate: item.content.startDate!,
          endDate: item.content.endDate ?? item.content.startDate!,
          startAt: instantToLocal(item.content.startDate!, timeZone),
          endAt: instantToLocal(item.content.endDate ?? item.content.startDate!, timeZone),
          location: item.content.location ?? null,
        }
      : {}),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

export type EntryView = ReturnType<typeof entryView>;
