/**
 * Rows add-to-cart read or wrote on SQLite, reused only while nothing can have changed them: the version
 * `writesOf` reads (raised by every write of this process through Kysely to the tables concerned, before it
 * runs) stands, and SQLite's data_version (read at the start of each group commit; it changes exactly when
 * another connection committed to the file, never for this one's own writes) stands. Anything else reads
 * afresh. Values are shared and never changed in place.
 */
export class Remembered<T> {
  readonly #values = new Map<string, { value: T; version: number; dataVersion: number }>();

  constructor(
    private readonly writesOf: () => number,
    private readonly max: number,
  ) {}

  get(key: string, dataVersion: number): T | undefined {
    const hit = this.peek(key);
    if (hit?.dataVersion === dataVersion) return hit.value;
    if (hit) this.#values.delete(key);
    return undefined;
  }

  /**
   * The value while this process wrote nothing it depends on, with the data version it was remembered at:
   * for a caller that checks that version later, where it takes the file's lock anyway (a group commit).
   */
  peek(key: string): { value: T; dataVersion: number; version: number } | undefined {
    const hit = this.#values.get(key);
    if (!hit) return undefined;
    if (hit.version === this.writesOf()) return hit;
    this.#values.delete(key);
    return undefined;
  }

  /** True while this process wrote nothing the values depend on since `version` (peek's). */
  unchangedSince(version: number): boolean {
    return this.writesOf() === version;
  }

  /** Call in the same synchronous stretch as the read or the commit, so no write can come between. */
  set(key: string, value: T, dataVersion: number) {
    if (this.#values.size >= this.max) this.#values.clear();
    this.#values.set(key, { value, version: this.writesOf(), dataVersion });
  }

  forget(key: string) {
    this.#values.delete(key);
  }
}
