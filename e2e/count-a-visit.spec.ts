import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

describe('the shop counts a visit and measures the page', () => {
  let server: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startShopServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('R3.26.1 a first visit records a hit and sets ss_cvr with count 1; a hidden page sends its performance record', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const hit = page.waitForRequest(
      (r) => r.url().endsWith('/api/census/RecordHit') && r.method() === 'POST',
    );
    await page.goto(`${server.baseUrl}/shop`);
    const request = await hit;
    expect(request.postData()).toContain('event=');
    const cookies = await ctx.cookies();
    const visit = cookies.find((c) => c.name === 'ss_cvr');
    expect(visit, 'ss_cvr cookie').toBeDefined();
    // id|first visit|previous visit|current visit|visit count: a first visit counts 1.
    const fields = decodeURIComponent(visit!.value).split('|');
    expect(fields).toHaveLength(5);
    expect(fields[4]).toBe('1');

    const performance = page.waitForRequest((r) => r.url().endsWith('/api/1/performance/records'));
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect((await performance).method()).toBe('POST');
    await ctx.close();
  });
});
