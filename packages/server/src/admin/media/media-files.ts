import type { MediaFile, Storage } from '@baukasten/storage';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../http-error.js';
import { WIDTH_STEPS } from './media-limits.js';
import { mediaMessages as m } from './media-messages.js';

/*
 * Sending one stored file of an image: `format` is 'original' (the default) or a width step. A step above
 * the largest stored rendition gets the original (a small image has no 2500w rendition). Files never
 * change under their address (a new upload is a new image), so they are cached for a year.
 */

export async function sendMediaFile(
  storage: Storage,
  reply: FastifyReply,
  websiteId: string,
  mediaId: string,
  format: unknown,
  cacheControl = 'public, max-age=31536000, immutable',
): Promise<FastifyReply> {
  const variant = format === undefined || format === '' ? 'original' : String(format);
  if (variant !== 'original' && !WIDTH_STEPS.includes(variant))
    throw new HttpError(400, 'UNKNOWN_IMAGE_FORMAT', m.formatInvalid);
  let file: MediaFile | undefined = await storage.media.file(websiteId, mediaId, variant);
  if (!file && variant !== 'original') file = await storage.media.file(websiteId, mediaId, 'original');
  if (!file) throw new HttpError(404, 'MEDIA_NOT_FOUND', m.mediaNotFound);
  return reply
    .header('cache-control', cacheControl)
    .type(file.contentType)
    .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
}
