import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type KyselyConfig, type LogEvent, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type AccountRepository, accountRepository } from './account-repository.js';
import { type AnalyticsRepository, analyticsRepository } from './analytics-repository.js';
import { type ApiKeyRepository, apiKeyRepository } from './api-key-repository.js';
import { type CartRepository, cartRepository, type SqliteAdds } from './cart-repository.js';
import { type CollectionRepository, collectionRepository } from './collection-repository.js';
import { type CommentRepository, commentRepository } from './comment-repository.js';
import { ContentChanges } from './content-changes.js';
import { type ContentRepository, contentRepository } from './content-repository.js';
import { type CustomerAccountRepository, customerAccountRepository } from './customer-account-repository.js';
import {
  type CustomerDirectoryRepository,
  customerDirectoryRepository,
} from './customer-directory-repository.js';
import { type CustomerImportRepository, customerImportRepository } from './customer-import-repository.js';
import { type DiscountUsageRepository, discountUsageRepository } from './discount-usage-repository.js';
import { type DomainRepository, domainRepository } from './domain-repository.js';
import { type EmailOutboxRepository, emailOutboxRepository } from './email-outbox-repository.js';
import { type GiftCardRepository, giftCardRepository } from './gift-card-repository.js';
import { type IdempotencyRepository, idempotencyRepository } from './idempotency-repository.js';
import { type ImportRepository, importRepository } from './import-repository.js';
import { type InvoiceRepository, invoiceRepository } from './invoice-repository.js';
import { type ItemRepository, itemRepository } from './item-repository.js';
import { type LegalRepository, legalRepository } from './legal-repository.js';
import { type MailingListRepository, mailingListRepository } from './mailing-list-repository.js';
import { type MediaRepository, mediaRepository } from './media-repository.js';
import { migrationProvider } from './migrations/index.js';
import { type NewsletterRepository, newsletterRepository } from './newsletter-repository.js';
import { type OrderEventRepository, orderEventRepository } from './order-event-repository.js';
import { type OrderFulfilmentRepository, orderFulfilmentRepository } from './order-fulfilment-repository.js';
import { type OrderRepository, orderRepository } from './order-repository.js';
import { type PageLockRepository, pageLockRepository } from './page-lock-repository.js';
import { type PaymentRepository, paymentRepository } from './payment-repository.js';
import { type PricingRepository, pricingRepository } from './pricing-repository.js';
import { type ProductFileRepository, productFileRepository } from './product-file-repository.js';
import { type RedirectRepository, redirectRepository } from './redirect-repository.js';
import { Remembered } from './remembered.js';
import { type RestockSignupRepository, restockSignupRepository } from './restock-repository.js';
import type { Database } from './schema.js';
import { type SignUpRepository, signUpRepository } from './sign-up-repository.js';
import { type SiteFormRepository, siteFormRepository } from './site-form-repository.js';
import { type SiteMemberRepository, siteMemberRepository } from './site-member-repository.js';
import {
  type MemberNotificationRepository,
  memberNotificationRepository,
} from './site-member-repository-notifications.js';
import { BaukastenSqliteDialect, chained } from './sqlite-dialect.js';
import { SqliteGroupCommit } from './sqlite-group-commit.js';
import { type StockAlertRepository, stockAlertRepository } from './stock-alert-repository.js';
import { type SubscriptionRepository, subscriptionRepository } from './subscription-repository.js';
import { type ThemeOverrideRepository, themeOverrideRepository } from './theme-override-repository.js';
import { type WebhookRepository, webhookRepository } from './webhook-repository.js';
import { type WebsiteAdminRepository, websiteAdminRepository } from './website-admin-repository.js';
import { WebsiteCache, type WebsiteRepository, websiteRepository } from './website-repository.js';

export interface StorageOptions {
  /** postgres:// or postgresql:// selects PostgreSQL; anything else (or nothing) selects SQLite. */
  databaseUrl?: string;
  /** Folder of the SQLite file `baukasten.sqlite`; default './data', created when missing. */
  dataDir?: string;
  /** Explicit SQLite file; ':memory:' for a throw-away database. */
  sqliteFile?: string;
  /** PostgreSQL only: the schema to work in (sets search_path on every connection). */
  postgresSchema?: string;
  /** PostgreSQL only: pool size, default 10. */
  postgresPoolSize?: number;
  /** Called after every statement, e.g. for debug logs or tests that pin the number of queries. */
  onQuery?: (query: ExecutedQuery) => void;
  /** How long a host -> website look-up is remembered, default 1000 ms; 0 asks the database every time. */
  websiteCacheMs?: number;
}

export interface ExecutedQuery {
  sql: string;
  durationMs: number;
  /** Set when the statement failed. */
  error?: unknown;
}

export interface Storage {
  readonly dialect: 'sqlite' | 'postgres';
  /** Brings the schema up to date; safe to call at every start. */
  migrate(): Promise<void>;
  /** True when the database answers; never throws. */
  ping(): Promise<boolean>;
  /** Closes the pool or file; later calls do nothing. */
  close(): Promise<void>;
  /**
   * Runs fn with repositories bound to one transaction: all its writes commit together or not at all.
   * Inside fn use only `tx` — on SQLite the single connection is held by the transaction, so a call
   * through the outer storage would wait forever. Nested calls join the outer transaction.
   */
  transaction<T>(fn: (tx: Storage) => Promise<T>): Promise<T>;
  /** Raised by every write that may change a public page (see content-changes.ts); for page caches. */
  changes: ContentChanges;
  websites: WebsiteRepository;
  collections: CollectionRepository;
  items: ItemRepository;
  carts: CartRepository;
  orders: OrderRepository;
  /** Emails to send; enqueue inside the transaction of the change they tell about. */
  outbox: EmailOutboxRepository;
  restockSignups: RestockSignupRepository;
  forms: SiteFormRepository;
  newsletter: NewsletterRepository;
  subscriptions: SubscriptionRepository;
  giftCards: GiftCardRepository;
  /** Owner accounts and their sign-in sessions. */
  accounts: AccountRepository;
  /** Roles of accounts on websites, and invitations. */
  siteMembers: SiteMemberRepository;
  /** Shoppers' accounts of one website: sessions, email links, owned orders, addresses. */
  customers: CustomerAccountRepository;
  /** Owner and customer sign-ups waiting for their mail link (security review #18). */
  signUps: SignUpRepository;
  /** Owner changes to a website as a whole: settings, deletion. */
  websiteAdmin: WebsiteAdminRepository;
  /** Visitor analytics: raw tracking events, daily rollups and the dashboard queries. */
  analytics: AnalyticsRepository;
  /** Blog posts and events (details beyond their items) and the site search. */
  content: ContentRepository;
  /** Visitor comments (with moderation) and likes on pages and items. */
  comments: CommentRepository;
  /** Uploaded images and their renditions. */
  media: MediaRepository;
  /** A website's own versions of the default theme's files. */
  themeOverrides: ThemeOverrideRepository;
  /** Keys for the merchant API (stored hashed). */
  apiKeys: ApiKeyRepository;
  /** Stripe and PayPal: a website's sealed provider keys, payments and the provider events applied. */
  payments: PaymentRepository;
  /** Versions of the legal texts, what each order accepted, withdrawals (migration 0023). */
  legal: LegalRepository;
  /** Invoices and cancellation invoices, numbered per website without gaps (migration 0030). */
  invoices: InvoiceRepository;
  /** VAT class, Grundpreis content and price history (migration 0030). */
  pricing: PricingRepository;
  /** Product imports: jobs with their checked plan and progress, and the image fetch queue (migration 0025). */
  imports: ImportRepository;
  /** Mailing lists, who is on them and the campaigns sent to them (migration 0026). */
  mailingLists: MailingListRepository;
  /** Who is editing which page now: renewed leases (migration 0026). */
  pageLocks: PageLockRepository;
  /** Outgoing webhooks: owners' subscriptions and the outbox of deliveries (migration 0031). */
  webhooks: WebhookRepository;
  /** The public API's `Idempotency-Key`s with their answers, 24 hours per website (migration 0031). */
  idempotency: IdempotencyRepository;
  /** Shipments with tracking numbers, and returns (migration 0034). */
  fulfilment: OrderFulfilmentRepository;
  /** Orders' timelines for the owner: paid, shipped, refunded … and notes (migration 0034). */
  orderEvents: OrderEventRepository;
  /** The editor's customer list, a customer's data export and erasure (DSGVO Art. 15, 17, 20). */
  customerDirectory: CustomerDirectoryRepository;
  /** Customers moved in from another shop and read out for moving on, with their consents (migration 0047). */
  customerImports: CustomerImportRepository;
  /** Own domains with their DNS verification and the primary one (migration 0036). */
  domains: DomainRepository;
  /** The owner's 301/302 redirects and the automatic ones after an address changed (migration 0036). */
  redirects: RedirectRepository;
  /** Usage counters of discounts with limits, taken in the order transaction (migration 0037). */
  discountUsage: DiscountUsageRepository;
  /** Files of digital products, their download rules and each order line's downloads (migration 0038). */
  productFiles: ProductFileRepository;
  /** Low-stock thresholds per variant (migration 0038). */
  stockAlerts: StockAlertRepository;
  /** Which shop mails each site member wants, and the daily summary's figures (issue 23). */
  memberNotifications: MemberNotificationRepository;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/*
 * bigint columns hold epoch milliseconds and money in minor units, far below 2^53, so they are
 * read as numbers instead of pg's default strings. Set per pool, not globally, to leave other pg users alone.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return (pg.types.getTypeParser as (oid: number, format?: string) => unknown)(oid, format);
  },
} as unknown as pg.CustomTypesConfig;

export const isPostgresUrl = (url: string | undefined): url is string =>
  !!url && /^postgres(ql)?:\/\//i.test(url.trim());

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The Kysely instance behind a storage; for this package's own tests and tools, not exported by index.ts. */
const kyselyByStorage = new WeakMap<Storage, Kysely<Database>>();
export const kyselyOf = (storage: Storage): Kysely<Database> => {
  const db = kyselyByStorage.get(storage);
  if (!db) throw new Error('Not a storage opened by openStorage');
  return db;
};

/** What a storage's repositories are made on: its connection (or transaction) and the shared helpers. */
interface Connection {
  db: Kysely<Database>;
  dialect: Storage['dialect'];
  websiteCache: WebsiteCache;
  sqliteAdds: SqliteAdds | undefined;
}

type RepositoryName = Exclude<
  keyof Storage,
  'dialect' | 'migrate' | 'ping' | 'close' | 'transaction' | 'changes'
>;

const makers: { [K in RepositoryName]: (c: Connection) => Storage[K] } = {
  // A transaction's reads may see its own uncommitted writes: they are not remembered.
  websites: (c) => websiteRepository(c.db, c.db.isTransaction ? undefined : c.websiteCache),
  collections: (c) => collectionRepository(c.db),
  items: (c) => itemRepository(c.db),
  carts: (c) => cartRepository(c.db, c.sqliteAdds),
  orders: (c) => orderRepository(c.db),
  outbox: (c) => emailOutboxRepository(c.db),
  restockSignups: (c) => restockSignupRepository(c.db),
  forms: (c) => siteFormRepository(c.db),
  newsletter: (c) => newsletterRepository(c.db),
  subscriptions: (c) => subscriptionRepository(c.db),
  giftCards: (c) => giftCardRepository(c.db),
  accounts: (c) => accountRepository(c.db),
  siteMembers: (c) => siteMemberRepository(c.db),
  customers: (c) => customerAccountRepository(c.db),
  signUps: (c) => signUpRepository(c.db),
  websiteAdmin: (c) => websiteAdminRepository(c.db),
  analytics: (c) => analyticsRepository(c.db),
  content: (c) => contentRepository(c.db),
  comments: (c) => commentRepository(c.db),
  media: (c) => mediaRepository(c.db),
  themeOverrides: (c) => themeOverrideRepository(c.db),
  apiKeys: (c) => apiKeyRepository(c.db),
  payments: (c) => paymentRepository(c.db, c.sqliteAdds?.group),
  legal: (c) => legalRepository(c.db),
  invoices: (c) => invoiceRepository(c.db),
  pricing: (c) => pricingRepository(c.db),
  imports: (c) => importRepository(c.db),
  mailingLists: (c) => mailingListRepository(c.db),
  pageLocks: (c) => pageLockRepository(c.db),
  webhooks: (c) => webhookRepository(c.db),
  idempotency: (c) => idempotencyRepository(c.db),
  fulfilment: (c) => orderFulfilmentRepository(c.db),
  orderEvents: (c) => orderEventRepository(c.db),
  customerDirectory: (c) => customerDirectoryRepository(c.db, c.dialect),
  customerImports: (c) => customerImportRepository(c.db),
  domains: (c) => domainRepository(c.db),
  redirects: (c) => redirectRepository(c.db),
  discountUsage: (c) => discountUsageRepository(c.db),
  productFiles: (c) => productFileRepository(c.db),
  stockAlerts: (c) => stockAlertRepository(c.db),
  memberNotifications: (c) => memberNotificationRepository(c.db),
};

const CONNECTION = Symbol('connection');
const MADE = Symbol('made');
interface Shelf {
  [CONNECTION]: Connection;
  [MADE]: Partial<Record<RepositoryName, unknown>>;
}

/*
 * The repositories as getters of one shared prototype: each is made on its first use by a storage and kept
 * by it. A transaction uses a handful of the forty (a checkout's six), and making all of them for every
 * transaction cost a checkout some 60 µs of CPU (bench/cart/profile-checkout.mjs, collectionRepository and
 * storageOn in its profile).
 */
const repositoryShelf = {};
for (const name of Object.keys(makers) as RepositoryName[]) {
  Object.defineProperty(repositoryShelf, name, {
    enumerable: true,
    get(this: Shelf) {
      let made = this[MADE][name];
      if (made === undefined) {
        made = (makers[name] as (c: Connection) => unknown)(this[CONNECTION]);
        this[MADE][name] = made;
      }
      return made;
    },
  });
}

function storageOn(
  db: Kysely<Database>,
  dialect: Storage['dialect'],
  root: StorageRoot,
  websiteCache: WebsiteCache,
  changes: ContentChanges,
  sqliteAdds: SqliteAdds | undefined,
): Storage {
  // Migrating or closing from inside a transaction would wait for the connection the transaction holds.
  const notInTransaction = (what: string) => () =>
    Promise.reject(new Error(`${what}() cannot be called on the storage of a transaction`));
  const storage = Object.create(repositoryShelf) as Storage & Shelf;
  storage[CONNECTION] = { db, dialect, websiteCache, sqliteAdds };
  storage[MADE] = {};
  Object.assign(storage, {
    dialect,
    migrate: db.isTransaction ? notInTransaction('migrate') : root.migrate,
    async ping() {
      if (root.isClosed()) return false;
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: db.isTransaction ? notInTransaction('close') : root.close,
    async transaction<T>(fn: (tx: Storage) => Promise<T>): Promise<T> {
      if (db.isTransaction) return fn(storage);
      return chained(db, (trx) => fn(storageOn(trx, dialect, root, websiteCache, changes, sqliteAdds)));
    },
    changes,
  });
  kyselyByStorage.set(storage, db);
  return storage;
}

interface StorageRoot {
  migrate(): Promise<void>;
  isClosed(): boolean;
  close(): Promise<void>;
}

function queryLog(opts: StorageOptions): KyselyConfig['log'] {
  const onQuery = opts.onQuery;
  if (!onQuery) return undefined;
  return (event: LogEvent) => {
    const entry: ExecutedQuery = { sql: event.query.sql, durationMs: event.queryDurationMillis };
    if (event.level === 'error') entry.error = event.error;
    onQuery(entry);
  };
}

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs more than running most of our
 * queries. Statements are reused by their SQL text (bounded, oldest dropped first). Safe because Kysely runs
 * one query at a time on the connection, and SQLite re-prepares a cached statement after a schema change.
 */
function cachePreparedStatements(database: SqliteDatabase.Database, max = 500) {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SqliteDatabase.Statement>();
  database.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
}

function openSqlite(
  opts: StorageOptions,
  changes: ContentChanges,
): { db: Kysely<Database>; sqliteAdds: SqliteAdds; sqliteDialect: BaukastenSqliteDialect } {
  const file = opts.sqliteFile ?? join(resolve(opts.dataDir ?? './data'), 'baukasten.sqlite');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const database = new SqliteDatabase(file);
  // busy_timeout waits for another process's lock; set first, because switching a new file to WAL takes
  // a lock too, and two processes opening one new file at once would otherwise fail there at once.
  database.pragma('busy_timeout = 5000');
  // WAL lets readers go on while one writer commits.
  if (file !== ':memory:') database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  cachePreparedStatements(database);
  const onQuery = opts.onQuery;
  const report = onQuery && ((sql: string, durationMs: number) => onQuery({ sql, durationMs }));
  const dialect = new BaukastenSqliteDialect({ database }, report);
  const db = new Kysely<Database>({
    dialect,
    log: queryLog(opts),
    plugins: [changes.plugin()],
  });
  // Its transactions share commits (chained in sqlite-dialect.ts).
  dialect.serve(db as Kysely<never>);
  return {
    db,
    sqliteAdds: {
      group: new SqliteGroupCommit(dialect, database, report),
      items: new Remembered(() => changes.version, 2000),
      carts: new Remembered(() => changes.cartVersion, 10_000),
    },
    sqliteDialect: dialect,
  };
}

function openPostgres(url: string, opts: StorageOptions, changes: ContentChanges): Kysely<Database> {
  const schema = opts.postgresSchema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema))
    throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.postgresPoolSize ?? 10,
    // Without it a dead server makes every query, and so the health check, wait forever.
    connectionTimeoutMillis: 5000,
    types: pgTypes,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: queryLog(opts),
    plugins: [changes.plugin()],
  });
}

/**
 * Opens the database named by the options. Does not migrate: call `migrate()` once at start-up.
 */
export async function openStorage(opts: StorageOptions = {}): Promise<Storage> {
  const dialect: Storage['dialect'] = isPostgresUrl(opts.databaseUrl) ? 'postgres' : 'sqlite';
  const changes = new ContentChanges();
  const { db, sqliteAdds, sqliteDialect } =
    dialect === 'postgres'
      ? {
          db: openPostgres(opts.databaseUrl!, opts, changes),
          sqliteAdds: undefined,
          sqliteDialect: undefined,
        }
      : openSqlite(opts, changes);
  let closed: Promise<void> | undefined;

  const root: StorageRoot = {
    async migrate() {
      // Kysely's table check looks in every schema; pin the bookkeeping tables to ours so
      // several schemas in one database (tests, tenants of the future) each migrate.
      const migrationTableSchema =
        dialect === 'postgres'
          ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
          : undefined;
      // Features are built side by side and each takes the next free number, so a migration may land
      // after a higher-numbered one already ran somewhere (a developer's data folder): run it then
      // instead of refusing the whole database. Migrations never depend on one of a later number.
      const migrator = new Migrator({
        db,
        provider: migrationProvider,
        migrationTableSchema,
        allowUnorderedMigrations: true,
      });
      // PostgreSQL serialises migrators with an advisory lock. On SQLite the whole batch runs in one
      // IMMEDIATE transaction (sqlite-dialect.ts), so a second process waits for the first; only when
      // that takes longer than busy_timeout does it give up with "database is locked", and trying again
      // finds the work done by the first. The bookkeeping tables are created before that transaction,
      // each with a check of its own.
      const attempts = dialect === 'sqlite' ? 4 : 1;
      for (let attempt = 1; ; attempt++) {
        const { error, results } = await migrator.migrateToLatest();
        // The migrator's transaction may still wait for its shared COMMIT: stored before migrate returns.
        if (!error) return sqliteDialect?.settle();
        if (attempt >= attempts) {
          const failed = results?.find((r) => r.status === 'Error')?.migrationName;
          throw new Error(`Migration ${failed ?? ''} failed: ${(error as Error)?.message ?? error}`, {
            cause: error,
          });
        }
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
      }
    },
    isClosed: () => closed !== undefined,
    close() {
      closed ??= db.destroy();
      return closed;
    },
  };
  const websiteCache = new WebsiteCache(opts.websiteCacheMs ?? 1000, changes);
  return storageOn(db, dialect, root, websiteCache, changes, sqliteAdds);
}
