import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { atomically } from './atomically.js';
import { itemRepository, pageWindow, toItem } from './item-repository.js';
import { fromFlag, fromJson, optionalFromJson, toFlag, toJson } from './json-column.js';
import type { Database } from './schema.js';
import { postgresTsQuery, sqliteMatchExpression } from './search-terms.js';
import { StorageError } from './storage-error.js';
import type { Image, Item, NewItem } from './types.js';
import { RecordType } from './types.js';

/** The tables of migration 0010 join the row shapes by declaration merging. */
declare module './schema.js' {
  interface Database {
    content_entries: ContentEntriesTable;
    search_documents: SearchDocumentsTable;
  }
}

export interface ContentEntriesTable {
  website_id: string;
  item_id: string;
  author_display_name: string | null;
  starred: number;
  comment_state: number;
  start_date: number | null;
  end_date: number | null;
  location: string | null;
  /** Migration 0014: the Markdown the excerpt and body were written in; NULL when written as HTML. */
  excerpt_markdown: string | null;
  body_markdown: string | null;
}

export interface SearchDocumentsTable {
  website_id: string;
  doc_kind: 'item' | 'collection';
  doc_id: string;
  title: string;
  content: string;
}

/** Where an event takes place (spec 3): address lines, country and map coordinates. */
export interface EventLocation {
  addressLine1?: string;
  addressLine2?: string;
  addressCountry?: string;
  mapLat?: number;
  mapLng?: number;
}

/** What blog posts and events have beyond an item. */
export interface ContentDetails {
  authorDisplayName?: string;
  starred: boolean;
  /** 1 open, 2 closed, 0 none (spec 3 commentState). */
  commentState: number;
  /** Events: epoch milliseconds. */
  startDate?: number;
  endDate?: number;
  location?: EventLocation;
  /** The Markdown the item's excerpt (HTML) was rendered from; absent when it was written as HTML. */
  excerptMarkdown?: string;
  /** The Markdown the item's body (HTML) was rendered from; absent when it was written as HTML. */
  bodyMarkdown?: string;
}

export interface ContentItem extends Item {
  content: ContentDetails;
}

export interface NewPost extends Omit<NewItem, 'product' | 'recordType'> {
  authorDisplayName?: string;
  starred?: boolean;
  commentState?: number;
  /** The Markdown source of excerpt and body, kept beside the rendered HTML. */
  excerptMarkdown?: string;
  bodyMarkdown?: string;
}

export interface NewEvent extends NewPost {
  startDate: number;
  endDate: number;
  location?: EventLocation;
}

export type ContentDetailChanges = Partial<
  Omit<ContentDetails, 'location' | 'authorDisplayName' | 'excerptMarkdown' | 'bodyMarkdown'>
> & {
  /** null removes it. */
  authorDisplayName?: string | null;
  location?: EventLocation | null;
  /** null: the text is now HTML (no Markdown source). */
  excerptMarkdown?: string | null;
  bodyMarkdown?: string | null;
};

export interface Listed<T> {
  items: T[];
  total: number;
}

export interface PostListOptions {
  category?: string;
  tag?: string;
  limit?: number;
  offset?: number;
  /** Posts published after this instant are not shown yet; default now. */
  now?: number;
}

export type EventListOptions =
  | { when: 'upcoming' | 'past'; now?: number; limit?: number; offset?: number }
  /** Events that overlap [from, to), e.g. one calendar month. */
  | { from: number; to: number; limit?: number };

export interface SearchHit {
  kind: 'item' | 'collection';
  /** The item's id, or the collection's for kind 'collection'. */
  id: string;
  title: string;
  /** HTML of the item's excerpt; the collection's description for collections. */
  excerpt: string;
  assetUrl?: string;
  recordType?: number;
  itemUrlId?: string;
  isProduct: boolean;
  collection: { id: string; urlId: string; type: number; title: string; settings: Record<string, unknown> };
}

export interface ContentRepository {
  /** A blog post: an item of record type text with its details, in one transaction. */
  createPost(websiteId: string, input: NewPost): Promise<ContentItem>;
  /** An event: an item of record type event; end before start is refused. */
  createEvent(websiteId: string, input: NewEvent): Promise<ContentItem>;
  /** Changes the details of an item; undefined when the website has no such item. */
  updateDetails(
    websiteId: string,
    itemId: string,
    changes: ContentDetailChanges,
  ): Promise<ContentItem | undefined>;
  findByUrlId(websiteId: string, collectionId: string, urlId: string): Promise<ContentItem | undefined>;
  /** Details of many items in one query; items without any get the defaults. */
  detailsOf(websiteId: string, itemIds: readonly string[]): Promise<Map<string, ContentDetails>>;
  /** Published posts, newest first; with a category or tag only those that carry it. */
  listPosts(websiteId: string, collectionId: string, opts?: PostListOptions): Promise<Listed<ContentItem>>;
  /** Categories and tags of the published posts with their counts, by name. */
  postFacets(
    websiteId: string,
    collectionId: string,
    now?: number,
  ): Promise<{ categories: { name: string; count: number }[]; tags: { name: string; count: number }[] }>;
  /** Upcoming (not yet ended, soonest first), past (latest first) or within a range (by start). */
  listEvents(websiteId: string, collectionId: string, opts: EventListOptions): Promise<Listed<ContentItem>>;
  /**
   * Full-text search over the website's pages and published items (products, posts, events), best
   * match first. German word forms match on both databases; the query's own syntax is ignored.
   */
  search(
    websiteId: string,
    query: string,
    opts?: { limit?: number; offset?: number; now?: number },
  ): Promise<Listed<SearchHit>>;
}

const DEFAULT_DETAILS: ContentDetails = { starred: false, commentState: 0 };

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

type DetailColumns = Pick<
  ContentEntriesTable,
  | 'author_display_name'
  | 'starred'
  | 'comment_state'
  | 'start_date'
  | 'end_date'
  | 'location'
  | 'excerpt_markdown'
  | 'body_markdown'
>;

function toDetails(row: { [K in keyof DetailColumns]: DetailColumns[K] | null } | undefined): ContentDetails {
  if (!row || row.starred === null) return { ...DEFAULT_DETAILS };
  const details: ContentDetails = {
    starred: fromFlag(row.starred),
    commentState: Number(row.comment_state ?? 0),
  };
  if (row.author_display_name) details.authorDisplayName = row.author_display_name;
  if (row.start_date !== null) details.startDate = Number(row.start_date);
  if (row.end_date !== null) details.endDate = Number(row.end_date);
  const location = optionalFromJson<EventLocation>(row.location);
  if (location) details.location = location;
  if (row.excerpt_markdown !== null) details.excerptMarkdown = row.excerpt_markdown;
  if (row.body_markdown !== null) details.bodyMarkdown = row.body_markdown;
  return details;
}

const invalid = (message: string) => new StorageError('INVALID_INPUT', message);

export const contentMessages = {
  eventDatesInvalid: 'Beginn und Ende einer Veranstaltung müssen gültige Zeitpunkte sein.',
  eventEndsBeforeStart: 'Eine Veranstaltung kann nicht enden, bevor sie beginnt.',
  commentStateInvalid: 'Der Kommentarstatus muss 0, 1 oder 2 sein.',
  coordinatesInvalid: 'Die Kartenkoordinaten sind ungültig.',
} as const;

function checkDetails(details: ContentDetails) {
  if (![0, 1, 2].includes(details.commentState)) throw invalid(contentMessages.commentStateInvalid);
  const { startDate, endDate, location } = details;
  if (startDate !== undefined || endDate !== undefined) {
    if (!Number.isSafeInteger(startDate) || !Number.isSafeInteger(endDate))
      throw invalid(contentMessages.eventDatesInvalid);
    if (endDate! < startDate!) throw invalid(contentMessages.eventEndsBeforeStart);
  }
  if (location) {
    const { mapLat, mapLng } = location;
    const bad = (v: number | undefined, limit: number) =>
      v !== undefined && !(Number.isFinite(v) && Math.abs(v) <= limit);
    if (bad(mapLat, 90) || bad(mapLng, 180)) throw invalid(contentMessages.coordinatesInvalid);
  }
}

function detailRow(websiteId: string, itemId: string, d: ContentDetails): ContentEntriesTable {
  return {
    website_id: websiteId,
    item_id: itemId,
    author_display_name: d.authorDisplayName?.trim() || null,
    starred: toFlag(d.starred),
    comment_state: d.commentState,
    start_date: d.startDate ?? null,
    end_date: d.endDate ?? null,
    location: d.location ? toJson(d.location) : null,
    excerpt_markdown: d.excerptMarkdown ?? null,
    body_markdown: d.bodyMarkdown ?? null,
  };
}

export function contentRepository(db: Kysely<Database>): ContentRepository {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /** Items of the collection with their details, newest or soonest first as the caller orders them. */
  const itemsWithDetails = (k: Kysely<Database> = db) =>
    k
      .selectFrom('items')
      .leftJoin('content_entries', (join) =>
        join
          .onRef('content_entries.website_id', '=', 'items.website_id')
          .onRef('content_entries.item_id', '=', 'items.id'),
      )
      .selectAll('items')
      .select([
        'content_entries.author_display_name',
        'content_entries.starred',
        'content_entries.comment_state',
        'content_entries.start_date',
        'content_entries.end_date',
        'content_entries.location',
        'content_entries.excerpt_markdown',
        'content_entries.body_markdown',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof itemsWithDetails>['execute']>>[number];
  const toContentItem = (row: Row): ContentItem => ({ ...toItem(row), content: toDetails(row) });

  /** A JSON text array holds the value: the quoted value appears in it as JSON.stringify wrote it. */
  const jsonArrayHas = (column: 'items.categories' | 'items.tags', value: string) =>
    postgres
      ? sql<boolean>`strpos(${sql.ref(column)}, ${JSON.stringify(value)}) > 0`
      : sql<boolean>`instr(${sql.ref(column)}, ${JSON.stringify(value)}) > 0`;

  const create = async (websiteId: string, input: NewPost | NewEvent, recordType: number) => {
    const isEvent = recordType === RecordType.EVENT;
    const event = input as NewEvent;
    const details: ContentDetails = {
      starred: input.starred ?? false,
      commentState: input.commentState ?? 0,
      ...(input.authorDisplayName ? { authorDisplayName: input.authorDisplayName } : {}),
      ...(isEvent ? { startDate: event.startDate, endDate: event.endDate } : {}),
      ...(isEvent && event.location ? { location: event.location } : {}),
      ...(input.excerptMarkdown !== undefined ? { excerptMarkdown: input.excerptMarkdown } : {}),
      ...(input.bodyMarkdown !== undefined ? { bodyMarkdown: input.bodyMarkdown } : {}),
    };
    if (isEvent && (event.startDate === undefined || event.endDate === undefined))
      throw invalid(contentMessages.eventDatesInvalid);
    checkDetails(details);
    const {
      authorDisplayName: _a,
      starred: _s,
      commentState: _c,
      excerptMarkdown: _em,
      bodyMarkdown: _bm,
      ...itemInput
    } = input as NewEvent;
    const { startDate: _sd, endDate: _ed, location: _l, ...plain } = itemInput;
    const itemId = await atomically(db, async (tx) => {
      const item = await itemRepository(tx).create(websiteId, { ...plain, recordType });
      await tx
        .insertInto('content_entries')
        .values(detailRow(websiteId, item.id, details))
        .execute();
      return item.id;
    });
    return (await findById(websiteId, itemId))!;
  };

  const findById = async (websiteId: string, itemId: string, k: Kysely<Database> = db) => {
    const row = await itemsWithDetails(k)
      .where('items.website_id', '=', websiteId)
      .where('items.id', '=', itemId)
      .executeTakeFirst();
    return row ? toContentItem(row) : undefined;
  };

  return {
    createPost: (websiteId, input) => create(websiteId, input, RecordType.TEXT),
    createEvent: (websiteId, input) => create(websiteId, input, RecordType.EVENT),

    async updateDetails(websiteId, itemId, changes) {
      if (!isKey(websiteId) || !isKey(itemId)) return undefined;
      return atomically(db, async (tx) => {
        const current = await findById(websiteId, itemId, tx);
        if (!current) return undefined;
        const next: ContentDetails = { ...current.content };
        if (changes.starred !== undefined) next.starred = changes.starred;
        if (changes.commentState !== undefined) next.commentState = changes.commentState;
        if (changes.startDate !== undefined) next.startDate = changes.startDate;
        if (changes.endDate !== undefined) next.endDate = changes.endDate;
        if (changes.authorDisplayName === null) delete next.authorDisplayName;
        else if (changes.authorDisplayName !== undefined) next.authorDisplayName = changes.authorDisplayName;
        if (changes.location === null) delete next.location;
        else if (changes.location !== undefined) next.location = changes.location;
        if (changes.excerptMarkdown === null) delete next.excerptMarkdown;
        else if (changes.excerptMarkdown !== undefined) next.excerptMarkdown = changes.excerptMarkdown;
        if (changes.bodyMarkdown === null) delete next.bodyMarkdown;
        else if (changes.bodyMarkdown !== undefined) next.bodyMarkdown = changes.bodyMarkdown;
        checkDetails(next);
        const row = detailRow(websiteId, itemId, next);
        const { website_id: _w, item_id: _i, ...columns } = row;
        const changed = await tx
          .updateTable('content_entries')
          .set(columns)
          .where('website_id', '=', websiteId)
          .where('item_id', '=', itemId)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0)
          await tx.insertInto('content_entries').values(row).execute();
        return findById(websiteId, itemId, tx);
      });
    },

    async findByUrlId(websiteId, collectionId, urlId) {
      if (!isKey(websiteId) || !isKey(collectionId) || !isKey(urlId)) return undefined;
      const row = await itemsWithDetails()
        .where('items.website_id', '=', websiteId)
        .where('items.collection_id', '=', collectionId)
        .where('items.url_id', '=', urlId)
        .executeTakeFirst();
      return row ? toContentItem(row) : undefined;
    },

    async detailsOf(websiteId, itemIds) {
      const found = new Map<string, ContentDetails>();
      const ids = itemIds.filter(isKey);
      if (!isKey(websiteId) || ids.length === 0) return found;
      const rows = await db
        .selectFrom('content_entries')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('item_id', 'in', ids)
        .execute();
      for (const row of rows) found.set(row.item_id, toDetails(row));
      return found;
    },

    async listPosts(websiteId, collectionId, opts) {
      if (!isKey(websiteId) || !isKey(collectionId)) return { items: [], total: 0 };
      const { limit, offset } = pageWindow(opts, 10, 100);
      const now = opts?.now ?? Date.now();
      const base = itemsWithDetails()
        .where('items.website_id', '=', websiteId)
        .where('items.collection_id', '=', collectionId)
        .where('items.published_on', '<=', now)
        .$if(isKey(opts?.category), (qb) => qb.where(jsonArrayHas('items.categories', opts!.category!)))
        .$if(isKey(opts?.tag), (qb) => qb.where(jsonArrayHas('items.tags', opts!.tag!)));
      const [counted, rows] = await Promise.all([
        base
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
        base
          .orderBy('items.published_on', 'desc')
          .orderBy('items.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return { items: rows.map(toContentItem), total: Number(counted?.n ?? 0) };
    },

    async postFacets(websiteId, collectionId, now = Date.now()) {
      const rows = await db
        .selectFrom('items')
        .select(['categories', 'tags'])
        .where('website_id', '=', websiteId)
        .where('collection_id', '=', collectionId)
        .where('published_on', '<=', now)
        .execute();
      const count = (lists: string[][]) => {
        const counts = new Map<string, number>();
        for (const name of lists.flat()) counts.set(name, (counts.get(name) ?? 0) + 1);
        return [...counts]
          .map(([name, n]) => ({ name, count: n }))
          .sort((a, b) => a.name.localeCompare(b.name, 'de'));
      };
      return {
        categories: count(rows.map((r) => fromJson<string[]>(r.categories, []))),
        tags: count(rows.map((r) => fromJson<string[]>(r.tags, []))),
      };
    },

    async listEvents(websiteId, collectionId, opts) {
      if (!isKey(websiteId) || !isKey(collectionId)) return { items: [], total: 0 };
      const base = itemsWithDetails()
        .where('items.website_id', '=', websiteId)
        .where('items.collection_id', '=', collectionId)
        .where('content_entries.start_date', 'is not', null)
        // Events not published yet (drafts of the editor) stay hidden, as posts do.
        .where('items.published_on', '<=', Date.now());
      if ('from' in opts) {
        const { limit } = pageWindow(opts, 200, 500);
        const rows = await base
          .where('content_entries.start_date', '<', opts.to)
          .where('content_entries.end_date', '>=', opts.from)
          .orderBy('content_entries.start_date')
          .orderBy('items.id')
          .limit(limit)
          .execute();
        return { items: rows.map(toContentItem), total: rows.length };
      }
      const { limit, offset } = pageWindow(opts, 20, 100);
      const now = opts.now ?? Date.now();
      const filtered =
        opts.when === 'upcoming'
          ? base.where('content_entries.end_date', '>=', now)
          : base.where('content_entries.end_date', '<', now);
      const ordered =
        opts.when === 'upcoming'
          ? filtered.orderBy('content_entries.start_date', 'asc')
          : filtered.orderBy('content_entries.start_date', 'desc');
      const [counted, rows] = await Promise.all([
        filtered
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
        ordered.orderBy('items.id').limit(limit).offset(offset).execute(),
      ]);
      return { items: rows.map(toContentItem), total: Number(counted?.n ?? 0) };
    },

    async search(websiteId, query, opts) {
      if (!isKey(websiteId)) return { items: [], total: 0 };
      const { limit, offset } = pageWindow(opts, 20, 100);
      const now = opts?.now ?? Date.now();
      const match = postgres ? postgresTsQuery(query) : sqliteMatchExpression(query);
      if (match === '') return { items: [], total: 0 };

      // Matching documents with their rank (higher is better), limited to what visitors may see.
      const ranked = postgres
        ? sql`select d.doc_kind, d.doc_id, ts_rank(d.document, q) as rank
              from search_documents d, to_tsquery('german', ${match}) q
              where d.website_id = ${websiteId} and d.document @@ q`
        : sql`select d.doc_kind, d.doc_id, -bm25(search_fts, 8.0, 1.0) as rank
              from search_fts join search_documents d on d.id = search_fts.rowid
              where search_fts match ${match} and d.website_id = ${websiteId}`;
      const visible = sql`
        from (${ranked}) r
        left join items i on r.doc_kind = 'item' and i.website_id = ${websiteId} and i.id = r.doc_id
        join collections c on c.website_id = ${websiteId}
          and c.id = case when r.doc_kind = 'item' then i.collection_id else r.doc_id end
        where (r.doc_kind = 'collection' or i.published_on <= ${now})`;
      const [counted, rows] = await Promise.all([
        sql<{ n: number }>`select count(*) as n ${visible}`.execute(db),
        sql<{
          doc_kind: 'item' | 'collection';
          doc_id: string;
          rank: number;
          item_title: string | null;
          item_url_id: string | null;
          excerpt: string | null;
          asset_url: string | null;
          images: string | null;
          record_type: number | null;
          is_product: number;
          collection_id: string;
          collection_url_id: string;
          collection_type: number;
          collection_title: string;
          collection_description: string | null;
          collection_settings: string;
        }>`select r.doc_kind, r.doc_id, r.rank, i.title as item_title, i.url_id as item_url_id,
              i.excerpt, i.asset_url, i.images, i.record_type,
              case when exists (select 1 from products p where p.website_id = ${websiteId} and p.item_id = i.id)
                then 1 else 0 end as is_product,
              c.id as collection_id, c.url_id as collection_url_id, c.type as collection_type,
              c.title as collection_title, c.description as collection_description,
              c.settings as collection_settings
            ${visible}
            order by r.rank desc, r.doc_id
            limit ${limit} offset ${offset}`.execute(db),
      ]);
      const items: SearchHit[] = rows.rows.map((r) => {
        const collection = {
          id: r.collection_id,
          urlId: r.collection_url_id,
          type: Number(r.collection_type),
          title: r.collection_title,
          settings: fromJson<Record<string, unknown>>(r.collection_settings, {}),
        };
        if (r.doc_kind === 'collection') {
          return {
            kind: 'collection',
            id: r.doc_id,
            title: r.collection_title,
            excerpt: r.collection_description ?? '',
            isProduct: false,
            collection,
          };
        }
        const image = fromJson<Image[]>(r.images, [])[0];
        const assetUrl = r.asset_url ?? image?.assetUrl;
        return {
          kind: 'item',
          id: r.doc_id,
          title: r.item_title ?? '',
          excerpt: r.excerpt ?? '',
          ...(assetUrl ? { assetUrl } : {}),
          recordType: Number(r.record_type),
          itemUrlId: r.item_url_id ?? '',
          isProduct: Number(r.is_product) === 1,
          collection,
        };
      });
      return { items, total: Number(counted.rows[0]?.n ?? 0) };
    },
  };
}
