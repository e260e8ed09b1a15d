import { type Storage, seedDemoShop } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { Visitor } from '../commerce/test-shop.js';

/* What a German shopper reads next to every price of the demo shop (§ 1, § 4 and § 11 PAngV, § 12 UStG). */

const HOST = 'preisangaben.test';
const plain = (html: string) => html.replace(/\u00a0/g, ' ');

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let websiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    ({ websiteId } = await seedDemoShop(storage, { hostnames: [HOST] }));
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = async (url: string) =>
    plain((await app.inject({ method: 'GET', url, headers: { host: HOST } })).body);

  describe('§ 1 PAngV: "inkl. MwSt." and "zzgl. Versandkosten" next to every price', () => {
    it('on the product list, with the shipping note linking to the shipping page', async () => {
      const html = await page('/shop');
      const cards = html.split('class="product-card"').slice(1);
      expect(cards.length).toBeGreaterThan(5);
      for (const card of cards) expect(card).toContain('<small class="price-note">inkl. MwSt.');
      expect(html).toContain(', zzgl. <a href="/versand-und-zahlung">Versandkosten</a>');
    });

    it('on the product page, and for a digital product without shipping costs', async () => {
      const mug = await page('/shop/p/emaille-becher-bergsee');
      expect(mug).toMatch(
        /inkl\. MwSt\.(<!-- -->)?, zzgl\. <a href="\/versand-und-zahlung">Versandkosten<\/a>/,
      );
      const ebook = await page('/shop/p/e-book-sauerteig');
      expect(ebook).toContain('inkl. MwSt.');
      expect(ebook).not.toContain('Versandkosten</a>');
    });
  });

  describe('§ 4 PAngV: the Grundpreis of goods sold by quantity', () => {
    it('shows the coffee at 500 g with its price per 1 kg, on the list and for each variant', async () => {
      expect(await page('/shop')).toContain('500 g (39,80 € / 1 kg)');
      const coffee = await page('/shop/p/kaffee-abo-roestfrisch');
      expect(coffee).toContain('500 g (39,80 € / 1 kg)');
      const json = JSON.parse(await page('/shop/p/kaffee-abo-roestfrisch?format=json'));
      for (const variant of json.item.structuredContent.variants) {
        expect(variant.unitPriceText).toBe('500 g (39,80 € / 1 kg)');
      }
    });
  });

  describe('§ 11 PAngV: a reduced price names the lowest price of the 30 days before', () => {
    it('strikes the lowest price of the 30 days before the reduction, and says so', async () => {
      expect(await page('/shop')).toContain('9,90 € (niedrigster Preis der letzten 30 Tage: 14,90 €)');
      const mug = await page('/shop/p/emaille-becher-bergsee');
      expect(mug).toContain('<del>14,90 €</del>');
      expect(mug).toContain('Durchgestrichen: niedrigster Preis der letzten 30 Tage');
    });

    it('strikes nothing for a reduction the history cannot back', async () => {
      // Put on sale today, with no earlier price in the history: there is nothing to compare with.
      const items = await storage.items.listByCollection(
        websiteId,
        (await storage.collections.findByUrlId(websiteId, 'shop'))!.id,
        { limit: 50 },
      );
      const candle = items.find((i) => i.urlId === 'duftkerze-lavendel')!;
      const variant = candle.product!.variants[0];
      const created = await storage.items.create(websiteId, {
        collectionId: candle.collectionId,
        urlId: 'kerze-neu',
        title: 'Kerze neu',
        product: {
          productType: 1,
          variants: [
            {
              sku: 'K-NEU',
              priceMinor: variant.priceMinor,
              salePriceMinor: 990,
              onSale: true,
              qtyInStock: 3,
            },
          ],
        },
      });
      const html = await page(`/shop/p/${created.urlId}`);
      expect(html).not.toContain('<del>');
      expect(html).not.toContain('niedrigster Preis');
    });
  });

  describe('§ 11 Abs. 2 PAngV: a reduction in steps', () => {
    it('keeps the lowest price before its first step as the reference on the list and the product page', async () => {
      const DAY = 86_400_000;
      const shop = (await storage.collections.findByUrlId(websiteId, 'shop'))!;
      // On sale at 20 € now; 25 € was the first step, 20 days ago; 30 € the normal price before it.
      const item = await storage.items.create(websiteId, {
        collectionId: shop.id,
        urlId: 'schal-stufen',
        title: 'Schal in Stufen',
        product: {
          productType: 1,
          variants: [{ sku: 'SCHAL-1', priceMinor: 3000, salePriceMinor: 2000, onSale: true, qtyInStock: 4 }],
        },
      });
      const variantId = item.product!.variants[0].id;
      const now = Date.now();
      await storage.pricing.recordPrice(websiteId, variantId, 3000, now - 100 * DAY);
      await storage.pricing.recordPrice(websiteId, variantId, 2500, now - 20 * DAY);
      const html = await page('/shop/p/schal-stufen');
      expect(html).toContain('<del>30,00 €</del>');
      expect(html).toContain('Durchgestrichen: niedrigster Preis der letzten 30 Tage');
      expect(html).not.toContain('25,00 €');
      const json = JSON.parse(await page('/shop/p/schal-stufen?format=json'));
      expect(json.item.structuredContent.variants[0].referencePriceMinor).toBe(3000);
      expect(await page('/shop')).toContain('20,00 € (niedrigster Preis der letzten 30 Tage: 30,00 €)');
    });
  });

  describe('§ 12 Abs. 2 UStG: the demo sells at 7 % as well', () => {
    it('shows 7 % VAT for the e-book in the cart', async () => {
      const v = await new Visitor(app, HOST).start();
      const items = await storage.items.listByCollection(
        websiteId,
        (await storage.collections.findByUrlId(websiteId, 'shop'))!.id,
        { limit: 50 },
      );
      const ebook = items.find((i) => i.urlId === 'e-book-sauerteig')!;
      await v.add(ebook.id, ebook.product!.variants[0].sku, 1);
      expect(plain((await v.request('GET', '/cart')).body)).toContain('enthaltene MwSt. (7 %)');
    });
  });
  describe("§ 1, § 4 and § 11 PAngV in an owner's own theme", () => {
    it('the theme formatters print the notes and the Grundpreis the built-in templates print', async () => {
      // Runs last: the override changes this site's product page. A fresh app reads it at once (the running
      // one caches the site's theme for a few seconds).
      await storage.themeOverrides.save(
        websiteId,
        'product-item.jsont',
        '<article class="eigenes-produkt">{.section item}<h1>{title|html}</h1>{@|base-price}{@|price-note}' +
          '{.repeated section structuredContent.variants}<p class="variante">{sku|html}: {@|base-price}' +
          '{.has-reference-price?}{@|reference-price}{.end}</p>{.end}{.end}</article>',
      );
      const themed = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
      const page = async (url: string) =>
        plain((await themed.inject({ method: 'GET', url, headers: { host: HOST } })).body);
      const coffee = await page('/shop/p/kaffee-abo-roestfrisch');
      expect(coffee).toContain('class="eigenes-produkt"');
      expect(coffee).toContain('<small class="unit-price">500 g (39,80 € / 1 kg)</small>');
      expect(coffee).toContain(
        '<small class="price-note">inkl. MwSt., zzgl. <a href="/versand-und-zahlung">Versandkosten</a></small>',
      );
      const mug = await page('/shop/p/emaille-becher-bergsee');
      expect(mug).toContain(
        '<span class="reference-price">niedrigster Preis der letzten 30 Tage: 14,90 €</span>',
      );
      const ebook = await page('/shop/p/e-book-sauerteig');
      expect(ebook).toContain('<small class="price-note">inkl. MwSt.</small>');
      await themed.close();
    });
  });
});
