import { rolesAllow } from '@baukasten/commerce';
import { type Collection, type ContentItem, type Storage, StorageError } from '@baukasten/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentCollectionKind } from '../../content/content-context.js';
import { HttpError } from '../../http-error.js';
import { AdminInputError, parseInput } from '../admin-input.js';
import { refuseNulCharacters } from '../catalog/text-guard.js';
import { markdownToHtml, sanitizedHtml } from '../pages/markdown.js';
import { pageUrlFromTitle } from '../pages/page-input.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { contentAdminMessages as m } from './content-admin-messages.js';
import { collectionParams, entryChangesInput, entryParams, newEntryInput } from './content-input.js';
import { DRAFT_PUBLISHED_ON, entryStatus, entryView, isDraft } from './content-views.js';
import { localToInstant } from './zoned-time.js';

/*
 * Blog posts and events of a website's blog and events collections (server/src/content/README.md), as
 * the editor writes them. Permissions as for pages: reading needs pages.view; writing a draft needs
 * pages.editDrafts; everything visitors see (publishing, unpublishing, changing or deleting an entry
 * that is published or scheduled) needs pages.publish, so a draft editor prepares but never changes the
 * live site.
 */

const collectionNotFound = () => new HttpError(404, 'COLLECTION_NOT_FOUND', m.collectionNotFound);
const entryNotFound = () => new HttpError(404, 'ENTRY_NOT_FOUND', m.entryNotFound);

function requirePublish(request: FastifyRequest) {
  if (!rolesAllow(accessedSite(request).roles, 'pages.publish'))
    throw new HttpError(403, 'PERMISSION_DENIED', m.publishNeedsPermission);
}

function refusal(error: unknown): never {
  if (error instanceof StorageError) {
    if (error.type === 'URL_ID_TAKEN') throw new HttpError(409, 'URL_TAKEN', error.message);
    if (error.type === 'INVALID_INPUT') throw new AdminInputError(error.message, {});
  }
  throw error;
}

/** Owner text as stored: Markdown rendered, HTML sanitised (the storefront sanitises once more). */
const toHtml = (text: string, format: 'markdown' | 'html') =>
  format === 'markdown' ? markdownToHtml(text) : sanitizedHtml(text);

/** The source kept beside the rendered HTML: the Markdown as written, null for HTML (nothing to keep). */
const markdownSource = (text: string | undefined, format: 'markdown' | 'html') =>
  text === undefined ? undefined : format === 'markdown' ? text : null;

export function registerContentAdminRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const view = { preHandler: requireSitePermission('pages.view') };
    const editDrafts = { preHandler: requireSitePermission('pages.editDrafts') };
    const publish = { preHandler: requireSitePermission('pages.publish') };

    /** The blog or events collection of the request, with the website's time zone. */
    async function contentCollection(request: FastifyRequest) {
      const { websiteId } = accessedSite(request);
      const { pageId } = parseInput(collectionParams, request.params);
      const [collection, website] = await Promise.all([
        storage.collections.findById(websiteId, pageId),
        storage.websites.findById(websiteId),
      ]);
      const kind = collection ? contentCollectionKind(collection) : undefined;
      if (!collection || !kind || !website) throw collectionNotFound();
      return { websiteId, collection, kind, timeZone: website.timeZone };
    }

    async function findEntry(websiteId: string, collection: Collection, entryId: string) {
      const item = await storage.items.findById(websiteId, entryId);
      if (!item || item.collectionId !== collection.id) throw entryNotFound();
      const details = (await storage.content.detailsOf(websiteId, [item.id])).get(item.id);
      return { ...item, content: details ?? { starred: false, commentState: 0 } } as ContentItem;
    }

    /** A free address for a new entry: from its title, then -2, -3 … */
    async function freeUrlId(websiteId: string, collectionId: string, title: string) {
      const base = pageUrlFromTitle(title).slice(0, 90).replace(/-+$/, '') || 'beitrag';
      for (let n = 1; ; n++) {
        const candidate = n === 1 ? base : `${base}-${n}`;
        if (!(await storage.items.findByUrlId(websiteId, collectionId, candidate))) return candidate;
      }
    }

    const instant = (local: string, timeZone: string, field: string) => {
      const value = localToInstant(local, timeZone);
      if (value === undefined) throw new AdminInputError(m.dateTimeInvalid, { [field]: m.dateTimeInvalid });
      return value;
    };

    const location = (
      value: NonNullable<ReturnType<typeof parseInput<typeof newEntryInput>>['location']>,
    ) => {
      const kept: Record<string, string | number> = {};
      for (const key of ['addressLine1', 'addressLine2', 'addressCountry'] as const)
        if (value[key]) kept[key] = value[key]!;
      if (value.mapLat != null && value.mapLng != null) {
        kept.mapLat = value.mapLat;
        kept.mapLng = value.mapLng;
      }
      return kept;
    };

    admin.get('/sites/:siteId/collections/:pageId/entries', view, async (request) => {
      const { websiteId, collection, kind, timeZone } = await contentCollection(request);
      const items = await storage.items.listByCollection(websiteId, collection.id, { limit: 1000 });
      const details = await storage.content.detailsOf(
        websiteId,
        items.map((i) => i.id),
      );
      const now = Date.now();
      const entries = items
        .map((item) => ({ ...item, content: details.get(item.id) ?? { starred: false, commentState: 0 } }))
        .map((item) => entryView(item, collection, timeZone, now));
      // Drafts first, then the newest post or the latest event.
      const sortKey = (e: (typeof entries)[number]) =>
        e.status === 'draft' ? Number.MAX_SAFE_INTEGER : (e.startDate ?? e.publishedOn ?? 0);
      entries.sort((a, b) => sortKey(b) - sortKey(a) || b.createdAt - a.createdAt);
      return {
        collection: {
          id: collection.id,
          title: collection.title,
          kind,
          fullUrl: collection.urlId ? `/${collection.urlId}` : '/',
          timeZone,
        },
        entries,
      };
    });

    admin.post('/sites/:siteId/collections/:pageId/entries', editDrafts, async (request, reply) => {
      const { websiteId, collection, kind, timeZone } = await contentCollection(request);
      const input = parseInput(newEntryInput, request.body);
      if (input.publishAt !== null) requirePublish(request);
      const publishedOn =
        input.publishAt === null ? DRAFT_PUBLISHED_ON : instant(input.publishAt, timeZone, 'publishAt');
      const common = {
        collectionId: collection.id,
        urlId: input.urlId ?? (await freeUrlId(websiteId, collection.id, input.title)),
        title: input.title,
        excerpt: toHtml(input.excerpt, input.format),
        body: toHtml(input.body, input.format),
        categories: input.categories,
        tags: input.tags,
        ...(input.assetUrl ? { assetUrl: input.assetUrl } : {}),
        publishedOn,
        authorDisplayName: input.authorDisplayName || undefined,
        starred: input.starred,
        commentState: input.commentState,
        ...(input.format === 'markdown' ? { excerptMarkdown: input.excerpt, bodyMarkdown: input.body } : {}),
      };
      let created: ContentItem;
      if (kind === 'events') {
        const fields: Record<string, string> = {};
        if (!input.startAt) fields.startAt = m.startMissing;
        if (!input.endAt) fields.endAt = m.endMissing;
        if (fields.startAt || fields.endAt) throw new AdminInputError(Object.values(fields)[0]!, fields);
        const startDate = instant(input.startAt!, timeZone, 'startAt');
        const endDate = instant(input.endAt!, timeZone, 'endAt');
        if (endDate < startDate) throw new AdminInputError(m.endBeforeStart, { endAt: m.endBeforeStart });
        created = await storage.content
          .createEvent(websiteId, {
            ...common,
            startDate,
            endDate,
            ...(input.location ? { location: location(input.location) } : {}),
          })
          .catch(refusal);
      } else {
        if (input.startAt || input.endAt || input.location)
          throw new AdminInputError(m.notAnEvent, { startAt: m.notAnEvent });
        created = await storage.content.createPost(websiteId, common).catch(refusal);
      }
      return reply.code(201).send({ entry: entryView(created, collection, timeZone) });
    });

    admin.get('/sites/:siteId/collections/:pageId/entries/:entryId', view, async (request) => {
      const { websiteId, collection, timeZone } = await contentCollection(request);
      const { entryId } = parseInput(entryParams, request.params);
      return { entry: entryView(await findEntry(websiteId, collection, entryId), collection, timeZone) };
    });

    admin.patch('/sites/:siteId/collections/:pageId/entries/:entryId', editDrafts, async (request) => {
      const { websiteId, collection, kind, timeZone } = await contentCollection(request);
      const { entryId } = parseInput(entryParams, request.params);
      const input = parseInput(entryChangesInput, request.body);
      const current = await findEntry(websiteId, collection, entryId);
      // Visitors see it (or will at its date), or this would make them see it.
      if (!isDraft(current.publishedOn) || (input.publishAt !== undefined && input.publishAt !== null))
        requirePublish(request);
      const isEvent = kind === 'events';
      if (!isEvent && (input.startAt || input.endAt || input.location))
        throw new AdminInputError(m.notAnEvent, { startAt: m.notAnEvent });
      const startDate = input.startAt
        ? instant(input.startAt, timeZone, 'startAt')
        : current.content.startDate;
      const endDate = input.endAt ? instant(input.endAt, timeZone, 'endAt') : current.content.endDate;
      if (isEvent && startDate !== undefined && endDate !== undefined && endDate < startDate)
        throw new AdminInputError(m.endBeforeStart, { endAt: m.endBeforeStart });
      const publishedOn =
        input.publishAt === undefined
          ? undefined
          : input.publishAt === null
            ? DRAFT_PUBLISHED_ON
            : instant(input.publishAt, timeZone, 'publishAt');
      const updated = await storage
        .transaction(async (tx) => {
          await tx.items.update(websiteId, entryId, {
            title: input.title,
            urlId: input.urlId,
            excerpt: input.excerpt === undefined ? undefined : toHtml(input.excerpt, input.format),
            body: input.body === undefined ? undefined : toHtml(input.body, input.format),
            categories: input.categories,
            tags: input.tags,
            assetUrl: input.assetUrl === undefined ? undefined : input.assetUrl || null,
            publishedOn,
          });
          return tx.content.updateDetails(websiteId, entryId, {
            authorDisplayName:
              input.authorDisplayName === undefined ? undefined : input.authorDisplayName || null,
            starred: input.starred,
            commentState: input.commentState,
            excerptMarkdown: markdownSource(input.excerpt, input.format),
            bodyMarkdown: markdownSource(input.body, input.format),
            ...(isEvent ? { startDate, endDate } : {}),
            ...(input.location !== undefined
              ? { location: input.location === null ? null : location(input.location) }
              : {}),
          });
        })
        .catch(refusal);
      if (!updated) throw entryNotFound();
      return { entry: entryView(updated, collection, timeZone) };
    });

    /** Publishes now, or at the given wall-clock time of the site (scheduled). */
    admin.post('/sites/:siteId/collections/:pageId/entries/:entryId/publish', publish, async (request) => {
      const { websiteId, collection, timeZone } = await contentCollection(request);
      const { entryId } = parseInput(entryParams, request.params);
      const { publishAt } = parseInput(entryChangesInput, request.body);
      await findEntry(websiteId, collection, entryId);
      const publishedOn = publishAt ? instant(publishAt, timeZone, 'publishAt') : Date.now();
      await storage.items.update(websiteId, entryId, { publishedOn }).catch(refusal);
      const entry = entryView(await findEntry(websiteId, collection, entryId), collection, timeZone);
      return { entry };
    });

    admin.post('/sites/:siteId/collections/:pageId/entries/:entryId/unpublish', publish, async (request) => {
      const { websiteId, collection, timeZone } = await contentCollection(request);
      const { entryId } = parseInput(entryParams, request.params);
      await findEntry(websiteId, collection, entryId);
      await storage.items.update(websiteId, entryId, { publishedOn: DRAFT_PUBLISHED_ON }).catch(refusal);
      return { entry: entryView(await findEntry(websiteId, collection, entryId), collection, timeZone) };
    });

    admin.delete('/sites/:siteId/collections/:pageId/entries/:entryId', editDrafts, async (request) => {
      const { websiteId, collection } = await contentCollection(request);
      const { entryId } = parseInput(entryParams, request.params);
      const current = await findEntry(websiteId, collection, entryId);
      if (entryStatus(current.publishedOn) !== 'draft') requirePublish(request);
      if (!(await storage.items.delete(websiteId, entryId))) throw entryNotFound();
      return { deleted: true };
    });
  });
}
