import type SqliteDatabase from 'better-sqlite3';
import type { BaukastenSqliteDialect } from './sqlite-dialect.js';

/** Reports a statement run outside Kysely, so query logs and statement counts still see it. */
export type StatementReport = (sql: string, durationMs: number) => void;

interface Job {
  work: (run: RunStatement) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Runs one SQL statement with its parameters on the shared transaction; `all` answers rows. */
export type RunStatement = {
  /**
   * SQLite's data_version at the start of the group: it changes when another connection (another process)
   * has committed to the file since, never for this connection's own writes.
   */
  readonly dataVersion: number;
  get<Row>(sql: string, ...params: unknown[]): Row | undefined;
  all<Row>(sql: string, ...params: unknown[]): Row[];
  /** Answers how many rows the statement changed, so a conditional write can tell it did not apply. */
  run(sql: string, ...params: unknown[]): number;
  /**
   * Runs `fn` right after the group's COMMIT succeeded, before any caller is answered; never when this
   * write was rolled back or the commit failed. For memories that must only ever hold committed rows.
   */
  afterCommit(fn: () => void): void;
};

/** Reads for `read`: the same statements, without afterCommit (a read commits nothing). */
export type ReadStatements = Pick<RunStatement, 'dataVersion' | 'get' | 'all'>;

interface ReadJob {
  work: (run: ReadStatements) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many writes share one commit, so one busy moment cannot make a very long transaction. */
const MAX_PER_COMMIT = 64;

/**
 * Group commit on SQLite. A commit writes the WAL pages and, with synchronous=FULL, syncs them: with one
 * commit per add that was most of an add-to-cart's time. Writes that arrive together share one
 * BEGIN IMMEDIATE ... COMMIT, and each caller is answered only after that COMMIT returned, so an answered
 * write is as durable as before. A write that throws is undone alone (see #runJobs) and its caller gets the
 * error; the others commit. If the COMMIT itself fails, every caller of the group gets the
 * error and nothing of the group is stored.
 *
 * While chained transactions (the checkouts, sqlite-dialect.ts) wait for their COMMIT, a group runs inside
 * theirs instead, in a savepoint, and its callers are answered after that COMMIT.
 *
 * Writes join the group until the event loop has taken in the requests that are ready (setImmediate), so
 * a lone write waits for nobody. The group holds the connection lock Kysely's queries take, so it never lands
 * inside a transaction another request has open on the same connection.
 */
export class SqliteGroupCommit {
  #queue: Job[] = [];
  #scheduled = false;
  #reads: ReadJob[] = [];
  #readsScheduled = false;
  readonly #statements = new Map<string, SqliteDatabase.Statement>();

  constructor(
    private readonly dialect: BaukastenSqliteDialect,
    private readonly database: SqliteDatabase.Database,
    private readonly report?: StatementReport,
  ) {}

  /** Runs `work` (synchronous statements through `run`) in the next group; resolves after its commit. */
  write<T>(work: (run: RunStatement) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  /**
   * Runs `work` (synchronous reads) with the reads that arrive together, under the connection lock so they
   * never see another request's uncommitted transaction, and with SQLite's data_version read once for them.
   * Outside a transaction: a read that must agree with a later write has that write check it.
   */
  read<T>(work: (run: ReadStatements) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#reads.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.#readsScheduled) return;
      this.#readsScheduled = true;
      setImmediate(() => {
        this.#readsScheduled = false;
        const jobs = this.#reads;
        this.#reads = [];
        this.dialect
          .exclusively(() => {
            this.#run.dataVersion = this.#statement('pragma data_version').pluck().get() as number;
            for (const job of jobs) {
              try {
                job.resolve(job.work(this.#run));
              } catch (error) {
                job.reject(error);
              }
            }
          })
          .catch((error: unknown) => {
            for (const job of jobs) job.reject(error);
          });
      });
    });
  }

  #schedule() {
    if (this.#scheduled || this.#queue.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      const jobs = this.#queue.splice(0, MAX_PER_COMMIT);
      this.#schedule();
      this.dialect
        .joiningChain((chainCommitted) => this.#commit(jobs, chainCommitted))
        .catch((error: unknown) => {
          for (const job of jobs) job.reject(error);
        });
    });
  }

  #statement(sql: string) {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.database.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** A read through get/all that writes after all (INSERT ... RETURNING) counts as a write. */
  #reading(sql: string) {
    const statement = this.#statement(sql);
    if (!statement.readonly) this.#writes++;
    return statement;
  }

  #timed<T>(sql: string, fn: () => T): T {
    if (!this.report) return fn();
    const started = performance.now();
    try {
      return fn();
    } finally {
      this.report(sql, performance.now() - started);
    }
  }

  /** Statements the current write ran that may have changed something. */
  #writes = 0;

  /** The one statement runner; its dataVersion is set at the start of each group. */
  readonly #run: { -readonly [K in keyof RunStatement]: RunStatement[K] } = {
    dataVersion: 0,
    get: <Row>(sql: string, ...params: unknown[]) =>
      this.#timed(sql, () => this.#reading(sql).get(...params) as Row | undefined),
    all: <Row>(sql: string, ...params: unknown[]) =>
      this.#timed(sql, () => this.#reading(sql).all(...params) as Row[]),
    run: (sql: string, ...params: unknown[]) => {
      this.#writes++;
      return this.#timed(sql, () => this.#statement(sql).run(...params).changes);
    },
    afterCommit: (fn: () => void) => {
      this.#afterCommit.push(fn);
    },
  };
  #afterCommit: Array<() => void> = [];

  /**
   * Inside an open chain of transactions (sqlite-dialect.ts) the group is a savepoint of that transaction and
   * shares its COMMIT; otherwise it is a transaction of its own.
   */
  #begin(ownTransaction: boolean) {
    this.#run.run(ownTransaction ? 'begin immediate' : 'savepoint group_commit');
    this.#run.dataVersion = this.#statement('pragma data_version').pluck().get() as number;
  }

  #undo(ownTransaction: boolean) {
    if (ownTransaction) {
      this.#run.run('rollback');
      return;
    }
    this.#run.run('rollback to group_commit');
    this.#run.run('release group_commit');
  }

  /** `chainCommitted`: the open chain's COMMIT, which this group joins and answers after. */
  #commit(jobs: Job[], chainCommitted: Promise<void> | undefined) {
    const own = chainCommitted === undefined;
    let pass: Pass | undefined;
    this.#begin(own);
    try {
      pass = this.#runJobs(jobs, false);
      if (pass === undefined) {
        // A write threw after it had written: only a savepoint can undo it alone. The group has not
        // committed and nobody was answered, so it starts over, this time with a savepoint per write.
        this.#undo(own);
        this.#begin(own);
        pass = this.#runJobs(jobs, true)!;
      }
      this.#run.run(own ? 'commit' : 'release group_commit');
    } catch (error) {
      if (this.database.inTransaction) this.#undo(own);
      throw error;
    } finally {
      this.#afterCommit = [];
    }
    const done = pass;
    const answer = () => {
      for (const fn of done.committed) fn();
      jobs.forEach((job, i) => {
        const outcome = done.outcomes[i]!;
        if (outcome.ok) job.resolve(outcome.value);
        else job.reject(outcome.error);
      });
    };
    if (own) answer();
    else
      chainCommitted.then(answer, (error: unknown) => {
        for (const job of jobs) job.reject(error);
      });
  }

  /**
   * Runs the group's writes in order. Without savepoints (the common case: two statements fewer per write),
   * a write that throws before writing anything is refused alone, as nothing needs undoing; one that throws
   * after writing ends the pass (undefined) so the group can start over with savepoints.
   */
  #runJobs(jobs: Job[], savepoints: boolean): Pass | undefined {
    const run = this.#run;
    const pass: Pass = { outcomes: [], committed: [] };
    for (const job of jobs) {
      this.#afterCommit = [];
      if (savepoints) run.run('savepoint group_write');
      this.#writes = 0;
      try {
        const value = job.work(run);
        // A write that ended the transaction itself (ROLLBACK, COMMIT) leaves nothing to add the rest to.
        if (!this.database.inTransaction) throw new Error('a write ended the group transaction');
        if (savepoints) run.run('release group_write');
        pass.outcomes.push({ ok: true, value });
        pass.committed.push(...this.#afterCommit);
      } catch (error) {
        if (!this.database.inTransaction) throw error;
        if (savepoints) {
          run.run('rollback to group_write');
          run.run('release group_write');
        } else if (this.#writes > 0) {
          return undefined;
        }
        pass.outcomes.push({ ok: false, error });
      }
    }
    return pass;
  }
}

interface Pass {
  outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }>;
  /** After-commit work of the writes that succeeded. */
  committed: Array<() => void>;
}
