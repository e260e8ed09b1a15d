import { describe, expect, it } from 'vitest';
import { newId, randomHex } from './ids.js';

describe('ids', () => {
  it('newId gives 24 hex characters, the creation second first, and never the same id twice', () => {
    const at = Date.UTC(2026, 10, 28, 12, 0, 0);
    const ids = Array.from({ length: 20_000 }, () => newId(at));
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(ids[0]!.slice(0, 8)).toBe(Math.floor(at / 1000).toString(16));
    // 20,000 ids cross the random pool's refill many times: none may repeat a handed-out byte run.
    expect(new Set(ids).size).toBe(ids.length);
    expect(newId(at + 1000) > newId(at)).toBe(true);
  });

  it('randomHex gives the asked number of bytes, different each time, also past the pool and beyond its size', () => {
    expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
    expect(randomHex(3)).toMatch(/^[0-9a-f]{6}$/);
    const big = randomHex(5000);
    expect(big).toMatch(/^[0-9a-f]{10000}$/);
    const seen = new Set(Array.from({ length: 2_000 }, () => randomHex(7)));
    expect(seen.size).toBe(2_000);
    // Not all zeros: the pool is filled before its first use.
    expect(randomHex(16)).not.toBe('0'.repeat(32));
  });
});
