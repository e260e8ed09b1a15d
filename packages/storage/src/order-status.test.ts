import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import type { Order } from './order-repository.js';
import { mugShop } from './order-test-kit.js';
import { withTestDatabases } from './test-databases.js';
import { type Item, ProductType } from './types.js';

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherSiteId: string;
  let mug: Item;
  let ebook: Item;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    let shopId: string;
    ({ websiteId, otherSiteId, shopId, mug } = await mugShop(storage, 'Status', 'status', 10));
    ebook = await storage.items.create(websiteId, {
      collectionId: shopId,
      urlId: 'ebook',
      title: 'E-Book',
      product: {
        productType: ProductType.DIGITAL,
        variants: [{ sku: 'EBOOK', priceMinor: 999, unlimited: true }],
      },
    });
  });

  const stockOfMug = async () =>
    (await storage.items.findById(websiteId, mug.id))!.product!.variants[0].qtyInStock;

  async function place(email: string, mugs: number): Promise<Order> {
    const cart = await storage.carts.create(websiteId, 'EUR');
    const variantId = mug.product!.variants[0].id;
    const result = await storage.orders.place(websiteId, {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: email,
      data: {},
      subtotalMinor: 1200 * mugs + 999,
      taxMinor: 0,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor: 1200 * mugs + 999,
      items: [
        {
          itemId: mug.id,
          variantId,
          sku: 'TASSE',
          productName: 'Tasse',
          quantity: mugs,
          unitPriceMinor: 1200,
          data: { productType: 1 },
        },
        {
          itemId: ebook.id,
          variantId: ebook.product!.variants[0].id,
          sku: 'EBOOK',
          productName: 'E-Book',
          quantity: 1,
          unitPriceMinor: 999,
          data: { productType: 2 },
        },
      ],
      stock: [{ variantId, quantity: mugs }],
    });
    if (result.outcome !== 'placed') throw new Error(result.outcome);
    return result.order;
  }

  it('the order a checkout is answered with is the order as stored: lines, totals, number and status', async () => {
    const placed = await place('gleich@example.de', 2);
    const stored = await storage.orders.findById(websiteId, placed.id);
    expect(placed).toEqual(stored);
    expect(placed.status).toBe('open');
    expect(placed.items.map((i) => [i.sku, i.quantity])).toEqual([
      ['TASSE', 2],
      ['EBOOK', 1],
    ]);
  });

  const physicalLines = (order: Order) =>
    order.items
      .filter((i) => i.variantId && i.data.productType === ProductType.PHYSICAL)
      .map((i) => ({ variantId: i.variantId!, quantity: i.quantity }));

  it('a new order is open', async () => {
    const order = await place('erika@example.de', 1);
    expect(order.status).toBe('open');
    expect((await storage.orders.findById(websiteId, order.id))?.status).toBe('open');
  });

  it('cancel gives the stock back once, in the same transaction as the status change', async () => {
    const before = await stockOfMug();
    const order = await place('cancel@example.de', 3);
    expect(await stockOfMug()).toBe(before - 3);
    const first = await storage.orders.cancel(websiteId, order.id, physicalLines, 5000);
    expect(first).toMatchObject({ outcome: 'changed', order: { status: 'cancelled', cancelledAt: 5000 } });
    expect(await stockOfMug()).toBe(before);
    const second = await storage.orders.cancel(websiteId, order.id, physicalLines);
    expect(second).toMatchObject({ outcome: 'refused', order: { status: 'cancelled' } });
    expect(await stockOfMug()).toBe(before);
  });

  it('a failure while giving stock back leaves the order open', async () => {
    const order = await place('fehler@example.de', 1);
    await expect(
      storage.orders.cancel(websiteId, order.id, () => {
        throw new Error('kaputt');
      }),
    ).rejects.toThrow('kaputt');
    expect((await storage.orders.findById(websiteId, order.id))?.status).toBe('open');
  });

  it('fulfilled orders cannot be cancelled nor fulfilled again; other websites cannot touch them', async () => {
    const order = await place('versand@example.de', 1);
    expect(await storage.orders.markFulfilled(otherSiteId, order.id)).toEqual({ outcome: 'not-found' });
    expect(await storage.orders.cancel(otherSiteId, order.id, physicalLines)).toEqual({
      outcome: 'not-found',
    });
    expect(await storage.orders.markFulfilled(websiteId, order.id, 7000)).toMatchObject({
      outcome: 'changed',
      order: { status: 'fulfilled', fulfilledAt: 7000 },
    });
    expect((await storage.orders.markFulfilled(websiteId, order.id)).outcome).toBe('refused');
    const stock = await stockOfMug();
    expect((await storage.orders.cancel(websiteId, order.id, physicalLines)).outcome).toBe('refused');
    expect(await stockOfMug()).toBe(stock);
  });

  it('list filters by status, time and number or email, newest first, with lines and a total', async () => {
    const a = await place('Anna.Schmidt@Example.de', 1);
    const b = await place('bernd_100%@example.de', 1);
    const all = await storage.orders.list(websiteId, { limit: 2 });
    expect(all.orders.map((o) => o.orderNumber)).toEqual([b.orderNumber, a.orderNumber]);
    expect(all.total).toBeGreaterThan(4);
    expect(all.orders[0].items.map((i) => i.sku)).toEqual(['TASSE', 'EBOOK']);

    expect(
      (await storage.orders.list(websiteId, { search: 'anna.schmidt' })).orders.map((o) => o.id),
    ).toEqual([a.id]);
    expect(
      (await storage.orders.list(websiteId, { search: `#${a.orderNumber}` })).orders.map((o) => o.id),
    ).toEqual([a.id]);
    expect((await storage.orders.list(websiteId, { search: '_100%' })).orders.map((o) => o.id)).toEqual([
      b.id,
    ]);
    expect((await storage.orders.list(websiteId, { search: 'x%' })).total).toBe(0);

    const cancelled = await storage.orders.list(websiteId, { status: 'cancelled' });
    expect(cancelled.orders.every((o) => o.status === 'cancelled')).toBe(true);
    expect(cancelled.total).toBe(1);

    expect(
      (await storage.orders.list(websiteId, { placedFrom: b.createdAt, search: 'example' })).orders.map(
        (o) => o.id,
      ),
    ).toContain(b.id);
    expect((await storage.orders.list(websiteId, { placedBefore: a.createdAt - 100_000 })).total).toBe(0);
    expect((await storage.orders.list(otherSiteId, {})).total).toBe(0);
  });
});
