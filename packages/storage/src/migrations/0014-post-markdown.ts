import type { Kysely, Migration } from 'kysely';

/*
 * The Markdown a blog post or event was written in, beside the HTML rendered from it (items.excerpt
 * and items.body), so the editor reopens the entry as the owner wrote it. NULL when the text was written
 * as HTML, and for entries saved before this migration.
 */
export const postMarkdown: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('content_entries').addColumn('excerpt_markdown', 'text').execute();
    await db.schema.alterTable('content_entries').addColumn('body_markdown', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('content_entries').dropColumn('body_markdown').execute();
    await db.schema.alterTable('content_entries').dropColumn('excerpt_markdown').execute();
  },
};
