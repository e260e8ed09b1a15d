import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { ownerAccountByApi } from './support/editor.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * Issue 11's gallery journey: a visitor opens the demo gallery, moves through the lightbox with the
 * keyboard, writes a comment that a moderator approves, answers it, and likes the page once (a second
 * like does not count). The site is a fresh demo site of a new owner, who moderates through the admin
 * API; everything the visitor does goes through the page in Chromium.
 */

/** The owner side: an account with a demo site, its crumb echoed on every change. */
async function ownerWithDemoSite(context: BrowserContext, server: ShopServer, subdomain: string) {
  const baseUrl = server.baseUrl;
  const api = context.request;
  await api.get(`${baseUrl}/api/admin/session`);
  const crumb = (await context.cookies(baseUrl)).find((c) => c.name === 'crumb')?.value ?? '';
  const headers = { 'x-csrf-token': crumb };
  await ownerAccountByApi(
    api,
    server,
    { email: `${subdomain}@example.de`, name: 'Mona Moderatorin' },
    headers,
  );
  const site = await api.post(`${baseUrl}/api/admin/sites`, {
    headers,
    data: { title: 'Galerie-Laden', subdomain, starter: 'demo' },
  });
  expect(site.status()).toBe(201);
  return { api, headers, siteId: (await site.json()).site.id as string };
}

/** Approves every waiting comment of the site; resolves with how many it approved. */
async function approveAll(
  owner: { api: APIRequestContext; headers: Record<string, string>; siteId: string },
  baseUrl: string,
) {
  const queue = await owner.api.get(`${baseUrl}/api/admin/sites/${owner.siteId}/comments`);
  expect(queue.status()).toBe(200);
  const { comments } = (await queue.json()) as { comments: { id: string }[] };
  for (const { id } of comments) {
    const decided = await owner.api.patch(`${baseUrl}/api/admin/sites/${owner.siteId}/comments/${id}`, {
      headers: owner.headers,
      data: { status: 'approved' },
    });
    expect(decided.status()).toBe(200);
  }
  return comments.length;
}

const position = (page: Page) => page.locator('.lightbox__position');

describe('look at a gallery and comment', () => {
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

  it('R1.3.5 R9.5.11 R4.8.1 R8.8.5 R8.8.6 R8.8.7 R3.11.1 opens the gallery in the lightbox, moves with the keyboard, comments, replies after moderation and likes once', async () => {
    const subdomain = `galerie-${randomBytes(4).toString('hex')}`;
    const ownerContext = await browser.newContext();
    const owner = await ownerWithDemoSite(ownerContext, server, subdomain);
    const galleryUrl = `http://${subdomain}.localhost:${server.port}/galerie`;

    const visitorContext = await browser.newContext();
    const page = await visitorContext.newPage();
    await page.goto(galleryUrl);
    await page.waitForSelector('[data-island="gallery"] [data-hydrated="true"]', { state: 'attached' });
    await page.waitForSelector('[data-island="comments"] [data-hydrated="true"]', { state: 'attached' });
    await page.waitForSelector('[data-island="like-button"] [data-hydrated="true"]', { state: 'attached' });
    expect(await page.locator('.gallery--grid .gallery__tile').count()).toBe(4);
    expect(await page.locator('.comments__count').textContent()).toBe('Keine Kommentare');

    // 1. The lightbox opens on the second picture and moves with the arrow keys, wrapping at the ends.
    const second = page.locator('[data-lightbox-index="1"]');
    await second.click();
    const dialog = page.getByRole('dialog', { name: 'Galerie – Großansicht' });
    await dialog.waitFor();
    await expect.poll(() => position(page).textContent()).toBe('Bild 2 von 4');
    expect(await dialog.locator('img').getAttribute('alt')).toBe('Die Töpferscheibe');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page).textContent()).toBe('Bild 3 von 4');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page).textContent()).toBe('Bild 1 von 4');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position(page).textContent()).toBe('Bild 4 von 4');
    expect(await dialog.locator('img').getAttribute('alt')).toBe('Das Lager');
    await saveScreenshot(page, 'gallery-lightbox');
    const axeInLightbox = await new AxeBuilder({ page }).include('.lightbox').analyze();
    expect(axeInLightbox.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
      [],
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the picture that opened the lightbox.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-lightbox-index'))).toBe('1');

    // 2. A comment waits for the moderator; once approved the count reads "1 Kommentar" (German site, issue 22).
    const form = page.locator('form.comment-form').last();
    await form.getByLabel('Name').fill('Erika');
    await form.getByLabel('Kommentar').fill('Die Töpferscheibe hätte ich gern zu Hause!');
    await form.getByRole('button', { name: 'Kommentar senden' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: 'erscheint, sobald ihn jemand freigegeben hat' })
      .waitFor();
    expect(await approveAll(owner, server.baseUrl)).toBe(1);
    await page.reload();
    await page.waitForSelector('[data-island="comments"] [data-hydrated="true"]', { state: 'attached' });
    expect(await page.locator('.comments__count').textContent()).toBe('1 Kommentar');
    await page.locator('.comment__text').filter({ hasText: 'Die Töpferscheibe hätte ich gern' }).waitFor();

    // 3. A reply to it, approved as well: "2 Comments", the reply under the comment.
    await page.getByRole('button', { name: 'Antworten (Erika)' }).click();
    const reply = page.locator('form.comment-form--reply');
    await reply.getByLabel('Name').fill('Max');
    await reply.getByLabel('Kommentar').fill('Ich auch!');
    await reply.getByRole('button', { name: 'Antwort senden' }).click();
    await reply.getByRole('status').waitFor();
    expect(await approveAll(owner, server.baseUrl)).toBe(1);
    await page.reload();
    await page.waitForSelector('[data-island="like-button"] [data-hydrated="true"]', { state: 'attached' });
    expect(await page.locator('.comments__count').textContent()).toBe('2 Kommentare');
    expect(await page.getByRole('list', { name: 'Antworten auf Erika' }).textContent()).toContain(
      'Ich auch!',
    );

    // 4. One like per visitor: the second press changes nothing, on the page or on the server.
    const like = page.locator('.like__button');
    const firstLike = page.waitForResponse((r) => r.url().endsWith('/api/likes'));
    await like.click();
    expect((await (await firstLike).json()).likeCount).toBe(1);
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await like.click();
    expect(await page.locator('.like__count').textContent()).toBe('1');
    // Even a like sent again by hand is not counted twice.
    const again = await page.evaluate(async () => {
      const crumb = document.cookie.match(/(?:^|; )crumb=([^;]*)/)?.[1] ?? '';
      const targetId = JSON.parse(
        document.querySelector('[data-island="like-button"]')?.getAttribute('data-props') ?? '{}',
      ).targetId;
      const res = await fetch('/api/likes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(crumb) },
        body: JSON.stringify({ targetType: 'collection', targetId }),
      });
      return res.json();
    });
    expect(again).toMatchObject({ counted: false, likeCount: 1 });
    await page.reload();
    expect(await page.locator('.like__count').textContent()).toBe('1');
    expect(await page.locator('.like__button').getAttribute('aria-pressed')).toBe('true');

    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)),
    ).toEqual([]);
    await saveScreenshot(page, 'gallery-comments');
    await visitorContext.close();
    await ownerContext.close();
  });
});
