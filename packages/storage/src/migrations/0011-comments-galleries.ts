import type { Kysely, Migration } from 'kysely';

/*
 * Visitor engagement on content (spec 3 and 4): comments with replies and a moderation state, and
 * likes, one per visitor. Both point at a page (collection) or an item by `target_type` and
 * `target_id`; counts (publicCommentCount, likeCount) are counted from these rows with the indexes
 * below, so there is no counter column that could drift. Galleries need no table: a gallery page is a
 * collection whose gallery blocks hold the images and settings.
 */
export const commentsGalleries: Migration = {
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('comments')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      // 'collection' or 'item'.
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      // The top-level comment a reply answers; NULL for a top-level comment. Replies are one level deep.
      .addColumn('parent_id', 'text')
      .addColumn('author_name', 'text', (c) => c.notNull())
      // Shown only to moderators, never on the site.
      .addColumn('author_email', 'text')
      // Plain text as typed (trimmed); the theme escapes it.
      .addColumn('body', 'text', (c) => c.notNull())
      // pending (waits for a moderator), approved (public), rejected.
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      // sha256 of the client address and website, for spotting floods; never the address itself.
      .addColumn('client_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('moderated_at', 'bigint')
      .addPrimaryKeyConstraint('comments_pk', ['website_id', 'id'])
      .execute();
    // The public thread of one page or item, and its count.
    await db.schema
      .createIndex('comments_by_target')
      .on('comments')
      .columns(['website_id', 'target_type', 'target_id', 'status', 'created_at'])
      .execute();
    // The moderation queue: oldest pending first.
    await db.schema
      .createIndex('comments_by_status')
      .on('comments')
      .columns(['website_id', 'status', 'created_at'])
      .execute();

    await db.schema
      .createTable('likes')
      .addColumn('website_id', 'text', website)
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      // sha256 of the visitor's like cookie: the key makes a second like of the same visitor a no-op.
      .addColumn('visitor_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('likes_pk', ['website_id', 'target_type', 'target_id', 'visitor_hash'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('likes').ifExists().execute();
    await db.schema.dropIndex('comments_by_status').ifExists().execute();
    await db.schema.dropIndex('comments_by_target').ifExists().execute();
    await db.schema.dropTable('comments').ifExists().execute();
  },
};
