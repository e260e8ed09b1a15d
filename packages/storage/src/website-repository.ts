import type { Kysely } from 'kysely';
import { atomically } from './atomically.js';
import { ContentChanges } from './content-changes.js';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import type { Database, WebsitesTable } from './schema.js';
import { isUniqueViolation, StorageError, storageMessages } from './storage-error.js';
import type { NewWebsite, Website, WebsiteSettings } from './types.js';

export interface WebsiteRepository {
  /** The caller lower-cases and strips the port; this also lower-cases so a stray capital still matches. */
  findByHostname(hostname: string): Promise<Website | undefined>;
  /**
   * What findByHostname would answer from memory, without a query; undefined when it would have to ask
   * the database. Lets the per-request host lookup stay synchronous in the common case.
   */
  rememberedByHostname(hostname: string): { website: Website | undefined } | undefined;
  findById(id: string): Promise<Website | undefined>;
  /** Throws StorageError HOSTNAME_TAKEN when a hostname already names another website. */
  create(input: NewWebsite): Promise<Website>;
  /** Adds hostnames that are still free; returns the website as it is afterwards. */
  addHostnames(websiteId: string, hostnames: string[]): Promise<Website | undefined>;
  /** Drops every remembered host look-up, e.g. when another process announced a changed website. */
  forgetCached(): void;
}

/**
 * Every request starts with host -> website (two statements), so answers are remembered for a short
 * time, and only while `changes.siteVersion` stands: any write of content through this storage (websites and
 * hostnames included) but stock moving makes them stale at once. Other processes sharing the database see a change after
 * at most `ttlMs`, or at once when told through `forgetCached()` (the server relays changes over Redis).
 */
export class WebsiteCache {
  readonly #byHostname = new Map<string, { website: Website | undefined; until: number; version: number }>();
  constructor(
    readonly ttlMs: number,
    private readonly changes: ContentChanges = new ContentChanges(),
  ) {}
  /** The version a look-up starts under: what it finds is kept under that one. */
  get version() {
    return this.changes.siteVersion;
  }
  get(hostname: string): { website: Website | undefined } | undefined {
    const hit = this.#byHostname.get(hostname);
    if (hit === undefined) return undefined;
    if (hit.until > Date.now() && hit.version === this.changes.siteVersion) return hit;
    this.#byHostname.delete(hostname);
    return undefined;
  }
  set(hostname: string, website: Website | undefined, version: number) {
    if (this.ttlMs <= 0 || version !== this.changes.siteVersion) return;
    // Unknown hosts are remembered too (bots probe many); the map is bounded all the same.
    if (this.#byHostname.size >= 10_000) this.#byHostname.clear();
    this.#byHostname.set(hostname, { website, until: Date.now() + this.ttlMs, version });
  }
  forget() {
    this.#byHostname.clear();
  }
}

const HOSTNAME = /^[a-z0-9](?:[a-z0-9.:-]{0,251}[a-z0-9])?$/;

export function normalizeHostname(hostname: string): string {
  let h = String(hostname ?? '')
    .trim()
    .toLowerCase();
  if (h.endsWith('.')) h = h.slice(0, -1);
  return h;
}

/** Spec defaults: time zone America/New_York, currency USD, multiple quantity for services allowed. */
export function websiteSettingsWithDefaults(
  input: NewWebsite['settings'],
  currency: string,
): WebsiteSettings {
  const s = input ?? {};
  return {
    ...s,
    storeSettings: {
      selectedCurrency: currency,
      expressCheckout: false,
      multipleQuantityAllowedForServices: true,
      ...s.storeSettings,
    },
    cookieSettings: {
      isRestrictiveCookiePolicyEnabled: false,
      isCookieBannerEnabled: false,
      ...s.cookieSettings,
    },
    commentsEnabled: s.commentsEnabled ?? false,
    simpleLikingEnabled: s.simpleLikingEnabled ?? false,
    shareButtonOptions: s.shareButtonOptions ?? {},
    captchaSettings: s.captchaSettings ?? {},
    cloneable: s.cloneable ?? false,
  };
}

/** A website's hostnames in order, with the role own domains give them (migration 0036). */
interface HostnameRoles {
  hostnames: string[];
  primary?: string;
  redirecting: string[];
}

const plainHostnames = (hostnames: string[]): HostnameRoles => ({ hostnames, redirecting: [] });

function toWebsite(row: WebsitesTable, hosts: HostnameRoles): Website {
  const stored = fromJson<Partial<WebsiteSettings>>(row.settings, {});
  const { hostnames } = hosts;
  return {
    id: row.id,
    title: row.title,
    hostnames,
    primaryHostname: hosts.primary ?? hostnames[0],
    redirectingHostnames: hosts.redirecting,
    locale: row.locale,
    timeZone: row.time_zone,
    currency: row.currency,
    settings: websiteSettingsWithDefaults(stored, row.currency),
    createdAt: Number(row.created_at),
  };
}

export function websiteRepository(
  db: Kysely<Database>,
  cache: WebsiteCache = new WebsiteCache(0),
): WebsiteRepository {
  const on = repositoryOn(db);
  return {
    ...on,
    async findByHostname(hostname) {
      const h = normalizeHostname(hostname);
      const hit = cache.get(h);
      if (hit) return hit.website;
      const version = cache.version;
      const website = await on.findByHostname(h);
      cache.set(h, website, version);
      return website;
    },
    create: (input) => atomically(db, (tx) => repositoryOn(tx).create(input)),
    addHostnames: (websiteId, hostnames) =>
      atomically(db, (tx) => repositoryOn(tx).addHostnames(websiteId, hostnames)),
    rememberedByHostname: (hostname) => cache.get(normalizeHostname(hostname)),
    forgetCached: () => cache.forget(),
  };
}

/** The repository on one connection or transaction; writes are wrapped by websiteRepository. */
function repositoryOn(
  db: Kysely<Database>,
): Omit<WebsiteRepository, 'forgetCached' | 'rememberedByHostname'> {
  const hostnamesOf = async (websiteId: string): Promise<HostnameRoles> => {
    const rows = await db
      .selectFrom('website_hostnames')
      .select(['hostname', 'role'])
      .where('website_id', '=', websiteId)
      .orderBy('position')
      .orderBy('hostname')
      .execute();
    return {
      hostnames: rows.map((r) => r.hostname),
      primary: rows.find((r) => r.role === 'primary')?.hostname,
      redirecting: rows.filter((r) => r.role === 'redirect').map((r) => r.hostname),
    };
  };

  const findById = async (id: string) => {
    if (typeof id !== 'string' || id === '') return undefined;
    const row = await db.selectFrom('websites').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toWebsite(row, await hostnamesOf(row.id)) : undefined;
  };

  const takenHostname = async (hostnames: string[]) => {
    if (hostnames.length === 0) return undefined;
    const row = await db
      .selectFrom('website_hostnames')
      .select('hostname')
      .where('hostname', 'in', hostnames)
      .executeTakeFirst();
    return row?.hostname;
  };

  const insertHostnames = async (websiteId: string, hostnames: string[], firstPosition: number) => {
    try {
      await db
        .insertInto('website_hostnames')
        .values(
          hostnames.map((hostname, i) => ({ hostname, website_id: websiteId, position: firstPosition + i })),
        )
        .execute();
    } catch (error) {
      // A concurrent create won the race between our check and this insert.
      if (isUniqueViolation(error)) {
        const taken = (await takenHostname(hostnames).catch(() => undefined)) ?? hostnames[0];
        throw new StorageError('HOSTNAME_TAKEN', storageMessages.hostnameTaken(taken));
      }
      throw error;
    }
  };

  return {
    async findByHostname(hostname) {
      const h = normalizeHostname(hostname);
      if (!h) return undefined;
      const row = await db
        .selectFrom('website_hostnames')
        .innerJoin('websites', 'websites.id', 'website_hostnames.website_id')
        .selectAll('websites')
        .where('website_hostnames.hostname', '=', h)
        .executeTakeFirst();
      return row ? toWebsite(row, await hostnamesOf(row.id)) : undefined;
    },

    findById,

    async create(input) {
      const title = String(input?.title ?? '').trim();
      if (!title) throw new StorageError('INVALID_INPUT', storageMessages.titleMissing);
      const hostnames = [...new Set((input.hostnames ?? []).map(normalizeHostname))];
      if (hostnames.length === 0) throw new StorageError('INVALID_INPUT', storageMessages.hostnamesMissing);
      const invalid = hostnames.find((h) => !HOSTNAME.test(h));
      if (invalid !== undefined)
        throw new StorageError('INVALID_INPUT', storageMessages.hostnameInvalid(invalid));
      const taken = await takenHostname(hostnames);
      if (taken) throw new StorageError('HOSTNAME_TAKEN', storageMessages.hostnameTaken(taken));

      const now = Date.now();
      const currency = (input.currency ?? 'USD').toUpperCase();
      const row: WebsitesTable = {
        id: input.id ?? newId(now),
        title,
        locale: input.locale ?? 'de-DE',
        time_zone: input.timeZone ?? 'America/New_York',
        currency,
        settings: toJson(websiteSettingsWithDefaults(input.settings, currency)),
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('websites').values(row).execute();
      await insertHostnames(row.id, hostnames, 0);
      return toWebsite(row, plainHostnames(hostnames));
    },

    async addHostnames(websiteId, hostnames) {
      const existing = await findById(websiteId);
      if (!existing) return undefined;
      const wanted = [...new Set(hostnames.map(normalizeHostname))].filter(
        (h) => HOSTNAME.test(h) && !existing.hostnames.includes(h),
      );
      if (wanted.length === 0) return existing;
      const takenRows = await db
        .selectFrom('website_hostnames')
        .select('hostname')
        .where('hostname', 'in', wanted)
        .execute();
      const taken = new Set(takenRows.map((r) => r.hostname));
      const free = wanted.filter((h) => !taken.has(h));
      if (free.length > 0) await insertHostnames(websiteId, free, existing.hostnames.length);
      return { ...existing, hostnames: [...existing.hostnames, ...free] };
    },
  };
}
