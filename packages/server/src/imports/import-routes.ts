import { CollectionType } from '@baukasten/commerce';
import type { ImportJob, Storage, Website } from '@baukasten/storage';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../admin/admin-input.js';
import { formatMegabytes } from '../admin/media/media-limits.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { HttpError } from '../http-error.js';
import { websiteById } from '../site-request.js';
import { publicUrlOf, siteBaseUrl } from '../site-url.js';
import type { Refusal } from './catalogue.js';
import { importCustomerFile } from './customer-import.js';
import { ImageWorker, type ImageWorkerOptions } from './image-worker.js';
import { importMessages as m } from './import-messages.js';
import { type ImportSummary, type PlanEntry, planImport } from './import-plan.js';
import { type RunResult, runImport } from './import-runner.js';
import { readCatalogue } from './read-catalogue.js';
import { shopifyCustomersCsv } from './shopify-customers-export.js';
import { csvLine, SHOPIFY_HEADER, shopifyRows } from './shopify-export.js';

/*
 * `/api/admin/sites/:siteId/imports`: upload a product CSV (the body is the file itself, like media
 * uploads) → a previewed job; start it → products are written in the background while the editor polls
 * the job; images follow through the image worker. `GET …/products/export.csv` is the Shopify export.
 * Importing needs commerce.products (like editing products); reading jobs and exporting commerce.view.
 *
 * Customers: `POST …/customer-imports?dryRun=true` reads a Shopify customer export and answers what an import
 * would do (a rolled-back run), the same without dryRun imports it; `GET …/customers/shopify-export.csv` is
 * the way out again. Both handle personal data, so they need commerce.orders (like a customer's data export).
 */

export interface ImportOptions {
  /** Image fetching; `allowPrivateHosts` only for tests that serve images from 127.0.0.1. */
  images?: ImageWorkerOptions;
  /** Largest upload in bytes (default 20 MB). */
  maxUploadBytes?: number;
}

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** A running job whose progress has not moved for this long ran in a process that is gone. */
const STALE_MS = 120_000;
const MAX_LISTED_REFUSALS = 1000;
const EXPORT_PAGE = 500;

const uploadQuery = z.object({
  filename: z.string().trim().max(200).default('produkte.csv'),
  collectionId: z.string().min(1).max(64).optional(),
});
const customerUploadQuery = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});
const jobParams = z.object({ siteId: z.string(), jobId: z.string().regex(/^[0-9a-f]{24}$/, m.jobNotFound) });

interface JobSummary extends ImportSummary {
  result?: RunResult;
}

export function registerImportRoutes(parent: FastifyInstance, storage: Storage, options: ImportOptions = {}) {
  const maxBytes = options.maxUploadBytes ?? MAX_IMPORT_BYTES;
  const worker = new ImageWorker(storage, options.images);
  const runningHere = new Map<string, Promise<void>>();

  parent.register(async (admin) => {
    // Only CSV bodies are read as bytes here; JSON calls (start) keep the JSON parser.
    admin.addContentTypeParser(
      ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_request, body, done) => done(null, body),
    );
    admin.setErrorHandler(async (error: FastifyError, _request, reply) => {
      // Fastify refuses a longer Content-Length before reading, and stops reading once the limit passes.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return reply
          .code(413)
          .send({ error: { type: 'FILE_TOO_LARGE', message: m.fileTooLarge(formatMegabytes(maxBytes)) } });
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        return reply.code(415).send({ error: { type: 'NOT_CSV', message: m.notCsv('keine CSV-Datei') } });
      throw error;
    });
    admin.addHook('onReady', async () => worker.kick());
    admin.addHook('onClose', async () => {
      await Promise.allSettled(runningHere.values());
      await worker.stop();
    });

    const view = { preHandler: requireSitePermission('commerce.view') };
    const manage = { preHandler: requireSitePermission('commerce.products') };
    const customers = { preHandler: requireSitePermission('commerce.orders') };

    const jobView = async (job: Omit<ImportJob, 'plan'>) => {
      const summary = job.summary as JobSummary;
      const stale =
        job.status === 'running' && !runningHere.has(job.id) && Date.now() - job.updatedAt > STALE_MS;
      const images = await storage.imports.imageCounts(job.websiteId, job.id);
      return {
        id: job.id,
        collectionId: job.collectionId,
        format: job.format,
        filename: job.filename,
        status: stale ? 'failed' : job.status,
        error: stale ? m.jobInterrupted : (job.error ?? null),
        total: job.total,
        processed: job.processed,
        percent: job.total === 0 ? 100 : Math.floor((job.processed / job.total) * 100),
        preview: {
          create: summary.create,
          update: summary.update,
          variants: summary.variants,
          images: summary.images,
          refusedProducts: summary.refusedProducts,
          refusedCount: summary.refused.length,
          refused: summary.refused.slice(0, MAX_LISTED_REFUSALS),
          rows: summary.rows,
        },
        result: summary.result
          ? {
              created: summary.result.created,
              updated: summary.result.updated,
              refused: summary.result.refused.slice(0, MAX_LISTED_REFUSALS),
            }
          : null,
        images: { ...images, pending: images.total - images.done - images.failed },
        createdAt: job.createdAt,
        updatedAt: job.updatedAt,
      };
    };

    admin.post('/sites/:siteId/imports', { ...manage, bodyLimit: maxBytes }, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const query = parseInput(uploadQuery, request.query);
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new HttpError(415, 'NOT_CSV', m.notCsv('keine CSV-Datei'));
      const website = await websiteById(storage, websiteId);
      // The file first: a customers file is told apart before asking for a products page it does not need.
      const mapped = readCatalogue(body, website.currency);
      const collectionId = await productsPage(storage, websiteId, query.collectionId);
      const index = await storage.imports.catalogueIndex(websiteId);
      const { entries, summary } = planImport(mapped, index, collectionId, {
        currency: website.currency,
        locale: website.locale,
      });
      const job = await storage.imports.createJob(websiteId, {
        collectionId,
        format: mapped.format,
        filename: query.filename || 'produkte.csv',
        plan: entries,
        summary,
        total: entries.length,
      });
      return reply.code(201).send({ job: await jobView(job) });
    });

    admin.get('/sites/:siteId/imports/latest', view, async (request) => {
      const job = await storage.imports.latestJob(accessedSite(request).websiteId);
      return { job: job ? await jobView(job) : null };
    });

    admin.get('/sites/:siteId/imports/:jobId', view, async (request) => {
      const { jobId } = parseInput(jobParams, request.params);
      const job = await storage.imports.jobProgress(accessedSite(request).websiteId, jobId);
      if (!job) throw new HttpError(404, 'IMPORT_NOT_FOUND', m.jobNotFound);
      return { job: await jobView(job) };
    });

    admin.post('/sites/:siteId/imports/:jobId/start', manage, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const { jobId } = parseInput(jobParams, request.params);
      const job = await storage.imports.findJob(websiteId, jobId);
      if (!job) throw new HttpError(404, 'IMPORT_NOT_FOUND', m.jobNotFound);
      if ((job.plan as PlanEntry[]).length === 0)
        throw new HttpError(409, 'NOTHING_TO_IMPORT', m.nothingToImport);
      // One start per job, also with two clicks or two processes: the conditional UPDATE decides.
      if (!(await storage.imports.startJob(websiteId, jobId)))
        throw new HttpError(409, 'IMPORT_STARTED', m.jobNotStartable);
      const website = await websiteById(storage, websiteId);
      const run = runJob(storage, website, job as ImportJob<PlanEntry[]>, worker, request.log).finally(() =>
        runningHere.delete(jobId),
      );
      runningHere.set(jobId, run);
      const started = await storage.imports.jobProgress(websiteId, jobId);
      return reply.code(202).send({ job: await jobView(started!) });
    });

    admin.post('/sites/:siteId/customer-imports', { ...customers, bodyLimit: maxBytes }, async (request) => {
      const { websiteId } = accessedSite(request);
      const { dryRun } = parseInput(customerUploadQuery, request.query);
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, 'NOT_CSV', m.notCsv('keine CSV-Datei'));
      await websiteById(storage, websiteId);
      return { report: await importCustomerFile(storage, websiteId, request.body, { dryRun }) };
    });

    admin.get('/sites/:siteId/customers/shopify-export.csv', customers, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const website = await websiteById(storage, websiteId);
      const csv = shopifyCustomersCsv(
        await storage.customerImports.exportCustomers(websiteId),
        website.currency,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${m.customersExportFile(new Date().toISOString().slice(0, 10))}"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    });

    admin.get('/sites/:siteId/products/export.csv', view, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const website = await websiteById(storage, websiteId);
      const origin = siteBaseUrl(website, publicUrlOf(request));
      let csv = csvLine(SHOPIFY_HEADER);
      const written = new Set<string>();
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        const { items, total } = await storage.items.searchProducts(websiteId, {
          limit: EXPORT_PAGE,
          offset,
        });
        for (const item of items) {
          // A product created meanwhile shifts the pages; one already written is not written twice.
          if (written.has(item.id)) continue;
          written.add(item.id);
          for (const row of shopifyRows(item, website.currency, origin)) csv += csvLine(row);
        }
        if (offset + EXPORT_PAGE >= total) break;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="produkte-shopify.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    });
  });
  return worker;
}

/** The products page an import writes to: the one named, else the website's first. */
async function productsPage(storage: Storage, websiteId: string, collectionId?: string): Promise<string> {
  if (collectionId) {
    const collection = await storage.collections.findById(websiteId, collectionId);
    if (collection?.type !== CollectionType.PRODUCTS)
      throw new HttpError(400, 'NOT_A_PRODUCTS_PAGE', m.collectionNotProducts);
    return collection.id;
  }
  const pages = await storage.collections.listAll(websiteId);
  const first = pages.find((c) => c.type === CollectionType.PRODUCTS);
  if (!first) throw new HttpError(409, 'NO_PRODUCTS_PAGE', m.noProductsPage);
  return first.id;
}

async function runJob(
  storage: Storage,
  website: Website,
  job: ImportJob<PlanEntry[]>,
  worker: ImageWorker,
  log: { error: (obj: unknown, msg: string) => void },
): Promise<void> {
  const summary = job.summary as JobSummary;
  try {
    const result = await runImport(storage, website, job, { onBatch: () => worker.kick() });
    const refused: Refusal[] = result.refused;
    await storage.imports.finishJob(website.id, job.id, 'done', {
      summary: { ...summary, result: { ...result, refused } },
    });
  } catch (error) {
    log.error({ err: error, importJob: job.id }, 'product import failed');
    await storage.imports.finishJob(website.id, job.id, 'failed', { error: m.jobFailed }).catch(() => {});
  }
  worker.kick();
}
