import { CollectionType } from '@baukasten/commerce';
import { type Block, type Storage, StorageError } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http-error.js';
import { AdminInputError, parseInput } from '../admin-input.js';
import { refuseNulCharacters } from '../catalog/text-guard.js';
import { mailingListMessages } from '../newsletter/mailing-list-messages.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { blocksInput, type PageBlock } from './page-blocks.js';
import {
  navigationInput,
  newPageInput,
  PAGE_KINDS,
  pageChangesInput,
  pageParams,
  pageUrlFromTitle,
} from './page-input.js';
import { refuseIfLockedByOther, registerPageLockRoutes } from './page-lock-routes.js';
import { pageMessages as m } from './page-messages.js';
import { collectionDetailView, collectionView, type EditableCollection } from './page-views.js';

/*
 * Pages and navigation of one website (spec 3: collections with blocks). Reading needs pages.view.
 * Saving a page's blocks as a draft needs pages.editDrafts; everything visitors see at once (adding,
 * renaming, moving, hiding, deleting pages, their settings, publishing a draft) needs pages.publish,
 * so a draft editor can prepare content but not change the live site.
 */

const pageNotFound = () => new HttpError(404, 'PAGE_NOT_FOUND', m.pageNotFound);

/** Storage refusals as the editor shows them: at the URL field, never as a 500. */
function refusal(error: unknown): never {
  if (error instanceof StorageError) {
    if (error.type === 'URL_ID_TAKEN') throw new HttpError(409, 'URL_TAKEN', error.message);
    if (error.type === 'INVALID_INPUT') throw new AdminInputError(error.message, { urlId: error.message });
    if (error.type === 'WEBSITE_NOT_FOUND' || error.type === 'COLLECTION_NOT_FOUND') throw pageNotFound();
  }
  throw error;
}

/** A URL id for a new page from its title, with -2, -3... when the site already has it. */
function freeUrlId(title: string, taken: ReadonlySet<string>): string {
  const base = pageUrlFromTitle(title);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Blocks that point at other things of the site (a product page, a form) must find them. */
async function checkReferences(storage: Storage, websiteId: string, blocks: readonly PageBlock[]) {
  const fields: Record<string, string> = {};
  const collections = new Map((await storage.collections.listAll(websiteId)).map((c) => [c.urlId, c]));
  const lists = blocks.some((b) => b.type === 'newsletter')
    ? new Set((await storage.mailingLists.list(websiteId)).map((l) => l.id))
    : new Set<string>();
  for (const [index, block] of blocks.entries()) {
    if (block.type === 'products') {
      const target = collections.get(block.collectionUrlId);
      if (target?.type !== CollectionType.PRODUCTS)
        fields[`blocks.${index}.collectionUrlId`] = m.productsCollectionUnknown(block.collectionUrlId);
    } else if (block.type === 'summary') {
      if (!collections.has(block.collectionUrlId))
        fields[`blocks.${index}.collectionUrlId`] = m.summaryCollectionUnknown(block.collectionUrlId);
    } else if (block.type === 'newsletter') {
      // No list at all: say to make one first (R8.7.15); else the block must pick one of them (R5.12.11).
      if (lists.size === 0) fields[`blocks.${index}.listId`] = mailingListMessages.mailingListRequired;
      else if (block.listId === '') fields[`blocks.${index}.listId`] = mailingListMessages.listRequired;
      else if (!lists.has(block.listId)) fields[`blocks.${index}.listId`] = mailingListMessages.listUnknown;
    } else if (block.type === 'form') {
      if (!(await storage.forms.findById(websiteId, block.formId)))
        fields[`blocks.${index}.formId`] = m.formUnknown;
    } else if (block.type === 'featured-product') {
      const item = await storage.items.findById(websiteId, block.productId);
      if (!item?.product) fields[`blocks.${index}.productId`] = m.featuredProductUnknown;
    }
  }
  const first = Object.values(fields)[0];
  if (first) throw new AdminInputError(first, fields);
}

async function editable(storage: Storage, websiteId: string, pageId: string): Promise<EditableCollection> {
  const collection = await storage.collections.findEditable(websiteId, pageId);
  if (!collection) throw pageNotFound();
  return collection;
}

export function registerPageAdminRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const view = { preHandler: requireSitePermission('pages.view') };
    const editDrafts = { preHandler: requireSitePermission('pages.editDrafts') };
    const publish = { preHandler: requireSitePermission('pages.publish') };
    registerPageLockRoutes(admin, storage);

    admin.get('/sites/:siteId/collections', view, async (request) => {
      const { websiteId } = accessedSite(request);
      return { collections: (await storage.collections.listAll(websiteId)).map(collectionView) };
    });

    admin.post('/sites/:siteId/collections', publish, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const input = parseInput(newPageInput, request.body);
      const existing = await storage.collections.listAll(websiteId);
      const urlId = input.urlId ?? freeUrlId(input.title, new Set(existing.map((c) => c.urlId)));
      const created = await storage.collections
        .create(websiteId, {
          type: PAGE_KINDS[input.type],
          urlId,
          title: input.title,
          hidden: input.hidden,
          // New pages go to the end of the navigation.
          position: existing.reduce((max, c) => Math.max(max, c.position + 1), 0),
          // Blogs and events render as such when their typeName says so (server/src/content/README.md).
          settings: {
            pageKind: input.type,
            ...(input.type === 'blog' || input.type === 'events' ? { typeName: input.type } : {}),
          },
        })
        .catch(refusal);
      return reply.code(201).send(collectionDetailView(await editable(storage, websiteId, created.id)));
    });

    admin.get('/sites/:siteId/collections/:pageId', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const { pageId } = parseInput(pageParams, request.params);
      return collectionDetailView(await editable(storage, websiteId, pageId));
    });

    admin.patch('/sites/:siteId/collections/:pageId', publish, async (request) => {
      const { websiteId } = accessedSite(request);
      const { pageId } = parseInput(pageParams, request.params);
      const input = parseInput(pageChangesInput, request.body);
      const settings: Record<string, unknown> = {};
      if (input.seoTitle !== undefined) settings.seoTitle = input.seoTitle || null;
      if (input.showTitle !== undefined) settings.showTitle = input.showTitle;
      if (input.socialImage !== undefined) settings.socialImage = input.socialImage;
      const updated = await storage.collections
        .update(websiteId, pageId, {
          title: input.title,
          urlId: input.urlId,
          hidden: input.hidden,
          description: input.seoDescription === undefined ? undefined : input.seoDescription || null,
          settings: Object.keys(settings).length > 0 ? settings : undefined,
        })
        .catch(refusal);
      if (!updated) throw pageNotFound();
      return collectionDetailView(updated);
    });

    admin.delete('/sites/:siteId/collections/:pageId', publish, async (request) => {
      const { websiteId } = accessedSite(request);
      const { pageId } = parseInput(pageParams, request.params);
      if (!(await storage.collections.delete(websiteId, pageId))) throw pageNotFound();
      return { deleted: true };
    });

    admin.patch('/sites/:siteId/navigation', publish, async (request) => {
      const { websiteId } = accessedSite(request);
      const { order } = parseInput(navigationInput, request.body);
      if (!(await storage.collections.reorder(websiteId, order)))
        throw new AdminInputError(m.navigationIncomplete, { order: m.navigationIncomplete });
      return { collections: (await storage.collections.listAll(websiteId)).map(collectionView) };
    });

    // The whole block list at once: the editor sends the page as it is now, so order and removals come along.
    admin.patch('/sites/:siteId/collections/:pageId/draft', editDrafts, async (request) => {
      const { websiteId } = accessedSite(request);
      const { pageId } = parseInput(pageParams, request.params);
      const { blocks } = parseInput(blocksInput, request.body);
      await editable(storage, websiteId, pageId);
      await refuseIfLockedByOther(storage, request, websiteId, pageId);
      await checkReferences(storage, websiteId, blocks);
      // Stored blocks are the storefront's Block type; the kinds it does not render yet are kept as they are.
      if (!(await storage.collections.saveDraft(websiteId, pageId, blocks as unknown as Block[])))
        throw pageNotFound();
      return collectionDetailView(await editable(storage, websiteId, pageId));
    });

    admin.post('/sites/:siteId/collections/:pageId/publish', publish, async (request) => {
      const { websiteId } = accessedSite(request);
      const { pageId } = parseInput(pageParams, request.params);
      await refuseIfLockedByOther(storage, request, websiteId, pageId);
      const published = await storage.collections.publishDraft(websiteId, pageId);
      if (!published) throw pageNotFound();
      return collectionDetailView(published);
    });
  });
}
