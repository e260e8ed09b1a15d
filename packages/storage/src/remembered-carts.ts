import type { Selectable } from 'kysely';
import type { StoredCartEntry } from './cart-repository.js';
import type { ContentChanges } from './content-changes.js';
import type { CartsTable } from './schema.js';

/** An open cart's row and entries as last committed by add-to-cart; never changed in place. */
export interface RememberedCart {
  row: Selectable<CartsTable>;
  entries: readonly StoredCartEntry[];
}

/**
 * Open carts as add-to-cart last committed them on SQLite, so the next add to the same cart need not read
 * them back. An entry holds only while nothing else can have written carts: this process wrote none through
 * Kysely since (ContentChanges.cartVersion: checkout, quantity changes, removals, website deletions with
 * their cascade...) and no other connection committed to the file (SQLite's data_version, read at the start
 * of each group commit). Entries are set only after their commit (RunStatement.afterCommit) and dropped
 * when an add of the same cart starts, so a rolled-back add leaves nothing behind.
 */
export class RememberedCarts {
  readonly #carts = new Map<string, RememberedCart & { cartVersion: number; dataVersion: number }>();

  constructor(
    private readonly changes: ContentChanges,
    private readonly max = 10_000,
  ) {}

  get(websiteId: string, cartId: string, dataVersion: number): RememberedCart | undefined {
    const key = `${websiteId}/${cartId}`;
    const hit = this.#carts.get(key);
    if (!hit) return undefined;
    if (hit.cartVersion === this.changes.cartVersion && hit.dataVersion === dataVersion) return hit;
    this.#carts.delete(key);
    return undefined;
  }

  forget(websiteId: string, cartId: string) {
    this.#carts.delete(`${websiteId}/${cartId}`);
  }

  set(websiteId: string, cart: RememberedCart, dataVersion: number) {
    if (this.#carts.size >= this.max) this.#carts.clear();
    this.#carts.set(`${websiteId}/${cart.row.id}`, {
      ...cart,
      cartVersion: this.changes.cartVersion,
      dataVersion,
    });
  }
}
