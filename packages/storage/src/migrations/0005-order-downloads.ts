import type { Kysely, Migration } from 'kysely';

/*
 * Digital downloads: each digital order line carries an unguessable token, looked up by the download
 * route. The token was already kept in the line's JSON data; a column with a unique index makes the
 * lookup one index read. Lines without a download keep NULL (both dialects allow many NULLs in a
 * unique index).
 */
export const orderDownloads: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('order_items').addColumn('download_token', 'text').execute();
    // Orders placed before this migration keep working links: copy their tokens out of the JSON data.
    const lines = await db
      .selectFrom('order_items')
      .select(['website_id', 'id', 'data'])
      .where('data', 'like', '%downloadToken%')
      .execute();
    for (const line of lines) {
      let token: unknown;
      try {
        token = (JSON.parse(String(line.data)) as { downloadToken?: unknown }).downloadToken;
      } catch {
        continue;
      }
      if (typeof token !== 'string' || token === '') continue;
      await db
        .updateTable('order_items')
        .set({ download_token: token })
        .where('website_id', '=', line.website_id)
        .where('id', '=', line.id)
        .execute();
    }
    await db.schema
      .createIndex('order_items_download_token')
      .on('order_items')
      .columns(['website_id', 'download_token'])
      .unique()
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('order_items_download_token').ifExists().execute();
    await db.schema.alterTable('order_items').dropColumn('download_token').execute();
  },
};
