import { type Storage, seedDemoShop } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';

/*
 * The subscription price of the product island (and so of the quick view, which reads the island's
 * props from the product page's `?format=json`): the German plan phrase, or the site's own text for the
 * plan shape from its `localizedStrings` setting (page-routes purchaseProps).
 */

const PLAIN = 'abo.test';
const TRANSLATED = 'abo-eigen.test';
const ABO = '/shop/p/kaffee-abo-roestfrisch';

/** The props of the product-purchase island, as the browser reads them. */
function purchaseIsland(html: string) {
  const attr = /data-island="product-purchase"[^>]*data-props="([^"]*)"/.exec(html)?.[1] ?? '{}';
  return JSON.parse(
    attr
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  ) as { price?: { text: string }; variants: { priceText: string }[] };
}
const plain = (text: string | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    await seedDemoShop(storage, { hostnames: [PLAIN] });
    const { websiteId } = await seedDemoShop(storage, { hostnames: [TRANSLATED] });
    await storage.websiteAdmin.update(websiteId, {
      settings: {
        localizedStrings: {
          productPrice__singlePrice__1Monthly__limited__1Years: '{price} im Monat, {duration} Jahr lang',
        },
      },
    });
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
  });

  const get = (host: string, url: string) => app.inject({ method: 'GET', url, headers: { host } });

  describe('subscription price texts of the product page', () => {
    it('R9.3.2 R9.3.6 without texts of its own the site shows the German plan phrase', async () => {
      const props = purchaseIsland((await get(PLAIN, ABO)).body);
      expect(plain(props.price?.text)).toBe('19,90 € jeden Monat für 1 Jahr');
      expect(props.variants.map((v) => plain(v.priceText))).toEqual([
        '19,90 € jeden Monat für 1 Jahr',
        '19,90 € jeden Monat für 1 Jahr',
      ]);
    });

    it('R9.3.6 the site’s text for the plan shape replaces price and phrase, in the page and its JSON context', async () => {
      const props = purchaseIsland((await get(TRANSLATED, ABO)).body);
      expect(plain(props.price?.text)).toBe('19,90 € im Monat, 1 Jahr lang');
      expect(plain(props.variants[1]?.priceText)).toBe('19,90 € im Monat, 1 Jahr lang');
      // The quick view reads the same island out of the product page's template context.
      const context = (await get(TRANSLATED, `${ABO}?format=json`)).json();
      expect(plain(purchaseIsland(context.islands.productPurchase).price?.text)).toBe(
        '19,90 € im Monat, 1 Jahr lang',
      );
    });
  });
});
