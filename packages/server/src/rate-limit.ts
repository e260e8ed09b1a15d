/**
 * Counts requests per key in fixed windows. The in-memory limiter suits one process; a shared store
 * (Redis, issue 12) implements the same interface so routes never know which one runs.
 */
export interface RateLimiter {
  /** Counts one request for key; false when the key is over its limit for the current window. */
  hit(key: string): Promise<boolean>;
  /**
   * Like hit, with what a client may be told (`RateLimit-*` headers of the public API): the limit, the
   * requests left in this window and when it ends. Optional: stand-ins in tests only answer hit.
   */
  count?(key: string): Promise<RateLimitCount>;
}

export interface RateLimitCount {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds when the current window ends and the count starts again. */
  resetAt: number;
}

export interface RateLimitOptions {
  /** Requests allowed per window and key. */
  limit: number;
  windowMs: number;
}

export class InMemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { startedAt: number; count: number }>();
  #nextSweepAt = 0;
  readonly #options: RateLimitOptions;
  readonly #now: () => number;

  constructor(options: RateLimitOptions, now: () => number = Date.now) {
    this.#options = options;
    this.#now = now;
  }

  // Not async: every add-to-cart passes here, and one settled promise is all a caller awaits.
  hit(key: string): Promise<boolean> {
    return Promise.resolve(this.#counted(key).count <= this.#options.limit);
  }

  count(key: string): Promise<RateLimitCount> {
    return Promise.resolve(this.#tally(key));
  }

  #tally(key: string): RateLimitCount {
    const window = this.#counted(key);
    const { limit, windowMs } = this.#options;
    return {
      allowed: window.count <= limit,
      limit,
      remaining: Math.max(limit - window.count, 0),
      resetAt: window.startedAt + windowMs,
    };
  }

  /** Counts a request in its client's window and answers that window (`hit` needs no more than its count). */
  #counted(key: string): { startedAt: number; count: number } {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window || now - window.startedAt >= this.#options.windowMs) {
      // Expired windows are dropped as we go so the map stays as large as the set of active clients. At most
      // once per window: with more active clients than that, a sweep per new client read the whole map for
      // every request (issue 19, item 10); the map then holds at most two windows' clients.
      if (this.#windows.size > 10_000 && now >= this.#nextSweepAt) {
        this.#sweep(now);
        this.#nextSweepAt = now + this.#options.windowMs;
      }
      window = { startedAt: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return window;
  }

  #sweep(now: number) {
    for (const [key, window] of this.#windows) {
      if (now - window.startedAt >= this.#options.windowMs) this.#windows.delete(key);
    }
  }
}
