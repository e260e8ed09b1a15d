import { CollectionType, PageType } from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import { renderIsland } from '@baukasten/storefront';
import type { PageTemplate, Theme } from '@baukasten/theme';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.js';
import { serverMessages } from '../messages.js';
import { collectionContext, itemContext, navigationContext, websiteContext } from './page-context.js';
import { productJsonLd } from './product-json-ld.js';
import { siteOrigin } from './seo-routes.js';

export interface PageDeps {
  storage: Storage;
  theme: Theme;
  assets: { css: string; js: string };
}

type PageQuery = { format?: string };

/**
 * Sends a page: its template context as JSON for `?format=json` (template developers rely on it), else the
 * rendered HTML. Any other `format` is a 400, since a typo there should not silently return HTML.
 */
export function sendPage(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  template: PageTemplate,
  context: Record<string, unknown>,
  status = 200,
  { asHtml = false }: { asHtml?: boolean } = {},
) {
  // Error pages are always HTML: the error may have been the `format` itself.
  const format = asHtml ? undefined : (request.query as PageQuery | undefined)?.format;
  if (format !== undefined && format !== 'json') {
    throw new HttpError(400, 'UNKNOWN_FORMAT', serverMessages.unknownFormat);
  }
  if (format === 'json') return reply.code(status).send(context);
  const website = context.website as { locale?: string } | undefined;
  const page = deps.theme.renderPage(
    template,
    {
      ...context,
      assets: deps.assets,
      islands: { cartPill: renderIsland('cart-pill', { totalQuantity: 0, subtotalText: '' }) },
    },
    { locale: website?.locale ?? 'de-DE' },
  );
  if (page.errors.length > 0) request.log.warn({ errors: page.errors }, 'template errors');
  return reply.code(status).type('text/html; charset=utf-8').send(page.html);
}

async function baseContext(storage: Storage, website: Website, activeCollectionId?: string) {
  const nav = await storage.collections.listNavigation(website.id);
  return {
    website: websiteContext(website),
    navigation: navigationContext(nav, activeCollectionId),
  };
}

/** Context of the not-found page (page type 100); also used when the host names no website. */
export async function notFoundContext(storage: Storage, website: Website | undefined, message?: string) {
  const base = website
    ? await baseContext(storage, website)
    : { website: { siteTitle: 'Baukasten', language: 'de', locale: 'de-DE' }, navigation: [] };
  return {
    ...base,
    pageType: PageType.NOT_FOUND,
    seo: { title: serverMessages.notFoundTitle, canonicalUrl: '/' },
    message: message ?? serverMessages.notFound,
  };
}

export function registerPageRoutes(app: FastifyInstance, deps: PageDeps) {
  const { storage } = deps;

  const renderCollection = async (request: FastifyRequest, reply: FastifyReply, urlId: string) => {
    const website = request.website!;
    const collection =
      (await storage.collections.findByUrlId(website.id, urlId)) ??
      (urlId === '' ? await storage.collections.findByUrlId(website.id, 'home') : undefined);
    if (!collection) return undefined;
    const base = await baseContext(storage, website, collection.id);
    const seo = {
      title: `${collection.title} – ${website.title}`,
      description: collection.description ?? '',
      canonicalUrl: `${siteOrigin(request)}${collection.urlId ? `/${collection.urlId}` : '/'}`,
    };
    if (collection.type === CollectionType.PRODUCTS) {
      const items = await storage.items.listByCollection(website.id, collection.id, { limit: 200 });
      return sendPage(deps, request, reply, 'products-list', {
        ...base,
        pageType: PageType.MAIN_CONTENT,
        seo,
        collection: collectionContext(collection),
        items: items.map((i) => itemContext(i, collection, website)),
      });
    }
    return sendPage(deps, request, reply, 'page', {
      ...base,
      pageType: PageType.PAGE,
      seo,
      collection: collectionContext(collection),
      blocks: collection.blocks ?? [],
    });
  };

  app.get('/', async (request, reply) => {
    return (await renderCollection(request, reply, '')) ?? reply.callNotFound();
  });

  app.get<{ Params: { urlId: string } }>('/:urlId', async (request, reply) => {
    return (await renderCollection(request, reply, request.params.urlId)) ?? reply.callNotFound();
  });

  app.get<{ Params: { urlId: string; itemUrlId: string } }>(
    '/:urlId/p/:itemUrlId',
    async (request, reply) => {
      const website = request.website!;
      const collection = await storage.collections.findByUrlId(website.id, request.params.urlId);
      if (!collection) return reply.callNotFound();
      const item = await storage.items.findByUrlId(website.id, collection.id, request.params.itemUrlId);
      if (!item) return reply.callNotFound();
      const base = await baseContext(storage, website, collection.id);
      const itemCtx = itemContext(item, collection, website);
      return sendPage(deps, request, reply, 'product-item', {
        ...base,
        pageType: PageType.CONTENT_ITEM,
        seo: {
          title: `${item.title} – ${website.title}`,
          description: item.excerpt.replace(/<[^>]*>/g, '').slice(0, 160),
          canonicalUrl: `${siteOrigin(request)}${itemCtx.fullUrl}`,
          ogType: item.product ? 'product' : 'article',
          image: itemCtx.assetUrl ? `${siteOrigin(request)}${itemCtx.assetUrl}` : undefined,
          jsonLd: item.product ? productJsonLd(itemCtx, website, siteOrigin(request)) : undefined,
        },
        collection: collectionContext(collection),
        item: itemCtx,
      });
    },
  );
}
