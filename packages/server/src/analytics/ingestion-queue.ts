import type { NewAnalyticsEvent } from '@baukasten/storage';

/*
 * Tracking calls answer before their event is written: events wait here and are written in batches,
 * one multi-row insert every 250 ms or as soon as 500 are waiting, so a burst of page views costs a
 * few inserts instead of one transaction each, and a slow database never slows a page. Events still
 * waiting are written when the server closes. A failed write is tried again with the next flush; if the
 * database stays away, the oldest events are dropped beyond `maxPending` rather than filling memory.
 */

export interface IngestionQueueOptions {
  /** Longest wait of an event before it is written; default 250 ms. */
  flushAfterMs?: number;
  /** Events per write, and the count that triggers a write at once; default 500. */
  batchSize?: number;
  /** Events kept while writes fail; default 50,000. */
  maxPending?: number;
  onError?: (error: unknown) => void;
}

export interface IngestionQueueStats {
  written: number;
  dropped: number;
  failedWrites: number;
}

export class IngestionQueue {
  readonly #write: (events: NewAnalyticsEvent[]) => Promise<void>;
  readonly #flushAfterMs: number;
  readonly #batchSize: number;
  readonly #maxPending: number;
  readonly #onError: (error: unknown) => void;
  #pending: NewAnalyticsEvent[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #closed = false;
  readonly stats: IngestionQueueStats = { written: 0, dropped: 0, failedWrites: 0 };

  constructor(write: (events: NewAnalyticsEvent[]) => Promise<void>, options: IngestionQueueOptions = {}) {
    this.#write = write;
    this.#flushAfterMs = options.flushAfterMs ?? 250;
    this.#batchSize = options.batchSize ?? 500;
    this.#maxPending = options.maxPending ?? 50_000;
    this.#onError = options.onError ?? (() => {});
  }

  get pending(): number {
    return this.#pending.length;
  }

  /** Queues one event; never waits and never throws. */
  push(event: NewAnalyticsEvent): void {
    this.#pending.push(event);
    if (this.#pending.length > this.#maxPending) {
      const over = this.#pending.length - this.#maxPending;
      this.#pending.splice(0, over);
      this.stats.dropped += over;
    }
    if (this.#pending.length >= this.#batchSize) void this.flush();
    else this.#schedule();
  }

  /** Writes everything waiting now; resolves when it is written (or the write failed and was kept). */
  flush(): Promise<void> {
    this.#clearTimer();
    // One write at a time; a flush asked for meanwhile runs right after. #drain never rejects.
    const run = (this.#flushing ?? Promise.resolve()).then(() => this.#drain());
    this.#flushing = run;
    void run.finally(() => {
      if (this.#flushing === run) this.#flushing = undefined;
    });
    return run;
  }

  /** Stops the timer and writes what is left; later pushes are still written by flush(). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
  }

  async #drain(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0, this.#batchSize);
      try {
        await this.#write(batch);
        this.stats.written += batch.length;
      } catch (error) {
        this.stats.failedWrites += 1;
        // Keep the batch for the next try, ahead of what arrived meanwhile.
        this.#pending.unshift(...batch);
        if (this.#pending.length > this.#maxPending) {
          const over = this.#pending.length - this.#maxPending;
          this.#pending.splice(0, over);
          this.stats.dropped += over;
        }
        this.#onError(error);
        this.#schedule();
        return;
      }
    }
  }

  #schedule() {
    if (this.#timer || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.#flushAfterMs);
    this.#timer.unref?.();
  }

  #clearTimer() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
