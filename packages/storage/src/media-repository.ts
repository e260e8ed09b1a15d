import type { Kysely, Selectable } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import type { Database } from './schema.js';

/*
 * Uploaded images of a website (migration 0012): the description in `media`, the bytes of the original
 * and of each width rendition in `media_files`. The server decodes, checks and resizes; this package only
 * stores what it is given, scoped by website like every tenant table.
 */

export interface MediaTable {
  website_id: string;
  id: string;
  filename: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  alt_text: string;
  focal_x: number;
  focal_y: number;
  variants: string;
  created_at: number;
  updated_at: number;
}

export interface MediaFilesTable {
  website_id: string;
  media_id: string;
  variant: string;
  content_type: string;
  width: number;
  height: number;
  data: Uint8Array;
}

declare module './schema.js' {
  interface Database {
    media: MediaTable;
    media_files: MediaFilesTable;
  }
}

export interface Media {
  id: string;
  websiteId: string;
  filename: string;
  /** Of the original file. */
  contentType: string;
  width: number;
  height: number;
  byteSize: number;
  altText: string;
  focalPoint: { x: number; y: number };
  /** Width steps stored as renditions, smallest first, e.g. ['100w', '300w']. */
  variants: string[];
  createdAt: number;
  updatedAt: number;
}

export interface MediaFile {
  /** 'original' or a width step such as '500w'. */
  variant: string;
  contentType: string;
  width: number;
  height: number;
  data: Uint8Array;
}

export interface NewMedia {
  filename: string;
  contentType: string;
  width: number;
  height: number;
  byteSize: number;
  altText?: string;
  focalPoint?: { x: number; y: number };
  /** The original (variant 'original') and the renditions. */
  files: MediaFile[];
}

export interface MediaChanges {
  altText?: string;
  focalPoint?: { x: number; y: number };
  filename?: string;
}

export interface MediaRepository {
  /** Stores the description and all files in one transaction. */
  create(websiteId: string, input: NewMedia, now?: number): Promise<Media>;
  /** Newest first. */
  list(
    websiteId: string,
    opts?: { limit?: number; offset?: number },
  ): Promise<{ media: Media[]; total: number }>;
  findById(websiteId: string, id: string): Promise<Media | undefined>;
  /** Undefined when the image is not the website's. */
  update(websiteId: string, id: string, changes: MediaChanges, now?: number): Promise<Media | undefined>;
  /** Deletes the image and its files; false when it was not the website's. */
  delete(websiteId: string, id: string): Promise<boolean>;
  /** One stored file of an image. */
  file(websiteId: string, mediaId: string, variant: string): Promise<MediaFile | undefined>;
}

const MEDIA_COLUMNS = [
  'website_id',
  'id',
  'filename',
  'content_type',
  'width',
  'height',
  'byte_size',
  'alt_text',
  'focal_x',
  'focal_y',
  'variants',
  'created_at',
  'updated_at',
] as const;

const ID = /^[0-9a-f]{24}$/;

function toMedia(row: Selectable<MediaTable>): Media {
  return {
    id: row.id,
    websiteId: row.website_id,
    filename: row.filename,
    contentType: row.content_type,
    width: Number(row.width),
    height: Number(row.height),
    byteSize: Number(row.byte_size),
    altText: row.alt_text,
    focalPoint: { x: Number(row.focal_x), y: Number(row.focal_y) },
    variants: row.variants ? row.variants.split(',') : [],
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function mediaRepository(db: Kysely<Database>): MediaRepository {
  const find = async (websiteId: string, id: string, from: Kysely<Database> = db) => {
    if (typeof id !== 'string' || !ID.test(id)) return undefined;
    const row = await from
      .selectFrom('media')
      .select(MEDIA_COLUMNS)
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toMedia(row) : undefined;
  };

  return {
    async create(websiteId, input, now = Date.now()) {
      const row: MediaTable = {
        website_id: websiteId,
        id: newId(now),
        filename: input.filename,
        content_type: input.contentType,
        width: input.width,
        height: input.height,
        byte_size: input.byteSize,
        alt_text: input.altText ?? '',
        focal_x: input.focalPoint?.x ?? 0.5,
        focal_y: input.focalPoint?.y ?? 0.5,
        variants: input.files
          .map((f) => f.variant)
          .filter((v) => v !== 'original')
          .join(','),
        created_at: now,
        updated_at: now,
      };
      await atomically(db, async (tx) => {
        await tx.insertInto('media').values(row).execute();
        for (const file of input.files) {
          await tx
            .insertInto('media_files')
            .values({
              website_id: websiteId,
              media_id: row.id,
              variant: file.variant,
              content_type: file.contentType,
              width: file.width,
              height: file.height,
              data: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength),
            })
            .execute();
        }
      });
      return toMedia(row);
    },

    async list(websiteId, { limit = 100, offset = 0 } = {}) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('media')
          .select(MEDIA_COLUMNS)
          .where('website_id', '=', websiteId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('media')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('website_id', '=', websiteId)
          .executeTakeFirst(),
      ]);
      return { media: rows.map(toMedia), total: Number(count?.total ?? 0) };
    },

    findById: (websiteId, id) => find(websiteId, id),

    async update(websiteId, id, changes, now = Date.now()) {
      if (typeof id !== 'string' || !ID.test(id)) return undefined;
      const set: Partial<MediaTable> = { updated_at: now };
      if (changes.altText !== undefined) set.alt_text = changes.altText;
      if (changes.filename !== undefined) set.filename = changes.filename;
      if (changes.focalPoint) {
        set.focal_x = changes.focalPoint.x;
        set.focal_y = changes.focalPoint.y;
      }
      const result = await db
        .updateTable('media')
        .set(set)
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return find(websiteId, id);
    },

    async delete(websiteId, id) {
      if (typeof id !== 'string' || !ID.test(id)) return false;
      return atomically(db, async (tx) => {
        await tx
          .deleteFrom('media_files')
          .where('website_id', '=', websiteId)
          .where('media_id', '=', id)
          .execute();
        const result = await tx
          .deleteFrom('media')
          .where('website_id', '=', websiteId)
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    async file(websiteId, mediaId, variant) {
      if (typeof mediaId !== 'string' || !ID.test(mediaId)) return undefined;
      const row = await db
        .selectFrom('media_files')
        .select(['variant', 'content_type', 'width', 'height', 'data'])
        .where('website_id', '=', websiteId)
        .where('media_id', '=', mediaId)
        .where('variant', '=', variant)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        variant: row.variant,
        contentType: row.content_type,
        width: Number(row.width),
        height: Number(row.height),
        data: row.data instanceof Uint8Array ? row.data : new Uint8Array(row.data as ArrayBuffer),
      };
    },
  };
}
