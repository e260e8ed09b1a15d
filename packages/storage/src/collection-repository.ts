import type { Kysely, Selectable } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromFlag, fromJson, toFlag, toJson } from './json-column.js';
import type { CollectionsTable, Database } from './schema.js';
import { isUniqueViolation, StorageError, storageMessages } from './storage-error.js';
import type { Block, Collection, NewCollection } from './types.js';
import { checkCollectionUrlId } from './url-id.js';

export interface CollectionRepository {
  /** Visible collections of one website, ordered by position. */
  listNavigation(websiteId: string): Promise<Collection[]>;
  /** '' is the home page. */
  findByUrlId(websiteId: string, urlId: string): Promise<Collection | undefined>;
  findById(websiteId: string, id: string): Promise<Collection | undefined>;
  /** Throws StorageError WEBSITE_NOT_FOUND, URL_ID_TAKEN or INVALID_INPUT. */
  create(websiteId: string, input: NewCollection): Promise<Collection>;
}

function toCollection(row: Selectable<CollectionsTable>): Collection {
  const collection: Collection = {
    id: row.id,
    websiteId: row.website_id,
    type: Number(row.type),
    urlId: row.url_id,
    title: row.title,
    position: Number(row.position),
    hidden: fromFlag(row.hidden),
    blocks: fromJson<Block[]>(row.blocks, []),
    settings: fromJson<Record<string, unknown>>(row.settings, {}),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.folder_behavior !== null) collection.folderBehavior = Number(row.folder_behavior);
  if (row.description !== null) collection.description = row.description;
  return collection;
}

const isKey = (value: unknown): value is string => typeof value === 'string';

export function collectionRepository(db: Kysely<Database>): CollectionRepository {
  const findByUrlId = async (websiteId: string, urlId: string) => {
    if (!isKey(websiteId) || !isKey(urlId)) return undefined;
    const row = await db
      .selectFrom('collections')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('url_id', '=', urlId)
      .executeTakeFirst();
    return row ? toCollection(row) : undefined;
  };

  return {
    async listNavigation(websiteId) {
      if (!isKey(websiteId)) return [];
      const rows = await db
        .selectFrom('collections')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('hidden', '=', 0)
        .orderBy('position')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toCollection);
    },

    findByUrlId,

    async findById(websiteId, id) {
      if (!isKey(websiteId) || !isKey(id)) return undefined;
      const row = await db
        .selectFrom('collections')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toCollection(row) : undefined;
    },

    async create(websiteId, input) {
      const title = String(input?.title ?? '').trim();
      if (!title) throw new StorageError('INVALID_INPUT', storageMessages.titleMissing);
      const urlId = checkCollectionUrlId(input.urlId);
      if (!isKey(websiteId)) throw new StorageError('WEBSITE_NOT_FOUND', storageMessages.websiteNotFound);
      return atomically(db, async (tx) => {
        const site = await tx
          .selectFrom('websites')
          .select('id')
          .where('id', '=', websiteId)
          .executeTakeFirst();
        if (!site) throw new StorageError('WEBSITE_NOT_FOUND', storageMessages.websiteNotFound);
        const clash = await tx
          .selectFrom('collections')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('url_id', '=', urlId)
          .executeTakeFirst();
        if (clash) throw new StorageError('URL_ID_TAKEN', storageMessages.collectionUrlIdTaken(urlId));
        const now = Date.now();
        const row: CollectionsTable = {
          website_id: websiteId,
          id: input.id ?? newId(now),
          type: Math.trunc(Number(input.type)) || 10,
          url_id: urlId,
          title,
          position: Math.trunc(Number(input.position ?? 0)) || 0,
          hidden: toFlag(input.hidden),
          folder_behavior: input.folderBehavior ?? null,
          description: input.description ?? null,
          blocks: toJson(input.blocks ?? []),
          settings: toJson(input.settings ?? {}),
          created_at: now,
          updated_at: now,
        };
        try {
          await tx.insertInto('collections').values(row).execute();
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw new StorageError('URL_ID_TAKEN', storageMessages.collectionUrlIdTaken(urlId));
          }
          throw error;
        }
        return toCollection(row);
      });
    },
  };
}
