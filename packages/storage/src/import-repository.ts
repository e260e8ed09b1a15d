import type { Kysely, Selectable } from 'kysely';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';

/*
 * Product imports (migration 0025): the job of one uploaded file with its checked plan and progress, and
 * the queue of product images a background worker fetches. The server decides what a plan holds; this
 * package stores it as JSON and keeps every row scoped by website.
 */

export interface ImportJobsTable {
  website_id: string;
  id: string;
  collection_id: string;
  format: string;
  filename: string;
  status: string;
  plan: string;
  summary: string;
  total: number;
  processed: number;
  error: string | null;
  created_at: number;
  updated_at: number;
}

export interface ImportImagesTable {
  website_id: string;
  id: string;
  job_id: string;
  item_id: string;
  position: number;
  url: string;
  alt_text: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  media_id: string | null;
  error: string | null;
}

declare module './schema.js' {
  interface Database {
    import_jobs: ImportJobsTable;
    import_images: ImportImagesTable;
  }
}

export type ImportJobStatus = 'previewed' | 'running' | 'done' | 'failed';

export interface ImportJob<Plan = unknown, Summary = unknown> {
  id: string;
  websiteId: string;
  collectionId: string;
  format: string;
  filename: string;
  status: ImportJobStatus;
  plan: Plan;
  summary: Summary;
  total: number;
  processed: number;
  error?: string;
  createdAt: number;
  updatedAt: number;
}

export interface NewImportJob {
  collectionId: string;
  format: string;
  filename: string;
  plan: unknown;
  summary: unknown;
  total: number;
}

export interface CatalogueIndexRow {
  itemId: string;
  collectionId: string;
  urlId: string;
  title: string;
  /** Null for an item whose product has no variants (never written so, but read defensively). */
  sku: string | null;
}

export interface ImportImage {
  id: string;
  websiteId: string;
  jobId: string;
  itemId: string;
  position: number;
  url: string;
  altText: string;
  /** fetched: in the media library, not yet on the product; done: shown on the product. */
  status: 'pending' | 'fetched' | 'done' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  mediaId?: string;
  error?: string;
}

export interface ImageCounts {
  total: number;
  done: number;
  failed: number;
}

export interface ImportRepository {
  createJob(websiteId: string, input: NewImportJob): Promise<ImportJob>;
  findJob(websiteId: string, jobId: string): Promise<ImportJob | undefined>;
  /** The website's newest job, without its plan (the editor's "current import" after a reload). */
  latestJob(websiteId: string): Promise<Omit<ImportJob, 'plan'> | undefined>;
  /** One job without its plan (what the editor polls). */
  jobProgress(websiteId: string, jobId: string): Promise<Omit<ImportJob, 'plan'> | undefined>;
  /** previewed → running, once: false when the job is gone or another request started it first. */
  startJob(websiteId: string, jobId: string): Promise<boolean>;
  recordProgress(websiteId: string, jobId: string, processed: number): Promise<void>;
  /** Ends a running job; `summary` (when given) replaces the preview's, e.g. with what was written. */
  finishJob(
    websiteId: string,
    jobId: string,
    status: 'done' | 'failed',
    details?: { error?: string; summary?: unknown },
  ): Promise<void>;
  /** Every product variant of the website with its item's URL id and title: what an import matches against. */
  catalogueIndex(websiteId: string): Promise<CatalogueIndexRow[]>;
  /** Replaces the pending images of the item with these (a re-import names the item's images anew). */
  queueImages(
    websiteId: string,
    jobId: string,
    itemId: string,
    images: { url: string; altText: string }[],
    now?: number,
  ): Promise<void>;
  /**
   * Up to `limit` pending images due at `now`, each leased until now + leaseMs so a second worker (another
   * process) does not fetch the same one meanwhile.
   */
  claimImages(limit: number, now: number, leaseMs: number): Promise<ImportImage[]>;
  /** The image is in the media library (status fetched); the product shows it after markShown. */
  imageFetched(websiteId: string, imageId: string, mediaId: string): Promise<void>;
  /** The item's fetched images are on the product now (fetched → done). */
  markShown(websiteId: string, itemId: string): Promise<void>;
  /** retryAt undefined: given up (failed); else pending again from retryAt. */
  imageFailed(websiteId: string, imageId: string, error: string, retryAt?: number): Promise<void>;
  /** A media entry an earlier import fetched from this URL for the website. */
  mediaFetchedFrom(websiteId: string, url: string): Promise<string | undefined>;
  /** The item's images of its newest import, in position order. */
  itemImages(websiteId: string, itemId: string): Promise<ImportImage[]>;
  imageCounts(websiteId: string, jobId: string): Promise<ImageCounts>;
  /** Images left pending: for a worker to know whether to keep polling. */
  pendingImageCount(): Promise<number>;
}

function toJob(row: Selectable<ImportJobsTable>): ImportJob {
  const job: ImportJob = {
    id: row.id,
    websiteId: row.website_id,
    collectionId: row.collection_id,
    format: row.format,
    filename: row.filename,
    status: row.status as ImportJobStatus,
    plan: fromJson<unknown[]>(row.plan, []),
    summary: fromJson<unknown>(row.summary, {}),
    total: Number(row.total),
    processed: Number(row.processed),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.error !== null) job.error = row.error;
  return job;
}

function toImage(row: Selectable<ImportImagesTable>): ImportImage {
  const image: ImportImage = {
    id: row.id,
    websiteId: row.website_id,
    jobId: row.job_id,
    itemId: row.item_id,
    position: Number(row.position),
    url: row.url,
    altText: row.alt_text,
    status: row.status as ImportImage['status'],
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
  };
  if (row.media_id !== null) image.mediaId = row.media_id;
  if (row.error !== null) image.error = row.error;
  return image;
}

export function importRepository(db: Kysely<Database>): ImportRepository {
  // The plan may be megabytes of JSON; polling the progress must not read it every second.
  const withoutPlan = () =>
    db
      .selectFrom('import_jobs')
      .select([
        'website_id',
        'id',
        'collection_id',
        'format',
        'filename',
        'status',
        'summary',
        'total',
        'processed',
        'error',
        'created_at',
        'updated_at',
      ]);
  const jobWithoutPlan = (row: Omit<Selectable<ImportJobsTable>, 'plan'>): Omit<ImportJob, 'plan'> => {
    const { plan: _plan, ...job } = toJob({ ...row, plan: 'null' });
    return job;
  };
  return {
    async createJob(websiteId, input) {
      const now = Date.now();
      const row: ImportJobsTable = {
        website_id: websiteId,
        id: newId(now),
        collection_id: input.collectionId,
        format: input.format,
        filename: input.filename,
        status: 'previewed',
        plan: toJson(input.plan),
        summary: toJson(input.summary),
        total: input.total,
        processed: 0,
        error: null,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('import_jobs').values(row).execute();
      return toJob(row);
    },

    async findJob(websiteId, jobId) {
      const row = await db
        .selectFrom('import_jobs')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('id', '=', jobId)
        .executeTakeFirst();
      return row ? toJob(row) : undefined;
    },

    async latestJob(websiteId) {
      const row = await withoutPlan()
        .where('website_id', '=', websiteId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? jobWithoutPlan(row) : undefined;
    },

    async jobProgress(websiteId, jobId) {
      const row = await withoutPlan()
        .where('website_id', '=', websiteId)
        .where('id', '=', jobId)
        .executeTakeFirst();
      return row ? jobWithoutPlan(row) : undefined;
    },

    async startJob(websiteId, jobId) {
      const result = await db
        .updateTable('import_jobs')
        .set({ status: 'running', updated_at: Date.now() })
        .where('website_id', '=', websiteId)
        .where('id', '=', jobId)
        .where('status', '=', 'previewed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async recordProgress(websiteId, jobId, processed) {
      await db
        .updateTable('import_jobs')
        .set({ processed, updated_at: Date.now() })
        .where('website_id', '=', websiteId)
        .where('id', '=', jobId)
        .execute();
    },

    async finishJob(websiteId, jobId, status, details) {
      await db
        .updateTable('import_jobs')
        .set({
          status,
          error: details?.error ?? null,
          updated_at: Date.now(),
          ...(details?.summary !== undefined ? { summary: toJson(details.summary) } : {}),
        })
        .where('website_id', '=', websiteId)
        .where('id', '=', jobId)
        .execute();
    },

    async catalogueIndex(websiteId) {
      const rows = await db
        .selectFrom('items')
        .innerJoin('products', (join) =>
          join
            .onRef('products.website_id', '=', 'items.website_id')
            .onRef('products.item_id', '=', 'items.id'),
        )
        .leftJoin('product_variants', (join) =>
          join
            .onRef('product_variants.website_id', '=', 'items.website_id')
            .onRef('product_variants.item_id', '=', 'items.id'),
        )
        .select([
          'items.id as itemId',
          'items.collection_id as collectionId',
          'items.url_id as urlId',
          'items.title as title',
          'product_variants.sku as sku',
        ])
        .where('items.website_id', '=', websiteId)
        .execute();
      return rows.map((r) => ({ ...r, sku: r.sku ?? null }));
    },

    async queueImages(websiteId, jobId, itemId, images, now = Date.now()) {
      await db
        .deleteFrom('import_images')
        .where('website_id', '=', websiteId)
        .where('item_id', '=', itemId)
        .where('status', '=', 'pending')
        .execute();
      if (images.length === 0) return;
      await db
        .insertInto('import_images')
        .values(
          images.map((image, position) => ({
            website_id: websiteId,
            id: newId(now),
            job_id: jobId,
            item_id: itemId,
            position,
            url: image.url,
            alt_text: image.altText,
            status: 'pending',
            attempts: 0,
            next_attempt_at: now,
            media_id: null,
            error: null,
          })),
        )
        .execute();
    },

    async claimImages(limit, now, leaseMs) {
      const rows = await db
        .selectFrom('import_images')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      const claimed: ImportImage[] = [];
      for (const row of rows) {
        // Conditional on the lease it saw: of two workers, only one moves it.
        const result = await db
          .updateTable('import_images')
          .set({ next_attempt_at: now + leaseMs })
          .where('website_id', '=', row.website_id)
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '=', row.next_attempt_at)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) claimed.push(toImage(row));
      }
      return claimed;
    },

    async imageFetched(websiteId, imageId, mediaId) {
      await db
        .updateTable('import_images')
        .set((eb) => ({
          status: 'fetched',
          media_id: mediaId,
          error: null,
          attempts: eb('attempts', '+', 1),
        }))
        .where('website_id', '=', websiteId)
        .where('id', '=', imageId)
        .execute();
    },

    async markShown(websiteId, itemId) {
      await db
        .updateTable('import_images')
        .set({ status: 'done' })
        .where('website_id', '=', websiteId)
        .where('item_id', '=', itemId)
        .where('status', '=', 'fetched')
        .execute();
    },

    async imageFailed(websiteId, imageId, error, retryAt) {
      await db
        .updateTable('import_images')
        .set((eb) => ({
          status: retryAt === undefined ? 'failed' : 'pending',
          error,
          attempts: eb('attempts', '+', 1),
          ...(retryAt !== undefined ? { next_attempt_at: retryAt } : {}),
        }))
        .where('website_id', '=', websiteId)
        .where('id', '=', imageId)
        .execute();
    },

    async mediaFetchedFrom(websiteId, url) {
      const row = await db
        .selectFrom('import_images')
        .innerJoin('media', (join) =>
          join
            .onRef('media.website_id', '=', 'import_images.website_id')
            .onRef('media.id', '=', 'import_images.media_id'),
        )
        .select('import_images.media_id')
        .where('import_images.website_id', '=', websiteId)
        .where('import_images.url', '=', url)
        .where('import_images.status', 'in', ['fetched', 'done'])
        .limit(1)
        .executeTakeFirst();
      return row?.media_id ?? undefined;
    },

    async itemImages(websiteId, itemId) {
      const newest = await db
        .selectFrom('import_images')
        .select('job_id')
        .where('website_id', '=', websiteId)
        .where('item_id', '=', itemId)
        .orderBy('job_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!newest) return [];
      const rows = await db
        .selectFrom('import_images')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('item_id', '=', itemId)
        .where('job_id', '=', newest.job_id)
        .orderBy('position')
        .execute();
      return rows.map(toImage);
    },

    async imageCounts(websiteId, jobId) {
      const rows = await db
        .selectFrom('import_images')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('website_id', '=', websiteId)
        .where('job_id', '=', jobId)
        .groupBy('status')
        .execute();
      const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
      return {
        total: rows.reduce((n, r) => n + Number(r.n), 0),
        done: count('done'),
        failed: count('failed'),
      };
    },

    async pendingImageCount() {
      const row = await db
        .selectFrom('import_images')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
