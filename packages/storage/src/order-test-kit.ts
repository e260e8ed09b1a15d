import type { Storage } from './open-storage.js';
import { CollectionType, ProductType } from './types.js';

/*
 * What the order tests share: a shop site (`<host>.test`) with a products page „Laden“ and a physical mug
 * (SKU TASSE, 12,00 €), and another site (`fremd-<host>.test`) whose ids must never reach the shop's orders.
 */
export async function mugShop(storage: Storage, title: string, host: string, mugStock: number) {
  const websiteId = (await storage.websites.create({ title, hostnames: [`${host}.test`] })).id;
  const otherSiteId = (await storage.websites.create({ title: 'Fremd', hostnames: [`fremd-${host}.test`] }))
    .id;
  const shop = await storage.collections.create(websiteId, {
    type: CollectionType.PRODUCTS,
    urlId: 'laden',
    title: 'Laden',
  });
  const mug = await storage.items.create(websiteId, {
    collectionId: shop.id,
    urlId: 'tasse',
    title: 'Tasse',
    product: {
      productType: ProductType.PHYSICAL,
      variants: [{ sku: 'TASSE', priceMinor: 1200, qtyInStock: mugStock }],
    },
  });
  return { websiteId, otherSiteId, shopId: shop.id, mug };
}
