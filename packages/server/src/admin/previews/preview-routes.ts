import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http-error.js';
import type { PageDeps } from '../../pages/send-page.js';
import { parseInput } from '../admin-input.js';
import { siteUrl } from '../admin-views.js';
import { pageMessages } from '../pages/page-messages.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { PREVIEW_PARAM } from './preview-tokens.js';

const params = z.object({ siteId: z.string(), pageId: z.string().min(1).max(64) });

/**
 * `POST /sites/:siteId/collections/:pageId/preview` (`pages.view`): the address of the page as it will look
 * once published, its draft blocks shown, for the editor's preview frame. Valid 30 minutes.
 */
export function registerPreviewRoutes(admin: FastifyInstance, storage: Storage, pages?: PageDeps) {
  admin.post(
    '/sites/:siteId/collections/:pageId/preview',
    { preHandler: requireSitePermission('pages.view') },
    async (request) => {
      const { pageId } = parseInput(params, request.params);
      const { websiteId } = accessedSite(request);
      const page = await storage.collections.findById(websiteId, pageId);
      if (!page) throw new HttpError(404, 'PAGE_NOT_FOUND', pageMessages.previewPageNotFound);
      const website = await storage.websites.findById(websiteId);
      const token = await pages!.previews!.issue(websiteId, { pageId });
      const path = page.urlId ? `/${page.urlId}` : '/';
      return {
        previewUrl: `${siteUrl(request, website?.hostnames[0]) ?? ''}${path}?${PREVIEW_PARAM}=${encodeURIComponent(token)}`,
      };
    },
  );
}
