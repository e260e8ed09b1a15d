import { Migrator, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { migrationProvider } from './migrations/index.js';
import { kyselyOf, type Storage } from './open-storage.js';
import type { NewOrder } from './order-repository.js';
import { withTestDatabases } from './test-databases.js';

/* Download tokens of digital order lines (migration 0005): found by token, only on their own website. */

const line = (sku: string, data: Record<string, unknown>) => ({
  itemId: 'item',
  sku,
  productName: sku,
  quantity: 1,
  unitPriceMinor: 999,
  data,
});

const newOrder = (cartId: string, items: NewOrder['items']): NewOrder => ({
  cartId,
  currency: 'EUR',
  customerEmail: 'erika@example.de',
  data: { payment: { status: 'PAID' } },
  subtotalMinor: 999,
  taxMinor: 160,
  shippingMinor: 0,
  discountMinor: 0,
  grandTotalMinor: 999,
  items,
  stock: [],
});

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Laden', hostnames: ['dl.test'] })).id;
    otherId = (await storage.websites.create({ title: 'Anderer', hostnames: ['dl2.test'] })).id;
  });

  const place = async (site: string, items: NewOrder['items']) => {
    const cart = await storage.carts.create(site, 'EUR');
    const result = await storage.orders.place(site, newOrder(cart.id, items));
    if (result.outcome !== 'placed') throw new Error(result.outcome);
    return result.order;
  };

  it('finds the line and its order by the token stored with the line', async () => {
    const token = 'a'.repeat(32);
    const order = await place(websiteId, [line('BUCH', { downloadToken: token }), line('TASSE', {})]);
    const found = await storage.orders.findDownload(websiteId, token);
    expect(found?.order.id).toBe(order.id);
    expect(found?.item).toMatchObject({ sku: 'BUCH', data: { downloadToken: token } });
    expect(await storage.orders.findDownload(otherId, token)).toBeUndefined();
    expect(await storage.orders.findDownload(websiteId, 'b'.repeat(32))).toBeUndefined();
    expect(await storage.orders.findDownload(websiteId, '')).toBeUndefined();
  });

  it('a token is unique within its website', async () => {
    const token = 'c'.repeat(32);
    await place(websiteId, [line('BUCH', { downloadToken: token })]);
    await expect(place(websiteId, [line('BUCH', { downloadToken: token })])).rejects.toThrow();
    // Another website may draw the same token (odds aside); lookups stay apart.
    await place(otherId, [line('HEFT', { downloadToken: token })]);
    expect((await storage.orders.findDownload(otherId, token))?.item.sku).toBe('HEFT');
    expect((await storage.orders.findDownload(websiteId, token))?.item.sku).toBe('BUCH');
  });

  it('migration 0005 copies the tokens of orders placed before it into the new column', async () => {
    const early = await db.open();
    const kysely = kyselyOf(early);
    const migrationTableSchema =
      early.dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(kysely)).rows[0]?.schema
        : undefined;
    const migrator = new Migrator({ db: kysely, provider: migrationProvider, migrationTableSchema });
    const before = await migrator.migrateTo('0004-subscriptions-gift-cards');
    expect(before.error).toBeUndefined();
    const site = await early.websites.create({ title: 'Alt', hostnames: ['alt.test'] });
    await kysely
      .insertInto('orders')
      .values({
        website_id: site.id,
        id: 'o1',
        order_number: 1001,
        cart_id: 'c1',
        currency: 'EUR',
        customer_email: 'alt@example.de',
        data: '{"payment":{"status":"PAID"}}',
        subtotal_minor: 999,
        tax_minor: 160,
        shipping_minor: 0,
        discount_minor: 0,
        grand_total_minor: 999,
        created_at: 1,
      })
      .execute();
    // Written the way the code before 0005 wrote it: the token only inside the JSON data.
    await sql`insert into order_items (website_id, id, order_id, item_id, sku, product_name, quantity, unit_price_minor, data, position)
      values (${site.id}, 'l1', 'o1', 'i1', 'BUCH', 'Buch', 1, 999, ${JSON.stringify({ downloadToken: 'd'.repeat(32) })}, 0),
             (${site.id}, 'l2', 'o1', 'i2', 'TASSE', 'Tasse', 1, 500, '{}', 1)`.execute(kysely);
    await early.migrate();
    const found = await early.orders.findDownload(site.id, 'd'.repeat(32));
    expect(found).toMatchObject({ order: { id: 'o1' }, item: { id: 'l1', sku: 'BUCH' } });
    await early.close();
  });
});
