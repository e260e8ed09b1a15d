// Product item contexts in the shape the server's page context produces (itemContext), for tests.

import { productPurchaseProps } from './product-page-props.js';
import type { ProductPurchaseProps } from './types.js';

const eur = (minor: number) => ({ value: (minor / 100).toFixed(2), currency: 'EUR' });

export function variantContext(
  sku: string,
  attributes: Record<string, string>,
  priceMinor: number,
  qtyInStock: number,
  extra: Record<string, unknown> = {},
) {
  return {
    id: `v-${sku}`,
    sku,
    attributes,
    optionValues: Object.entries(attributes).map(([optionName, value]) => ({ optionName, value })),
    price: priceMinor,
    salePrice: 0,
    priceMoney: eur(priceMinor),
    salePriceMoney: eur(0),
    onSale: false,
    unlimited: false,
    qtyInStock,
    ...extra,
  };
}

export function itemContext(
  urlId: string,
  title: string,
  structuredContent: Record<string, unknown>,
): Record<string, unknown> {
  return {
    id: `item-${urlId}`,
    collectionId: 'col-shop',
    recordType: 11,
    title,
    urlId,
    fullUrl: `/shop/p/${urlId}`,
    excerpt: '<p>Kurzbeschreibung</p>',
    body: '<p>Eine lange Beschreibung, die das Formular nicht braucht.</p>',
    structuredContent: {
      productType: 1,
      isSubscribable: false,
      useCustomAddButtonText: false,
      onSale: false,
      ...structuredContent,
    },
    priceText: '',
    markText: '',
  };
}

/** Größe × Farbe with gaps: S only in Blau, L only in Rot, M/Rot sold out, L/Rot on sale. */
export const shirtItem = itemContext('bio-t-shirt', 'Bio-T-Shirt „Baukasten“', {
  variantOptionOrdering: ['Größe', 'Farbe'],
  variants: [
    variantContext('TS-S-BLAU', { Größe: 'S', Farbe: 'Blau' }, 2490, 5),
    variantContext('TS-M-BLAU', { Größe: 'M', Farbe: 'Blau' }, 2490, 3),
    variantContext('TS-M-ROT', { Größe: 'M', Farbe: 'Rot' }, 2490, 0),
    variantContext('TS-L-ROT', { Größe: 'L', Farbe: 'Rot' }, 2490, 2, {
      onSale: true,
      salePrice: 1990,
      salePriceMoney: eur(1990),
    }),
  ],
});

export const mugItem = itemContext('emaille-becher', 'Emaille-Becher „Bergsee“', {
  variants: [variantContext('BK-BECHER', {}, 1400, 10)],
});

export const soldOutMugItem = itemContext('keramikvase', 'Keramikvase', {
  variants: [variantContext('BK-VASE', {}, 5900, 0)],
});

export const coffeeItem = itemContext('kaffee-abo', 'Kaffee-Abo „Röstfrisch“', {
  isSubscribable: true,
  subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
  productSubscriptionOptions: [{ id: 'abo-monatlich-12' }],
  variantOptionOrdering: ['Mahlgrad'],
  variants: [
    variantContext('KA-BOHNE', { Mahlgrad: 'Ganze Bohne' }, 1990, 0, { unlimited: true }),
    variantContext('KA-FILTER', { Mahlgrad: 'Filter' }, 1990, 0, { unlimited: true }),
  ],
});

/** A gift card: one variant per denomination. */
export const giftCardItem = itemContext('gutschein', 'Geschenkgutschein', {
  productType: 4,
  variantOptionOrdering: ['Wert'],
  variants: [
    variantContext('GC-25', { Wert: '25 €' }, 2500, 0, { unlimited: true }),
    variantContext('GC-50', { Wert: '50 €' }, 5000, 0, { unlimited: true }),
  ],
});

export const propsOptions = {
  crumb: 'crumb-from-page',
  returnTo: '/shop/p/bio-t-shirt',
  locale: 'de-DE',
  currency: 'EUR',
};

export const purchaseProps = (
  item: unknown,
  extra: Partial<Parameters<typeof productPurchaseProps>[1]> = {},
): ProductPurchaseProps => productPurchaseProps(item, { ...propsOptions, ...extra });
