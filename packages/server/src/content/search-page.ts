import { PageType, truncateText } from '@baukasten/commerce';
import type { SearchHit } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { baseContext, type PageDeps, sendPage } from '../pages/send-page.js';
import { siteOrigin } from '../pages/seo-routes.js';
import { websiteOf } from '../site-request.js';
import { contentCollectionKind, plainText } from './content-context.js';
import { contentMessages as m } from './content-messages.js';
import { parseQuery } from './content-pages.js';

/*
 * /search (page type 102): full-text over the site's pages, products, posts and events, best match
 * first, German word forms included (storage.content.search). The analytics census records no page
 * view here (commerce census rules look at the path).
 */

export const RESULTS_PER_PAGE = 10;

const searchQuery = z.object({
  q: z.string({ error: m.queryTooLong }).trim().max(200, m.queryTooLong).default(''),
  seite: z.coerce
    .number({ error: m.pageInvalid })
    .int(m.pageInvalid)
    .min(1, m.pageInvalid)
    .max(1000, m.pageInvalid)
    .default(1),
});

function resultKind(hit: SearchHit): keyof typeof m.kindLabels {
  if (hit.kind === 'collection') return 'page';
  if (hit.isProduct) return 'product';
  const kind = contentCollectionKind({ settings: hit.collection.settings } as never);
  if (kind === 'events') return 'event';
  if (kind === 'blog') return 'post';
  return 'item';
}

function resultUrl(hit: SearchHit): string {
  const path = hit.collection.urlId ? `/${hit.collection.urlId}` : '/';
  return hit.kind === 'collection' ? path : `/${hit.collection.urlId}/p/${hit.itemUrlId}`;
}

export function registerSearchPage(app: FastifyInstance, deps: PageDeps) {
  app.get('/search', async (request, reply) => {
    const website = websiteOf(request);
    const { q, seite } = parseQuery(searchQuery, request);
    const base = await baseContext(deps.storage, website);
    const found = q
      ? await deps.storage.content.search(website.id, q, {
          limit: RESULTS_PER_PAGE,
          offset: (seite - 1) * RESULTS_PER_PAGE,
        })
      : { items: [], total: 0 };
    const pages = Math.max(1, Math.ceil(found.total / RESULTS_PER_PAGE));
    const pageUrl = (page: number) =>
      `/search?${new URLSearchParams({ q, ...(page > 1 ? { seite: String(page) } : {}) }).toString()}`;
    return sendPage(deps, request, reply, 'search', {
      ...base,
      pageType: PageType.SEARCH,
      seo: {
        title: q ? `${m.searchTitle}: ${q} – ${website.title}` : `${m.searchTitle} – ${website.title}`,
        description: '',
        canonicalUrl: `${siteOrigin(request)}/search`,
      },
      query: q,
      total: found.total,
      summary: q ? (found.total === 0 ? m.noResults(q) : m.results(found.total, q)) : '',
      results: found.items.map((hit) => {
        const kind = resultKind(hit);
        return {
          kind,
          kindLabel: m.kindLabels[kind],
          title: hit.title,
          url: resultUrl(hit),
          snippet: truncateText(plainText(hit.excerpt), 200),
          assetUrl: hit.assetUrl,
        };
      }),
      pagination:
        pages > 1
          ? {
              page: seite,
              pages,
              previousUrl: seite > 1 ? pageUrl(seite - 1) : undefined,
              nextUrl: seite < pages ? pageUrl(seite + 1) : undefined,
            }
          : undefined,
    });
  });
}
