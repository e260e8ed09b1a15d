/**
 * Counts requests per key in fixed windows. The in-memory limiter suits one process; a shared store
 * (Redis, issue 12) implements the same interface so routes never know which one runs.
 */
export interface RateLimiter {
  /** Counts one request for key; false when the key is over its limit for the current window. */
  hit(key: string): Promise<boolean>;
}

export interface RateLimitOptions {
  /** Requests allowed per window and key. */
  limit: number;
  windowMs: number;
}

export class InMemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { startedAt: number; count: number }>();
  readonly #options: RateLimitOptions;
  readonly #now: () => number;

  constructor(options: RateLimitOptions, now: () => number = Date.now) {
    this.#options = options;
    this.#now = now;
  }

  async hit(key: string): Promise<boolean> {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window || now - window.startedAt >= this.#options.windowMs) {
      // Expired windows are dropped as we go so the map stays as large as the set of active clients.
      if (this.#windows.size > 10_000) this.#sweep(now);
      window = { startedAt: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return window.count <= this.#options.limit;
  }

  #sweep(now: number) {
    for (const [key, window] of this.#windows) {
      if (now - window.startedAt >= this.#options.windowMs) this.#windows.delete(key);
    }
  }
}
