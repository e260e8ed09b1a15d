import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/** The text of every mail the shop wrote (without SMTP_URL the outbox writes .eml files to DATA_DIR/mail). */
async function mailsIn(dataDir: string): Promise<string[]> {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => (await simpleParser(readFileSync(join(dataDir, 'mail', f)))).text ?? ''),
  );
}

describe('a visitor subscribes to the newsletter and confirms by mail', () => {
  let server: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startShopServer({ SMTP_URL: '' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('R1.3.3 signs up on the contact page, gets the opt-in mail and confirms through its link', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/kontakt`);
    const block = page.locator('[data-island="newsletter-block"]');
    const submit = block.locator('button[type="submit"]');
    await submit.and(page.locator(':enabled')).waitFor();
    await block.locator('input[type="email"]').fill('leserin@example.de');
    const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/newsletter/subscribe'));
    await submit.click();
    expect((await subscribed).status()).toBe(200);
    await block.locator('.newsletter-block__success').waitFor();

    // The outbox worker writes the double opt-in mail shortly after; wait for it (polling, no fixed sleep).
    let link = '';
    await expect
      .poll(
        async () => {
          const text = (await mailsIn(server.dataDir)).find((t) =>
            t.includes('/newsletter/bestaetigen?token='),
          );
          link = /https?:\/\/\S+\/newsletter\/bestaetigen\?token=[\w-]+/.exec(text ?? '')?.[0] ?? '';
          return link;
        },
        { timeout: 20_000, interval: 250 },
      )
      .not.toBe('');
    await page.goto(`${server.baseUrl}${new URL(link).pathname}${new URL(link).search}`);
    expect(await page.locator('body').textContent()).toContain(
      'Deine Anmeldung zum Newsletter ist bestätigt.',
    );
    await saveScreenshot(page, 'subscribe-to-the-newsletter');
    await ctx.close();
  });
});
