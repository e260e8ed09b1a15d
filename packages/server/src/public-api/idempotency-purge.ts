import type { Storage } from '@baukasten/storage';

/*
 * Idempotency-Key rows promise a client the same answer for 24 hours; after that they are nobody's promise
 * and only take room (they hold whole answers). `claim` already drops an expired row of the key it meets;
 * this job removes all the others: a pass when the server is ready and then every 15 minutes (timer
 * unref'd, stopped with the server). Several instances purging at once delete disjoint or no rows.
 */

export const PURGE_INTERVAL_MS = 15 * 60 * 1000;

/** Deletes every key older than `ttlMs` (of every website); returns how many went. */
export function purgeExpiredIdempotencyKeys(
  storage: Storage,
  ttlMs: number,
  now = Date.now(),
): Promise<number> {
  return storage.idempotency.purge(now - ttlMs);
}

export function startIdempotencyPurge(
  storage: Storage,
  options: { ttlMs: number; intervalMs?: number; onError?: (error: unknown) => void },
): { firstPass: Promise<number>; stop(): Promise<void> } {
  let running: Promise<unknown>;
  const pass = () => {
    const purged = purgeExpiredIdempotencyKeys(storage, options.ttlMs);
    running = purged.catch((error: unknown) => options.onError?.(error));
    return purged;
  };
  const firstPass = pass();
  firstPass.catch(() => {});
  const timer = setInterval(pass, options.intervalMs ?? PURGE_INTERVAL_MS);
  timer.unref();
  return {
    firstPass,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
