import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';

// Kept pages must look exactly like freshly rendered ones: each visitor's own crumb, and every change of
// content, price or stock at once.
withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  /** Statements that read products: a page served from the cache runs none. */
  let productReads = 0;

  beforeAll(async () => {
    storage = await db.open({
      onQuery: ({ sql }) => {
        if (/from "items"/i.test(sql)) productReads++;
      },
    });
    await storage.migrate();
    shop = await createTestShop(storage, `seiten-${db.name}.test`, 1);
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(() => app?.close());

  const page = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: { host: shop.hostname, ...(cookie ? { cookie } : {}) } });
  const mugPage = () => `/laden/p/${shop.mug.urlId}`;
  /** A page as a visitor with its own crumb sees it, and how many product reads it took. */
  const visit = async (url: string, crumb: string, more = '') => {
    const before = productReads;
    const res = await page(url, `crumb=${crumb}${more}`);
    expect(res.statusCode).toBe(200);
    return { html: res.body, reads: productReads - before };
  };

  it('R1.2.1 a second visitor gets the kept page with their own crumb in its forms, not the first one’s', async () => {
    const first = await visit(mugPage(), 'erstererstererstererster');
    expect(first.reads).toBeGreaterThan(0);
    expect(first.html).toContain('erstererstererstererster');
    const second = await visit(mugPage(), 'zweiterzweiterzweiterzwe');
    expect(second.reads).toBe(0);
    expect(second.html).toContain('zweiterzweiterzweiterzwe');
    expect(second.html).not.toContain('erstererstererstererster');
    expect(second.html.replaceAll('zweiterzweiterzweiterzwe', 'erstererstererstererster')).toBe(first.html);
  });

  it('Finding 4 (#18): a crumb cookie of the wrong shape is replaced and cannot deface the kept page', async () => {
    // An empty cache for this page: the attacker's request is the one that renders and keeps it.
    await storage.items.update(shop.websiteId, shop.mug.id, { title: 'Tasse eins' });
    const attack = await page(mugPage(), 'crumb=e');
    expect(attack.statusCode).toBe(200);
    const issued = attack.cookies.find((c) => c.name === 'crumb')?.value;
    expect(issued).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(attack.body).toContain('Tasse eins');
    const next = await visit(mugPage(), 'dddddddddddddddddddddddd');
    expect(next.reads).toBe(0);
    expect(next.html).toContain('Tasse eins');
    expect(next.html).toContain('<html');
    expect(next.html.replaceAll('dddddddddddddddddddddddd', issued!)).toBe(attack.body);
  });

  it('Finding 4 (#18): a well-formed crumb that also occurs in the content only replaces the crumb', async () => {
    // The attacker names a product exactly like their crumb: the kept page is cut at a placeholder only.
    const crumb = 'KrumeImTitelKrumeImTitel';
    await storage.items.update(shop.websiteId, shop.mug.id, { title: crumb });
    const first = await visit(mugPage(), crumb);
    expect(first.reads).toBeGreaterThan(0);
    const second = await visit(mugPage(), 'eeeeeeeeeeeeeeeeeeeeeeee');
    expect(second.reads).toBe(0);
    expect(second.html).toContain(`>${crumb}<`);
    expect(second.html).toContain('value="eeeeeeeeeeeeeeeeeeeeeeee"');
    await storage.items.update(shop.websiteId, shop.mug.id, { title: 'Tasse' });
  });

  it('a changed title shows at once; a visitor’s cart does not throw kept pages away', async () => {
    await visit(mugPage(), 'aaaaaaaaaaaaaaaaaaaaaaaa');
    await storage.items.update(shop.websiteId, shop.mug.id, { title: 'Neue Tasse' });
    const changed = await visit(mugPage(), 'aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(changed.reads).toBeGreaterThan(0);
    expect(changed.html).toContain('Neue Tasse');

    const visitor = await new Visitor(app, shop.hostname).start();
    await visitor.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
    expect((await visit(mugPage(), 'aaaaaaaaaaaaaaaaaaaaaaaa')).reads).toBe(0);
  });

  it('the last one bought: the kept page turns to sold out with the order', async () => {
    expect((await visit(mugPage(), 'bbbbbbbbbbbbbbbbbbbbbbbb')).html).not.toContain('Ausverkauft');
    const buyer = await new Visitor(app, shop.hostname).start();
    await buyer.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
    expect((await buyer.checkout()).statusCode).toBe(201);
    expect((await visit(mugPage(), 'bbbbbbbbbbbbbbbbbbbbbbbb')).html).toContain('Ausverkauft');
  });

  it('signed-in people, previews and the JSON context are always rendered anew', async () => {
    await visit('/laden', 'cccccccccccccccccccccccc');
    expect((await visit('/laden', 'cccccccccccccccccccccccc')).reads).toBe(0);
    expect((await visit('/laden', 'cccccccccccccccccccccccc', '; bk_customer=x')).reads).toBeGreaterThan(0);
    expect((await visit('/laden', 'cccccccccccccccccccccccc', '; bk_session=x')).reads).toBeGreaterThan(0);
    const before = productReads;
    const json = await page('/laden?format=json', 'crumb=cccccccccccccccccccccccc');
    expect(json.json()).toHaveProperty('items');
    expect(productReads).toBeGreaterThan(before);
  });
});
