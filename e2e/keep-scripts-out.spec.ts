import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { ownerAccountByApi } from './support/editor.js';
import { type ShopServer, startShopServer } from './support/shop-server.js';

/*
 * An owner (or someone who took over an owner account) stores script in every field the editor lets
 * them fill; shoppers then browse the site in Chromium. No script of theirs runs: no dialog, no marker
 * set, and no Content-Security-Policy violation, because nothing stored ever reaches the page as live
 * markup. The demo storefront itself passes its CSP without one violation or console error.
 */

const MARK = 'window.__xss=1;alert(1)';
/** Short enough for titles and labels (≤ 100 characters). */
const SHORT = `"><img src=x onerror="${MARK}"><script>${MARK}</script>`;
/** For fields of at most 60 characters. */
const TINY = '<img src=x onerror=alert(1)><script>alert(1)</script>';
/** For rich text: the usual ways out of escaping, sanitising and the JSON-LD script block. */
const LONG = [
  SHORT,
  `<svg onload="${MARK}"></svg>`,
  `<a href="javascript:${MARK}">Link</a>`,
  `<iframe src="javascript:${MARK}"></iframe>`,
  `<div style="background:url(javascript:${MARK})" onmouseover="${MARK}">x</div>`,
  `</script><script>${MARK}</script>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${MARK}">`,
  `{{constructor.constructor('${MARK}')()}}`,
  `<details open ontoggle="${MARK}">`,
].join('\n');

interface Watch {
  dialogs: string[];
  violations: string[];
  errors: string[];
}

async function watchedContext(browser: Browser, watch: Watch): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP-Verletzung: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  context.on('page', (page) => observe(page, watch));
  return context;
}

function observe(page: Page, watch: Watch) {
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith('CSP-Verletzung') || /Content Security Policy/i.test(text))
      watch.violations.push(text);
    // Broken images of the corpus (src=x) are expected noise; anything else is an error to report.
    else if (!/Failed to load resource/.test(text)) watch.errors.push(text);
  });
  page.on('pageerror', (error) => watch.errors.push(error.message));
}

async function visit(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  const response = await page.goto(url, { waitUntil: 'load' });
  expect(response?.status(), url).toBeLessThan(500);
  // Islands have hydrated once the module script ran; give deferred handlers a turn of the event loop.
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  return page;
}

describe('keep scripts out of the shop (issue 12 security)', () => {
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

  it('the demo storefront passes its Content-Security-Policy: no violation, no console error', async () => {
    const watch: Watch = { dialogs: [], violations: [], errors: [] };
    const context = await watchedContext(browser, watch);
    const shop = await visit(context, `${server.baseUrl}/shop`);
    const productHref = await shop.locator('a[href*="/p/"]').first().getAttribute('href');
    for (const path of ['/', '/kontakt', productHref!, '/cart', '/checkout'])
      await visit(context, `${server.baseUrl}${path}`);
    expect((await fetch(`${server.baseUrl}/`)).headers.get('content-security-policy')).toContain(
      "script-src 'self'",
    );
    expect(watch.violations).toEqual([]);
    expect(watch.errors).toEqual([]);
    // Control: an inline script slipped into the page is blocked and reported, so the watch above can see one.
    await shop.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__xss=1;alert(1)';
      document.body.append(script);
    });
    await expect.poll(() => watch.violations.length).toBe(1);
    expect(await shop.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(watch.dialogs).toEqual([]);
    await context.close();
  });

  it('script stored in every owner-editable field runs nowhere a shopper looks', async () => {
    const watch: Watch = { dialogs: [], violations: [], errors: [] };
    const context = await watchedContext(browser, watch);
    const api: APIRequestContext = context.request;
    const base = server.baseUrl;
    await api.get(`${base}/api/admin/session`);
    const crumb = (await context.cookies(base)).find((c) => c.name === 'crumb')!.value;
    const send = async (method: 'post' | 'patch', path: string, data: unknown) => {
      const res = await api[method](`${base}/api/admin${path}`, {
        data: data as object,
        headers: { 'x-csrf-token': crumb },
      });
      expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    };

    const subdomain = `xss-${randomBytes(4).toString('hex')}`;
    await ownerAccountByApi(
      api,
      server,
      { email: `${subdomain}@example.de`, name: SHORT },
      { 'x-csrf-token': crumb },
    );
    const { site } = await send('post', '/sites', {
      title: SHORT,
      subdomain,
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
      starter: 'demo',
    });
    await send('patch', `/sites/${site.id}`, { title: SHORT });

    const { collections } = await (await api.get(`${base}/api/admin/sites/${site.id}/collections`)).json();
    // A newsletter block names its mailing list; the demo starter brings one.
    const { lists } = await (await api.get(`${base}/api/admin/sites/${site.id}/mailing-lists`)).json();
    const listId: string = lists[0].id;
    const page = collections.find((c: { type: number }) => c.type === 10) ?? collections[0];
    await send('patch', `/sites/${site.id}/collections/${page.id}`, {
      title: SHORT,
      seoTitle: SHORT,
      seoDescription: LONG.slice(0, 400),
    });
    await send('patch', `/sites/${site.id}/collections/${page.id}/draft`, {
      blocks: [
        { type: 'heading', text: SHORT },
        { type: 'text', markdown: LONG },
        { type: 'text', html: LONG },
        { type: 'html', html: LONG },
        { type: 'button', label: SHORT, href: `javascript:${MARK}` },
        { type: 'newsletter', title: SHORT, description: LONG.slice(0, 500), listId },
      ],
    }).catch(async () => {
      // Unsafe links are refused at the edge (4xx); store what the editor accepts.
      await send('patch', `/sites/${site.id}/collections/${page.id}/draft`, {
        blocks: [
          { type: 'heading', text: SHORT },
          { type: 'text', markdown: LONG },
          { type: 'text', html: LONG },
          { type: 'html', html: LONG },
          { type: 'newsletter', title: SHORT, description: LONG.slice(0, 500), listId },
        ],
      });
    });
    await send('post', `/sites/${site.id}/collections/${page.id}/publish`, {});

    const { products } = await (await api.get(`${base}/api/admin/sites/${site.id}/products`)).json();
    for (const product of products.slice(0, 2)) {
      await send('patch', `/sites/${site.id}/products/${product.id}`, {
        title: SHORT,
        excerpt: LONG,
        body: LONG,
        tags: [TINY],
        categories: [TINY],
        addButtonText: TINY,
      });
    }

    const origin = `http://${subdomain}.localhost:${server.port}`;
    const home = await visit(context, `${origin}/`);
    // The stored text is shown as text (rendered text, which leaves out the content of real script elements).
    // biome-ignore lint/performance/useDomNodeTextContent: what the shopper sees is the point
    await expect.poll(() => home.locator('body').innerText()).toContain('<script>');
    const pageUrl = page.fullUrl ?? `/${page.urlId}`;
    await visit(context, `${origin}${pageUrl}`);
    const shop = collections.find((c: { type: number }) => c.type === 13);
    if (shop) {
      const list = await visit(context, `${origin}/${shop.urlId}`);
      const href = await list.locator('a[href*="/p/"]').first().getAttribute('href');
      if (href) await visit(context, `${origin}${href}`);
    }
    const pages = context.pages();
    const marks = await Promise.all(
      pages.map((p) => p.evaluate(() => (window as { __xss?: number }).__xss ?? 0)),
    );
    await context.close();
    expect(marks.every((n) => n === 0)).toBe(true);
    expect(watch.dialogs).toEqual([]);
    expect(watch.violations).toEqual([]);
  });
});
