import type { Website } from '@baukasten/storage';
import { describe, expect, it } from 'vitest';
import { keptWithWebsite } from './kept-with-website.js';

describe('keptWithWebsite', () => {
  const site = (id: string) => ({ id }) as Website;

  it('reads once per website object, and anew for the object storage hands out after a change', async () => {
    let reads = 0;
    const titleOf = keptWithWebsite(
      async (website: Website, suffix: string) => `${website.id}${suffix}-${++reads}`,
    );
    const first = site('laden');
    expect(await titleOf(first, '!')).toBe('laden!-1');
    expect(await titleOf(first, '!')).toBe('laden!-1');
    // The same site after a write: a new object, a fresh read.
    expect(await titleOf(site('laden'), '!')).toBe('laden!-2');
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
    await expect(flaky(website)).rejects.toThrow('Datenbank');
    expect(await flaky(website)).toBe('ok');
    expect(await flaky(website)).toBe('ok');
    expect(reads).toBe(2);
  });
});
