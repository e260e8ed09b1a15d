import type { Kysely, Migration } from 'kysely';

/*
 * Own domains and redirects (issue 24).
 *
 * - `site_domains`: domains an owner added to a website, with the token the DNS TXT record
 *   `_baukasten-verify.<domain>` must hold. Keyed by website and domain, not by domain alone: someone who
 *   merely typed a domain must not block its real owner from adding it elsewhere. Only a verified domain
 *   enters `website_hostnames`, where the primary key keeps a hostname to one website.
 * - `website_hostnames.role`: how a hostname answers. `serve` (the platform's own hosts, the default),
 *   `primary` (the verified domain that is the site's address) or `redirect` (another verified domain:
 *   a 301 to the primary). Kept on the hostname row so the per-request host lookup needs no extra query.
 * - `redirects`: the owner's 301/302 list and the automatic 301s written when a page, product or post
 *   changes its address. `from_path` is an exact path or a prefix pattern ending in `/*`; unique per site.
 */
export const domainsRedirects: Migration = {
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('site_domains')
      .addColumn('website_id', 'text', website)
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('verified_at', 'bigint')
      .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('site_domains_pk', ['website_id', 'domain'])
      .execute();

    await db.schema
      .alterTable('website_hostnames')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('serve'))
      .execute();

    await db.schema
      .createTable('redirects')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('from_path', 'text', (c) => c.notNull())
      .addColumn('to_target', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      // 1: written by Baukasten when an address changed; 0: the owner's own entry.
      .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('redirects_pk', ['website_id', 'id'])
      .addUniqueConstraint('redirects_from_unique', ['website_id', 'from_path'])
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('redirects').execute();
    await db.schema.alterTable('website_hostnames').dropColumn('role').execute();
    await db.schema.dropTable('site_domains').execute();
  },
};
