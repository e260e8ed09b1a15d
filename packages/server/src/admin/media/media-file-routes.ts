import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { websiteOf } from '../../site-request.js';
import { sendMediaFile } from './media-files.js';

/**
 * `GET /media/:mediaId/:fileName?format=500w` on the site's own host: the images its pages show. Only
 * the website's own images answer; the file name is for people and search engines, the id decides.
 */
export function registerMediaFileRoutes(site: FastifyInstance, storage: Storage) {
  site.get<{ Params: { mediaId: string; fileName: string }; Querystring: { format?: string } }>(
    '/media/:mediaId/:fileName',
    async (request, reply) =>
      sendMediaFile(storage, reply, websiteOf(request).id, request.params.mediaId, request.query.format),
  );
}
