import { CollectionType, PageType } from '@baukasten/commerce';
import type { Block, Collection, Website } from '@baukasten/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { engagementContext } from '../comments/engagement-context.js';
import { collectionContext } from '../pages/page-context.js';
import { type PageDeps, type SendOptions, sendPage } from '../pages/send-page.js';
import { mediaBlockContext } from './media-context.js';

/** The parts of a page context the page route has already built. */
export interface GalleryPageParts {
  base: Record<string, unknown>;
  seo: Record<string, unknown>;
}

const firstImageUrl = (blocks: readonly Block[]): string | undefined => {
  for (const block of blocks as unknown as { type: string; images?: { assetUrl?: unknown }[] }[]) {
    const url = block.type === 'gallery' ? block.images?.[0]?.assetUrl : undefined;
    if (typeof url === 'string') return url;
  }
  return undefined;
};

/**
 * A gallery page (collection type slide-gallery 15, page kind "gallery" in the editor): its gallery,
 * video and audio blocks with their media contexts, headings and text as they are, then the like and
 * share buttons and the comments of the page (commentState in the collection's settings). Undefined for
 * any other collection, so the page route goes on.
 */
export async function renderGalleryPage(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  website: Website,
  collection: Collection,
  { base, seo }: GalleryPageParts,
  options: SendOptions & { origin: string; blocks?: Block[] },
) {
  if (collection.type !== CollectionType.SLIDE_GALLERY) return undefined;
  const blocks = options.blocks ?? collection.blocks ?? [];
  const commentState =
    typeof collection.settings?.commentState === 'number' ? collection.settings.commentState : null;
  const fullUrl = collection.urlId ? `/${collection.urlId}` : '/';
  return sendPage(
    deps,
    request,
    reply,
    'gallery',
    {
      ...base,
      pageType: PageType.MAIN_CONTENT,
      seo,
      collection: { ...collectionContext(collection), commentState },
      blocks: blocks.map((block) => mediaBlockContext(block, collection.title) ?? block),
      ...(await engagementContext(deps.storage, request, website, {
        target: { type: 'collection', id: collection.id },
        title: collection.title,
        fullUrl,
        commentState,
        origin: options.origin,
        imageUrl: firstImageUrl(blocks),
      })),
    },
    200,
    options,
  );
}
