import { type Permission, rolesAllow } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http-error.js';
import { parseInput } from '../admin-input.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { processUpload } from './image-processing.js';
import { sendMediaFile } from './media-files.js';
import { MAX_UPLOAD_BYTES } from './media-limits.js';
import { mediaMessages as m } from './media-messages.js';
import { mediaView } from './media-views.js';

/*
 * The website's media library (`/api/admin/sites/:siteId/media`). Images are used by pages (image blocks,
 * social images) and by products, so whoever may edit either may upload: `pages.editDrafts` or
 * `commerce.products`; whoever may read pages or the shop may list them. An upload is the file itself as
 * the request body (its type in Content-Type, its name in `?filename=`), not a multipart form.
 */

const READ: Permission[] = ['pages.view', 'commerce.view'];
const WRITE: Permission[] = ['pages.editDrafts', 'commerce.products'];

/** The site guard, then: one of the permissions. */
function requireAnyOf(permissions: Permission[]) {
  const member = requireSitePermission('config.enter');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await member.call(request.server, request, reply);
    const { roles } = accessedSite(request);
    if (!permissions.some((p) => rolesAllow(roles, p)))
      throw new HttpError(403, 'PERMISSION_DENIED', m.permissionDenied);
  };
}

const mediaParams = z.object({
  siteId: z.string(),
  mediaId: z.string().regex(/^[0-9a-f]{24}$/, m.mediaNotFound),
});
const uploadQuery = z.object({
  filename: z
    .string({ error: m.fileNameMissing })
    .trim()
    .min(1, m.fileNameMissing)
    .max(200, m.fileNameMissing)
    .refine((name) => !/[\u0000-\u001f/\\]/.test(name), m.fileNotUploadable),
});
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const mediaChanges = z.object({
  altText: z.string({ error: m.altTextTooLong }).trim().max(250, m.altTextTooLong).optional(),
  focalPoint: z
    .object(
      {
        x: z.number({ error: m.focalPointInvalid }).min(0, m.focalPointInvalid).max(1, m.focalPointInvalid),
        y: z.number({ error: m.focalPointInvalid }).min(0, m.focalPointInvalid).max(1, m.focalPointInvalid),
      },
      { error: m.focalPointInvalid },
    )
    .optional(),
});

export function registerMediaRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    // The upload body is the file: any type is read as bytes here and judged by its content.
    admin.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_request, body, done) => done(null, body),
    );
    admin.setErrorHandler(async (error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return reply
          .code(413)
          .send({ error: { type: 'FILE_TOO_LARGE', message: m.fileTooLarge(MAX_UPLOAD_BYTES) } });
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        return reply
          .code(415)
          .send({ error: { type: 'UNSUPPORTED_FILE_TYPE', message: m.unsupportedFileType } });
      throw error;
    });

    const read = { preHandler: requireAnyOf(READ) };
    const write = { preHandler: requireAnyOf(WRITE) };

    admin.get('/sites/:siteId/media', read, async (request) => {
      const { limit, offset } = parseInput(listQuery, request.query);
      const { websiteId } = accessedSite(request);
      const { media, total } = await storage.media.list(websiteId, { limit, offset });
      return { media: media.map(mediaView), total, limit, offset };
    });

    admin.post('/sites/:siteId/media', { ...write, bodyLimit: MAX_UPLOAD_BYTES }, async (request, reply) => {
      const { filename } = parseInput(uploadQuery, request.query);
      const { websiteId } = accessedSite(request);
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new HttpError(415, 'UNSUPPORTED_FILE_TYPE', m.unsupportedFileType);
      const image = await processUpload(body);
      const media = await storage.media.create(websiteId, {
        filename,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        byteSize: body.length,
        files: image.files,
      });
      return reply.code(201).send({ media: mediaView(media) });
    });

    admin.get('/sites/:siteId/media/:mediaId', read, async (request) => {
      const { mediaId } = parseInput(mediaParams, request.params);
      const media = await storage.media.findById(accessedSite(request).websiteId, mediaId);
      if (!media) throw new HttpError(404, 'MEDIA_NOT_FOUND', m.mediaNotFound);
      return { media: mediaView(media) };
    });

    /** The file itself from the editor's own address (thumbnails; the site host may be another origin). */
    admin.get('/sites/:siteId/media/:mediaId/file', read, async (request, reply) => {
      const { mediaId } = parseInput(mediaParams, request.params);
      const format = (request.query as { format?: unknown }).format;
      // Behind the owner's session: the browser may keep it, shared caches may not.
      return sendMediaFile(
        storage,
        reply,
        accessedSite(request).websiteId,
        mediaId,
        format,
        'private, max-age=86400',
      );
    });

    admin.patch('/sites/:siteId/media/:mediaId', write, async (request) => {
      const { mediaId } = parseInput(mediaParams, request.params);
      const changes = parseInput(mediaChanges, request.body);
      const media = await storage.media.update(accessedSite(request).websiteId, mediaId, changes);
      if (!media) throw new HttpError(404, 'MEDIA_NOT_FOUND', m.mediaNotFound);
      return { media: mediaView(media) };
    });

    admin.delete('/sites/:siteId/media/:mediaId', write, async (request) => {
      const { mediaId } = parseInput(mediaParams, request.params);
      const deleted = await storage.media.delete(accessedSite(request).websiteId, mediaId);
      if (!deleted) throw new HttpError(404, 'MEDIA_NOT_FOUND', m.mediaNotFound);
      return { deleted: true };
    });
  });
}
