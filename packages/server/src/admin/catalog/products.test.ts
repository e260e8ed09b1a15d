import { CollectionType } from '@baukasten/commerce';
import type { Collection, Storage, Website } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { adminMessages } from '../admin-messages.js';
import { Browser, sharedStateWithLimits } from '../admin-test-kit.js';
import { catalogMessages } from './catalog-messages.js';
import { type ShopTeam, shopTeam } from './shop-admin-test-kit.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let site: Website;
  let shop: Collection;
  let team: ShopTeam;
  let base: string;
  const hostname = `produkte-${db.name}.test`;

  /** The product page as the storefront's template sees it. */
  const productPage = async (urlId: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/laden/p/${urlId}?format=json`,
      headers: { host: hostname },
    });
    return {
      status: response.statusCode,
      item: response.statusCode === 200 ? response.json().item : undefined,
    };
  };

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    site = await storage.websites.create({
      title: 'Produktladen',
      hostnames: [hostname],
      currency: 'EUR',
      locale: 'de-DE',
    });
    shop = await storage.collections.create(site.id, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
    await storage.collections.create(site.id, { type: CollectionType.PAGE, urlId: 'info', title: 'Info' });
    team = await shopTeam(app, storage, site.id);
    base = `/api/admin/sites/${site.id}`;
  });
  afterAll(() => app?.close());

  const create = (browser: Browser, body: Record<string, unknown>) =>
    browser.post(`${base}/products`, { collectionId: shop.id, ...body });

  const shirtBody = {
    title: 'T-Shirt',
    productType: 'physical',
    priceMinor: 2500,
    qtyInStock: 3,
    weightGrams: 200,
    options: [
      { name: 'Größe', values: ['S', 'M', 'L'] },
      { name: 'Farbe', values: ['Rot', 'Blau'] },
    ],
  };

  it('R3.6.1 Größe S/M/L × Farbe Rot/Blau makes 6 variants with SKUs, prices and stock; the shop shows them', async () => {
    const created = await create(team.storeManager, shirtBody);
    expect(created.status).toBe(201);
    const product = created.body.product;
    expect(product).toMatchObject({
      title: 'T-Shirt',
      urlId: 't-shirt',
      productType: 'physical',
      variantCount: 6,
      currency: 'EUR',
      options: shirtBody.options,
      variantOptionOrdering: ['Größe', 'Farbe'],
    });
    expect(product.variants.map((v: { sku: string }) => v.sku)).toEqual([
      'T-SHIRT-S-ROT',
      'T-SHIRT-S-BLAU',
      'T-SHIRT-M-ROT',
      'T-SHIRT-M-BLAU',
      'T-SHIRT-L-ROT',
      'T-SHIRT-L-BLAU',
    ]);
    expect(product.variants[3]).toMatchObject({
      attributes: { Größe: 'M', Farbe: 'Blau' },
      optionValues: [
        { optionName: 'Größe', value: 'M' },
        { optionName: 'Farbe', value: 'Blau' },
      ],
      priceMinor: 2500,
      qtyInStock: 3,
      unlimited: false,
      weightGrams: 200,
    });
    const page = await productPage('t-shirt');
    expect(page.item.structuredContent.variants).toHaveLength(6);
    expect(page.item.structuredContent.priceMoney).toEqual({ value: '25.00', currency: 'EUR' });
  });

  it('changing options keeps the existing variants’ ids, prices and stock', async () => {
    const product = (await create(team.admin, { ...shirtBody, title: 'Pulli' })).body.product;
    const byLabel = (variants: { id: string; sku: string; attributes: Record<string, string> }[]) =>
      new Map(variants.map((v) => [`${v.attributes.Größe}/${v.attributes.Farbe ?? ''}`, v]));
    const before = byLabel(product.variants);
    const sRot = before.get('S/Rot')!;
    // The owner prices S/Rot on its own, and a sale takes one M/Blau meanwhile.
    await team.admin.patch(`${base}/products/${product.id}`, {
      variants: [{ id: sRot.id, priceMinor: 1999 }],
    });
    const mBlau = before.get('M/Blau')!;
    await storage.items.setStock(
      site.id,
      mBlau.id,
      { unlimited: false, qtyInStock: 3 },
      { unlimited: false, qtyInStock: 2 },
    );

    const changed = await team.admin.patch(`${base}/products/${product.id}`, {
      options: [
        { name: 'Größe', values: ['S', 'M', 'L', 'XL'] },
        { name: 'Farbe', values: ['Blau', 'Rot', 'Grün'] },
      ],
    });
    expect(changed.status).toBe(200);
    const after = byLabel(changed.body.product.variants);
    expect(after.size).toBe(12);
    expect(after.get('S/Rot')).toMatchObject({ id: sRot.id, sku: sRot.sku, priceMinor: 1999, qtyInStock: 3 });
    expect(after.get('M/Blau')).toMatchObject({ id: mBlau.id, qtyInStock: 2 });
    // New cells take their relative's price and start without stock.
    expect(after.get('XL/Grün')).toMatchObject({ priceMinor: 2500, qtyInStock: 0, sku: 'PULLI-XL-GRUEN' });
    // The value order the owner chose is the order the shop offers.
    expect(
      changed.body.product.variants
        .slice(0, 3)
        .map((v: { attributes: { Farbe: string } }) => v.attributes.Farbe),
    ).toEqual(['Blau', 'Rot', 'Grün']);

    // Dropping Farbe keeps one variant per size, the first of each.
    const fewer = await team.admin.patch(`${base}/products/${product.id}`, {
      options: [{ name: 'Größe', values: ['S', 'M'] }],
    });
    expect(fewer.body.product.variants.map((v: { id: string }) => v.id)).toEqual([
      before.get('S/Blau')!.id,
      mBlau.id,
    ]);
  });

  it('option ordering: moving an option first reorders names and variant values, keeping every variant', async () => {
    const product = (await create(team.admin, { ...shirtBody, title: 'Mütze' })).body.product;
    const reordered = await team.admin.patch(`${base}/products/${product.id}`, {
      options: [
        { name: 'Farbe', values: ['Rot', 'Blau'] },
        { name: 'Größe', values: ['S', 'M', 'L'] },
      ],
    });
    const after = reordered.body.product;
    expect(after.variantOptionOrdering).toEqual(['Farbe', 'Größe']);
    expect(after.variants[1].optionValues).toEqual([
      { optionName: 'Farbe', value: 'Rot' },
      { optionName: 'Größe', value: 'M' },
    ]);
    expect(new Set(after.variants.map((v: { id: string }) => v.id))).toEqual(
      new Set(product.variants.map((v: { id: string }) => v.id)),
    );
  });

  it('checks prices, sale prices, options and SKUs with German messages at their fields', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ priceMinor: undefined }, 'priceMinor', catalogMessages.priceMissing],
      [{ priceMinor: -1 }, 'priceMinor', catalogMessages.priceInvalid],
      [{ priceMinor: 12.5 }, 'priceMinor', catalogMessages.priceInvalid],
      [
        { onSale: true, salePriceMinor: 3000 },
        'variants.0.salePriceMinor',
        catalogMessages.salePriceNotLower,
      ],
      [
        { options: [{ name: 'Größe', values: ['S', 'S'] }] },
        'options.0.values',
        catalogMessages.optionValueTwice('Größe', 'S'),
      ],
      [
        { options: [{ name: 'Größe', values: [] }] },
        'options.0.values',
        catalogMessages.optionValuesMissing('Größe'),
      ],
      [{ options: [{ name: ' ', values: ['S'] }] }, 'options.0.name', catalogMessages.optionNameMissing],
      [
        {
          options: [
            { name: 'A', values: ['1'] },
            { name: 'A', values: ['2'] },
          ],
        },
        'options',
        catalogMessages.optionNameTwice('A'),
      ],
      [
        {
          options: [
            { name: 'A', values: Array.from({ length: 20 }, (_, i) => `a${i}`) },
            { name: 'B', values: Array.from({ length: 20 }, (_, i) => `b${i}`) },
          ],
        },
        'options',
        catalogMessages.tooManyVariants(250),
      ],
      [{ variants: [{ sku: 'mit leerzeichen' }] }, 'variants.0.sku', catalogMessages.skuInvalid],
      [{ qtyInStock: -3 }, 'qtyInStock', catalogMessages.stockInvalid],
      [{ productType: 'paywall' }, 'productType', catalogMessages.notAnExpectedOption('paywall')],
      [{ collectionId: 'unbekannt' }, 'collectionId', catalogMessages.collectionNotProducts],
      [{ title: '' }, 'title', catalogMessages.titleMissing],
      [{ urlId: 'Mein Produkt' }, 'urlId', catalogMessages.productUrlInvalid('Mein Produkt')],
    ];
    for (const [change, field, message] of cases) {
      const answer = await create(team.admin, {
        title: 'Geprüft',
        productType: 'physical',
        priceMinor: 1000,
        ...change,
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.fields[field], field).toBe(message);
    }
    const info = (await storage.collections.findByUrlId(site.id, 'info'))!;
    const onPage = await create(team.admin, {
      title: 'Falsch',
      productType: 'physical',
      priceMinor: 1,
      collectionId: info.id,
    });
    expect(onPage.body.error.fields.collectionId).toBe(catalogMessages.collectionNotProducts);
    expect((await storage.items.searchProducts(site.id, { query: 'geprüft' })).total).toBe(0);
  });

  it('R4.7.4 R4.7.5 digital and gift-card products are unlimited; a gift card has one variant per amount', async () => {
    const ebook = await create(team.admin, {
      title: 'E-Book',
      productType: 'digital',
      priceMinor: 999,
      qtyInStock: 0,
    });
    expect(ebook.body.product).toMatchObject({ productType: 'digital', soldOut: false });
    expect(ebook.body.product.variants[0]).toMatchObject({ unlimited: true, sku: 'E-BOOK' });

    const card = await create(team.admin, {
      title: 'Gutschein',
      productType: 'giftCard',
      giftCardAmountsMinor: [2500, 5000],
    });
    expect(card.status).toBe(201);
    expect(card.body.product).toMatchObject({
      productType: 'giftCard',
      giftCardAmountsMinor: [2500, 5000],
      soldOut: false,
    });
    expect(
      card.body.product.variants.map((v: { attributes: object; priceMinor: number; unlimited: boolean }) => [
        v.attributes,
        v.priceMinor,
        v.unlimited,
      ]),
    ).toEqual([
      [{ Betrag: '25,00 €' }, 2500, true],
      [{ Betrag: '50,00 €' }, 5000, true],
    ]);
    const noAmounts = await create(team.admin, { title: 'Leer', productType: 'giftCard' });
    expect(noAmounts.body.error.fields.giftCardAmountsMinor).toBe(catalogMessages.giftCardAmountsMissing);
    const withOptions = await create(team.admin, {
      title: 'Mit Optionen',
      productType: 'giftCard',
      giftCardAmountsMinor: [1000],
      options: [{ name: 'Farbe', values: ['Rot'] }],
    });
    expect(withOptions.body.error.fields.options).toBe(catalogMessages.giftCardOptionsFixed);
  });

  it('services keep a quantity stock; subscriptions, add-button text and merchandising reach the shop', async () => {
    const service = await create(team.admin, {
      title: 'Beratung',
      productType: 'service',
      priceMinor: 8000,
      qtyInStock: 2,
    });
    expect(service.body.product.variants[0]).toMatchObject({ unlimited: false, qtyInStock: 2 });

    const coffee = await create(team.admin, {
      title: 'Kaffee-Abo',
      productType: 'physical',
      priceMinor: 1990,
      unlimited: true,
      options: [{ name: 'Mahlgrad', values: ['Ganze Bohne', 'Filter'] }],
      subscription: {
        plans: [
          { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
          { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 },
        ],
      },
      addButtonText: 'Abo abschließen',
      merchandising: {
        customSoldOutText: 'Gerade geröstet, bald wieder da',
        scarcityEnabled: true,
        scarcityText: 'Nur noch {qty}!',
      },
    });
    expect(coffee.status).toBe(201);
    const page = await productPage(coffee.body.product.urlId);
    expect(page.item.structuredContent).toMatchObject({
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
      productSubscriptionOptions: [
        { id: '1-month-12', billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
        { id: '2-week-0', billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 },
      ],
      useCustomAddButtonText: true,
      customAddButtonText: 'Abo abschließen',
    });
    const stored = await storage.items.findById(site.id, coffee.body.product.id);
    expect(stored?.product?.merchandising).toMatchObject({
      customSoldOutText: 'Gerade geröstet, bald wieder da',
      scarcityEnabled: true,
    });

    // null gives the default button text back and ends the subscription; other settings stay.
    const plain = await team.admin.patch(`${base}/products/${coffee.body.product.id}`, {
      addButtonText: null,
      subscription: null,
    });
    expect(plain.body.product).toMatchObject({ addButtonText: null, subscription: null });
    expect(plain.body.product.merchandising.customSoldOutText).toBe('Gerade geröstet, bald wieder da');
    const gift = await team.admin.patch(`${base}/products/${coffee.body.product.id}`, {
      productType: 'giftCard',
      giftCardAmountsMinor: [1000],
      subscription: { plans: [{ billingPeriod: { value: 1, unit: 'YEAR' }, numBillingCycles: 1 }] },
    });
    expect(gift.body.error.fields.subscription).toBe(catalogMessages.subscriptionNotForGiftCards);
  });

  it('R4.7.6 R4.7.9 prices and sale prices in minor units per variant; the shop marks the sale', async () => {
    const product = (
      await create(team.admin, { title: 'Schal', productType: 'physical', priceMinor: 3000, qtyInStock: 5 })
    ).body.product;
    const sale = await team.admin.patch(`${base}/products/${product.id}`, {
      onSale: true,
      salePriceMinor: 2400,
    });
    expect(sale.body.product).toMatchObject({ onSale: true, priceMinor: { from: 2400, to: 2400 } });
    const page = await productPage('schal');
    expect(page.item.structuredContent.variants[0]).toMatchObject({
      onSale: true,
      salePrice: 2400,
      price: 3000,
    });
    expect(page.item.markText).toBe('Angebot');
  });

  it('lists with search and paging; viewers may read, editors without shop rights may not', async () => {
    const found = await team.viewer.get(`${base}/products?q=shirt`);
    expect(found.status).toBe(200);
    expect(found.body.products.map((p: { title: string }) => p.title)).toEqual(['T-Shirt']);
    const bySku = await team.viewer.get(`${base}/products?q=pulli-m-bl`);
    expect(bySku.body.products.map((p: { title: string }) => p.title)).toEqual(['Pulli']);
    const page = await team.viewer.get(`${base}/products?limit=2&offset=1`);
    expect(page.body.products).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(4);
    expect(page.body).toMatchObject({ limit: 2, offset: 1 });

    expect((await team.editor.get(`${base}/products`)).status).toBe(403);
    expect((await team.viewer.post(`${base}/products`, { ...shirtBody, collectionId: shop.id })).status).toBe(
      403,
    );
    expect((await team.billing.get(`${base}/products`)).body.error.message).toBe(
      adminMessages.permissionDenied,
    );
    expect((await team.outsider.get(`${base}/products`)).status).toBe(404);
    expect((await new Browser(app).get(`${base}/products`)).status).toBe(401);
  });

  it('deletes a product; the shop no longer shows it; no one reaches it through another website', async () => {
    const product = (
      await create(team.websiteManager, { title: 'Kerze', productType: 'physical', priceMinor: 800 })
    ).body.product;
    expect((await productPage('kerze')).status).toBe(200);
    // An admin of another website learns nothing, not even that this one exists.
    expect((await team.outsider.delete(`${base}/products/${product.id}`)).status).toBe(404);
    // Through their own website's id, the product is not theirs to see or change.
    const theirs = `/api/admin/sites/${team.outsiderSiteId}/products/${product.id}`;
    expect((await team.outsider.get(theirs)).status).toBe(404);
    expect((await team.outsider.patch(theirs, { priceMinor: 1 })).status).toBe(404);
    expect((await team.outsider.delete(theirs)).status).toBe(404);
    expect((await team.viewer.delete(`${base}/products/${product.id}`)).status).toBe(403);
    expect((await team.storeManager.delete(`${base}/products/${product.id}`)).body).toEqual({
      deleted: true,
    });
    expect((await productPage('kerze')).status).toBe(404);
    expect((await team.storeManager.get(`${base}/products/${product.id}`)).status).toBe(404);
  });

  it('R4.7.1 inventory: inline stock needs the value last seen; a sale in between gives 409 with the current value', async () => {
    const product = (
      await create(team.admin, { title: 'Becher', productType: 'physical', priceMinor: 900, qtyInStock: 4 })
    ).body.product;
    const listed = await team.viewer.get(`${base}/inventory?q=becher`);
    expect(listed.body.variants).toEqual([
      expect.objectContaining({ productTitle: 'Becher', sku: 'BECHER', unlimited: false, qtyInStock: 4 }),
    ]);
    const variantId = listed.body.variants[0].variantId;
    const url = `${base}/inventory/${variantId}`;

    expect(
      (await team.viewer.patch(url, { expected: { unlimited: false, qtyInStock: 4 }, qtyInStock: 9 })).status,
    ).toBe(403);
    const noExpected = await team.storeManager.patch(url, { qtyInStock: 9 });
    expect(noExpected.body.error.fields.expected).toBe(catalogMessages.expectedStockMissing);

    // A shopper buys one after the owner loaded the list.
    await storage.items.setStock(
      site.id,
      variantId,
      { unlimited: false, qtyInStock: 4 },
      { unlimited: false, qtyInStock: 3 },
    );
    const stale = await team.storeManager.patch(url, {
      expected: { unlimited: false, qtyInStock: 4 },
      qtyInStock: 10,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: { type: 'STOCK_CHANGED', message: catalogMessages.stockChanged },
      current: { unlimited: false, qtyInStock: 3 },
    });
    const fresh = await team.storeManager.patch(url, {
      expected: { unlimited: false, qtyInStock: 3 },
      qtyInStock: 0,
    });
    expect(fresh.body).toEqual({ variantId, unlimited: false, qtyInStock: 0 });
    expect((await productPage('becher')).item.markText).toBe('Ausverkauft');
    expect((await team.storeManager.get(`${base}/products/${product.id}`)).body.product.soldOut).toBe(true);

    const unlimited = await team.storeManager.patch(url, {
      expected: { unlimited: false, qtyInStock: 0 },
      unlimited: true,
    });
    expect(unlimited.body).toMatchObject({ unlimited: true });
    expect(
      (await team.outsider.patch(url, { expected: { unlimited: true, qtyInStock: 0 }, qtyInStock: 1 }))
        .status,
    ).toBe(404);
    const throughTheirSite = await team.outsider.patch(
      `/api/admin/sites/${team.outsiderSiteId}/inventory/${variantId}`,
      {
        expected: { unlimited: true, qtyInStock: 0 },
        qtyInStock: 1,
      },
    );
    expect(throughTheirSite.status).toBe(404);
    expect((await team.storeManager.get(`${base}/inventory?q=becher`)).body.variants[0]).toMatchObject({
      unlimited: true,
    });
    const unknown = await team.storeManager.patch(`${base}/inventory/gibt-es-nicht`, {
      expected: { unlimited: true, qtyInStock: 0 },
      qtyInStock: 1,
    });
    expect(unknown.status).toBe(404);
  });
});
