import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { InMemoryRateLimiter } from '../rate-limit.js';
import { CartService } from './cart-service.js';
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

  // Transaction control: BEGIN/COMMIT, and on SQLite the savepoint each add of a shared commit runs in.
  const control = /^\s*(begin|commit|savepoint|release)\b/i;

  it('R7.1.2 an add takes few statements and none reading back: PostgreSQL reads in one and writes in one; SQLite reads a product and a cart once', async () => {
    const v = await new Visitor(app, shop.hostname).start();
    const work = () => statements.filter((s) => !control.test(s));
    statements.length = 0;
    expect((await v.add(shop.mug.id, sku('TASSE'), 1)).statusCode).toBe(200);
    const first = work();
    // SQLite: one commit of the add's group. PostgreSQL: the write is one statement, atomic on its own.
    expect(statements.filter((s) => /^\s*commit/i.test(s))).toHaveLength(db.name === 'sqlite' ? 1 : 0);
    statements.length = 0;
    expect((await v.add(shop.mug.id, sku('TASSE'), 1)).statusCode).toBe(200);
    const again = work();
    statements.length = 0;
    expect((await v.add(shop.ebook.id, sku('EBOOK'), 1)).statusCode).toBe(200);
    const another = work();
    // The website is remembered. On PostgreSQL one statement reads the product with its variants, the cart
    // and its entries, and one writes the cart (only over the version read) and the entry. On SQLite the
    // product (3 reads) and the cart the last add committed are reused while provably unchanged (storage's
    // remembered.ts): a repeated add only writes.
    const sqlite = db.name === 'sqlite';
    expect(first, first.join('\n\n')).toHaveLength(sqlite ? 5 : 2);
    expect(again).toHaveLength(2);
    expect(another).toHaveLength(sqlite ? 5 : 2);
    expect(again.filter((s) => /^\s*select/i.test(s))).toHaveLength(sqlite ? 0 : 1);
    // Every statement is scoped to the website.
    for (const s of again) expect(s).toMatch(/"website_id" = /);
  });

  it("R7.1.2 an add inside a caller's transaction is stored with it, or not at all", async () => {
    const website = (await storage.websites.findById(shop.websiteId))!;
    const add = (tx: Storage, cartId: string | undefined, quantity: number) =>
      new CartService(tx).addEntry(website, cartId, { itemId: shop.mug.id, sku: sku('TASSE'), quantity });
    const first = await storage.transaction((tx) => add(tx, undefined, 2));
    const again = await storage.transaction((tx) => add(tx, first.cartId, 1));
    expect(again.shoppingCart.entries).toMatchObject([{ chosenVariant: { sku: sku('TASSE') }, quantity: 3 }]);
    await expect(
      storage.transaction(async (tx) => {
        await add(tx, first.cartId, 4);
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    const cart = await storage.carts.find(shop.websiteId, first.cartId);
    expect(cart!.entries).toMatchObject([{ sku: sku('TASSE'), quantity: 3 }]);
    expect(cart!.subtotalMinor).toBe(3 * 1200);
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

  it('R7.1.2 adds arriving together each keep their own answer; a refused one among them changes nothing', async () => {
    const visitors = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const v = await new Visitor(app, shop.hostname).start();
        await v.add(shop.mug.id, sku('TASSE'), 1);
        return v;
      }),
    );
    statements.length = 0;
    const answers = await Promise.all(
      visitors.map((v, i) => v.add(shop.mug.id, sku('TASSE'), i === 5 ? 'zwei' : i + 1)),
    );
    answers.forEach((res, i) => {
      if (i === 5) {
        expect(res.statusCode).toBe(400);
        expect(res.json().error.type).toBe('QUANTITY_NOT_A_NUMBER');
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.json().shoppingCart.totalQuantity).toBe(i + 2);
      }
    });
    for (const [i, v] of visitors.entries()) {
      const cart = await storage.carts.find(shop.websiteId, v.cookies.get('cart')!);
      expect(cart!.entries).toMatchObject([{ quantity: i === 5 ? 1 : i + 2 }]);
      expect(cart!.subtotalMinor).toBe((i === 5 ? 1 : i + 2) * 1200);
    }
    // On SQLite the adds that arrive together share a commit (each answered after it); on PostgreSQL each
    // add is one writing statement, atomic without a transaction of its own.
    const commits = statements.filter((s) => /^\s*commit/i.test(s)).length;
    if (db.name === 'sqlite') expect(commits).toBeLessThan(11);
    else {
      expect(commits).toBe(0);
      expect(statements.filter((s) => /^\s*with "cart_written"/i.test(s))).toHaveLength(11);
    }
  });

  /** Sets the mug's stock; `through` may be another server's storage on the same database. */
  const setMugStock = async (through: Storage, qtyInStock: number) => {
    const variant = (await through.items.findById(shop.websiteId, shop.mug.id))!.product!.variants[0]!;
    const change = await through.items.setStock(
      shop.websiteId,
      variant.id,
      { unlimited: variant.unlimited, qtyInStock: variant.qtyInStock },
      { unlimited: false, qtyInStock },
    );
    expect(change.outcome).toBe('updated');
  };

  it('R3.1.2 R7.1.2 an add checks the stock and the cart as they are now, changed by this server or by another one', async () => {
    const v = await new Visitor(app, shop.hostname).start();
    const other = await db.openAnother(storage);
    try {
      expect((await v.add(shop.mug.id, sku('TASSE'), 1)).statusCode).toBe(200);
      // Another server process (its own connection) lowers the stock to what the cart holds already.
      await setMugStock(other, 1);
      const refused = await v.add(shop.mug.id, sku('TASSE'), 1);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.type).toBe('OUT_OF_STOCK');
      // It raises it again; then this server itself lowers it: each change counts at the next add.
      await setMugStock(other, 5);
      expect((await v.add(shop.mug.id, sku('TASSE'), 1)).statusCode).toBe(200);
      await setMugStock(storage, 2);
      expect((await v.add(shop.mug.id, sku('TASSE'), 1)).statusCode).toBe(409);
      await setMugStock(storage, 1000);
      // The cart itself changed by the other server, then by this one outside add-to-cart: each add counts on it.
      expect((await v.add(shop.mug.id, sku('TASSE'), 1)).statusCode).toBe(200);
      const cartId = v.cookies.get('cart')!;
      const entryId = (await storage.carts.find(shop.websiteId, cartId))!.entries[0]!.id;
      await other.carts.updateEntry(shop.websiteId, cartId, entryId, { quantity: 7 });
      expect((await v.add(shop.mug.id, sku('TASSE'), 1)).json().shoppingCart.totalQuantity).toBe(8);
      expect(
        (await v.request('PATCH', `/api/commerce/shopping-cart/entries/${entryId}`, { quantity: 2 }))
          .statusCode,
      ).toBe(200);
      expect((await v.add(shop.mug.id, sku('TASSE'), 1)).json().shoppingCart.totalQuantity).toBe(3);
      // A product deleted by the other server cannot be added any more.
      const poster = await storage.items.create(shop.websiteId, {
        collectionId: shop.mug.collectionId,
        urlId: 'poster',
        title: 'Poster',
        product: { productType: 1, variants: [{ sku: sku('POSTER'), priceMinor: 1500, qtyInStock: 5 }] },
      });
      expect((await v.add(poster.id, sku('POSTER'), 1)).statusCode).toBe(200);
      // A change no write condition covers (the title a new line shows) counts too: a new cart's line has it.
      await other.items.update(shop.websiteId, poster.id, { title: 'Großes Poster' });
      const newcomer = await new Visitor(app, shop.hostname).start();
      expect((await newcomer.add(poster.id, sku('POSTER'), 1)).json().newlyAdded.title).toBe('Großes Poster');
      expect(await other.items.delete(shop.websiteId, poster.id)).toBe(true);
      const gone = await v.add(poster.id, sku('POSTER'), 1);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.type).toBe('VARIANT_UNAVAILABLE');
    } finally {
      await other.close();
    }
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

  it('R7.1.2 R3.1.2 storage writes a decided add only over the cart and variant it was decided on', async () => {
    const website = (await storage.websites.findById(shop.websiteId))!;
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.mug.id, sku('TASSE'), 1);
    const cartId = v.cookies.get('cart')!;
    const basis = await storage.carts.readForAdd(website.id, cartId, shop.mug.id);
    const variant = basis.item!.product!.variants[0]!;
    const decided = {
      cart: basis.cart,
      currency: 'EUR',
      placement: { merge: basis.cart!.entries[0]!, quantity: 5 },
      entry: {
        itemId: shop.mug.id,
        variantId: variant.id,
        sku: variant.sku,
        quantity: 4,
        chosenVariant: basis.cart!.entries[0]!.chosenVariant,
        purchasePriceMinor: variant.priceMinor,
      },
      variant,
      totals: {
        subtotalMinor: 6000,
        taxMinor: 0,
        shippingCostMinor: 0,
        discountMinor: 0,
        grandTotalMinor: 6000,
      },
      data: basis.cart!.data,
    };
    // The cart changed after the read (a quantity change): the decision is stale, nothing is written.
    const entryId = basis.cart!.entries[0]!.id;
    expect(
      (await v.request('PATCH', `/api/commerce/shopping-cart/entries/${entryId}`, { quantity: 2 }))
        .statusCode,
    ).toBe(200);
    expect(await storage.carts.writeAddition(website.id, decided)).toBeUndefined();
    expect((await storage.carts.find(website.id, cartId))!.entries).toMatchObject([{ quantity: 2 }]);
    // Read again, it applies; a second write of the same decision finds the version moved on.
    const again = await storage.carts.readForAdd(website.id, cartId, shop.mug.id, true);
    const redecided = {
      ...decided,
      cart: again.cart,
      placement: { merge: again.cart!.entries[0]!, quantity: 6 },
    };
    expect((await storage.carts.writeAddition(website.id, redecided))!.cart.entries).toMatchObject([
      { quantity: 6 },
    ]);
    expect(await storage.carts.writeAddition(website.id, redecided)).toBeUndefined();
    // The variant changed after the read (its stock): stale as well.
    const fresh = await storage.carts.readForAdd(website.id, cartId, shop.mug.id, true);
    await setMugStock(storage, 999);
    expect(
      await storage.carts.writeAddition(website.id, {
        ...decided,
        cart: fresh.cart,
        placement: { merge: fresh.cart!.entries[0]!, quantity: 7 },
      }),
    ).toBeUndefined();
    expect((await storage.carts.find(website.id, cartId))!.entries).toMatchObject([{ quantity: 6 }]);
    await setMugStock(storage, 1000);
    // Through the service the same races end in one more read and decision, never in a lost change.
    expect((await v.add(shop.mug.id, sku('TASSE'), 1)).json().shoppingCart.totalQuantity).toBe(7);
    // On SQLite the next basis comes from memory; a variant written after it was remembered is caught all the
    // same (the write does not look at the variant again, it checks that nothing wrote it since).
    const remembered = await storage.carts.readForAdd(website.id, cartId, shop.mug.id);
    if (db.name === 'sqlite') expect(remembered.readAt).toBeDefined();
    await setMugStock(storage, 998);
    const fromMemory = {
      ...decided,
      cart: remembered.cart,
      placement: { merge: remembered.cart!.entries[0]!, quantity: 9 },
      ...(remembered.readAt ? { readAt: remembered.readAt } : {}),
    };
    expect(await storage.carts.writeAddition(website.id, fromMemory)).toBeUndefined();
    expect((await storage.carts.find(website.id, cartId))!.entries).toMatchObject([{ quantity: 7 }]);
  });
});
