import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ProductType } from '@baukasten/commerce';
import type { ProductFile, Storage } from '@baukasten/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http-error.js';
import { parseInput } from '../admin-input.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { productOf } from './product-commands.js';
import { productFileMessages as m } from './product-file-messages.js';
import { SNIFF_BYTES, sniffContentType } from './product-file-sniff.js';
import { productParams } from './product-input.js';

/*
 * The file a digital product delivers (`/api/admin/sites/:siteId/products/:productId/file`, issue 23).
 * The upload is the file itself as the request body (its name in `?filename=`), streamed: it is hashed
 * (SHA-256), measured and stored in pieces as it arrives, so a 200 MB file never sits in memory. Its type
 * is judged by its first bytes. Only a complete upload replaces the file being sold. Reading needs
 * commerce.view, everything else commerce.products.
 */

/** Largest product file: 200 MB, enough for an e-book, an album or a video course lesson. */
export const MAX_PRODUCT_FILE_BYTES = 200 * 1024 * 1024;
/** Bytes per stored piece (one database row). */
const PIECE_BYTES = 1024 * 1024;

const uploadQuery = z.object({
  filename: z
    .string({ error: m.fileNameMissing })
    .trim()
    .min(1, m.fileNameMissing)
    .max(200, m.fileNameInvalid)
    .refine((name) => !/[\u0000-\u001f\u007f/\\]/.test(name), m.fileNameInvalid),
});
const rulesInput = z.object({
  downloadLimit: z
    .number({ error: m.downloadLimitInvalid })
    .int(m.downloadLimitInvalid)
    .min(1, m.downloadLimitInvalid)
    .max(100, m.downloadLimitInvalid),
  downloadDays: z
    .number({ error: m.downloadDaysInvalid })
    .int(m.downloadDaysInvalid)
    .min(1, m.downloadDaysInvalid)
    .max(3650, m.downloadDaysInvalid),
});

export const productFileView = (file: ProductFile) => ({
  fileName: file.fileName,
  contentType: file.contentType,
  byteSize: file.byteSize,
  sha256: file.sha256,
  downloadLimit: file.downloadLimit,
  downloadDays: file.downloadDays,
  updatedAt: new Date(file.updatedAt).toISOString(),
});

async function digitalProduct(storage: Storage, request: FastifyRequest) {
  const { websiteId } = accessedSite(request);
  const { productId } = parseInput(productParams, request.params);
  const item = await productOf(storage, websiteId, productId);
  if (item.product?.productType !== ProductType.DIGITAL)
    throw new HttpError(409, 'NOT_DIGITAL', m.notDigital);
  return { websiteId, productId };
}

const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', m.fileTooLarge(MAX_PRODUCT_FILE_BYTES));

/** Stores the body piece by piece under a new file id; answers what was measured. Discards it on any failure. */
async function storeUpload(storage: Storage, websiteId: string, body: Readable | undefined) {
  const fileId = storage.productFiles.newFileId();
  const hash = createHash('sha256');
  let size = 0;
  let seq = 0;
  let head: Buffer | undefined;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const piece = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    head ??= Buffer.from(piece.subarray(0, SNIFF_BYTES));
    await storage.productFiles.writeChunk(websiteId, fileId, seq++, piece);
  };
  try {
    if (body) {
      for await (const chunk of body) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        size += bytes.length;
        if (size > MAX_PRODUCT_FILE_BYTES) throw tooLarge();
        hash.update(bytes);
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (pendingBytes >= PIECE_BYTES) await flush();
      }
    }
    await flush();
  } catch (error) {
    await storage.productFiles.discard(websiteId, fileId);
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (
      code === 'ECONNRESET' ||
      code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      (error as Error).message === 'aborted'
    )
      throw new HttpError(400, 'UPLOAD_BROKEN', m.uploadBroken);
    throw error;
  }
  if (size === 0) throw new HttpError(400, 'FILE_EMPTY', m.fileEmpty);
  return { fileId, size, sha256: hash.digest('hex'), contentType: sniffContentType(head ?? Buffer.alloc(0)) };
}

export function registerProductFileRoutes(parent: FastifyInstance, storage: Storage) {
  const view = { preHandler: requireSitePermission('commerce.view') };
  const manage = { preHandler: requireSitePermission('commerce.products') };

  // The upload: any body type arrives as the raw stream, judged by its content.
  parent.register(async (admin) => {
    admin.removeAllContentTypeParsers();
    admin.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    admin.put('/sites/:siteId/products/:productId/file', manage, async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_PRODUCT_FILE_BYTES) throw tooLarge();
      const { filename } = parseInput(uploadQuery, request.query);
      const { websiteId, productId } = await digitalProduct(storage, request);
      const upload = await storeUpload(storage, websiteId, request.body as Readable | undefined);
      const file = await storage.productFiles.attach(websiteId, productId, upload.fileId, {
        fileName: filename,
        contentType: upload.contentType,
        byteSize: upload.size,
        sha256: upload.sha256,
      });
      return reply.code(201).send({ file: productFileView(file) });
    });
  });

  parent.register(async (admin) => {
    admin.get('/sites/:siteId/products/:productId/file', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const { productId } = parseInput(productParams, request.params);
      await productOf(storage, websiteId, productId);
      const file = await storage.productFiles.find(websiteId, productId);
      return { file: file ? productFileView(file) : null };
    });

    admin.patch('/sites/:siteId/products/:productId/file', manage, async (request) => {
      const rules = parseInput(rulesInput, request.body);
      const { websiteId, productId } = await digitalProduct(storage, request);
      const file = await storage.productFiles.setRules(websiteId, productId, rules);
      if (!file) throw new HttpError(404, 'NO_PRODUCT_FILE', m.noFile);
      return { file: productFileView(file) };
    });

    admin.delete('/sites/:siteId/products/:productId/file', manage, async (request) => {
      const { websiteId } = accessedSite(request);
      const { productId } = parseInput(productParams, request.params);
      await productOf(storage, websiteId, productId);
      if (!(await storage.productFiles.remove(websiteId, productId)))
        throw new HttpError(404, 'NO_PRODUCT_FILE', m.noFile);
      return { deleted: true };
    });
  });
}
