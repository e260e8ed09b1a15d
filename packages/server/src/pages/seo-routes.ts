import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { websiteOf } from '../site-request.js';
import { siteOrigin } from '../site-url.js';

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Absolute origin of the request's website, as search engines need absolute URLs: from the site's own
 * configured address, never from Host (site-url.ts; security review #18, finding 3). Re-exported here,
 * where the page routes have always imported it from.
 */
export { siteOrigin };

/**
 * robots.txt and sitemap.xml per website: every visible page and collection, and every item of a products
 * collection. The editing context (/config) and the API stay out of search engines.
 */
export function registerSeoRoutes(app: FastifyInstance, storage: Storage) {
  app.get('/robots.txt', async (request, reply) => {
    const body = [
      'User-agent: *',
      'Disallow: /config',
      'Disallow: /api/',
      `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').send(body.join('\n'));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const website = websiteOf(request);
    const origin = siteOrigin(request);
    const urls: string[] = [];
    for (const collection of await storage.collections.listNavigation(website.id)) {
      urls.push(collection.urlId ? `/${collection.urlId}` : '/');
      const items = await storage.items.listByCollection(website.id, collection.id, { limit: 1000 });
      for (const item of items) urls.push(`/${collection.urlId}/p/${item.urlId}`);
    }
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map((u) => `  <url><loc>${xmlEscape(origin + u)}</loc></url>`),
      '</urlset>',
      '',
    ];
    return reply.type('application/xml; charset=utf-8').send(body.join('\n'));
  });
}
