// State that several server processes must agree on: request counts for rate limits and the captcha
// tokens already spent, plus the captcha signing secret. One process keeps them in memory; with
// REDIS_URL every process shares them through Redis, so a limit or a spent token holds whichever
// process a request reaches.

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  InMemoryRateLimiter,
  type RateLimitCount,
  type RateLimiter,
  type RateLimitOptions,
} from './rate-limit.js';

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
  /** Tells every other process that content (settings, hostnames, pages, products, stock...) changed. */
  announceContentChanged(): void;
  /**
   * Runs `listener` when another process announced changed content (to forget cached look-ups and pages).
   * Resolves once announcements are heard (never rejects: without Redis the caches simply expire).
   */
  onContentChanged(listener: () => void): Promise<void>;
  close(): Promise<void>;
}

export class InMemorySpentTokens implements SpentTokens {
  readonly #spent = new Map<string, number>();
  #nextSweepAt = 0;
  constructor(readonly now: () => number = Date.now) {}
  async spend(token: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    // Expired tokens go at most once per ttl: a sweep per call read the whole map every time while more than
    // 10,000 were alive (issue 19, item 10).
    if (this.#spent.size > 10_000 && now >= this.#nextSweepAt) {
      for (const [k, expiresAt] of this.#spent) if (expiresAt <= now) this.#spent.delete(k);
      this.#nextSweepAt = now + ttlMs;
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
    // One process: nobody else to tell.
    announceContentChanged: () => {},
    onContentChanged: async () => {},
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
    return (await this.count(key)).allowed;
  }

  async count(key: string): Promise<RateLimitCount> {
    const window = Math.floor(Date.now() / this.options.windowMs);
    const redisKey = `${this.prefix}:${window}:${key}`;
    const [[, count]] = (await this.redis
      .multi()
      .incr(redisKey)
      .pexpire(redisKey, this.options.windowMs)
      .exec()) as [[Error | null, number]];
    const { limit, windowMs } = this.options;
    return {
      allowed: count <= limit,
      limit,
      remaining: Math.max(limit - count, 0),
      resetAt: (window + 1) * windowMs,
    };
  }
}

export function redisSharedState(url: string, namespace = 'baukasten'): SharedState {
  // Commands wait while the connection is (re)established; a Redis that stays away fails the request
  // after a bounded time instead of hanging it.
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => {
    // Reported through the failing commands; the client reconnects on its own.
  });
  // A subscribed connection can do nothing else: a second one, opened when the first listener comes.
  const channel = `${namespace}:content-changed`;
  // Messages carry their sender, so a process does not throw away its own fresh caches on its own news.
  const sender = randomBytes(9).toString('base64url');
  let subscriber: Redis | undefined;
  let subscribed: Promise<void> = Promise.resolve();
  const listeners: (() => void)[] = [];
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
    announceContentChanged() {
      // Best effort: a lost message only means the other processes see the change when their cache expires.
      redis.publish(channel, sender).catch(() => {});
    },
    onContentChanged(listener) {
      listeners.push(listener);
      if (subscriber) return subscribed;
      subscriber = redis.duplicate();
      subscriber.on('error', () => {});
      subscriber.on('message', (_channel: string, from: string) => {
        if (from === sender) return;
        for (const l of listeners) l();
      });
      subscribed = subscriber.subscribe(channel).then(
        () => {},
        () => {},
      );
      return subscribed;
    },
    async close() {
      await subscriber?.quit().catch(() => subscriber?.disconnect());
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis when a URL is configured, else memory (one process). */
export function openSharedState(redisUrl: string | undefined): SharedState {
  return redisUrl ? redisSharedState(redisUrl) : inMemorySharedState();
}
