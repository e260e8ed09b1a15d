import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from './test-shop.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'kasse.test');
    // The test card pays in these tests: the server runs in test mode, as with NODE_ENV other than production.
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = () => new Visitor(app, shop.hostname).start();
  const sku = (suffix: string) => `${shop.hostname}-${suffix}`;
  const stockOf = async (itemId: string, s: string) => {
    const item = await storage.items.findById(shop.websiteId, itemId);
    return item!.product!.variants.find((v) => v.sku === s)!.qtyInStock;
  };

  it('R3.1.2 places an order with number, items, unit prices and totals, and takes the stock', async () => {
    const before = await stockOf(shop.mug.id, sku('TASSE'));
    const v = await visitor();
    await v.add(shop.mug.id, sku('TASSE'), 2);
    await v.add(shop.ebook.id, sku('EBOOK'), 1);
    const res = await v.checkout({ couponCodes: ['ZEHN', 'QUATSCH'], shippingOptionId: 'express' });
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      orderNumber: expect.any(Number),
      websiteId: shop.websiteId,
      testMode: false,
      currency: 'EUR',
      customerEmail: 'erika@example.de',
      paymentMethod: 'bank-transfer',
      paymentStatus: 'AWAITING_PAYMENT',
      shippingOption: { id: 'express', costMinor: 990 },
    });
    expect(order.items).toEqual([
      expect.objectContaining({ sku: sku('TASSE'), productName: 'Tasse', quantity: 2, unitPriceCents: 1200 }),
      expect.objectContaining({
        sku: sku('EBOOK'),
        productName: 'E-Book',
        quantity: 1,
        unitPriceCents: 999,
        downloadUrl: expect.stringMatching(/^\/downloads\/[0-9a-f]{32}$/),
      }),
    ]);
    // 3399 goods, 10 % off = 339, plus 9,90 € express: 4050; VAT 19 % included: 4050 * 19 / 119 = 646.6
    expect(order.subtotalCents).toBe(3399);
    expect(order.discountTotalCents).toBe(339);
    expect(order.shippingTotalCents).toBe(990);
    expect(order.grandTotalCents).toBe(4050);
    expect(order.grandTotal).toEqual({ value: '40.50', currency: 'EUR' });
    expect(order.taxTotalCents).toBe(647);
    expect(await stockOf(shop.mug.id, sku('TASSE'))).toBe(before - 2);

    // The cart is purchased: reading it shows that, and a new add starts a fresh cart.
    const cart = (await v.request('GET', '/api/commerce/shopping-cart')).json();
    expect(cart).toMatchObject({ isPurchased: true, orderId: order.id });
    const fresh = (await v.add(shop.mug.id, sku('TASSE'))).json();
    expect(fresh.shoppingCart.id).not.toBe(cart.id);
  });

  it('R3.1.2 a repeated submit of one cart returns the same order and takes stock once', async () => {
    const before = await stockOf(shop.mug.id, sku('TASSE'));
    const v = await visitor();
    await v.add(shop.mug.id, sku('TASSE'), 1);
    const [a, b] = await Promise.all([v.checkout(), v.checkout()]);
    const c = await v.checkout({
      paymentMethod: 'test-card',
      paymentDetails: { cardNumber: '4000000000000002' },
    });
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(b.json().order.id).toBe(a.json().order.id);
    expect(c.json().order.id).toBe(a.json().order.id);
    expect(await stockOf(shop.mug.id, sku('TASSE'))).toBe(before - 1);
  });

  it('R3.1.2 the test card accepts 4242 4242 4242 4242 and declines others', async () => {
    const ok = await visitor();
    await ok.add(shop.ebook.id, sku('EBOOK'));
    const paid = await ok.checkout({
      shippingAddress: undefined,
      paymentMethod: 'test-card',
      paymentDetails: { cardNumber: '4242 4242 4242 4242' },
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().order).toMatchObject({ testMode: true, paymentStatus: 'PAID', shippingTotalCents: 0 });

    const declined = await visitor();
    await declined.add(shop.mug.id, sku('TASSE'));
    const before = await stockOf(shop.mug.id, sku('TASSE'));
    const res = await declined.checkout({
      paymentMethod: 'test-card',
      paymentDetails: { cardNumber: '4000000000000002' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.type).toBe('PAYMENT_DECLINED');
    expect(await stockOf(shop.mug.id, sku('TASSE'))).toBe(before);
    const unknown = await declined.checkout({ paymentMethod: 'bitcoin' });
    expect(unknown.json().error.type).toBe('PAYMENT_METHOD_UNKNOWN');
  });

  it('R5.6.1 validates the address with the country rules and names the fields in German', async () => {
    const v = await visitor();
    await v.add(shop.mug.id, sku('TASSE'));
    const res = await v.checkout({ shippingAddress: { ...germanAddress, postalCode: '1234', city: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      type: 'INVALID_ADDRESS',
      message: 'Bitte prüfe die Lieferadresse.',
      fields: { city: 'Erforderlich', postalCode: 'Die Postleitzahl muss aus fünf Ziffern bestehen.' },
    });
    const noAddress = await v.checkout({ shippingAddress: undefined });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error.type).toBe('INVALID_ADDRESS');
    const email = await v.checkout({ email: 'erika' });
    expect(email.json().error.type).toBe('INVALID_EMAIL');
    const austria = await v.checkout({
      shippingAddress: { ...germanAddress, country: 'AT', postalCode: '1010' },
    });
    expect(austria.statusCode).toBe(201);
    // §3c UStG: without OSS switched on, a consumer in Austria pays German VAT (19 %); Austrian VAT
    // applies only once the owner turns OSS on (vat.test.ts in commerce).
    const o = austria.json().order;
    expect(o.taxTotalCents).toBe(Math.floor((2 * o.grandTotalCents * 19 + 119) / 238));
  });

  it('R3.1.2 answers 409 with the not-enough-stock text when stock ran out meanwhile', async () => {
    const first = await visitor();
    const second = await visitor();
    await first.add(shop.service.id, sku('BERATUNG'), 1);
    await second.add(shop.service.id, sku('BERATUNG'), 1);
    expect((await first.checkout({ shippingAddress: undefined })).statusCode).toBe(201);
    const res = await second.checkout({ shippingAddress: undefined });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      type: 'OUT_OF_STOCK',
      message: 'Leider sind derzeit nicht genügend Artikel verfügbar.',
    });
    expect(await stockOf(shop.service.id, sku('BERATUNG'))).toBe(0);
    // The failed checkout left the cart open.
    expect((await second.request('GET', '/api/commerce/shopping-cart')).json().isPurchased).toBe(false);
  });

  it('checkout without a cart, with an empty cart or unknown shipping gets a German 4xx', async () => {
    const v = await visitor();
    const none = await v.checkout();
    expect(none.statusCode).toBe(404);
    expect(none.json().error.type).toBe('CART_NOT_FOUND');
    const entry = (await v.add(shop.mug.id, sku('TASSE'))).json().newlyAdded;
    const shipping = await v.checkout({ shippingOptionId: 'brieftaube' });
    expect(shipping.json().error.type).toBe('SHIPPING_OPTION_UNKNOWN');
    await v.request('DELETE', `/api/commerce/shopping-cart/entries/${entry.id}`);
    const empty = await v.checkout();
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual({ type: 'CART_EMPTY', message: 'Dein Warenkorb ist leer.' });
    const bad = await v.request('POST', '/api/commerce/checkout', { email: 5 });
    expect(bad.statusCode).toBe(400);
  });
});
