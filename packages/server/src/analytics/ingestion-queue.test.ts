import type { NewAnalyticsEvent } from '@baukasten/storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IngestionQueue } from './ingestion-queue.js';

const event = (i: number): NewAnalyticsEvent => ({
  websiteId: 'w',
  day: '2024-03-01',
  occurredAt: i,
  kind: 'page_view',
});

describe('ingestion queue', () => {
  let writes: NewAnalyticsEvent[][];
  let fail = false;
  const write = async (events: NewAnalyticsEvent[]) => {
    if (fail) throw new Error('Datenbank weg');
    writes.push(events);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    writes = [];
    fail = false;
  });
  afterEach(() => vi.useRealTimers());

  it('R1.5.1 writes a trickle of events together 250 ms after the first one', async () => {
    const queue = new IngestionQueue(write);
    queue.push(event(1));
    await vi.advanceTimersByTimeAsync(100);
    queue.push(event(2));
    await vi.advanceTimersByTimeAsync(149);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes.map((w) => w.map((e) => e.occurredAt))).toEqual([[1, 2]]);
    expect(queue.pending).toBe(0);
  });

  it('writes at once when 500 events are waiting, in one insert of 500', async () => {
    const queue = new IngestionQueue(write);
    for (let i = 0; i < 499; i++) queue.push(event(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual([]);
    queue.push(event(499));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.map((w) => w.length)).toEqual([500]);
    expect(queue.stats.written).toBe(500);
  });

  it('keeps events of a failed write for the next try, in order, and drops the oldest past its bound', async () => {
    const errors: unknown[] = [];
    const queue = new IngestionQueue(write, { maxPending: 3, onError: (e) => errors.push(e) });
    fail = true;
    queue.push(event(1));
    queue.push(event(2));
    await vi.advanceTimersByTimeAsync(250);
    expect(errors).toHaveLength(1);
    expect(queue.pending).toBe(2);
    queue.push(event(3));
    queue.push(event(4));
    expect(queue.stats.dropped).toBe(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(250);
    expect(writes.map((w) => w.map((e) => e.occurredAt))).toEqual([[2, 3, 4]]);
  });

  it('writes what is left on close without waiting for the timer', async () => {
    const queue = new IngestionQueue(write);
    queue.push(event(1));
    await queue.close();
    expect(writes).toHaveLength(1);
    // Nothing is scheduled after close; a later flush still writes.
    queue.push(event(2));
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toHaveLength(1);
    await queue.flush();
    expect(writes).toHaveLength(2);
  });
});
