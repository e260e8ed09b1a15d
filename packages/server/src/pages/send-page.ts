import { PageType, type SiteStyles } from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import { renderIsland } from '@baukasten/storefront';
import type { PageTemplate, Theme } from '@baukasten/theme';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewTokens } from '../admin/previews/preview-tokens.js';
import type { SiteTheme, SiteThemes } from '../admin/theme-code/site-themes.js';
import type { AssetUrls } from '../assets/asset-routes.js';
import { TEST_MODE_BANNER_TEXT, withTestModeBanner } from '../commerce/test-mode.js';
import { HttpError } from '../http-error.js';
import { legalLinks, withLegalLinks } from '../legal/legal-links.js';
import { serverMessages } from '../messages.js';
import { ownNotFoundPage } from '../redirects/storefront-redirects.js';
import { siteStyleContext, storedStyles } from '../site-styles/site-stylesheet.js';
import type { PageCache } from './page-cache.js';
import { navigationContext, websiteContext } from './page-context.js';
import { themeStringsOf } from './theme-strings.js';

/*
 * Sending a rendered page, and the context every page shares. Its own module so that the pages page-routes
 * hands work to (content, galleries, previews) can use it without importing page-routes back (issue #19).
 */

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
  /** The Design screen's preview: unsaved site styles, and the query value its stylesheet link carries. */
  siteStyles?: { styles: SiteStyles; param: string };
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
  { asHtml = false, scripts = true, siteTheme, baseHref, siteStyles }: SendOptions = {},
) {
  // Error pages are always HTML: the error may have been the `format` itself.
  const format = asHtml ? undefined : (request.query as PageQuery | undefined)?.format;
  if (format !== undefined && format !== 'json') {
    throw new HttpError(400, 'UNKNOWN_FORMAT', serverMessages.unknownFormat);
  }
  // Wherever test payments are possible, every page says so (security review #18, finding 2).
  if (request.testPayments) context = { ...context, testModeBanner: TEST_MODE_BANNER_TEXT };
  // Every page of a site links the legal pages and the withdrawal function (legal/legal-links.ts).
  if (request.website) context = { ...context, legalLinks: legalLinks() };
  // The owner's site styles (Design screen): a stylesheet, one font preload and the template's body class.
  const styles = siteStyles?.styles ?? (request.website ? storedStyles(request.website) : undefined);
  if (styles) context = { ...context, siteStyle: siteStyleContext(styles, siteStyles?.param) };
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
  // An owner's own layout without the footer links gets them all the same.
  if (request.website) rendered = withLegalLinks(rendered);
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
    // The template formatters' texts ('ab {fromPrice}', the survey scale ...): German on a German site.
    localizedStrings: themeStringsOf(website),
  };
}

/** Context of the not-found page (page type 100); also used when the host names no website. */
export async function notFoundContext(storage: Storage, website: Website | undefined, message?: string) {
  const base = website
    ? await baseContext(storage, website)
    : { website: { siteTitle: 'Baukasten', language: 'de', locale: 'de-DE' }, navigation: [] };
  // The owner's own heading and text (editor "Weiterleitungen"), unless a caller names the reason itself.
  const own = message === undefined ? ownNotFoundPage(website) : {};
  return {
    ...base,
    pageType: PageType.NOT_FOUND,
    seo: { title: own.heading ?? serverMessages.notFoundTitle, canonicalUrl: '/' },
    ...(own.heading ? { heading: own.heading } : {}),
    message: message ?? own.message ?? serverMessages.notFound,
  };
}
