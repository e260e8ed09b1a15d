import { beforeAll, expect, it } from 'vitest';
import { kyselyOf, type Storage } from './open-storage.js';
import { mugShop } from './order-test-kit.js';
import { withTestDatabases } from './test-databases.js';
import type { Item } from './types.js';

/* The editor's customer list, paged and searched in the database (issue 23). */
withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherSiteId: string;
  let mug: Item;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    ({ websiteId, otherSiteId, mug } = await mugShop(storage, 'Kunden', 'kunden', 500));
  });

  /** An order by `email` with `name` on its address, placed `minutesAgo` before a fixed instant. */
  async function order(email: string, name: string, minutesAgo: number, billing = false) {
    const cart = await storage.carts.create(websiteId, 'EUR');
    const [firstName, lastName] = name.split(' ');
    const address = { firstName, lastName, line1: 'Ringstraße 5', city: 'München' };
    const result = await storage.orders.place(websiteId, {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: email,
      data: billing ? { shippingAddress: null, billingAddress: address } : { shippingAddress: address },
      subtotalMinor: 1200,
      taxMinor: 0,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor: 1200,
      items: [
        {
          itemId: mug.id,
          variantId: mug.product!.variants[0].id,
          sku: 'TASSE',
          productName: 'Tasse',
          quantity: 1,
          unitPriceMinor: 1200,
          data: { productType: 1 },
        },
      ],
      stock: [{ variantId: mug.product!.variants[0].id, quantity: 1 }],
    });
    if (result.outcome !== 'placed') throw new Error(result.outcome);
    await kyselyOf(storage)
      .updateTable('orders')
      .set({ created_at: 1_800_000_000_000 - minutesAgo * 60_000 })
      .where('id', '=', result.order.id)
      .execute();
    return result.order;
  }

  it('pages the customers newest first and counts them all, in SQL', async () => {
    // Seven customers, the newest activity first: c1 … c7; c3 ordered twice, once long ago.
    for (let i = 1; i <= 7; i++) await order(`c${i}@example.de`, `Kunde Nummer${i}`, i * 10);
    await order('C3@Example.de', 'Kunde Nummer3', 500);
    const page2 = await storage.customerDirectory.list(websiteId, { limit: 3, offset: 3 });
    expect(page2.total).toBe(7);
    expect(page2.customers.map((c) => c.email)).toEqual(['c4@example.de', 'c5@example.de', 'c6@example.de']);
    const first = await storage.customerDirectory.list(websiteId, { limit: 3 });
    expect(first.customers.map((c) => c.email)).toEqual(['c1@example.de', 'c2@example.de', 'c3@example.de']);
    expect(first.customers[2]).toMatchObject({ name: 'Kunde Nummer3', orderCount: 2, totalSpentMinor: 2400 });
    const last = await storage.customerDirectory.list(websiteId, { limit: 3, offset: 6 });
    expect(last.customers.map((c) => c.email)).toEqual(['c7@example.de']);
    expect((await storage.customerDirectory.list(websiteId, { limit: 3, offset: 30 })).customers).toEqual([]);
    expect((await storage.customerDirectory.list(websiteId, { limit: 0 })).customers).toHaveLength(7);
    expect((await storage.customerDirectory.list(otherSiteId)).total).toBe(0);
  });

  it('finds a customer by part of the name or the e-mail address, whatever the case', async () => {
    await order('ida@beispiel.de', 'Ida Immergrün', 1);
    await order('rechnung@beispiel.de', 'Rita Rechnung', 2, true);
    await storage.customers.create(websiteId, {
      email: 'konto@beispiel.de',
      name: 'Konrad Konto',
      passwordHash: 'x',
    });
    const byName = await storage.customerDirectory.list(websiteId, { search: 'IMMERGRÜN' });
    expect(byName.total).toBe(1);
    expect(byName.customers).toEqual([
      expect.objectContaining({ email: 'ida@beispiel.de', name: 'Ida Immergrün', orderCount: 1 }),
    ]);
    expect((await storage.customerDirectory.list(websiteId, { search: 'rita' })).customers[0]?.email).toBe(
      'rechnung@beispiel.de',
    );
    expect((await storage.customerDirectory.list(websiteId, { search: 'konrad' })).customers).toEqual([
      expect.objectContaining({ email: 'konto@beispiel.de', orderCount: 0, accountId: expect.any(String) }),
    ]);
    const byMail = await storage.customerDirectory.list(websiteId, {
      search: '@beispiel',
      limit: 2,
      offset: 2,
    });
    expect(byMail.total).toBe(3);
    expect(byMail.customers).toHaveLength(1);
    // Wildcards in the search are letters, not patterns.
    expect((await storage.customerDirectory.list(websiteId, { search: '%' })).total).toBe(0);
    expect((await storage.customerDirectory.list(websiteId, { search: 'c_@' })).total).toBe(0);
    expect(await storage.customerDirectory.find(websiteId, 'IDA@beispiel.de')).toMatchObject({
      name: 'Ida Immergrün',
    });
  });
});
