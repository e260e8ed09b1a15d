import { type Block, type Storage, seedDemoShop } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';

/* What the product page, the list and the image block put into the HTML before any script runs. */

const HOST = 'stuecke.test';

/** The props of the first island of a kind, as the browser will read them. */
function islandProps(html: string, island: string): Record<string, unknown> {
  const tag = new RegExp(`data-island="${island}"[^>]*data-props="([^"]*)"`).exec(html)?.[1] ?? '{}';
  return JSON.parse(
    tag
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const { websiteId } = await seedDemoShop(storage, { hostnames: [HOST] });
    await storage.websiteAdmin.update(websiteId, {
      settings: {
        instalments: {
          afterPayAvailable: true,
          afterPayMin: 100,
          afterPayMax: 200_000,
          stripeAccountCountry: 'US',
        },
      },
    });
    await storage.collections.create(websiteId, {
      type: 10,
      urlId: 'bildseite',
      title: 'Bildseite',
      position: 9,
      blocks: [
        {
          type: 'image',
          assetUrl: '/assets/demo/werkstatt.svg',
          altText: 'Werkstatt',
          originalSize: '1600x900',
        },
      ] as Block[],
    });
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });

  describe('product page', () => {
    it('R2.2.1 the product detail page is a content item (page type 50) that carries its product', async () => {
      const url = '/shop/p/emaille-becher-bergsee';
      const context = (await get(`${url}?format=json`)).json();
      expect(context.pageType).toBe(50);
      expect(context.item).toMatchObject({ fullUrl: url, recordType: 11, title: 'Emaille-Becher „Bergsee“' });
      expect(context.item.structuredContent.productType).toBe(1);
      expect(context.item.structuredContent.variants.length).toBeGreaterThan(0);
      // The page offers that product to buy: the purchase island is the item's.
      expect(islandProps((await get(url)).body, 'product-purchase')).toMatchObject({
        itemId: context.item.id,
        productType: 1,
      });
      // A post is a content item too, but without a product there is nothing to buy.
      const post = (await get('/journal?format=json')).json().items[0];
      const postPage = await get(`${post.fullUrl}?format=json`);
      expect(postPage.json()).toMatchObject({ pageType: 50, item: { id: post.id } });
      expect(postPage.json().item.structuredContent).toBeUndefined();
    });

    it('R3.10.1 R5.4.1 a sold-out product offers the restock sign-up on its page only where its owner chose to', async () => {
      // The demo hoodie offers it on the product page and in the quick view.
      expect((await get('/shop/p/kapuzenpullover-nordwind')).body).toContain('data-island="restock-form"');
      const website = await storage.websites.findByHostname(HOST);
      const shop = await storage.collections.findByUrlId(website!.id, 'shop');
      const soldOut = (urlId: string, views: string[]) =>
        storage.items.create(website!.id, {
          collectionId: shop!.id,
          urlId,
          title: `Ausverkauft ${urlId}`,
          product: {
            productType: 1,
            variants: [{ sku: `BK-${urlId}`, attributes: {}, priceMinor: 1000, qtyInStock: 0 }],
            merchandising: { restockNotificationViews: views },
          },
        });
      await soldOut('nur-schnellansicht', ['PRODUCT_QUICK_VIEW']);
      await soldOut('ohne-hinweis', []);
      await soldOut('mit-hinweis', ['PRODUCT_DETAIL']);
      for (const [urlId, offered] of [
        ['nur-schnellansicht', false],
        ['ohne-hinweis', false],
        ['mit-hinweis', true],
      ] as const) {
        const page = await get(`/shop/p/${urlId}`);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('Ausverkauft');
        expect(page.body.includes('data-island="restock-form"')).toBe(offered);
      }
    });

    it('R9.5.3 R1.6.1 the product image carries a srcset over the width steps up to its size, and its focal point', async () => {
      const res = await get('/shop/p/duftkerze-lavendel');
      expect(res.statusCode).toBe(200);
      const img = /<img class="product-detail__image"[^>]*>/.exec(res.body)?.[0] ?? '';
      const srcset = /srcset="([^"]*)"/i.exec(img)?.[1] ?? '';
      expect(srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
        '100w',
        '300w',
        '500w',
        '750w',
        '1000w',
      ]);
      expect(srcset).toContain('/assets/demo/duftkerze-lavendel.svg?format=750w 750w');
      expect(img).toContain('width="1200" height="1200"');
      expect(img).toContain('sizes="(max-width: 760px) 100vw, 50vw"');
      // The theme's markup writes 'object-position: …', the gallery island React's 'object-position:…'.
      expect(img).toMatch(/style="object-position: ?50% 50%"/);
      expect(img).toContain('data-image-focal-point="0.5,0.5"');
    });

    it('R2.2.10 the scarcity note is in the page for a product with few pieces left', async () => {
      const res = await get('/shop/p/duftkerze-lavendel');
      expect(res.body).toContain('<p class="product-scarcity" aria-live="polite">Nur noch 2 auf Lager</p>');
      const props = islandProps(res.body, 'product-purchase');
      // Worked out on the server: the note per variant, for the product page only (scarcityTemplateViews).
      expect(props.scarcity).toEqual({
        productDetail: true,
        quickView: false,
        bySku: { 'BK-DK-LAV': 'Nur noch 2 auf Lager' },
      });
    });

    it('R1.4.1 R7.7.1 the instalment teaser and its info page follow the site payment settings and the shopper language', async () => {
      const res = await get('/shop/p/emaille-becher-bergsee', { 'accept-language': 'fr-CA,fr;q=0.9' });
      expect(res.body).toContain('class="instalment-teaser"');
      expect(res.body).toMatch(/oder 4 zinsfreie Zahlungen à 2,48\s€ mit Afterpay/);
      expect(islandProps(res.body, 'product-purchase').instalments).toMatchObject({
        providerName: 'Afterpay',
        infoUrl: 'https://static.afterpay.com/modal/fr_US.html',
      });
      // Subscriptions and digital products have none (R5.6.3, R5.6.4).
      expect((await get('/shop/p/kaffee-abo-roestfrisch')).body).not.toContain('instalment-teaser');
      expect((await get('/shop/p/e-book-sauerteig')).body).not.toContain('instalment-teaser');
    });

    it('R2.2.7 R3.5.3 a product with an additional-fields form hands the form to its purchase island', async () => {
      const res = await get('/shop/p/schluesselanhaenger-mit-gravur');
      const form = islandProps(res.body, 'product-purchase').customForm as { id: string; fields: unknown[] };
      expect(form.id).toBe('form-gravur');
      expect(form.fields).toEqual([
        expect.objectContaining({
          id: 'gravurtext',
          type: 'text',
          title: 'Gravurtext',
          required: true,
          maxLength: 20,
        }),
        expect.objectContaining({
          id: 'schriftart',
          type: 'select',
          options: ['Serifenlos', 'Schreibschrift'],
        }),
      ]);
    });
  });

  it('R9.5.3 product cards of the list carry a srcset and stay lazy below the first row', async () => {
    const res = await get('/shop');
    const images = res.body.match(/<img class="product-card__image"[^>]*>/g) ?? [];
    expect(images.length).toBeGreaterThan(5);
    for (const img of images) expect(img).toMatch(/srcset="[^"]*\?format=300w 300w/);
    expect(images[0]).not.toContain('loading="lazy"');
    expect(images[images.length - 1]).toContain('loading="lazy"');
  });

  it('R9.5.3 an image block carries a srcset up to its own width', async () => {
    const res = await get('/bildseite');
    const img = /<figure class="block block--image"><img[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(img).toContain('/assets/demo/werkstatt.svg?format=1500w 1500w');
    expect(img).not.toContain('2500w');
    expect(img).toContain('width="1600" height="900"');
  });

  it('R9.5.3 the placeholder images answer the width steps of ?format= and refuse others with a 400', async () => {
    const small = await get('/assets/demo/duftkerze-lavendel.svg?format=300w');
    expect(small.statusCode).toBe(200);
    expect(small.body).toContain('width="300" height="300"');
    expect((await get('/assets/demo/duftkerze-lavendel.svg?format=original')).body).toContain('width="1200"');
    const wrong = await get('/assets/demo/duftkerze-lavendel.svg?format=123w');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Unbekannte Bildgröße');
  });
});
