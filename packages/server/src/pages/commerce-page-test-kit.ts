import type { Item, Storage } from '@baukasten/storage';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Visitor } from '../commerce/test-shop.js';

/* Helpers of the cart, checkout and order page tests: form posts as a browser without JavaScript sends them. */

/** Posts url-encoded fields with the visitor's cookies, as a plain HTML form does; keeps new cookies. */
export async function postForm(
  app: FastifyInstance,
  visitor: Visitor,
  host: string,
  url: string,
  fields: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    host,
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (visitor.cookies.size > 0) {
    headers.cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  const res = await app.inject({
    method: 'POST',
    url,
    headers,
    payload: new URLSearchParams(fields).toString(),
  });
  for (const c of res.cookies) visitor.cookies.set(c.name, c.value);
  return res;
}

/** A shop that takes orders from 50 € on, with one mug for 12 €. */
export async function createMinimumOrderShop(storage: Storage, hostname: string, minimumOrderMinor: number) {
  const website = await storage.websites.create({
    title: 'Mindestladen',
    hostnames: [hostname],
    locale: 'de-DE',
    timeZone: 'Europe/Berlin',
    currency: 'EUR',
    settings: { storeSettings: { selectedCurrency: 'EUR', minimumOrderMinor } },
  });
  const shop = await storage.collections.create(website.id, { type: 13, urlId: 'laden', title: 'Laden' });
  const mug: Item = await storage.items.create(website.id, {
    collectionId: shop.id,
    urlId: 'tasse',
    title: 'Tasse',
    product: {
      productType: 1,
      variants: [{ sku: `${hostname}-TASSE`, priceMinor: 1200, qtyInStock: 100, weightGrams: 400 }],
    },
  });
  return { websiteId: website.id, hostname, mug };
}

/**
 * Controls of a page that a sighted mouse user could use but a screen-reader user could not name:
 * every visible input, select and textarea needs a `<label for>` with its id (or an aria-label).
 */
export function unlabelledControls(html: string): string[] {
  const labelled = new Set([...html.matchAll(/<label[^>]*\sfor="([^"]+)"/g)].map((m) => m[1]));
  const missing: string[] = [];
  for (const match of html.matchAll(/<(input|select|textarea)\b[^>]*>/g)) {
    const tag = match[0];
    if (/\stype="hidden"/.test(tag) || /\saria-label="/.test(tag)) continue;
    const id = /\sid="([^"]+)"/.exec(tag)?.[1];
    if (!id || !labelled.has(id)) missing.push(tag);
  }
  return missing;
}

/** The value of the `<input name=...>` of the first form field with that name. */
export function fieldValue(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input[^>]*\\sname="${name}"[^>]*>`).exec(html)?.[0];
  return tag ? /\svalue="([^"]*)"/.exec(tag)?.[1] : undefined;
}
