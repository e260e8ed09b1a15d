import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * Transactions here are writes. A deferred BEGIN reads first and upgrades to a write lock later;
 * in WAL mode that upgrade fails at once ("database is locked") when another process committed
 * meanwhile, and busy_timeout cannot help. BEGIN IMMEDIATE takes the write lock up front, so a
 * second process waits its turn instead of failing.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /** Runs `work` holding the one connection's lock, the one Kysely's queries and transactions take. */
  async exclusively<T>(work: () => T): Promise<T> {
    await this.acquireConnection();
    try {
      return work();
    } finally {
      await this.releaseConnection();
    }
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

export class BaukastenSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  #driver: ImmediateTransactionDriver | undefined;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
  override createDriver(): Driver {
    this.#driver = new ImmediateTransactionDriver(this.#config);
    return this.#driver;
  }

  /**
   * Runs synchronous work on the database while no Kysely query or transaction holds the connection, and
   * none starts meanwhile (the group commit's statements run outside Kysely). Cheaper per call than
   * `db.connection().execute()`, which builds a Kysely instance each time.
   */
  exclusively<T>(work: () => T): Promise<T> {
    if (!this.#driver) return Promise.reject(new Error('the dialect has no driver before Kysely starts'));
    return this.#driver.exclusively(work);
  }
}
