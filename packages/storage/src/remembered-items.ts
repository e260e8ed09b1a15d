import type { ContentChanges } from './content-changes.js';
import type { Item } from './types.js';

/**
 * Items with their products as add-to-cart last read them on SQLite, reused while nothing can have changed
 * them: this process has written no content since (ContentChanges.version, raised by every write to items,
 * products and variants, stock included, even before it commits) and no other connection has committed to
 * the file (SQLite's data_version, read at the start of each group commit). Anything else reads afresh, so
 * an add always checks the stock and price the database holds.
 */
export class RememberedItems {
  readonly #items = new Map<string, { item: Item; version: number; dataVersion: number }>();

  constructor(
    private readonly changes: ContentChanges,
    private readonly max = 2000,
  ) {}

  get(websiteId: string, itemId: string, dataVersion: number): Item | undefined {
    const key = `${websiteId}/${itemId}`;
    const hit = this.#items.get(key);
    if (!hit) return undefined;
    if (hit.version === this.changes.version && hit.dataVersion === dataVersion) return hit.item;
    this.#items.delete(key);
    return undefined;
  }

  /** Call in the same synchronous stretch as the read, so no write can come between. */
  set(websiteId: string, itemId: string, item: Item, dataVersion: number) {
    if (this.#items.size >= this.max) this.#items.clear();
    this.#items.set(`${websiteId}/${itemId}`, { item, version: this.changes.version, dataVersion });
  }
}
