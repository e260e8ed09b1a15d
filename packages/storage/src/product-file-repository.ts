import type { Generated, Kysely } from 'kysely';
import { newId } from './ids.js';
import type { Database } from './schema.js';
import { chained } from './sqlite-dialect.js';

/*
 * The files of digital products (migration 0038): what the owner uploaded for a product, stored in
 * pieces, and how often each order line has downloaded it. The server streams, checks and hashes; this
 * package stores what it is given, scoped by website like every tenant table.
 */

export interface ProductFilesTable {
  website_id: string;
  item_id: string;
  file_id: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  download_limit: number;
  download_days: number;
  created_at: number;
  updated_at: number;
}

export interface ProductFileChunksTable {
  website_id: string;
  file_id: string;
  seq: number;
  data: Uint8Array;
}

declare module './schema.js' {
  interface Database {
    product_files: ProductFilesTable;
    product_file_chunks: ProductFileChunksTable;
  }
  interface OrderItemsTable {
    download_count: Generated<number>;
  }
}

export interface ProductFile {
  itemId: string;
  /** Names the stored bytes; a new upload gets a new one. */
  fileId: string;
  fileName: string;
  contentType: string;
  byteSize: number;
  /** Lower-case hex. */
  sha256: string;
  /** Downloads per order line. */
  downloadLimit: number;
  /** Days after payment during which the file may be downloaded. */
  downloadDays: number;
  createdAt: number;
  updatedAt: number;
}

export interface NewProductFile {
  fileName: string;
  contentType: string;
  byteSize: number;
  sha256: string;
}

export interface DownloadRules {
  downloadLimit: number;
  downloadDays: number;
}

export const DEFAULT_DOWNLOAD_RULES: DownloadRules = { downloadLimit: 5, downloadDays: 30 };

export interface ProductFileRepository {
  /** A new id for the bytes of an upload; write them with `writeChunk`, then `attach` or `discard`. */
  newFileId(): string;
  writeChunk(websiteId: string, fileId: string, seq: number, data: Uint8Array): Promise<void>;
  /** Drops the bytes of an upload that broke off or was refused. */
  discard(websiteId: string, fileId: string): Promise<void>;
  /**
   * Makes the uploaded bytes the product's file, in one transaction: the file before it (if any) is
   * deleted, its download rules are kept.
   */
  attach(
    websiteId: string,
    itemId: string,
    fileId: string,
    file: NewProductFile,
    now?: number,
  ): Promise<ProductFile>;
  find(websiteId: string, itemId: string): Promise<ProductFile | undefined>;
  /** False when the product had no file. */
  remove(websiteId: string, itemId: string): Promise<boolean>;
  /** Undefined when the product has no file. */
  setRules(
    websiteId: string,
    itemId: string,
    rules: DownloadRules,
    now?: number,
  ): Promise<ProductFile | undefined>;
  /** The stored bytes piece by piece, in order; nothing for an unknown file. */
  chunks(websiteId: string, fileId: string): AsyncGenerator<Uint8Array>;
  /** How often an order line has downloaded its file. */
  downloadCount(websiteId: string, orderItemId: string): Promise<number>;
  /** Counts one download unless the line already has `limit`; false when the limit is reached. */
  countDownload(websiteId: string, orderItemId: string, limit: number): Promise<boolean>;
}

type Row = ProductFilesTable;

const view = (row: Row): ProductFile => ({
  itemId: row.item_id,
  fileId: row.file_id,
  fileName: row.file_name,
  contentType: row.content_type,
  byteSize: Number(row.byte_size),
  sha256: row.sha256,
  downloadLimit: Number(row.download_limit),
  downloadDays: Number(row.download_days),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const bytes = (data: unknown): Uint8Array =>
  data instanceof Uint8Array ? data : new Uint8Array(data as ArrayBuffer);

export function productFileRepository(db: Kysely<Database>): ProductFileRepository {
  const find = async (websiteId: string, itemId: string) => {
    const row = await db
      .selectFrom('product_files')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
    return row ? view(row) : undefined;
  };
  const dropChunks = (trx: Kysely<Database>, websiteId: string, fileId: string) =>
    trx
      .deleteFrom('product_file_chunks')
      .where('website_id', '=', websiteId)
      .where('file_id', '=', fileId)
      .execute();
  const inTransaction = <T>(fn: (trx: Kysely<Database>) => Promise<T>) =>
    db.isTransaction ? fn(db) : chained(db, fn);

  return {
    newFileId: () => newId(),
    async writeChunk(websiteId, fileId, seq, data) {
      await db
        .insertInto('product_file_chunks')
        .values({ website_id: websiteId, file_id: fileId, seq, data })
        .execute();
    },
    async discard(websiteId, fileId) {
      await dropChunks(db, websiteId, fileId);
    },
    attach(websiteId, itemId, fileId, file, now = Date.now()) {
      return inTransaction(async (trx) => {
        const before = await trx
          .selectFrom('product_files')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('item_id', '=', itemId)
          .executeTakeFirst();
        const row: Row = {
          website_id: websiteId,
          item_id: itemId,
          file_id: fileId,
          file_name: file.fileName,
          content_type: file.contentType,
          byte_size: file.byteSize,
          sha256: file.sha256,
          download_limit: before ? Number(before.download_limit) : DEFAULT_DOWNLOAD_RULES.downloadLimit,
          download_days: before ? Number(before.download_days) : DEFAULT_DOWNLOAD_RULES.downloadDays,
          created_at: before ? Number(before.created_at) : now,
          updated_at: now,
        };
        if (before) {
          await trx
            .updateTable('product_files')
            .set(row)
            .where('website_id', '=', websiteId)
            .where('item_id', '=', itemId)
            .execute();
          if (before.file_id !== fileId) await dropChunks(trx, websiteId, before.file_id);
        } else {
          await trx.insertInto('product_files').values(row).execute();
        }
        return view(row);
      });
    },
    find,
    remove(websiteId, itemId) {
      return inTransaction(async (trx) => {
        const before = await trx
          .selectFrom('product_files')
          .select('file_id')
          .where('website_id', '=', websiteId)
          .where('item_id', '=', itemId)
          .executeTakeFirst();
        if (!before) return false;
        await trx
          .deleteFrom('product_files')
          .where('website_id', '=', websiteId)
          .where('item_id', '=', itemId)
          .execute();
        await dropChunks(trx, websiteId, before.file_id);
        return true;
      });
    },
    async setRules(websiteId, itemId, rules, now = Date.now()) {
      await db
        .updateTable('product_files')
        .set({ download_limit: rules.downloadLimit, download_days: rules.downloadDays, updated_at: now })
        .where('website_id', '=', websiteId)
        .where('item_id', '=', itemId)
        .execute();
      return find(websiteId, itemId);
    },
    async *chunks(websiteId, fileId) {
      // One piece per query: a large file never sits in memory as a whole.
      for (let seq = 0; ; seq++) {
        const row = await db
          .selectFrom('product_file_chunks')
          .select('data')
          .where('website_id', '=', websiteId)
          .where('file_id', '=', fileId)
          .where('seq', '=', seq)
          .executeTakeFirst();
        if (!row) return;
        yield bytes(row.data);
      }
    },
    async downloadCount(websiteId, orderItemId) {
      const row = await db
        .selectFrom('order_items')
        .select('download_count')
        .where('website_id', '=', websiteId)
        .where('id', '=', orderItemId)
        .executeTakeFirst();
      return Number(row?.download_count ?? 0);
    },
    async countDownload(websiteId, orderItemId, limit) {
      const result = await db
        .updateTable('order_items')
        .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
        .where('website_id', '=', websiteId)
        .where('id', '=', orderItemId)
        .where('download_count', '<', limit)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
