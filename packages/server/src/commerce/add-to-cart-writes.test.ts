import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { InMemoryRateLimiter } from '../rate-limit.js';
import { createTestShop, type TestShop, Visitor } from './test-shop.js';

/*
 * Add-to-cart is the hottest write of a shop: it reads, checks and writes the cart in one short
 * transaction. These tests pin its statements (Saleor-style) and show that concurrent adds to one cart
 * lose nothing.
 */
withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  const statements: string[] = [];

  beforeAll(async () => {
    // The host -> website look-up is remembered (storage's website cache): kept for the whole test here.
    storage = await db.open({ onQuery: (q) => statements.push(q.sql), websiteCacheMs: 60_000 });
    await storage.migrate();
    shop = await createTestShop(storage, 'schreiben.test', 1000);
    app = await buildApp({
      storage,
      logLevel: 'silent',
      commerce: { rateLimiter: new InMemoryRateLimiter({ limit: 10_000, windowMs: 60_000 }) },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const sku = (suffix: string) => `${shop.hostname}-${suffix}`;

  it('R7.1.2 an add into an existing cart takes 9 statements, a first add 7, none of them reading back', async () => {
    const v = await new Visitor(app, shop.hostname).start();
    statements.length = 0;
    expect((await v.add(shop.mug.id, sku('TASSE'), 1)).statusCode).toBe(200);
    const first = statements.length;
    statements.length = 0;
    expect((await v.add(shop.mug.id, sku('TASSE'), 1)).statusCode).toBe(200);
    const again = [...statements];
    statements.length = 0;
    expect((await v.add(shop.ebook.id, sku('EBOOK'), 1)).statusCode).toBe(200);
    const another = statements.length;
    // The website is remembered; product with its variants (3), then one transaction: read the cart and
    // its entries, write the entry and the totals (a first add only inserts both).
    expect(first).toBe(7);
    expect(again).toHaveLength(9);
    expect(another).toBe(9);
    expect(again.filter((s) => /^\s*select/i.test(s))).toHaveLength(5);
    // Every statement is scoped to the website.
    for (const s of again.filter((s) => !/^(begin|commit)/i.test(s))) {
      expect(s).toMatch(/"website_id" = /);
    }
  });

  it('R7.1.2 concurrent adds to one cart keep one entry with every unit counted', async () => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.mug.id, sku('TASSE'), 1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => v.add(shop.mug.id, sku('TASSE'), 1)));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const cart = await storage.carts.find(shop.websiteId, v.cookies.get('cart')!);
    expect(cart!.entries).toMatchObject([{ sku: sku('TASSE'), quantity: 21 }]);
    // The stored totals are those of the last write: 21 mugs.
    expect(cart!.subtotalMinor).toBe(21 * 1200);
  });

  it('R7.1.2 concurrent adds of different products each get their own entry and position', async () => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.ebook.id, sku('EBOOK'), 1);
    await Promise.all([
      v.add(shop.mug.id, sku('TASSE'), 1),
      v.add(shop.shirt.id, sku('L'), 1),
      v.add(shop.service.id, sku('BERATUNG'), 1),
    ]);
    const cart = await storage.carts.find(shop.websiteId, v.cookies.get('cart')!);
    expect(cart!.entries.map((e) => e.sku).sort()).toEqual(
      [sku('BERATUNG'), sku('EBOOK'), sku('L'), sku('TASSE')].sort(),
    );
    expect(new Set(cart!.entries.map((e) => e.position)).size).toBe(4);
    expect(cart!.subtotalMinor).toBe(999 + 1200 + 1900 + 8000);
  });

  it('R7.1.2 an add after the cart was bought starts a new cart and leaves the order alone', async () => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.ebook.id, sku('EBOOK'), 1);
    const bought = v.cookies.get('cart')!;
    expect((await v.checkout({ shippingAddress: undefined })).statusCode).toBe(201);
    const res = await v.add(shop.ebook.id, sku('EBOOK'), 2);
    expect(res.json().shoppingCart.id).not.toBe(bought);
    expect(res.json().shoppingCart).toMatchObject({ totalQuantity: 2, isPurchased: false });
    expect((await storage.carts.find(shop.websiteId, bought))!.entries).toMatchObject([{ quantity: 1 }]);
  });
});
