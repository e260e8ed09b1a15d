import type { Storage, Website } from '@baukasten/storage';
import { describe, expect, it } from 'vitest';
import { keptWithWebsite } from './kept-with-website.js';

describe('keptWithWebsite', () => {
  const site = (id: string) => ({ id }) as Website;
  const storage = {} as Storage;

  it('reads once per website object, and anew for the object storage hands out after a change', async () => {
    let reads = 0;
    const titleOf = keptWithWebsite(async (_storage, website) => `${website.id}-${++reads}`);
    const first = site('laden');
    expect(await titleOf(storage, first)).toBe('laden-1');
    expect(await titleOf(storage, first)).toBe('laden-1');
    // The same site after a write: a new object, a fresh read.
    expect(await titleOf(storage, site('laden'))).toBe('laden-2');
    expect(reads).toBe(2);
  });

  it('keeps no failed read: the next caller asks again', async () => {
    let reads = 0;
    const flaky = keptWithWebsite(async () => {
      reads++;
      if (reads === 1) throw new Error('Datenbank nicht erreichbar');
      return 'ok';
    });
    const website = site('laden');
    await expect(flaky(storage, website)).rejects.toThrow('Datenbank');
    expect(await flaky(storage, website)).toBe('ok');
    expect(await flaky(storage, website)).toBe('ok');
    expect(reads).toBe(2);
  });
});
