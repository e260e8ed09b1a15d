import { DEFAULT_SITE_STYLES, FONT_PAIRINGS, SITE_TEMPLATES, type SiteStyles } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../admin/admin-input.js';
import { siteUrl } from '../admin/admin-views.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { PREVIEW_PARAM } from '../admin/previews/preview-tokens.js';
import { HttpError } from '../http-error.js';
import type { PageDeps } from '../pages/send-page.js';
import { websiteOf } from '../site-request.js';
import { FONT_PATH, fontCatalogue } from './fonts.js';
import { PALETTE_CHOICES } from './palettes.js';
import { siteStylesInput } from './site-styles-input.js';
import {
  decodeStyles,
  encodeStyles,
  SITE_STYLES_PATH,
  STYLES_PARAM,
  siteStylesheet,
  storedStyles,
} from './site-stylesheet.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const siteNotFound = () => new HttpError(404, 'SITE_NOT_FOUND', 'Diese Website gibt es nicht.');

/** What the editor's Design screen lists: each pairing with the latin files its preview loads. */
function fontList() {
  const fonts = fontCatalogue();
  return FONT_PAIRINGS.map((pairing) => ({
    id: pairing.id,
    label: pairing.label,
    heading: {
      family: pairing.heading.family,
      fallback: pairing.heading.fallback,
      weight: pairing.heading.weights[0],
    },
    body: { family: pairing.body.family, fallback: pairing.body.fallback },
    faces: fonts.previewFaces(pairing),
  }));
}

/**
 * Admin API of the Design screen (mounted under /api/admin): read the styles with the fonts and templates
 * to choose from, save them, or get the address of a preview of the home page with unsaved styles.
 */
export function registerSiteStylesAdminRoutes(admin: FastifyInstance, storage: Storage, pages?: PageDeps) {
  const design = { preHandler: requireSitePermission('site.settings') };

  admin.get('/sites/:siteId/styles', design, async (request) => {
    const { websiteId } = accessedSite(request);
    const website = await storage.websites.findById(websiteId);
    if (!website) throw siteNotFound();
    const stored = storedStyles(website);
    return {
      styles: stored ?? DEFAULT_SITE_STYLES,
      chosen: stored !== undefined,
      fonts: fontList(),
      templates: SITE_TEMPLATES,
      palettes: PALETTE_CHOICES,
    };
  });

  admin.patch('/sites/:siteId/styles', design, async (request) => {
    const styles: SiteStyles = parseInput(siteStylesInput, request.body);
    const { websiteId } = accessedSite(request);
    const website = await storage.websiteAdmin.update(websiteId, { settings: { siteStyles: styles } });
    if (!website) throw siteNotFound();
    return { styles: storedStyles(website), chosen: true };
  });

  admin.post('/sites/:siteId/styles/preview', design, async (request) => {
    const styles: SiteStyles = parseInput(siteStylesInput, request.body);
    const { websiteId } = accessedSite(request);
    const website = await storage.websites.findById(websiteId);
    if (!website || !pages?.previews) throw siteNotFound();
    const token = await pages.previews.issue(websiteId, {});
    const query = `${PREVIEW_PARAM}=${encodeURIComponent(token)}&${STYLES_PARAM}=${encodeStyles(styles)}`;
    return { previewUrl: `${siteUrl(request, website.hostnames[0]) ?? ''}/?${query}` };
  });
}

/** The font files, from any host (the editor's previews load them too); names carry their content hash. */
export function registerFontRoutes(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>(`${FONT_PATH}:name`, { compress: false }, async (request, reply) => {
    const file = fontCatalogue().files.get(request.params.name);
    if (!file) return reply.callNotFound();
    // woff2 is compressed already: no content-encoding on top.
    return reply.type('font/woff2').header('cache-control', IMMUTABLE).send(file.body);
  });
}

const stylesQuery = z.object({
  v: z.string().max(40).optional(),
  [STYLES_PARAM]: z.string().max(2000).optional(),
});

/**
 * A site's stylesheet (host-scoped): `?v=<hash>` the saved styles, cached for good; `?stile=` the unsaved
 * styles of an editor preview, checked like a save and never cached. A stylesheet of curated values only
 * (known fonts, hex colours, fixed options), so it needs no preview token of its own.
 */
export function registerSiteStylesheetRoute(site: FastifyInstance) {
  site.get(SITE_STYLES_PATH, async (request, reply) => {
    const website = websiteOf(request);
    const query = stylesQuery.safeParse(request.query);
    if (!query.success) return reply.callNotFound();
    if (query.data[STYLES_PARAM] !== undefined) {
      const draft = siteStylesInput.safeParse(decodeStyles(query.data[STYLES_PARAM]));
      if (!draft.success) return reply.callNotFound();
      reply.header('cache-control', 'no-store');
      return reply.type('text/css; charset=utf-8').send(siteStylesheet(draft.data).css);
    }
    const styles = storedStyles(website);
    if (!styles) return reply.callNotFound();
    const sheet = siteStylesheet(styles);
    reply.header(
      'cache-control',
      query.data.v === sheet.hash ? IMMUTABLE : 'public, max-age=0, must-revalidate',
    );
    return reply.type('text/css; charset=utf-8').send(sheet.css);
  });
}
