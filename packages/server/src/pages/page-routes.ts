import { CollectionType, isSoldOut, MERCHANDISING_VIEWS, PageType } from '@baukasten/commerce';
import type { Block, Collection, Storage, Website } from '@baukasten/storage';
import {
  type ProductPurchaseOptions,
  productPurchaseProps,
  type QuickViewProps,
  renderIsland,
} from '@baukasten/storefront';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { previewOptions } from '../admin/previews/page-preview.js';
import { contentSummaryBlock, socialLinksBlock } from '../content/content-blocks.js';
import { renderContentCollection, renderContentItem } from '../content/content-pages.js';
import { publicForm } from '../forms/form-routes.js';
import { renderGalleryPage } from '../galleries/gallery-page.js';
import { mediaBlockContext } from '../galleries/media-context.js';
import { websiteOf } from '../site-request.js';
import { cartErrorMessage } from './commerce-page-messages.js';
import { sectionBlockContext } from './page-blocks-sections.js';
import {
  collectionContext,
  imageBlockContext,
  itemContext,
  priceHistoriesOf,
  productGalleryProps,
  productPageOptions,
  websiteContext,
} from './page-context.js';
import { productJsonLd } from './product-json-ld.js';
import { baseContext, type PageDeps, type SendOptions, sendPage } from './send-page.js';
import { siteOrigin } from './seo-routes.js';
import { tableBlockContext } from './table-block.js';
import { themeStringsOf } from './theme-strings.js';

/** A block as its template sees it: form and newsletter blocks carry their rendered island. */
async function blockContext(storage: Storage, website: Website, block: Block) {
  const captchaEnabled = Boolean(
    (website.settings.captchaSettings as { siteKey?: string } | undefined)?.siteKey,
  );
  if (block.type === 'form') {
    const form = await storage.forms.findById(website.id, block.formId);
    // A block whose form was deleted shows nothing rather than breaking the page.
    return form
      ? { ...block, island: renderIsland('form-block', { form: publicForm(form) }) }
      : { type: 'missing' };
  }
  if (block.type === 'image') return imageBlockContext(block);
  // Home-page sections: hero, image with text, featured product, testimonials, FAQ (issue 22).
  const section = await sectionBlockContext(storage, website, block);
  if (section) return section;
  const kind = (block as { type: string }).type;
  // Summary of a blog or events collection: latest posts or next events (content/content-blocks.ts).
  if (kind === 'summary') {
    const summary = await contentSummaryBlock(storage, website, block as unknown as Record<string, unknown>);
    if (summary) return summary;
  }
  if (kind === 'table') return tableBlockContext(block as unknown as Record<string, unknown>);
  if (kind === 'social-links') return socialLinksBlock(website, block as unknown as Record<string, unknown>);
  // Gallery, video and audio blocks (galleries/media-context.ts).
  const media = mediaBlockContext(block);
  if (media) return media;
  if (kind === 'products' || kind === 'summary') {
    // The latest items of a collection, as cards (products get their add button through the list's card).
    const { collectionUrlId, limit } = block as unknown as { collectionUrlId: string; limit?: number };
    const source = await storage.collections.findByUrlId(website.id, collectionUrlId);
    if (!source) return { type: 'missing' };
    const items = await storage.items.listByCollection(website.id, source.id, {
      limit: Math.min(limit ?? 8, 48),
    });
    const prices = await priceHistoriesOf(storage, website.id, items);
    return { ...block, items: items.map((i) => itemContext(i, source, website, prices)) };
  }
  if (kind === 'embed') {
    // Only https addresses reach here (the editor checks); the frame is sandboxed.
    const { url } = block as unknown as { url: string };
    return /^https:\/\//i.test(url) ? block : { type: 'missing' };
  }
  if (block.type === 'newsletter') {
    return {
      ...block,
      island: renderIsland('newsletter-block', {
        title: block.title,
        description: block.description,
        listId: block.listId,
        captchaEnabled,
      }),
    };
  }
  return block;
}

/** Props of the product islands; the site's own texts win over the German theme defaults. */
function purchaseProps(
  request: FastifyRequest,
  website: Website,
  itemCtx: ReturnType<typeof itemContext>,
  returnTo = itemCtx.fullUrl,
  productPage: Partial<ProductPurchaseOptions> = {},
) {
  return productPurchaseProps(itemCtx, {
    ...productPage,
    crumb: request.crumb ?? '',
    returnTo,
    locale: website.locale,
    currency: website.currency,
    storeSettings: websiteContext(website).storeSettings,
    localizedStrings: themeStringsOf(website),
    websiteId: website.id,
  });
}

/**
 * A collection's page: a products list, or a page of blocks (`options.blocks` replaces the live blocks for a
 * draft preview). Its head carries the page settings: SEO title, SEO description and the social image.
 */
export async function renderCollectionPage(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  website: Website,
  collection: Collection,
  options: SendOptions & { origin: string; blocks?: Block[] },
) {
  const { storage } = deps;
  const base = await baseContext(storage, website, collection.id);
  const settings = collection.settings ?? {};
  const seoTitle = typeof settings.seoTitle === 'string' && settings.seoTitle ? settings.seoTitle : undefined;
  const socialImage = (settings.socialImage as { assetUrl?: string } | null | undefined)?.assetUrl;
  const seo = {
    title: seoTitle ?? `${collection.title} – ${website.title}`,
    description: collection.description ?? '',
    canonicalUrl: `${options.origin}${collection.urlId ? `/${collection.urlId}` : '/'}`,
    image: socialImage
      ? /^https?:\/\//i.test(socialImage)
        ? socialImage
        : `${options.origin}${socialImage}`
      : undefined,
  };
  // Blog and events collections (content/content-pages.ts).
  const content = await renderContentCollection(deps, request, reply, collection, { base, seo });
  // A sent reply is thenable and awaits to undefined, so `reply.sent` tells that the page went out.
  if (content !== undefined || reply.sent) return reply;
  // Gallery pages (galleries/gallery-page.ts).
  const gallery = await renderGalleryPage(deps, request, reply, website, collection, { base, seo }, options);
  if (gallery !== undefined || reply.sent) return reply;
  if (collection.type === CollectionType.PRODUCTS) {
    const items = await storage.items.listByCollection(website.id, collection.id, { limit: 200 });
    const prices = await priceHistoriesOf(storage, website.id, items);
    return sendPage(
      deps,
      request,
      reply,
      'products-list',
      {
        ...base,
        pageType: PageType.MAIN_CONTENT,
        seo,
        collection: collectionContext(collection),
        items: items.map((i) => {
          const itemCtx = itemContext(i, collection, website, prices);
          if (!i.product) return itemCtx;
          const returnTo = collection.urlId ? `/${collection.urlId}` : '/';
          const props = purchaseProps(request, website, itemCtx, returnTo);
          // With options to choose the list button is a link to the product page and needs no variants.
          const listProps =
            props.variantOptionOrdering.length > 0 && props.variants.length > 1
              ? {
                  itemId: props.itemId,
                  title: props.title,
                  productUrl: props.productUrl,
                  productType: props.productType,
                  subscribable: props.subscribable,
                  variantOptionOrdering: [],
                  variants: [],
                  buttonText: props.buttonText,
                  showQuantity: false,
                  crumb: '',
                  returnTo,
                  chooseOptions: true,
                }
              : props;
          return {
            ...itemCtx,
            addButton: renderIsland('add-button', listProps),
            quickView: renderIsland('quick-view', {
              itemId: props.itemId,
              title: props.title,
              productUrl: props.productUrl,
            } satisfies QuickViewProps),
          };
        }),
      },
      200,
      options,
    );
  }
  return sendPage(
    deps,
    request,
    reply,
    'page',
    {
      ...base,
      pageType: PageType.PAGE,
      seo,
      collection: collectionContext(collection),
      blocks: await Promise.all(
        (options.blocks ?? collection.blocks ?? []).map((block) => blockContext(storage, website, block)),
      ),
    },
    200,
    options,
  );
}

export function registerPageRoutes(app: FastifyInstance, deps: PageDeps) {
  const { storage } = deps;

  const renderCollection = async (request: FastifyRequest, reply: FastifyReply, urlId: string) => {
    const website = websiteOf(request);
    const collection =
      (await storage.collections.findByUrlId(website.id, urlId)) ??
      (urlId === '' ? await storage.collections.findByUrlId(website.id, 'home') : undefined);
    if (!collection) return undefined;
    // `?vorschau=<token>` from the editor: the page's draft and unsaved theme code (admin/previews).
    const preview = await previewOptions(deps, request, reply, website, collection);
    return renderCollectionPage(deps, request, reply, website, collection, {
      origin: siteOrigin(request),
      ...preview,
    });
  };

  // Pages every visitor sees alike come from the page cache when nothing changed since they rendered.
  const cached = deps.pageCache ? { preHandler: deps.pageCache.serve } : {};

  app.get('/', cached, async (request, reply) => {
    return (await renderCollection(request, reply, '')) ?? reply.callNotFound();
  });

  app.get<{ Params: { urlId: string } }>('/:urlId', cached, async (request, reply) => {
    return (await renderCollection(request, reply, request.params.urlId)) ?? reply.callNotFound();
  });

  app.get<{ Params: { urlId: string; itemUrlId: string } }>(
    '/:urlId/p/:itemUrlId',
    cached,
    async (request, reply) => {
      const website = websiteOf(request);
      const collection = await storage.collections.findByUrlId(website.id, request.params.urlId);
      if (!collection) return reply.callNotFound();
      // Posts and events (content/content-pages.ts).
      const content = await renderContentItem(deps, request, reply, collection, request.params.itemUrlId);
      if (content !== undefined || reply.sent) return reply;
      const item = await storage.items.findByUrlId(website.id, collection.id, request.params.itemUrlId);
      if (!item) return reply.callNotFound();
      const base = await baseContext(storage, website, collection.id);
      const itemCtx = itemContext(
        item,
        collection,
        website,
        await priceHistoriesOf(storage, website.id, [item]),
      );
      const islands: Record<string, string> = {};
      const gallery = item.product ? productGalleryProps(item) : undefined;
      if (gallery) islands.productGallery = renderIsland('product-gallery', gallery);
      if (item.product) {
        // The product page's own pieces: scarcity note and instalment teaser (list buttons do without).
        const productPage = productPageOptions(item, website, request.headers['accept-language']);
        islands.productPurchase = renderIsland(
          'product-purchase',
          purchaseProps(request, website, itemCtx, itemCtx.fullUrl, productPage),
        );
        // A sold-out product offers the restock sign-up (spec 4), for its first variant, when the owner
        // offers it on the product page (merchandising restockNotificationViews, set in the product form).
        const firstVariant = item.product.variants[0];
        const merchandising = item.product.merchandising;
        if (
          isSoldOut(itemCtx) &&
          firstVariant &&
          merchandising.restockNotificationViews.includes(MERCHANDISING_VIEWS.productDetail)
        ) {
          islands.restockForm = renderIsland('restock-form', {
            productId: item.id,
            variantId: firstVariant.id,
            mailingListSignUpEnabled: merchandising.mailingListSignUpEnabled,
            mailingListOptInByDefault: merchandising.mailingListOptInByDefault,
            captchaEnabled: Boolean(website.settings.captchaSettings?.siteKey),
            successMessage: merchandising.restockNotificationMessages?.successMessage,
          });
        }
      }
      // A form post without JavaScript that failed comes back here with its error type (never a text).
      const failed = (request.query as { warenkorbFehler?: unknown } | undefined)?.warenkorbFehler;
      return sendPage(deps, request, reply, 'product-item', {
        islands,
        cartError: failed === undefined ? undefined : cartErrorMessage(failed),
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
