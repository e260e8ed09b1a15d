import type { Item, Storage } from '@baukasten/storage';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/* A small German shop for the shop API tests, and a visitor with a cookie jar that talks to it. */

export interface TestShop {
  websiteId: string;
  hostname: string;
  shirt: Item;
  mug: Item;
  ebook: Item;
  giftCard: Item;
  service: Item;
}

export async function createTestShop(
  storage: Storage,
  hostname: string,
  mugStock = 10,
  /** More website settings, e.g. the bank account for Vorkasse. */
  settings: Record<string, unknown> = {},
): Promise<TestShop> {
  const website = await storage.websites.create({
    title: 'Testladen',
    hostnames: [hostname],
    locale: 'de-DE',
    timeZone: 'Europe/Berlin',
    currency: 'EUR',
    settings: {
      storeSettings: { selectedCurrency: 'EUR' },
      coupons: [{ code: 'ZEHN', percentOff: 10 }],
      ...settings,
    },
  });
  const shop = await storage.collections.create(website.id, { type: 13, urlId: 'laden', title: 'Laden' });
  const create = (
    urlId: string,
    title: string,
    product: Parameters<Storage['items']['create']>[1]['product'],
  ) => storage.items.create(website.id, { collectionId: shop.id, urlId, title, product });
  return {
    websiteId: website.id,
    hostname,
    shirt: await create('shirt', 'T-Shirt', {
      productType: 1,
      variants: [
        {
          sku: `${hostname}-S`,
          attributes: { Größe: 'S' },
          priceMinor: 2500,
          qtyInStock: 0,
          weightGrams: 200,
        },
        {
          sku: `${hostname}-M`,
          attributes: { Größe: 'M' },
          priceMinor: 2500,
          qtyInStock: 3,
          weightGrams: 200,
        },
        {
          sku: `${hostname}-L`,
          attributes: { Größe: 'L' },
          priceMinor: 2500,
          salePriceMinor: 1900,
          onSale: true,
          unlimited: true,
          weightGrams: 200,
        },
      ],
    }),
    mug: await create('tasse', 'Tasse', {
      productType: 1,
      variants: [{ sku: `${hostname}-TASSE`, priceMinor: 1200, qtyInStock: mugStock, weightGrams: 400 }],
    }),
    ebook: await create('ebook', 'E-Book', {
      productType: 2,
      variants: [{ sku: `${hostname}-EBOOK`, priceMinor: 999, unlimited: true }],
    }),
    giftCard: await create('gutschein', 'Gutschein', {
      productType: 4,
      giftCardDenominations: [2500, 5000],
      variants: [
        { sku: `${hostname}-GC25`, attributes: { Betrag: '25 €' }, priceMinor: 2500, unlimited: true },
        { sku: `${hostname}-GC50`, attributes: { Betrag: '50 €' }, priceMinor: 5000, unlimited: true },
      ],
    }),
    service: await create('beratung', 'Beratung', {
      productType: 3,
      variants: [{ sku: `${hostname}-BERATUNG`, priceMinor: 8000, qtyInStock: 1 }],
    }),
  };
}

export const germanAddress = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  line1: 'Hauptstraße 1',
  city: 'Berlin',
  postalCode: '10115',
  country: 'DE',
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser stand-in: keeps the cookies it is given and echoes the crumb like the islands do. */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly host: string,
  ) {}

  get crumb() {
    return this.cookies.get('crumb');
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    opts: { crumb?: string | null; cookies?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: this.host };
    if (opts.cookies !== false && this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const crumb = opts.crumb === undefined ? this.crumb : opts.crumb;
    if (crumb && method !== 'GET') headers['x-csrf-token'] = crumb;
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    for (const c of res.cookies) this.cookies.set(c.name, c.value);
    return res;
  }

  /** A plain HTML form post: url-encoded, the crumb in a hidden field unless `crumb` says otherwise. */
  async form(url: string, fields: Record<string, string>, opts: { crumb?: string | null } = {}) {
    const crumb = opts.crumb === undefined ? this.crumb : opts.crumb;
    const headers: Record<string, string> = {
      host: this.host,
      'content-type': 'application/x-www-form-urlencoded',
    };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method: 'POST',
      url,
      headers,
      payload: new URLSearchParams({ ...fields, ...(crumb ? { crumb } : {}) }).toString(),
    });
    for (const c of res.cookies) this.cookies.set(c.name, c.value);
    return res;
  }

  /** Gets a crumb the way a browser does: from the first answer. */
  async start() {
    await this.request('GET', '/api/commerce/shopping-cart');
    return this;
  }

  add(itemId: string, sku?: string, quantity: unknown = 1, extra: Record<string, unknown> = {}) {
    return this.request('POST', '/api/commerce/shopping-cart/entries', { itemId, sku, quantity, ...extra });
  }

  checkout(body: Record<string, unknown> = {}) {
    return this.request('POST', '/api/commerce/checkout', {
      email: 'erika@example.de',
      shippingAddress: germanAddress,
      paymentMethod: 'bank-transfer',
      ...body,
    });
  }
}
