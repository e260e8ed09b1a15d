import type { Kysely, Selectable } from 'kysely';
import { atomically } from './atomically.js';
import type { Database } from './schema.js';
import { isUniqueViolation, StorageError, storageMessages } from './storage-error.js';

/*
 * A website's own domains (migration 0036). An owner adds a domain and gets a token; once the DNS TXT
 * record `_baukasten-verify.<domain>` holds it (the server checks), the domain becomes one of the site's
 * hostnames. Verifying an apex domain also verifies its `www.` partner when the owner added it to the same
 * site: whoever controls the apex's zone controls www too. One verified domain is the primary (the site's
 * address in links); the others answer with a 301 to it (website_hostnames.role).
 */

export interface SiteDomainsTable {
  website_id: string;
  domain: string;
  token: string;
  verified_at: number | null;
  is_primary: number;
  created_at: number;
}

declare module './schema.js' {
  interface Database {
    site_domains: SiteDomainsTable;
  }
}

export interface SiteDomain {
  domain: string;
  /** The value the TXT record `_baukasten-verify.<domain>` must hold. */
  token: string;
  verifiedAt: number | null;
  primary: boolean;
  createdAt: number;
}

export interface DomainRepository {
  list(websiteId: string): Promise<SiteDomain[]>;
  /**
   * Adds an unverified domain (already normalised and checked by the caller). Throws StorageError
   * HOSTNAME_TAKEN when another website serves it, INVALID_INPUT when this site has it already.
   */
  add(websiteId: string, domain: string, token: string): Promise<SiteDomain>;
  /**
   * Marks the domain (and its added www partner, for an apex) verified and makes it a hostname of the
   * site; the first verified domain becomes the primary. Undefined when the site has no such domain;
   * HOSTNAME_TAKEN when another website serves it meanwhile.
   */
  markVerified(websiteId: string, domain: string, now?: number): Promise<SiteDomain[] | undefined>;
  /** Makes a verified domain the primary; undefined when the site has no such verified domain. */
  setPrimary(websiteId: string, domain: string): Promise<SiteDomain[] | undefined>;
  /** Removes the domain and, when verified, its hostname; the next verified one becomes the primary. */
  remove(websiteId: string, domain: string): Promise<boolean>;
}

export const domainMessages = {
  alreadyAdded: (domain: string) => `Die Domain „${domain}“ ist dieser Website bereits hinzugefügt.`,
  alreadyServed: (domain: string) => `„${domain}“ ist bereits eine Adresse dieser Website.`,
} as const;

const toDomain = (row: Selectable<SiteDomainsTable>): SiteDomain => ({
  domain: row.domain,
  token: row.token,
  verifiedAt: row.verified_at === null ? null : Number(row.verified_at),
  primary: Number(row.is_primary) === 1,
  createdAt: Number(row.created_at),
});

/** `www.example.com` ↔ `example.com`; a deeper name (shop.example.com) has www. as its partner too. */
export function wwwPartner(domain: string): string {
  return domain.startsWith('www.') ? domain.slice(4) : `www.${domain}`;
}

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function domainRepository(db: Kysely<Database>): DomainRepository {
  const listOn = async (tx: Kysely<Database>, websiteId: string) =>
    (
      await tx
        .selectFrom('site_domains')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('created_at')
        .orderBy('domain')
        .execute()
    ).map(toDomain);

  /**
   * Keeps one primary among the verified domains and writes each verified domain's role onto its
   * hostname row, so the host lookup knows where to answer and where to send a 301.
   */
  const settleRoles = async (tx: Kysely<Database>, websiteId: string) => {
    const domains = await listOn(tx, websiteId);
    const verified = domains.filter((d) => d.verifiedAt !== null);
    const primary = verified.find((d) => d.primary) ?? verified[0];
    for (const d of domains) {
      const isPrimary = d.domain === primary?.domain;
      if (d.primary !== isPrimary)
        await tx
          .updateTable('site_domains')
          .set({ is_primary: isPrimary ? 1 : 0 })
          .where('website_id', '=', websiteId)
          .where('domain', '=', d.domain)
          .execute();
      if (d.verifiedAt !== null)
        await tx
          .updateTable('website_hostnames')
          .set({ role: isPrimary ? 'primary' : 'redirect' })
          .where('website_id', '=', websiteId)
          .where('hostname', '=', d.domain)
          .execute();
    }
    return listOn(tx, websiteId);
  };

  return {
    list: (websiteId) => (isKey(websiteId) ? listOn(db, websiteId) : Promise.resolve([])),

    add: (websiteId, domain, token) =>
      atomically(db, async (tx) => {
        const served = await tx
          .selectFrom('website_hostnames')
          .select('website_id')
          .where('hostname', '=', domain)
          .executeTakeFirst();
        if (served && served.website_id !== websiteId)
          throw new StorageError('HOSTNAME_TAKEN', storageMessages.hostnameTaken(domain));
        // A platform hostname of this very site: removing the "domain" later would take the site's address.
        if (served) throw new StorageError('INVALID_INPUT', domainMessages.alreadyServed(domain));
        const row: SiteDomainsTable = {
          website_id: websiteId,
          domain,
          token,
          verified_at: null,
          is_primary: 0,
          created_at: Date.now(),
        };
        try {
          await tx.insertInto('site_domains').values(row).execute();
        } catch (error) {
          if (isUniqueViolation(error))
            throw new StorageError('INVALID_INPUT', domainMessages.alreadyAdded(domain));
          throw error;
        }
        return toDomain(row);
      }),

    markVerified: (websiteId, domain, now = Date.now()) =>
      atomically(db, async (tx) => {
        const domains = await listOn(tx, websiteId);
        const target = domains.find((d) => d.domain === domain);
        if (!target) return undefined;
        const partner = domains.find((d) => d.domain === wwwPartner(domain));
        const proven = [target, ...(partner && !domain.startsWith('www.') ? [partner] : [])];
        const hosts = await tx
          .selectFrom('website_hostnames')
          .select(['hostname', 'website_id', 'position'])
          .where((eb) =>
            eb.or([
              eb(
                'hostname',
                'in',
                proven.map((d) => d.domain),
              ),
              eb('website_id', '=', websiteId),
            ]),
          )
          .execute();
        const other = hosts.find((h) => h.website_id !== websiteId);
        if (other) throw new StorageError('HOSTNAME_TAKEN', storageMessages.hostnameTaken(other.hostname));
        let position = Math.max(-1, ...hosts.map((h) => Number(h.position))) + 1;
        for (const d of proven) {
          if (d.verifiedAt === null)
            await tx
              .updateTable('site_domains')
              .set({ verified_at: now })
              .where('website_id', '=', websiteId)
              .where('domain', '=', d.domain)
              .execute();
          if (hosts.some((h) => h.hostname === d.domain)) continue;
          try {
            await tx
              .insertInto('website_hostnames')
              .values({ hostname: d.domain, website_id: websiteId, position: position++ })
              .execute();
          } catch (error) {
            // Another website took it between the check and this insert.
            if (isUniqueViolation(error))
              throw new StorageError('HOSTNAME_TAKEN', storageMessages.hostnameTaken(d.domain));
            throw error;
          }
        }
        return settleRoles(tx, websiteId);
      }),

    setPrimary: (websiteId, domain) =>
      atomically(db, async (tx) => {
        const target = (await listOn(tx, websiteId)).find((d) => d.domain === domain);
        if (!target || target.verifiedAt === null) return undefined;
        await tx
          .updateTable('site_domains')
          .set({ is_primary: 0 })
          .where('website_id', '=', websiteId)
          .execute();
        await tx
          .updateTable('site_domains')
          .set({ is_primary: 1 })
          .where('website_id', '=', websiteId)
          .where('domain', '=', domain)
          .execute();
        return settleRoles(tx, websiteId);
      }),

    remove: (websiteId, domain) =>
      atomically(db, async (tx) => {
        if (!isKey(websiteId) || !isKey(domain)) return false;
        const result = await tx
          .deleteFrom('site_domains')
          .where('website_id', '=', websiteId)
          .where('domain', '=', domain)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await tx
          .deleteFrom('website_hostnames')
          .where('website_id', '=', websiteId)
          .where('hostname', '=', domain)
          .execute();
        await settleRoles(tx, websiteId);
        return true;
      }),
  };
}
