import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { ownerAccountByApi } from './support/editor.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/** Serious and critical axe findings of the page, as "rule: target" lines. */
async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** A new owner with a demo site of their own (to moderate its comments through the admin API). */
async function ownerWithDemoSite(context: BrowserContext, server: ShopServer, subdomain: string) {
  const baseUrl = server.baseUrl;
  const api = context.request;
  await api.get(`${baseUrl}/api/admin/session`);
  const crumb = (await context.cookies(baseUrl)).find((c) => c.name === 'crumb')?.value ?? '';
  const headers = { 'x-csrf-token': crumb };
  await ownerAccountByApi(api, server, { email: `${subdomain}@example.de`, name: 'Jana Journal' }, headers);
  const site = await api.post(`${baseUrl}/api/admin/sites`, {
    headers,
    data: { title: 'Journal-Laden', subdomain, starter: 'demo' },
  });
  expect(site.status()).toBe(201);
  const siteId = (await site.json()).site.id as string;
  /** Approves every waiting comment; resolves with how many. */
  const approveAll = async () => {
    const queue = await api.get(`${baseUrl}/api/admin/sites/${siteId}/comments`);
    expect(queue.status()).toBe(200);
    const { comments } = (await queue.json()) as { comments: { id: string }[] };
    for (const { id } of comments) {
      const decided = await api.patch(`${baseUrl}/api/admin/sites/${siteId}/comments/${id}`, {
        headers,
        data: { status: 'approved' },
      });
      expect(decided.status()).toBe(200);
    }
    return comments.length;
  };
  return { approveAll };
}

describe('a visitor reads the blog, finds an event and searches the site', () => {
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

  it('R3.16.2 reads the journal, filters it by a category and opens a post', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Journal' })
      .click();
    await page.waitForURL(/\/journal$/);
    const titles = page.locator('.blog-post-card__title');
    await expect.poll(() => titles.count()).toBe(3);
    expect(await seriousFindings(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Kategorien' }).getByRole('link', { name: 'Pflege' }).click();
    await page.waitForURL(/kategorie=Pflege/);
    await expect
      .poll(() => titles.allTextContents())
      .toEqual([expect.stringContaining('Emaille-Becher richtig pflegen')]);
    expect(await page.locator('.blog__filter').textContent()).toContain('Kategorie: Pflege');

    await page.getByRole('link', { name: 'Emaille-Becher richtig pflegen' }).first().click();
    await page.waitForURL(/\/journal\/p\/emaille-becher-richtig-pflegen$/);
    expect(await page.locator('h1').textContent()).toBe('Emaille-Becher richtig pflegen');
    expect(await page.locator('.blog-post__meta').textContent()).toContain('von Jana Krüger');
    expect(await seriousFindings(page)).toEqual([]);
    await saveScreenshot(page, 'read-the-blog-post');
    await ctx.close();
  });

  it('R4.8.1 R8.8.5 R8.8.6 R3.11.1 comments on a post, sees the count change after moderation and likes it once', async () => {
    const subdomain = `journal-${randomBytes(4).toString('hex')}`;
    const ownerContext = await browser.newContext();
    const owner = await ownerWithDemoSite(ownerContext, server, subdomain);
    const postUrl = `http://${subdomain}.localhost:${server.port}/journal/p/emaille-becher-richtig-pflegen`;

    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(postUrl);
    await page.waitForSelector('[data-island="comments"] [data-hydrated="true"]', { state: 'attached' });
    await page.waitForSelector('[data-island="like-button"] [data-hydrated="true"]', { state: 'attached' });
    expect(await page.locator('.comments__count').textContent()).toBe('Keine Kommentare');
    expect(await page.getByRole('list', { name: 'Teilen' }).getByRole('link').count()).toBeGreaterThan(0);

    // The comment waits for the moderator, then counts.
    const form = page.locator('form.comment-form').last();
    await form.getByLabel('Name').fill('Erika');
    await form.getByLabel('Kommentar').fill('Danke, meine Becher glänzen wieder!');
    await form.getByRole('button', { name: 'Kommentar senden' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: 'erscheint, sobald ihn jemand freigegeben hat' })
      .waitFor();
    expect(await owner.approveAll()).toBe(1);
    await page.reload();
    await page.waitForSelector('[data-island="like-button"] [data-hydrated="true"]', { state: 'attached' });
    expect(await page.locator('.comments__count').textContent()).toBe('1 Kommentar');
    await page.locator('.comment__text').filter({ hasText: 'meine Becher glänzen wieder' }).waitFor();

    // One like per visitor: the second press does not count.
    const like = page.locator('.like__button');
    const firstLike = page.waitForResponse((r) => r.url().endsWith('/api/likes'));
    await like.click();
    expect((await (await firstLike).json()).likeCount).toBe(1);
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await like.click();
    expect(await page.locator('.like__count').textContent()).toBe('1');
    await page.reload();
    expect(await page.locator('.like__count').textContent()).toBe('1');
    expect(await seriousFindings(page)).toEqual([]);
    await saveScreenshot(page, 'comment-on-a-blog-post');
    await ctx.close();
    await ownerContext.close();
  });

  it('R7.7.3 R7.7.4 R9.5.8 finds an upcoming event and downloads its .ics with the same UTC times as the calendar link', async () => {
    const ctx = await browser.newContext({ acceptDownloads: true });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/termine`);
    expect(await seriousFindings(page)).toEqual([]);
    await page.getByRole('link', { name: 'Töpferkurs für Einsteiger' }).click();
    await page.waitForURL(/\/termine\/p\/toepferkurs-fuer-einsteiger$/);
    expect(await seriousFindings(page)).toEqual([]);

    const calendarHref = await page
      .getByRole('link', { name: /Zu Google Kalender hinzufügen/ })
      .getAttribute('href');
    const calendarUrl = new URL(calendarHref!);
    expect(calendarUrl.searchParams.get('text')).toBe('Töpferkurs für Einsteiger');
    const [start, end] = calendarUrl.searchParams.get('dates')!.split('/');
    expect(start).toMatch(/^\d{8}T\d{6}Z$/);
    expect(calendarUrl.searchParams.get('location')).toContain('Baukastenweg 12');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /iCal-Datei/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('toepferkurs-fuer-einsteiger.ics');
    const ics = readFileSync((await download.path())!, 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain(`DTSTART:${start}\r\n`);
    expect(ics).toContain(`DTEND:${end}\r\n`);
    expect(ics).toContain('SUMMARY:Töpferkurs für Einsteiger\r\n');

    // The calendar view shows the same event in its month.
    await page.goto(`${server.baseUrl}/termine`);
    await page.getByRole('link', { name: 'Kalender', exact: true }).click();
    await page.waitForURL(/ansicht=kalender/);
    expect(await seriousFindings(page)).toEqual([]);
    await saveScreenshot(page, 'find-an-event-calendar');
    await ctx.close();
  });

  it('R2.1.4 R2.1.5 searches with a German word form and finds a post and a product', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    // Page paths of every census page-view hit the browser sends.
    const hits: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/census/RecordHit') && r.method() === 'POST') {
        const data = new URLSearchParams(r.postData() ?? '').get('data') ?? '{}';
        hits.push(String((JSON.parse(data) as { pagePath?: string }).pagePath));
      }
    });
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('link', { name: 'Suche', exact: true }).click();
    await page.waitForURL(/\/search$/);
    await page.getByLabel('Suchbegriff').fill('Bechern');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.waitForURL(/\/search\?q=Bechern/);
    const results = page.locator('.search-result__title');
    await expect
      .poll(() => results.allTextContents())
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('Emaille-Becher richtig pflegen'),
          expect.stringContaining('Emaille-Becher „Bergsee“'),
        ]),
      );
    expect(await page.getAttribute('body', 'data-page-type')).toBe('102');
    expect(await seriousFindings(page)).toEqual([]);
    await saveScreenshot(page, 'search-finds-post-and-product');

    const productHit = page.waitForRequest(
      (r) => r.url().endsWith('/api/census/RecordHit') && (r.postData() ?? '').includes('%2Fshop%2Fp%2F'),
    );
    await page.getByRole('link', { name: 'Emaille-Becher „Bergsee“' }).click();
    await page.waitForURL(/\/shop\/p\//);
    expect(await page.locator('h1').textContent()).toContain('Emaille-Becher');
    // The product page counted a view; the search pages before it did not (R2.1.5).
    await productHit;
    expect(hits.some((path) => path.startsWith('/shop/p/'))).toBe(true);
    expect(hits.filter((path) => path.startsWith('/search'))).toEqual([]);
    await ctx.close();
  });
});
