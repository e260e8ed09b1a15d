import { beforeAll, expect, it } from 'vitest';
import { seedDemoShop } from './demo-shop.js';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';
import { CollectionType, type Item, ProductType, RecordType } from './types.js';

/** Counts rows the way an operator would, to prove a second seed wrote nothing. */
async function snapshot(storage: Storage, websiteId: string) {
  const nav = await storage.collections.listNavigation(websiteId);
  const shop = await storage.collections.findByUrlId(websiteId, 'shop');
  const items = shop ? await storage.items.listByCollection(websiteId, shop.id, { limit: 1000 }) : [];
  return { nav, items, website: await storage.websites.findById(websiteId) };
}

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let products: Item[];
  const byUrlId = (urlId: string) => {
    const item = products.find((p) => p.urlId === urlId);
    if (!item?.product) throw new Error(`demo product ${urlId} missing`);
    return { ...item, product: item.product };
  };

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    ({ websiteId } = await seedDemoShop(storage));
    const shop = await storage.collections.findByUrlId(websiteId, 'shop');
    products = await storage.items.listByCollection(websiteId, shop!.id, { limit: 1000 });
  });

  it('answers on localhost and 127.0.0.1 as a German EUR shop in Europe/Berlin', async () => {
    for (const host of ['localhost', '127.0.0.1']) {
      const site = await storage.websites.findByHostname(host);
      expect(site?.id).toBe(websiteId);
    }
    const site = await storage.websites.findById(websiteId);
    expect(site).toMatchObject({
      title: 'Baukasten Demo-Laden',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
    });
    expect(site?.settings.storeSettings).toMatchObject({
      selectedCurrency: 'EUR',
      multipleQuantityAllowedForServices: true,
    });
  });

  it('Finding 2 (#18): the demo shop runs in Testmodus, clearly labelled; an owner’s demo-content site does not', async () => {
    expect((await storage.websites.findById(websiteId))?.settings.testMode).toBe(true);
    const { websiteId: owned } = await seedDemoShop(storage, {
      hostnames: ['eigener-laden.test'],
      testMode: false,
    });
    expect((await storage.websites.findById(owned))?.settings.testMode).toBe(false);
  });

  it('has a home page, a shop, an "Über uns" and a contact page in navigation order', async () => {
    const nav = await storage.collections.listNavigation(websiteId);
    expect(nav.map((c) => [c.urlId, c.title, c.type])).toEqual([
      ['', 'Start', CollectionType.PAGE],
      ['shop', 'Shop', CollectionType.PRODUCTS],
      ['ueber-uns', 'Über uns', CollectionType.PAGE],
      ['kontakt', 'Kontakt', CollectionType.PAGE],
      ['journal', 'Journal', CollectionType.GENERIC],
      ['termine', 'Termine', CollectionType.GENERIC],
      ['galerie', 'Galerie', CollectionType.SLIDE_GALLERY],
    ]);
    const contact = await storage.collections.findByUrlId(websiteId, 'kontakt');
    expect(contact?.blocks.map((b) => b.type)).toEqual(['text', 'form', 'heading', 'newsletter']);
    const home = await storage.collections.findByUrlId(websiteId, '');
    // The home page is made of sections (issue 22), its featured product one of the shop's.
    expect(home?.blocks.map((b) => b.type)).toEqual(
      expect.arrayContaining(['hero', 'products', 'featured-product', 'image-text', 'testimonials', 'faq']),
    );
    const featured = home?.blocks.find((b) => b.type === ('featured-product' as string)) as unknown as {
      productId: string;
    };
    expect((await storage.items.findById(websiteId, featured.productId))?.urlId).toBe(
      'emaille-becher-bergsee',
    );
  });

  it('R3.5.4 sells at least 12 products covering physical, digital, service, gift card and paywall', () => {
    expect(products.length).toBeGreaterThanOrEqual(12);
    const types = new Set(products.map((p) => p.product?.productType));
    expect([...types].sort()).toEqual([
      ProductType.PHYSICAL,
      ProductType.DIGITAL,
      ProductType.SERVICE,
      ProductType.GIFT_CARD,
      ProductType.PAYWALL,
    ]);
    for (const p of products) {
      expect(p.recordType).toBe(RecordType.STORE_ITEM);
      expect(p.urlId).toMatch(/^[a-z0-9-]+$/);
      expect(p.assetUrl).toBe(`/assets/demo/${p.urlId}.svg`);
      expect(p.images[0]).toMatchObject({
        assetUrl: `/assets/demo/${p.urlId}.svg`,
        originalSize: '1200x1200',
      });
      expect(p.excerpt).toMatch(/^<p>.+<\/p>$/);
    }
  });

  it('R3.6.1 offers the T-shirt in Größe × Farbe with stock per variant', () => {
    const shirt = byUrlId('bio-t-shirt');
    expect(shirt.product.variantOptionOrdering).toEqual(['Größe', 'Farbe']);
    expect(shirt.product.variants).toHaveLength(6);
    const m = shirt.product.variants.find((v) => v.attributes.Größe === 'M' && v.attributes.Farbe === 'Weiß');
    expect(m).toMatchObject({ qtyInStock: 0, unlimited: false, priceMinor: 2490 });
    expect(m?.optionValues).toEqual([
      { optionName: 'Größe', value: 'M' },
      { optionName: 'Farbe', value: 'Weiß' },
    ]);
    expect(shirt.product.variants.some((v) => v.qtyInStock > 0)).toBe(true);
  });

  it('has a fully sold-out physical product: no variant unlimited or in stock', () => {
    const soldOut = products.filter(
      (p) =>
        p.product?.productType === ProductType.PHYSICAL &&
        p.product.variants.every((v) => !v.unlimited && v.qtyInStock === 0),
    );
    expect(soldOut.map((p) => p.urlId)).toEqual(['kapuzenpullover-nordwind']);
    expect(soldOut[0].product?.merchandising.restockNotificationViews.length).toBeGreaterThan(0);
  });

  it('has a product on sale with a lower sale price, and a digital one on sale by its own flag', () => {
    const mug = byUrlId('emaille-becher-bergsee');
    expect(mug.product.variants[0]).toMatchObject({ onSale: true, priceMinor: 1490, salePriceMinor: 990 });
    const ebook = byUrlId('e-book-sauerteig');
    expect(ebook.product).toMatchObject({ productType: ProductType.DIGITAL, onSale: true });
  });

  it('has a product whose variants differ in price', () => {
    const bag = byUrlId('canvas-tragetasche');
    expect(new Set(bag.product.variants.map((v) => v.priceMinor)).size).toBe(2);
  });

  it('has a physical product with unlimited stock', () => {
    expect(byUrlId('notizbuch-a5-gepunktet').product.variants[0].unlimited).toBe(true);
  });

  it('has a service with limited appointments', () => {
    const service = byUrlId('design-beratung');
    expect(service.product.productType).toBe(ProductType.SERVICE);
    expect(service.product.variants[0]).toMatchObject({ unlimited: false, qtyInStock: 8 });
  });

  it('R3.8.1 R3.8.2 has a monthly subscription over 12 billing cycles', () => {
    const abo = byUrlId('kaffee-abo-roestfrisch');
    expect(abo.product.isSubscribable).toBe(true);
    expect(abo.product.subscriptionPlan).toEqual({
      billingPeriod: { value: 1, unit: 'MONTH' },
      numBillingCycles: 12,
    });
    expect(abo.product.productSubscriptionOptions?.[0].id).toBeTruthy();
  });

  it('has a gift card with the denominations 25, 50 and 100 €', () => {
    const card = byUrlId('geschenkgutschein');
    expect(card.product.productType).toBe(ProductType.GIFT_CARD);
    expect(card.product.giftCardDenominations).toEqual([2500, 5000, 10000]);
    expect(card.product.variants.map((v) => [v.attributes.Betrag, v.priceMinor])).toEqual([
      ['25 €', 2500],
      ['50 €', 5000],
      ['100 €', 10000],
    ]);
  });

  it('R3.5.1 has a product with an additional-fields form for the engraving text', () => {
    const tag = byUrlId('schluesselanhaenger-mit-gravur');
    expect(tag.product.additionalFieldsFormId).toBe(tag.product.additionalFieldsForm?.id);
    expect(tag.product.additionalFieldsForm?.fields[0]).toMatchObject({
      id: 'gravurtext',
      type: 'text',
      title: 'Gravurtext',
      required: true,
    });
    expect(tag.product).toMatchObject({
      useCustomAddButtonText: true,
      customAddButtonText: 'Gravur bestellen',
    });
  });

  it('gives every variant a unique SKU and integer cent prices', () => {
    const variants = products.flatMap((p) => p.product?.variants ?? []);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    for (const v of variants) {
      expect(Number.isInteger(v.priceMinor)).toBe(true);
      expect(Number.isInteger(v.salePriceMinor)).toBe(true);
      expect(Number.isInteger(v.qtyInStock)).toBe(true);
    }
  });

  it('a second seed changes nothing and returns the same website', async () => {
    const before = await snapshot(storage, websiteId);
    const again = await seedDemoShop(storage);
    expect(again.websiteId).toBe(websiteId);
    expect(await snapshot(storage, websiteId)).toEqual(before);
  });

  it('a seed with an extra hostname adds it to the existing demo shop', async () => {
    const again = await seedDemoShop(storage, { hostnames: ['localhost', 'demo.test'] });
    expect(again.websiteId).toBe(websiteId);
    expect((await storage.websites.findByHostname('demo.test'))?.id).toBe(websiteId);
  });
});
