import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { InMemoryRateLimiter, type RateLimiter } from '../rate-limit.js';
import type { SharedState } from '../shared-state.js';
import { registerDashboardRoutes } from './dashboard-routes.js';
import { IngestionQueue, type IngestionQueueOptions } from './ingestion-queue.js';
import { registerIngestionRoutes } from './ingestion-routes.js';

export interface AnalyticsOptions {
  storage: Storage;
  /** Source of the per-IP rate limiter (shared between processes with Redis). */
  shared?: SharedState;
  /** Overrides the limiter from `shared`. */
  rateLimiter?: RateLimiter;
  /** The global census switch of spec 6; default on. */
  censusEnabled?: boolean;
  /** Raw events older than this many days are deleted (rollups stay); default 90. */
  retentionDays?: number;
  /** How often waiting events are folded into the rollups; default every minute, 0 = never. */
  rollupEveryMs?: number;
  /** How often old raw events are deleted; default every 6 hours, 0 = never. */
  retentionEveryMs?: number;
  queue?: IngestionQueueOptions;
  now?: () => number;
}

/** Tracking calls per website and IP address and minute: a busy visitor makes a few dozen. */
export const TRACKING_CALLS_PER_MINUTE = 600;
export const DEFAULT_RETENTION_DAYS = 90;

export interface Analytics {
  queue: IngestionQueue;
  /** Writes queued events and folds what is new into the rollups: of one website, or of all. */
  catchUp(websiteId?: string): Promise<void>;
  /** Deletes raw events past the retention period; returns how many. */
  applyRetention(): Promise<number>;
}

/**
 * Visitor analytics on the site's routes: the tracking calls of spec 7, the owner's dashboard API, and
 * the background work (rollup every minute, retention every 6 hours). Register inside the site plugin,
 * where request.website is known.
 */
export function registerAnalyticsRoutes(site: FastifyInstance, options: AnalyticsOptions): Analytics {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const log = site.log;
  const queue = new IngestionQueue((events) => storage.analytics.appendEvents(events), {
    onError: (err) => log.error({ err }, 'analytics events could not be written; kept for the next try'),
    ...options.queue,
  });
  const rateLimiter =
    options.rateLimiter ??
    options.shared?.rateLimiter('analytics', { limit: TRACKING_CALLS_PER_MINUTE, windowMs: 60_000 }) ??
    new InMemoryRateLimiter({ limit: TRACKING_CALLS_PER_MINUTE, windowMs: 60_000 });

  // One rollup at a time in this process; a caller arriving meanwhile waits for it and then runs its own,
  // so events written just before the call are always included.
  let rolling: Promise<unknown> = Promise.resolve();
  const rollup = (websiteId?: string) => {
    const run = rolling.catch(() => {}).then(() => storage.analytics.rollup({ websiteId }));
    rolling = run;
    return run;
  };
  const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const analytics: Analytics = {
    queue,
    async catchUp(websiteId) {
      await queue.flush();
      await rollup(websiteId);
    },
    applyRetention: () => storage.analytics.deleteEventsBefore(now() - retentionDays * 86_400_000),
  };

  registerIngestionRoutes(site, {
    storage,
    queue,
    rateLimiter,
    censusEnabled: options.censusEnabled ?? true,
    now,
  });
  registerDashboardRoutes(site, { storage, catchUp: analytics.catchUp, now });

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, job: () => Promise<unknown>, what: string) => {
    if (ms <= 0) return;
    const timer = setInterval(() => {
      job().catch((err) => log.error({ err }, `analytics ${what} failed`));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  every(options.rollupEveryMs ?? 60_000, () => analytics.catchUp(), 'rollup');
  every(options.retentionEveryMs ?? 6 * 3_600_000, analytics.applyRetention, 'retention');

  site.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await queue.close();
    await rolling.catch(() => {});
  });
  return analytics;
}
