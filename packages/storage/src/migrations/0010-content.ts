import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/*
 * Blog posts and events are items (record types text 1 and event 12) of a collection; what only they
 * have — author, starred, comment state, start and end, location — sits in content_entries, one row per
 * item, removed with it.
 *
 * Search: search_documents holds the text of every item and every collection, one row each, written by
 * triggers on items and collections, so whatever code changes an item or a page, the index follows in
 * the same transaction. On SQLite an FTS5 index (external content, tokenizer unicode61 without
 * diacritics) reads that table; the German word forms come from stemming the query and matching the
 * stem as a prefix (see content-repository.ts). On PostgreSQL a generated tsvector of the 'german'
 * configuration (Snowball stemming) with a GIN index does the same, the title weighted above the text.
 */

/** Block fields that hold words a visitor reads; addresses, ids and settings are left out. */
const BLOCK_TEXT_KEYS = ['text', 'markdown', 'html', 'title', 'label', 'caption', 'description', 'address'];

export const content: Migration = {
  async up(db: Kysely<any>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

    await db.schema
      .createTable('content_entries')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('author_display_name', 'text')
      .addColumn('starred', 'integer', (c) => c.notNull().defaultTo(0))
      // 1 open, 2 closed, 0 none: the commentState of spec 3.
      .addColumn('comment_state', 'integer', (c) => c.notNull().defaultTo(0))
      // Events: epoch milliseconds; NULL for posts.
      .addColumn('start_date', 'bigint')
      .addColumn('end_date', 'bigint')
      // Events: {addressLine1, addressLine2, addressCountry, mapLat, mapLng} as JSON.
      .addColumn('location', 'text')
      .addPrimaryKeyConstraint('content_entries_pk', ['website_id', 'item_id'])
      .addForeignKeyConstraint(
        'content_entries_item_fk',
        ['website_id', 'item_id'],
        'items',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    // Upcoming and past events of a website in date order.
    await db.schema
      .createIndex('content_entries_by_start')
      .on('content_entries')
      .columns(['website_id', 'start_date'])
      .execute();

    if (postgres) await postgresSearch(db);
    else await sqliteSearch(db);
  },

  async down(db: Kysely<any>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await sql`drop trigger if exists items_search_sync on items`.execute(db);
      await sql`drop trigger if exists collections_search_sync on collections`.execute(db);
      await sql`drop function if exists items_search_sync()`.execute(db);
      await sql`drop function if exists collections_search_sync()`.execute(db);
      await sql`drop function if exists search_block_text(text)`.execute(db);
    } else {
      for (const trigger of [
        'items_search_insert',
        'items_search_update',
        'items_search_delete',
        'collections_search_insert',
        'collections_search_update',
        'collections_search_delete',
        'search_fts_insert',
        'search_fts_update',
        'search_fts_delete',
      ])
        await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
      await sql`drop table if exists search_fts`.execute(db);
    }
    await db.schema.dropTable('search_documents').ifExists().execute();
    await db.schema.dropTable('content_entries').ifExists().execute();
  },
};

async function sqliteSearch(db: Kysely<any>) {
  // The rowid alias `id` is what the FTS index refers to; it never changes for a document.
  await sql`create table search_documents (
    website_id text not null,
    doc_kind text not null,
    doc_id text not null,
    title text not null,
    content text not null,
    id integer primary key
  )`.execute(db);
  await sql`create unique index search_documents_by_doc on search_documents (website_id, doc_kind, doc_id)`.execute(
    db,
  );
  await sql`create virtual table search_fts using fts5(
    title, content, content='search_documents', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger search_fts_insert after insert on search_documents begin
    insert into search_fts(rowid, title, content) values (new.id, new.title, new.content);
  end`.execute(db);
  await sql`create trigger search_fts_delete after delete on search_documents begin
    insert into search_fts(search_fts, rowid, title, content) values ('delete', old.id, old.title, old.content);
  end`.execute(db);
  await sql`create trigger search_fts_update after update on search_documents begin
    insert into search_fts(search_fts, rowid, title, content) values ('delete', old.id, old.title, old.content);
    insert into search_fts(rowid, title, content) values (new.id, new.title, new.content);
  end`.execute(db);

  const itemText = (row: 'new' | 'items') =>
    sql.raw(
      `${row}.excerpt || ' ' || ${row}.body || ' ' || ` +
        `coalesce((select group_concat(value, ' ') from json_each(${row}.tags)), '') || ' ' || ` +
        `coalesce((select group_concat(value, ' ') from json_each(${row}.categories)), '')`,
    );
  const keys = BLOCK_TEXT_KEYS.map((k) => `'${k}'`).join(', ');
  const collectionText = (row: 'new' | 'collections') =>
    sql.raw(
      `coalesce(${row}.description, '') || ' ' || coalesce((select group_concat(value, ' ') ` +
        `from json_tree(${row}.blocks) where type = 'text' and key in (${keys})), '')`,
    );

  await sql`create trigger items_search_insert after insert on items begin
    insert into search_documents (website_id, doc_kind, doc_id, title, content)
    values (new.website_id, 'item', new.id, new.title, ${itemText('new')});
  end`.execute(db);
  await sql`create trigger items_search_update after update of title, excerpt, body, tags, categories on items begin
    update search_documents set title = new.title, content = ${itemText('new')}
    where website_id = new.website_id and doc_kind = 'item' and doc_id = new.id;
  end`.execute(db);
  await sql`create trigger items_search_delete after delete on items begin
    delete from search_documents where website_id = old.website_id and doc_kind = 'item' and doc_id = old.id;
  end`.execute(db);
  await sql`create trigger collections_search_insert after insert on collections begin
    insert into search_documents (website_id, doc_kind, doc_id, title, content)
    values (new.website_id, 'collection', new.id, new.title, ${collectionText('new')});
  end`.execute(db);
  await sql`create trigger collections_search_update after update of title, description, blocks on collections begin
    update search_documents set title = new.title, content = ${collectionText('new')}
    where website_id = new.website_id and doc_kind = 'collection' and doc_id = new.id;
  end`.execute(db);
  await sql`create trigger collections_search_delete after delete on collections begin
    delete from search_documents where website_id = old.website_id and doc_kind = 'collection' and doc_id = old.id;
  end`.execute(db);

  // What is there already.
  await sql`insert into search_documents (website_id, doc_kind, doc_id, title, content)
    select website_id, 'item', id, title, ${itemText('items')} from items`.execute(db);
  await sql`insert into search_documents (website_id, doc_kind, doc_id, title, content)
    select website_id, 'collection', id, title, ${collectionText('collections')} from collections`.execute(
    db,
  );
}

async function postgresSearch(db: Kysely<any>) {
  await sql`create table search_documents (
    website_id text not null,
    doc_kind text not null,
    doc_id text not null,
    title text not null,
    content text not null,
    document tsvector generated always as (
      setweight(to_tsvector('german'::regconfig, title), 'A') ||
      setweight(to_tsvector('german'::regconfig, content), 'B')
    ) stored,
    constraint search_documents_pk primary key (website_id, doc_kind, doc_id)
  )`.execute(db);
  await sql`create index search_documents_document on search_documents using gin (document)`.execute(db);

  // Words of a page's blocks: the string values of the reading fields, markup removed.
  const keyPattern = BLOCK_TEXT_KEYS.join('|');
  await sql`create function search_block_text(blocks text) returns text language sql immutable as $$
    select coalesce(string_agg(regexp_replace(m[2], '<[^>]*>', ' ', 'g'), ' '), '')
    from regexp_matches(blocks, ${sql.lit(`"(${keyPattern})"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`)}, 'g') as m
  $$`.execute(db);
  const itemText = (row: string) =>
    sql.raw(
      `regexp_replace(${row}.excerpt || ' ' || ${row}.body, '<[^>]*>', ' ', 'g') || ' ' || ` +
        `coalesce((select string_agg(t, ' ') from jsonb_array_elements_text(${row}.tags::jsonb) t), '') || ' ' || ` +
        `coalesce((select string_agg(c, ' ') from jsonb_array_elements_text(${row}.categories::jsonb) c), '')`,
    );
  const collectionText = (row: string) =>
    sql.raw(`coalesce(${row}.description, '') || ' ' || search_block_text(${row}.blocks)`);

  await sql`create function items_search_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from search_documents
        where website_id = old.website_id and doc_kind = 'item' and doc_id = old.id;
        return old;
      end if;
      insert into search_documents (website_id, doc_kind, doc_id, title, content)
      values (new.website_id, 'item', new.id, new.title, ${itemText('new')})
      on conflict (website_id, doc_kind, doc_id)
      do update set title = excluded.title, content = excluded.content;
      return new;
    end
  $$`.execute(db);
  await sql`create function collections_search_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from search_documents
        where website_id = old.website_id and doc_kind = 'collection' and doc_id = old.id;
        return old;
      end if;
      insert into search_documents (website_id, doc_kind, doc_id, title, content)
      values (new.website_id, 'collection', new.id, new.title, ${collectionText('new')})
      on conflict (website_id, doc_kind, doc_id)
      do update set title = excluded.title, content = excluded.content;
      return new;
    end
  $$`.execute(db);
  await sql`create trigger items_search_sync after insert or delete or update of title, excerpt, body, tags, categories
    on items for each row execute function items_search_sync()`.execute(db);
  await sql`create trigger collections_search_sync after insert or delete or update of title, description, blocks
    on collections for each row execute function collections_search_sync()`.execute(db);

  await sql`insert into search_documents (website_id, doc_kind, doc_id, title, content)
    select website_id, 'item', id, title, ${itemText('items')} from items`.execute(db);
  await sql`insert into search_documents (website_id, doc_kind, doc_id, title, content)
    select website_id, 'collection', id, title, ${collectionText('collections')} from collections`.execute(
    db,
  );
}
