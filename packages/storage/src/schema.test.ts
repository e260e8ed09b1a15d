import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { kyselyOf, type Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

const moneyColumns: Record<string, string[]> = {
  product_variants: ['price_minor', 'sale_price_minor'],
  carts: ['subtotal_minor', 'tax_minor', 'shipping_cost_minor', 'discount_minor', 'grand_total_minor'],
  cart_entries: ['purchase_price_minor'],
  orders: ['subtotal_minor', 'tax_minor', 'shipping_minor', 'discount_minor', 'grand_total_minor'],
  order_items: ['unit_price_minor'],
};

withTestDatabases((db) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
  });

  it('R3.7.4 every money column is an integer column of minor units', async () => {
    const tables = await kyselyOf(storage).introspection.getTables();
    for (const [table, columns] of Object.entries(moneyColumns)) {
      const meta = tables.find((t) => t.name === table);
      expect(meta, table).toBeDefined();
      for (const column of columns) {
        const type = meta?.columns.find((c) => c.name === column)?.dataType.toLowerCase();
        expect(['int8', 'bigint'], `${table}.${column}`).toContain(type);
      }
    }
  });

  it('has the tables checkout will need, each keyed by website_id first', async () => {
    const tables = await kyselyOf(storage).introspection.getTables();
    const names = tables.map((t) => t.name);
    for (const table of ['carts', 'cart_entries', 'orders', 'order_items', 'website_sequences']) {
      expect(names).toContain(table);
    }
    for (const t of tables) {
      // Accounts, their sessions and owners' pending sign-ups belong to people, not to one website.
      const global = ['websites', 'website_hostnames', 'accounts', 'account_sessions', 'owner_sign_ups'];
      if (global.includes(t.name) || t.name.startsWith('kysely_')) continue;
      // SQLite's full-text index and its shadow tables (migration 0010) hold row ids of search_documents.
      if (t.name === 'search_fts' || t.name.startsWith('search_fts_')) continue;
      expect(t.columns[0]?.name, t.name).toBe('website_id');
    }
  });

  it('R3.1.2 R3.1.3 a new cart row is not purchased and all its totals are 0', async () => {
    const k = kyselyOf(storage);
    const site = await storage.websites.create({ title: 'Korb', hostnames: ['korb.test'] });
    await k
      .insertInto('carts')
      .values({
        website_id: site.id,
        id: 'c1',
        order_id: null,
        currency: 'EUR',
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    const cart = await k
      .selectFrom('carts')
      .selectAll()
      .where('website_id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(cart).toMatchObject({
      is_purchased: 0,
      subtotal_minor: 0,
      tax_minor: 0,
      shipping_cost_minor: 0,
      discount_minor: 0,
      grand_total_minor: 0,
    });
  });

  it('the database refuses stock below zero, whatever code tries it', async () => {
    const site = await storage.websites.create({ title: 'Lager', hostnames: ['lager.test'] });
    const shop = await storage.collections.create(site.id, { type: 13, urlId: 'shop', title: 'Shop' });
    const item = await storage.items.create(site.id, {
      collectionId: shop.id,
      urlId: 'becher',
      title: 'Becher',
      product: { productType: 1, variants: [{ sku: 'B', priceMinor: 500, qtyInStock: 1 }] },
    });
    const k = kyselyOf(storage);
    const variantId = item.product!.variants[0].id;
    const oversell = () =>
      k
        .updateTable('product_variants')
        .set({ qty_in_stock: sql`qty_in_stock - 2` })
        .where('website_id', '=', site.id)
        .where('id', '=', variantId)
        .execute();
    await expect(oversell()).rejects.toThrow();
    expect((await storage.items.findById(site.id, item.id))?.product?.variants[0].qtyInStock).toBe(1);
  });

  it('foreign keys are enforced: an item needs a collection of its own website', async () => {
    const k = kyselyOf(storage);
    await expect(
      k
        .insertInto('items')
        .values({
          website_id: 'niemand',
          id: 'i1',
          collection_id: 'fehlt',
          record_type: 1,
          url_id: 'x',
          title: 'X',
          excerpt: '',
          body: '',
          asset_url: null,
          images: '[]',
          tags: '[]',
          categories: '[]',
          position: 0,
          published_on: 0,
          created_at: 0,
          updated_at: 0,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
