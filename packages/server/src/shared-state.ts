// State that several server processes must agree on: request counts for rate limits and the captcha
// tokens already spent, plus the captcha signing secret. One process keeps them in memory; with
// REDIS_URL every process shares them through Redis, so a limit or a spent token holds whichever
// process a request reaches.

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { InMemoryRateLimiter, type RateLimiter, type RateLimitOptions } from './rate-limit.js';

/** Tokens that may be used once: `spend` is true the first time only. */
export interface SpentTokens {
  spend(token: string, ttlMs: number): Promise<boolean>;
}

export interface SharedState {
  /** A limiter whose counts live under `name` (each route family its own). */
  rateLimiter(name: string, options: RateLimitOptions): RateLimiter;
  spentTokens: SpentTokens;
  /** The secret captcha challenges are signed with; the same in every process. */
  captchaSecret(): Promise<string>;
  close(): Promise<void>;
}

export class InMemorySpentTokens implements SpentTokens {
  readonly #spent = new Map<string, number>();
  constructor(readonly now: () => number = Date.now) {}
  async spend(token: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    if (this.#spent.size > 10_000) {
      for (const [k, expiresAt] of this.#spent) if (expiresAt <= now) this.#spent.delete(k);
    }
    const expiresAt = this.#spent.get(token);
    if (expiresAt !== undefined && expiresAt > now) return false;
    this.#spent.set(token, now + ttlMs);
    return true;
  }
}

export function inMemorySharedState(): SharedState {
  const secret = randomBytes(32).toString('base64url');
  return {
    rateLimiter: (_name, options) => new InMemoryRateLimiter(options),
    spentTokens: new InMemorySpentTokens(),
    captchaSecret: async () => secret,
    close: async () => {},
  };
}

/** Fixed windows in Redis: INCR the window's key, give it an expiry on the first hit. */
class RedisRateLimiter implements RateLimiter {
  constructor(
    readonly redis: Redis,
    readonly prefix: string,
    readonly options: RateLimitOptions,
  ) {}

  async hit(key: string): Promise<boolean> {
    const window = Math.floor(Date.now() / this.options.windowMs);
    const redisKey = `${this.prefix}:${window}:${key}`;
    const [[, count]] = (await this.redis
      .multi()
      .incr(redisKey)
      .pexpire(redisKey, this.options.windowMs)
      .exec()) as [[Error | null, number]];
    return count <= this.options.limit;
  }
}

export function redisSharedState(url: string, namespace = 'baukasten'): SharedState {
  // Commands wait while the connection is (re)established; a Redis that stays away fails the request
  // after a bounded time instead of hanging it.
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => {
    // Reported through the failing commands; the client reconnects on its own.
  });
  return {
    rateLimiter: (name, options) => new RedisRateLimiter(redis, `${namespace}:rate:${name}`, options),
    spentTokens: {
      async spend(token, ttlMs) {
        return (await redis.set(`${namespace}:spent:${token}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
      },
    },
    async captchaSecret() {
      const key = `${namespace}:captcha-secret`;
      await redis.set(key, randomBytes(32).toString('base64url'), 'NX');
      return (await redis.get(key)) ?? '';
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis when a URL is configured, else memory (one process). */
export function openSharedState(redisUrl: string | undefined): SharedState {
  return redisUrl ? redisSharedState(redisUrl) : inMemorySharedState();
}
