import { type ColumnType, type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromFlag, fromJson, toFlag, toJson } from './json-column.js';
import { redirectRepository } from './redirect-repository.js';
import type { CollectionsTable, Database } from './schema.js';
import { isUniqueViolation, StorageError, storageMessages } from './storage-error.js';
import type { Block, Collection, NewCollection } from './types.js';
import { checkCollectionUrlId } from './url-id.js';

/** The draft columns of migration 0008 join the collections row shape by declaration merging. */
declare module './schema.js' {
  interface CollectionsTable {
    /** JSON blocks an editor saved and nobody published yet; NULL when the live blocks are current. */
    draft_blocks: ColumnType<string | null, string | null | undefined, string | null>;
    draft_updated_at: ColumnType<number | null, number | null | undefined, number | null>;
  }
}

/** A collection as the editor sees it: with the draft of its blocks when there are unpublished changes. */
export interface EditableCollection extends Collection {
  /** The blocks last saved as a draft; absent when the live blocks are current. */
  draftBlocks?: Block[];
  draftUpdatedAt?: number;
}

/** What an owner may change about a collection; absent fields stay as they are. */
export interface CollectionChanges {
  title?: string;
  urlId?: string;
  hidden?: boolean;
  /** null removes the description. */
  description?: string | null;
  /** Merged key by key into the stored settings; a key set to null is removed. */
  settings?: Record<string, unknown>;
}

export interface CollectionRepository {
  /** Visible collections of one website, ordered by position. */
  listNavigation(websiteId: string): Promise<Collection[]>;
  /** '' is the home page. */
  findByUrlId(websiteId: string, urlId: string): Promise<Collection | undefined>;
  findById(websiteId: string, id: string): Promise<Collection | undefined>;
  /** Throws StorageError WEBSITE_NOT_FOUND, URL_ID_TAKEN or INVALID_INPUT. */
  create(websiteId: string, input: NewCollection): Promise<Collection>;
  /** Every collection of the website, hidden ones too, in navigation order, with their drafts. */
  listAll(websiteId: string): Promise<EditableCollection[]>;
  findEditable(websiteId: string, id: string): Promise<EditableCollection | undefined>;
  /** The collection afterwards; undefined when the website has none with this id. Throws URL_ID_TAKEN, INVALID_INPUT. */
  update(websiteId: string, id: string, changes: CollectionChanges): Promise<EditableCollection | undefined>;
  /**
   * Positions 0, 1, 2... in the order given, in one transaction. False (and nothing written) unless the
   * ids are exactly the website's collections, each once.
   */
  reorder(websiteId: string, orderedIds: readonly string[]): Promise<boolean>;
  /** Deletes the collection with its items and products; false when there was none. */
  delete(websiteId: string, id: string): Promise<boolean>;
  /** Keeps the blocks as the collection's draft; visitors still see the live blocks. False when there is no such collection. */
  saveDraft(websiteId: string, id: string, blocks: readonly Block[], now?: number): Promise<boolean>;
  /** Makes the draft the live blocks and clears it; a collection without a draft stays as it is. */
  publishDraft(websiteId: string, id: string, now?: number): Promise<EditableCollection | undefined>;
}

function toCollection(
  row: Omit<Selectable<CollectionsTable>, 'draft_blocks' | 'draft_updated_at'>,
): Collection {
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

function toEditable(row: Selectable<CollectionsTable>): EditableCollection {
  const collection: EditableCollection = toCollection(row);
  if (row.draft_blocks !== null && row.draft_blocks !== undefined) {
    collection.draftBlocks = fromJson<Block[]>(row.draft_blocks, []);
    if (row.draft_updated_at !== null) collection.draftUpdatedAt = Number(row.draft_updated_at);
  }
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
        const row: Insertable<CollectionsTable> &
          Omit<Selectable<CollectionsTable>, 'draft_blocks' | 'draft_updated_at'> = {
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

    async listAll(websiteId) {
      if (!isKey(websiteId)) return [];
      const rows = await db
        .selectFrom('collections')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('position')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toEditable);
    },

    findEditable: (websiteId, id) => findEditable(db, websiteId, id),

    async update(websiteId, id, changes) {
      if (!isKey(websiteId) || !isKey(id)) return undefined;
      const title = changes.title === undefined ? undefined : String(changes.title).trim();
      if (title === '') throw new StorageError('INVALID_INPUT', storageMessages.titleMissing);
      const urlId = changes.urlId === undefined ? undefined : checkCollectionUrlId(changes.urlId);
      return atomically(db, async (tx) => {
        const current = await findEditable(tx, websiteId, id);
        if (!current) return undefined;
        if (urlId !== undefined && urlId !== current.urlId) {
          const clash = await tx
            .selectFrom('collections')
            .select('id')
            .where('website_id', '=', websiteId)
            .where('url_id', '=', urlId)
            .executeTakeFirst();
          if (clash) throw new StorageError('URL_ID_TAKEN', storageMessages.collectionUrlIdTaken(urlId));
        }
        let settings: Record<string, unknown> | undefined;
        if (changes.settings) {
          settings = { ...current.settings };
          for (const [key, value] of Object.entries(changes.settings)) {
            if (value === null || value === undefined) delete settings[key];
            else settings[key] = value;
          }
        }
        try {
          await tx
            .updateTable('collections')
            .set({
              updated_at: Date.now(),
              ...(title !== undefined ? { title } : {}),
              ...(urlId !== undefined ? { url_id: urlId } : {}),
              ...(changes.hidden !== undefined ? { hidden: toFlag(changes.hidden) } : {}),
              ...(changes.description !== undefined ? { description: changes.description } : {}),
              ...(settings ? { settings: toJson(settings) } : {}),
            })
            .where('website_id', '=', websiteId)
            .where('id', '=', id)
            .execute();
        } catch (error) {
          if (isUniqueViolation(error) && urlId !== undefined) {
            throw new StorageError('URL_ID_TAKEN', storageMessages.collectionUrlIdTaken(urlId));
          }
          throw error;
        }
        // The page and everything below it (its products, posts) answer their old address with a 301.
        if (urlId && current.urlId && urlId !== current.urlId)
          await redirectRepository(tx).recordMove(websiteId, `/${current.urlId}`, `/${urlId}`, {
            pattern: true,
          });
        return findEditable(tx, websiteId, id);
      });
    },

    async reorder(websiteId, orderedIds) {
      if (!isKey(websiteId) || !Array.isArray(orderedIds)) return false;
      if (new Set(orderedIds).size !== orderedIds.length) return false;
      return atomically(db, async (tx) => {
        const existing = await tx
          .selectFrom('collections')
          .select('id')
          .where('website_id', '=', websiteId)
          .execute();
        const known = new Set(existing.map((r) => r.id));
        if (known.size !== orderedIds.length || !orderedIds.every((id) => known.has(id))) return false;
        const now = Date.now();
        for (const [position, id] of orderedIds.entries()) {
          await tx
            .updateTable('collections')
            .set({ position, updated_at: now })
            .where('website_id', '=', websiteId)
            .where('id', '=', id)
            .execute();
        }
        return true;
      });
    },

    async delete(websiteId, id) {
      if (!isKey(websiteId) || !isKey(id)) return false;
      // Items, products and variants go with it (foreign keys cascade on both dialects).
      const result = await db
        .deleteFrom('collections')
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async saveDraft(websiteId, id, blocks, now = Date.now()) {
      if (!isKey(websiteId) || !isKey(id)) return false;
      const result = await db
        .updateTable('collections')
        .set({ draft_blocks: toJson(blocks), draft_updated_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async publishDraft(websiteId, id, now = Date.now()) {
      if (!isKey(websiteId) || !isKey(id)) return undefined;
      return atomically(db, async (tx) => {
        // One statement copies the draft as it is at this moment; a draft saved concurrently is either
        // published whole or stays a draft, never half of it.
        await tx
          .updateTable('collections')
          .set({
            // The where clause below guarantees the draft is not NULL.
            blocks: sql<string>`draft_blocks`,
            draft_blocks: null,
            draft_updated_at: null,
            updated_at: now,
          })
          .where('website_id', '=', websiteId)
          .where('id', '=', id)
          .where('draft_blocks', 'is not', null)
          .execute();
        return findEditable(tx, websiteId, id);
      });
    },
  };
}

async function findEditable(
  db: Kysely<Database>,
  websiteId: string,
  id: string,
): Promise<EditableCollection | undefined> {
  if (!isKey(websiteId) || !isKey(id)) return undefined;
  const row = await db
    .selectFrom('collections')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toEditable(row) : undefined;
}
