import { type Kysely, type Migration, sql } from 'kysely';

/*
 * Written once for both dialects: only types both understand (text, integer, bigint), booleans as
 * 0/1 integers, JSON as text. bigint holds epoch milliseconds and money in minor units.
 * Every tenant-owned table has a primary key led by website_id.
 */
export const initialSchema: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('websites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    // One table so that a hostname can name at most one website, enforced by the primary key.
    await db.schema
      .createTable('website_hostnames')
      .addColumn('hostname', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('website_hostnames_by_website')
      .on('website_hostnames')
      .columns(['website_id', 'position'])
      .execute();

    await db.schema
      .createTable('website_sequences')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('next_value', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('website_sequences_pk', ['website_id', 'name'])
      .execute();

    await db.schema
      .createTable('collections')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('url_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('folder_behavior', 'integer')
      .addColumn('description', 'text')
      .addColumn('blocks', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('collections_pk', ['website_id', 'id'])
      .addUniqueConstraint('collections_url_id_unique', ['website_id', 'url_id'])
      .execute();
    await db.schema
      .createIndex('collections_navigation')
      .on('collections')
      .columns(['website_id', 'hidden', 'position'])
      .execute();

    await db.schema
      .createTable('items')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('record_type', 'integer', (c) => c.notNull())
      .addColumn('url_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('asset_url', 'text')
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_on', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('items_pk', ['website_id', 'id'])
      .addUniqueConstraint('items_url_id_unique', ['website_id', 'collection_id', 'url_id'])
      .addForeignKeyConstraint(
        'items_collection_fk',
        ['website_id', 'collection_id'],
        'collections',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('items_listing')
      .on('items')
      .columns(['website_id', 'collection_id', 'position', 'published_on'])
      .execute();

    await db.schema
      .createTable('products')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('product_type', 'integer', (c) => c.notNull())
      .addColumn('is_subscribable', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('subscription_plan', 'text')
      .addColumn('product_subscription_options', 'text')
      .addColumn('additional_fields_form_id', 'text')
      .addColumn('additional_fields_form', 'text')
      .addColumn('use_custom_add_button_text', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('custom_add_button_text', 'text')
      .addColumn('variant_option_ordering', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('merchandising', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('gift_card_denominations', 'text')
      .addPrimaryKeyConstraint('products_pk', ['website_id', 'item_id'])
      .addForeignKeyConstraint(
        'products_item_fk',
        ['website_id', 'item_id'],
        'items',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .addCheckConstraint('products_type_known', sql`product_type between 1 and 5`)
      .execute();

    await db.schema
      .createTable('product_variants')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('option_values', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('price_minor', 'bigint', (c) => c.notNull())
      .addColumn('sale_price_minor', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unlimited', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('qty_in_stock', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('weight_grams', 'integer')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('product_variants_pk', ['website_id', 'id'])
      .addUniqueConstraint('product_variants_sku_unique', ['website_id', 'sku'])
      .addForeignKeyConstraint(
        'product_variants_product_fk',
        ['website_id', 'item_id'],
        'products',
        ['website_id', 'item_id'],
        (fk) => fk.onDelete('cascade'),
      )
      // The database itself refuses an oversell, whatever code path tries it.
      .addCheckConstraint('product_variants_stock_not_negative', sql`qty_in_stock >= 0`)
      .addCheckConstraint(
        'product_variants_price_not_negative',
        sql`price_minor >= 0 and sale_price_minor >= 0`,
      )
      .execute();
    await db.schema
      .createIndex('product_variants_by_item')
      .on('product_variants')
      .columns(['website_id', 'item_id', 'position'])
      .execute();

    await db.schema
      .createTable('carts')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('is_purchased', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('subtotal_minor', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('tax_minor', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('shipping_cost_minor', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('discount_minor', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('grand_total_minor', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('carts_pk', ['website_id', 'id'])
      .execute();

    await db.schema
      .createTable('cart_entries')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('cart_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text')
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('chosen_variant', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('additional_fields', 'text')
      .addColumn('subscription_option_id', 'text')
      .addColumn('purchase_price_minor', 'bigint', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cart_entries_pk', ['website_id', 'id'])
      .addForeignKeyConstraint(
        'cart_entries_cart_fk',
        ['website_id', 'cart_id'],
        'carts',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .addCheckConstraint('cart_entries_quantity_positive', sql`quantity > 0`)
      .execute();
    await db.schema
      .createIndex('cart_entries_by_cart')
      .on('cart_entries')
      .columns(['website_id', 'cart_id', 'position'])
      .execute();

    await db.schema
      .createTable('orders')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('order_number', 'bigint', (c) => c.notNull())
      .addColumn('cart_id', 'text', (c) => c.notNull())
      .addColumn('test_mode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('customer_email', 'text')
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('subtotal_minor', 'bigint', (c) => c.notNull())
      .addColumn('tax_minor', 'bigint', (c) => c.notNull())
      .addColumn('shipping_minor', 'bigint', (c) => c.notNull())
      .addColumn('discount_minor', 'bigint', (c) => c.notNull())
      .addColumn('grand_total_minor', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('orders_pk', ['website_id', 'id'])
      .addUniqueConstraint('orders_number_unique', ['website_id', 'order_number'])
      // Checkout is idempotent per cart: a second checkout of the same cart cannot create a second order.
      .addUniqueConstraint('orders_cart_unique', ['website_id', 'cart_id'])
      .execute();
    await db.schema
      .createIndex('orders_by_date')
      .on('orders')
      .columns(['website_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('order_items')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text')
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price_minor', 'bigint', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('order_items_pk', ['website_id', 'id'])
      .addForeignKeyConstraint(
        'order_items_order_fk',
        ['website_id', 'order_id'],
        'orders',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('order_items_by_order')
      .on('order_items')
      .columns(['website_id', 'order_id', 'position'])
      .execute();
  },

  async down(db: Kysely<any>) {
    for (const table of [
      'order_items',
      'orders',
      'cart_entries',
      'carts',
      'product_variants',
      'products',
      'items',
      'collections',
      'website_sequences',
      'website_hostnames',
      'websites',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
