import { describe, expect, it } from 'vitest';
import { InMemoryRateLimiter } from './rate-limit.js';
import { InMemorySpentTokens } from './shared-state.js';

// Issue 19, item 10: with more than 10,000 clients in a window the expired windows are swept once per window,
// not on every new client; limiting and forgetting must stay exact.
describe('in-memory limits with many clients', () => {
  it('limits each of 15,000 clients and forgets them once their window is over', async () => {
    let now = 0;
    const limiter = new InMemoryRateLimiter({ limit: 2, windowMs: 1000 }, () => now);
    for (let i = 0; i < 15_000; i++) expect(await limiter.hit(`c${i}`)).toBe(true);
    for (let i = 0; i < 15_000; i += 1000) {
      expect(await limiter.hit(`c${i}`)).toBe(true);
      expect(await limiter.hit(`c${i}`)).toBe(false);
    }
    now = 1000;
    // A new window for everyone: the old counts are gone, the clients may come again.
    for (let i = 0; i < 15_000; i += 1000) expect(await limiter.hit(`c${i}`)).toBe(true);
    for (let i = 15_000; i < 26_000; i++) await limiter.hit(`c${i}`);
    expect(await limiter.hit('c0')).toBe(true);
    expect(await limiter.hit('c0')).toBe(false);
  });

  it('spends each of 15,000 tokens once and lets them go after their time', async () => {
    let now = 0;
    const tokens = new InMemorySpentTokens(() => now);
    for (let i = 0; i < 15_000; i++) expect(await tokens.spend(`t${i}`, 1000)).toBe(true);
    for (let i = 0; i < 15_000; i += 1000) expect(await tokens.spend(`t${i}`, 1000)).toBe(false);
    now = 1000;
    for (let i = 0; i < 15_000; i += 1000) expect(await tokens.spend(`t${i}`, 1000)).toBe(true);
    expect(await tokens.spend('t0', 1000)).toBe(false);
  });
});
