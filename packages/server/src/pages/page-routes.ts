import { CollectionType, isSoldOut, MERCHANDISING_VIEWS, PageType } from '@baukasten/commerce';
import type { Block, Collection, Storage, Website } from '@baukasten/storage';
import {
  type ProductPurchaseOptions,
  productPurchaseProps,
  type QuickViewProps,
  renderIsland,
} from '@baukasten/storefront';
import type { PageTemplate, Theme } from '@baukasten/theme';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { previewOptions } from '../admin/previews/page-preview.js';
import type { PreviewTokens } from '../admin/previews/preview-tokens.js';
import type { SiteTheme, SiteThemes } from '../admin/theme-code/site-themes.js';
import type { AssetUrls } from '../assets/asset-routes.js';
import { TEST_MODE_BANNER_TEXT, withTestModeBanner } from '../commerce/test-mode.js';
import { contentSummaryBlock, socialLinksBlock } from '../content/content-blocks.js';
import { renderContentCollection, renderContentItem } from '../content/content-pages.js';
import { publicForm } from '../forms/form-routes.js';
import { renderGalleryPage } from '../galleries/gallery-page.js';
import { mediaBlockContext } from '../galleries/media-context.js';
import { HttpError } from '../http-error.js';
import { serverMessages } from '../messages.js';
import { cartErrorMessage } from './commerce-page-messages.js';
import type { PageCache } from './page-cache.js';
import {
  collectionContext,
  imageBlockContext,
  itemContext,
  navigationContext,
  productPageOptions,
  websiteContext,
} from './page-context.js';
import { productJsonLd } from './product-json-ld.js';
import { siteOrigin } from './seo-routes.js';
import { THEME_STRINGS } from './theme-strings.js';

export interface PageDeps {
  storage: Storage;
  theme: Theme;
  assets: AssetUrls;
  /** Websites' own theme files (theme code editor); without it every site renders the default theme. */
  siteThemes?: SiteThemes;
  /** Checks the editor's preview tokens (`?vorschau=`); without it pages have no previews. */
  previews?: PreviewTokens;
  /** Keeps rendered pages that visitors share (page-cache.ts); without it every page renders anew. */
  pageCache?: PageCache;
}

/** How a page is sent besides its context: previews render with a given theme, under the site's address. */
export interface SendOptions {
  asHtml?: boolean;
  /** false: no script at all; 'analytics': the analytics runtime alone (no islands, no React). */
  scripts?: boolean | 'analytics';
  /** The theme to render with instead of the website's own (previews of unsaved theme code). */
  siteTheme?: SiteTheme;
  /** Previews shown from the editor's address: `<base href>` of the site, so its links and images work. */
  baseHref?: string;
}

type PageQuery = { format?: string };

/**
 * Sends a page: its template context as JSON for `?format=json` (template developers rely on it), else the
 * rendered HTML. Any other `format` is a 400, since a typo there should not silently return HTML.
 */
export async function sendPage(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  template: PageTemplate,
  context: Record<string, unknown>,
  status = 200,
  { asHtml = false, scripts = true, siteTheme, baseHref }: SendOptions = {},
) {
  // Error pages are always HTML: the error may have been the `format` itself.
  const format = asHtml ? undefined : (request.query as PageQuery | undefined)?.format;
  if (format !== undefined && format !== 'json') {
    throw new HttpError(400, 'UNKNOWN_FORMAT', serverMessages.unknownFormat);
  }
  // Wherever test payments are possible, every page says so (security review #18, finding 2).
  if (request.testPayments) context = { ...context, testModeBanner: TEST_MODE_BANNER_TEXT };
  if (format === 'json') return reply.code(status).send(context);
  const website = context.website as { locale?: string } | undefined;
  const themed =
    siteTheme ??
    (deps.siteThemes && request.website ? await deps.siteThemes.themeFor(request.website.id) : undefined);
  const assets = themed?.cssUrl ? { ...deps.assets, css: themed.cssUrl } : deps.assets;
  // Checkout pages run no script at all: the layout then links the cart instead of mounting its pill.
  const page = (themed?.theme ?? deps.theme).renderPage(
    template,
    scripts === 'analytics'
      ? { ...context, assets: { css: assets.css, js: assets.analyticsJs } }
      : scripts
        ? {
            ...context,
            assets,
            islands: {
              cartPill: renderIsland('cart-pill', { totalQuantity: 0, subtotalText: '' }),
              ...(context.islands as Record<string, string> | undefined),
            },
          }
        : { ...context, assets: { css: assets.css } },
    { locale: website?.locale ?? 'de-DE' },
  );
  if (page.errors.length > 0) request.log.warn({ errors: page.errors }, 'template errors');
  let rendered = withModulePreloads(page.html, deps.assets);
  // The theme's layout shows the banner; an owner's own layout gets it all the same.
  if (request.testPayments) rendered = withTestModeBanner(rendered);
  // A page rendered for the cache carries a placeholder instead of the crumb; finish() puts it back.
  const html = deps.pageCache ? deps.pageCache.finish(request, status, rendered) : rendered;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      baseHref ? html.replace(/<head>/i, `<head><base href="${baseHref.replace(/"/g, '&quot;')}">`) : html,
    );
}

/** Website and navigation, the part every page context shares. */
const ISLAND_ROOT = /data-island="([\w-]+)"/g;

/**
 * Lets the browser fetch the chunks of the page's islands together with the entry script, instead of
 * discovering them one import after another.
 */
function withModulePreloads(html: string, assets: PageDeps['assets']): string {
  const islands = new Set<string>();
  for (const match of html.matchAll(ISLAND_ROOT)) islands.add(match[1]!);
  if (islands.size === 0 || !html.includes(assets.js)) return html;
  const links = assets.chunksFor(islands).map((url) => `<link rel="modulepreload" href="${url}">`);
  return html.replace('</head>', `${links.join('')}</head>`);
}

export async function baseContext(storage: Storage, website: Website, activeCollectionId?: string) {
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
  const kind = (block as { type: string }).type;
  // Summary of a blog or events collection: latest posts or next events (content/content-blocks.ts).
  if (kind === 'summary') {
    const summary = await contentSummaryBlock(storage, website, block as unknown as Record<string, unknown>);
    if (summary) return summary;
  }
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
    return { ...block, items: items.map((i) => itemContext(i, source, website)) };
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
    localizedStrings: { ...THEME_STRINGS, ...(website.settings.localizedStrings as object | undefined) },
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
          const itemCtx = itemContext(i, collection, website);
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
    const website = request.website!;
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
      const website = request.website!;
      const collection = await storage.collections.findByUrlId(website.id, request.params.urlId);
      if (!collection) return reply.callNotFound();
      // Posts and events (content/content-pages.ts).
      const content = await renderContentItem(deps, request, reply, collection, request.params.itemUrlId);
      if (content !== undefined || reply.sent) return reply;
      const item = await storage.items.findByUrlId(website.id, collection.id, request.params.itemUrlId);
      if (!item) return reply.callNotFound();
      const base = await baseContext(storage, website, collection.id);
      const itemCtx = itemContext(item, collection, website);
      const islands: Record<string, string> = {};
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
