import type SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type Transaction,
} from 'kysely';
import type { StatementReport } from './sqlite-group-commit.js';

/** Transactions that share one COMMIT: answered together once it returned, or failed together with it. */
interface Chain {
  readonly committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
  members: number;
  commitScheduled: boolean;
}

function newChain(): Chain {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // Nobody may be waiting yet (a member that failed alone); a failed commit must not go unhandled then.
  committed.catch(() => {});
  return { committed, resolve, reject, members: 0, commitScheduled: false };
}

/** At most this many transactions share one COMMIT, so a busy moment cannot make one very long. */
const MAX_PER_CHAIN = 32;

/**
 * Transactions here are writes. A deferred BEGIN reads first and upgrades to a write lock later;
 * in WAL mode that upgrade fails at once ("database is locked") when another process committed
 * meanwhile, and busy_timeout cannot help. BEGIN IMMEDIATE takes the write lock up front, so a
 * second process waits its turn instead of failing.
 *
 * Shared commits (decision 014, "Checkouts share their COMMIT"). A COMMIT writes every page the transaction
 * touched to the WAL and syncs it: measured, about a third of a checkout's time on SQLite. A transaction that
 * starts while an earlier one's COMMIT is still pending joins it: the first runs BEGIN IMMEDIATE, each runs in
 * a savepoint of its own (a failure rolls back that one alone), and the one COMMIT comes when the event loop
 * has taken in what was ready (setImmediate), after at most MAX_PER_CHAIN of them, or before other work takes
 * the connection `exclusively`. The group commit's writes (adds, started payments) join an open chain instead,
 * in a savepoint of their own (`joiningChain`), and are answered after its COMMIT too.
 * - `chained` answers each transaction only after that COMMIT returned, and a failed COMMIT fails all of them:
 *   an answered transaction is as durable as before. Every transaction of ours goes through it; Kysely's
 *   migrator, which does not, runs alone at start-up and `migrate` settles the chain after it.
 * - A write outside any transaction meanwhile runs and then commits the chain before it is answered.
 * - A read outside any transaction meanwhile runs inside the open transaction: it may see rows whose COMMIT
 *   is pending (for less than a turn of the event loop; their own callers are not answered yet). The
 *   decision record says why that is safe here.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  readonly #database: SqliteDatabase.Database | undefined;
  readonly #report: StatementReport | undefined;
  /** The open chain (BEGIN IMMEDIATE ran, COMMIT pending), if any. */
  #chain: Chain | undefined;
  /** The chain whose member transaction holds the connection now. */
  #member: Chain | undefined;

  constructor(config: SqliteDialectConfig, report?: StatementReport) {
    super(config);
    this.#database = typeof config.database === 'function' ? undefined : (config.database as never);
    this.#report = report;
  }

  /**
   * The one connection's statements meet the rules above: Kysely's own connection object, its executeQuery
   * wrapped once at start (a wrapper handed out per acquisition cost every query a promise more).
   */
  override async init(): Promise<void> {
    await super.init();
    if (!this.#database) return;
    const connection = await super.acquireConnection();
    try {
      const execute = connection.executeQuery.bind(connection);
      const stream = connection.streamQuery.bind(connection);
      connection.executeQuery = <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const chain = this.#member ? undefined : this.#chain;
        const result = execute<R>(query);
        // `readonly`: SQLite's own word that the statement changes nothing (INSERT … RETURNING is no read).
        if (!chain || this.#database!.prepare(query.sql).readonly) return result;
        this.#commitChain();
        // Both awaited: the write's own failure and the COMMIT's each reach the caller, neither goes unhandled.
        return Promise.all([result, chain.committed]).then(([rows]) => rows);
      };
      connection.streamQuery = <R>(query: CompiledQuery, chunkSize?: number) => {
        if (this.#chain && !this.#member) this.#commitChain();
        return stream<R>(query, chunkSize);
      };
    } finally {
      await super.releaseConnection();
    }
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#database) {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      return;
    }
    const chain = this.#chain ?? newChain();
    // Marked before the statements, so the wrapped executeQuery lets them into the chain.
    this.#member = chain;
    if (!this.#chain) {
      this.#chain = chain;
      try {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      } catch (error) {
        this.#chain = undefined;
        this.#member = undefined;
        throw error;
      }
    }
    await connection.executeQuery(CompiledQuery.raw('savepoint chained'));
    chain.members++;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const chain = this.#member;
    if (!chain) return super.commitTransaction(connection);
    await connection.executeQuery(CompiledQuery.raw('release chained'));
    this.#member = undefined;
    if (chain.members >= MAX_PER_CHAIN) this.#commitChain();
    else this.#scheduleCommit(chain);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const chain = this.#member;
    if (!chain) return super.rollbackTransaction(connection);
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback to chained'));
      await connection.executeQuery(CompiledQuery.raw('release chained'));
    } catch (error) {
      // SQLite ended the whole transaction itself (an I/O error, a full disk): the earlier members are gone.
      if (!this.#database!.inTransaction) {
        this.#chain = undefined;
        chain.reject(error);
      }
      throw error;
    } finally {
      this.#member = undefined;
    }
    this.#scheduleCommit(chain);
  }

  /** The open chain's commit, for the member transaction that holds the connection now. */
  memberCommitted(): Promise<void> | undefined {
    return this.#member?.committed;
  }

  #scheduleCommit(chain: Chain) {
    if (chain.commitScheduled) return;
    chain.commitScheduled = true;
    // Queued behind whatever waits for the connection now: chained transactions among them join first.
    setImmediate(() => {
      this.exclusively(() => undefined).catch(() => {});
    });
  }

  #commitChain() {
    const chain = this.#chain;
    if (!chain) return;
    this.#chain = undefined;
    const database = this.#database!;
    const started = performance.now();
    try {
      database.prepare('commit').run();
    } catch (error) {
      if (database.inTransaction) database.prepare('rollback').run();
      chain.reject(error);
      return;
    } finally {
      this.#report?.('commit', performance.now() - started);
    }
    chain.resolve();
  }

  /** Runs `work` holding the one connection's lock, the one Kysely's queries and transactions take. */
  async exclusively<T>(work: () => T): Promise<T> {
    await this.acquireConnection();
    try {
      this.#commitChain();
      return work();
    } finally {
      await this.releaseConnection();
    }
  }

  /**
   * Like `exclusively`, but an open chain stays open: `work` runs inside its transaction (in a savepoint of
   * its own) and gets the chain's commit to answer after; undefined when no chain is open, so `work` commits
   * itself. The group commit's writes share the checkouts' COMMIT this way instead of forcing one more.
   */
  async joiningChain<T>(work: (chainCommitted: Promise<void> | undefined) => T): Promise<T> {
    await this.acquireConnection();
    try {
      const chain = this.#chain;
      // Every member released the connection with its COMMIT scheduled; this only makes sure of it.
      if (chain) this.#scheduleCommit(chain);
      return work(chain?.committed);
    } finally {
      await this.releaseConnection();
    }
  }

  override async destroy(): Promise<void> {
    this.#commitChain();
    await super.destroy();
  }
}

/**
 * SQLite runs DDL inside transactions; Kysely's adapter says it does not only to be careful, and then runs
 * migrations statement by statement without any lock. Two processes starting on one new file (two
 * instances, or a restart overlapping the old process) then interleave: one's CREATE TABLE fails on the
 * other's, and a migration may be left half applied. Saying yes makes the migrator run the whole batch,
 * from reading what already ran to the last statement, in one transaction, which begins IMMEDIATE above:
 * the second process waits for the first to commit, then finds nothing left to do.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

const dialectOfDb = new WeakMap<object, BaukastenSqliteDialect>();

export class BaukastenSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #report: StatementReport | undefined;
  #driver: ImmediateTransactionDriver | undefined;
  /** `report`: the chains' COMMITs, which run outside Kysely, for query logs and statement counts. */
  constructor(config: SqliteDialectConfig, report?: StatementReport) {
    super(config);
    this.#config = config;
    this.#report = report;
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
  override createDriver(): Driver {
    this.#driver = new ImmediateTransactionDriver(this.#config, this.#report);
    return this.#driver;
  }

  /** Makes `chained` share commits for the transactions of this Kysely instance. */
  serve(db: Kysely<never>) {
    dialectOfDb.set(db, this);
  }

  /**
   * Runs synchronous work on the database while no Kysely query or transaction holds the connection, and
   * none starts meanwhile (the group commit's statements run outside Kysely); an open chain commits first.
   * Cheaper per call than `db.connection().execute()`, which builds a Kysely instance each time.
   */
  exclusively<T>(work: () => T): Promise<T> {
    if (!this.#driver) return Promise.reject(new Error('the dialect has no driver before Kysely starts'));
    return this.#driver.exclusively(work);
  }

  /** `exclusively`, inside the open chain if there is one (the driver's `joiningChain`). */
  joiningChain<T>(work: (chainCommitted: Promise<void> | undefined) => T): Promise<T> {
    if (!this.#driver) return Promise.reject(new Error('the dialect has no driver before Kysely starts'));
    return this.#driver.joiningChain(work);
  }

  /** Commits whatever chain is open (after migrating: the schema is stored before `migrate` returns). */
  settle(): Promise<void> {
    return this.exclusively(() => undefined);
  }

  memberCommitted(): Promise<void> | undefined {
    return this.#driver?.memberCommitted();
  }
}

/**
 * `db.transaction().execute(fn)`, answered only once the transaction is committed. On SQLite with a
 * BaukastenSqliteDialect it may share its COMMIT with the transactions right after it (see the driver).
 */
export async function chained<DB, T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  const dialect = dialectOfDb.get(db);
  if (!dialect) return db.transaction().execute(fn);
  let committed: Promise<void> | undefined;
  const value = await db.transaction().execute(async (trx) => {
    const result = await fn(trx);
    committed = dialect.memberCommitted();
    return result;
  });
  await committed;
  return value;
}
