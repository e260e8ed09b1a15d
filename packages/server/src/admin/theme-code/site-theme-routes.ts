import type { FastifyInstance } from 'fastify';
import type { PageDeps } from '../../pages/send-page.js';
import { websiteOf } from '../../site-request.js';
import { registerSiteStylesheetRoute } from '../../site-styles/site-styles-routes.js';
import { PREVIEW_PARAM } from '../previews/preview-tokens.js';

/*
 * A website's own stylesheet, when its owner replaced the theme's (theme code editor). Pages link it as
 * `/site-theme.css?v=<hash of its text>`, so it is cached for good and a save changes the address.
 */
export function registerSiteThemeRoutes(site: FastifyInstance, deps: PageDeps) {
  // The stylesheet of the owner's site styles (Design screen), beside the replaced theme stylesheet.
  registerSiteStylesheetRoute(site);
  site.get('/site-theme.css', async (request, reply) => {
    const website = websiteOf(request);
    const token = (request.query as Record<string, unknown>)[PREVIEW_PARAM];
    if (token !== undefined && deps.siteThemes && deps.previews) {
      // The stylesheet of a theme preview: the unsaved draft, never cached.
      const preview = await deps.previews.verify(token, website.id);
      if (!preview?.themeDrafts) return reply.callNotFound();
      const drafted = await deps.siteThemes.previewTheme(website.id);
      reply.header('cache-control', 'no-store');
      return reply.type('text/css; charset=utf-8').send(drafted.theme.css);
    }
    const siteTheme = deps.siteThemes ? await deps.siteThemes.themeFor(website.id) : undefined;
    if (!siteTheme?.cssUrl) return reply.callNotFound();
    const asked = (request.query as { v?: unknown }).v;
    const current = new URL(siteTheme.cssUrl, 'http://x').searchParams.get('v');
    reply.header(
      'cache-control',
      asked === current ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    );
    return reply.type('text/css; charset=utf-8').send(siteTheme.theme.css);
  });
}
