import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
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
}

export class BaukastenSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.#config);
  }
}
