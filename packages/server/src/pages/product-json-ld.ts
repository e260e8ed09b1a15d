import { isSoldOut, minorToDecimalString } from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import type { itemContext } from './page-context.js';

type ItemContext = ReturnType<typeof itemContext>;

/**
 * schema.org Product data for search engines: one Offer per variant with its current price (the sale price when
 * on sale) and availability. Returned as a string safe inside <script>: `<` is escaped so no `</script>` can close it.
 */
export function productJsonLd(item: ItemContext, website: Website, origin: string): string | undefined {
  if (!('structuredContent' in item)) return undefined;
  const sc = item.structuredContent;
  const soldOut = isSoldOut(sc);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.title,
    description: item.excerpt.replace(/<[^>]*>/g, ''),
    image: item.assetUrl ? `${origin}${item.assetUrl}` : undefined,
    url: `${origin}${item.fullUrl}`,
    offers: sc.variants.map((v) => ({
      '@type': 'Offer',
      sku: v.sku,
      priceCurrency: website.currency,
      price: minorToDecimalString(v.onSale ? v.salePrice : v.price, website.currency),
      availability:
        soldOut || (!v.unlimited && v.qtyInStock <= 0)
          ? 'https://schema.org/OutOfStock'
          : 'https://schema.org/InStock',
    })),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
