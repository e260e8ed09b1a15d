import type { Item, Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';
import { InMemoryRateLimiter } from '../rate-limit.js';
import { addBillingPeriods } from './subscription-schedule.js';

const SUBSCRIBE = '/api/3/commerce/cart/subscription';
const CHECKOUT = '/api/commerce/checkout/subscribe';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let coffee: Item;
  let magazine: Item;
  let engraved: Item;
  const host = 'abo.test';

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, host);
    const collectionId = shop.mug.collectionId;
    coffee = await storage.items.create(shop.websiteId, {
      collectionId,
      urlId: 'kaffee-abo',
      title: 'Kaffee <Bohnen> & Co',
      product: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'MONTH', value: 1 }, numBillingCycles: 12 },
        productSubscriptionOptions: [
          { id: 'alle-2-wochen', billingPeriod: { unit: 'WEEK', value: 2 }, numBillingCycles: 0 },
        ],
        variants: [
          {
            sku: 'KAFFEE-250',
            attributes: { Größe: '250 g' },
            priceMinor: 890,
            qtyInStock: 20,
            weightGrams: 250,
          },
          {
            sku: 'KAFFEE-500',
            attributes: { Größe: '500 g' },
            priceMinor: 1590,
            qtyInStock: 1,
            weightGrams: 500,
          },
        ],
      },
    });
    magazine = await storage.items.create(shop.websiteId, {
      collectionId,
      urlId: 'magazin-abo',
      title: 'Magazin',
      product: {
        productType: 2,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'YEAR', value: 1 }, numBillingCycles: 1 },
        variants: [{ sku: 'MAGAZIN', priceMinor: 4900, unlimited: true }],
      },
    });
    engraved = await storage.items.create(shop.websiteId, {
      collectionId,
      urlId: 'gravur-abo',
      title: 'Gravur-Abo',
      product: {
        productType: 2,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'MONTH', value: 1 }, numBillingCycles: 0 },
        additionalFieldsForm: {
          id: 'gravur',
          name: 'Gravur',
          fields: [{ id: 'text', type: 'text', title: 'Text', required: true }],
        },
        variants: [{ sku: 'GRAVUR', priceMinor: 500, unlimited: true }],
      },
    });
    // The test card pays in these tests: the server runs in test mode, as with NODE_ENV other than production.
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const visitor = () => new Visitor(app, host).start();
  const stockOf = async (itemId: string, sku: string) => {
    const item = await storage.items.findById(shop.websiteId, itemId);
    return item!.product!.variants.find((v) => v.sku === sku)!.qtyInStock;
  };
  const startCart = async (v: Visitor, body: Record<string, unknown>) => {
    const res = await v.request('POST', SUBSCRIBE, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.cartToken as string;
  };
  const subscribe = (v: Visitor, cartToken: string, body: Record<string, unknown> = {}) =>
    v.request('POST', CHECKOUT, {
      cartToken,
      email: 'erika@example.de',
      shippingAddress: germanAddress,
      paymentMethod: 'bank-transfer',
      ...body,
    });
  const formPost = (v: Visitor, url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        host,
        cookie: [...v.cookies].map(([k, value]) => `${k}=${value}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it('R7.1.4 takes null for the fields a client has no value for, and additionalFields as text or object', async () => {
    const v = await visitor();
    const token = await startCart(v, {
      itemId: coffee.id,
      sku: 'KAFFEE-250',
      variantId: null,
      qty: null,
      additionalFields: null,
      subscriptionOptionId: null,
    });
    const cart = await storage.carts.find(shop.websiteId, token);
    // qty null is the subscription's default of one; no option chosen is the product's own plan.
    expect(cart!.entries[0]).toMatchObject({ sku: 'KAFFEE-250', quantity: 1 });
    expect(cart!.entries[0]!.additionalFields).toBeUndefined();
    expect(cart!.entries[0]!.subscriptionOptionId).toBeUndefined();
    const answered = await startCart(v, {
      itemId: engraved.id,
      sku: null,
      additionalFields: { text: 'Anna' },
    });
    const engravedCart = await storage.carts.find(shop.websiteId, answered);
    expect(engravedCart!.entries[0]!.additionalFields).toBe('{"text":"Anna"}');
    const refused = await v.request('POST', SUBSCRIBE, { itemId: coffee.id, additionalFields: 3 });
    expect(refused.statusCode).toBe(400);
  });

  it('R7.1.4 R3.3.2 R3.3.3 R7.1.5 R2.1.8 the subscribe call answers data.cartToken and the checkout page opens for it', async () => {
    const v = await visitor();
    const res = await v.request('POST', SUBSCRIBE, {
      itemId: coffee.id,
      sku: 'KAFFEE-250',
      qty: 2,
      subscriptionOptionId: 'alle-2-wochen',
    });
    expect(res.statusCode).toBe(200);
    const { cartToken } = res.json().data;
    expect(cartToken).toMatch(/^[0-9a-f]{24}$/);

    const page = await v.request('GET', `/checkout/subscribe?cartToken=${cartToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-page-type="201"');
    expect(page.body).toContain('Abonnement abschließen');
    // Shop texts are escaped, never markup.
    expect(page.body).toContain('Kaffee &lt;Bohnen&gt; &amp; Co');
    expect(page.body).not.toContain('<Bohnen>');
    expect(page.body).toContain('alle 2 Wochen, bis du kündigst');
    expect(page.body).toContain('action="/api/commerce/checkout/subscribe"');
    expect(page.body).toContain(`name="cartToken" value="${cartToken}"`);
    expect(page.body).toContain(`name="crumb" value="${v.crumb}"`);

    const json = (await v.request('GET', `/checkout/subscribe?cartToken=${cartToken}&format=json`)).json();
    expect(json).toMatchObject({
      pageType: 201,
      cartToken,
      requiresShipping: true,
      subscription: {
        sku: 'KAFFEE-250',
        quantity: 2,
        priceCents: 890,
        billingPeriod: { unit: 'WEEK', value: 2 },
        numBillingCycles: 0,
        subscriptionOptionId: 'alle-2-wochen',
      },
    });
    expect(json.grandTotalCents).toBe(1780 + json.shippingCostCents);
  });

  it('a signed-in customer finds email and default saved address filled in; a guest finds empty fields', async () => {
    const customer = await visitor();
    const signUp = await customer.form('/account/registrieren', {
      name: 'Abo Kundin',
      email: 'abo-kundin@example.de',
      password: 'sicheres-passwort-1',
    });
    expect(signUp.statusCode).toBe(303);
    // The sign-up mail's link makes the account and signs in (security review #18).
    const [mail] = await storage.outbox.listByWebsite(shop.websiteId, { kind: 'customer-verification' });
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    await customer.request('GET', `${link.pathname}${link.search}`);
    await customer.request('POST', '/account/adressen', { ...germanAddress, line1: 'Erste Straße 1' });
    const second = await customer.request('POST', '/account/adressen', {
      ...germanAddress,
      line1: 'Am "Bach" 7',
      city: 'Köln',
    });
    await customer.request('POST', `/account/adressen/${second.json().address.id}/standard`, {});

    const cartToken = await startCart(customer, { itemId: coffee.id, sku: 'KAFFEE-250' });
    const page = (await customer.request('GET', `/checkout/subscribe?cartToken=${cartToken}`)).body;
    expect(page).toContain('name="email" type="email" value="abo-kundin@example.de"');
    // The default address, escaped like every value on the page.
    expect(page).toContain('name="line1" type="text" value="Am &quot;Bach&quot; 7"');
    expect(page).toContain('name="city" type="text" value="Köln"');
    expect(page).not.toContain('Erste Straße 1');
    const json = (
      await customer.request('GET', `/checkout/subscribe?cartToken=${cartToken}&format=json`)
    ).json();
    expect(json.prefill).toMatchObject({
      email: 'abo-kundin@example.de',
      line1: 'Am "Bach" 7',
      city: 'Köln',
    });

    const guest = await visitor();
    const guestToken = await startCart(guest, { itemId: coffee.id, sku: 'KAFFEE-250' });
    const guestPage = (await guest.request('GET', `/checkout/subscribe?cartToken=${guestToken}`)).body;
    expect(guestPage).toContain('name="email" type="email" required');
    expect(guestPage).toContain('name="country" value="DE"');
    // Another customer's checkout link opened by the guest shows nothing of hers.
    const borrowed = (await guest.request('GET', `/checkout/subscribe?cartToken=${cartToken}`)).body;
    expect(borrowed).not.toContain('abo-kundin@example.de');
  });

  it('R6.3.1 a subscription goes its own way: the visitor’s shopping cart stays as it was', async () => {
    const v = await visitor();
    await v.add(shop.mug.id, `${host}-TASSE`, 1);
    await startCart(v, { itemId: coffee.id, sku: 'KAFFEE-250', qty: 1 });
    const cart = (await v.request('GET', '/api/commerce/shopping-cart')).json();
    expect(cart.totalQuantity).toBe(1);
    expect(cart.entries.map((e: { chosenVariant: { sku: string } }) => e.chosenVariant.sku)).toEqual([
      `${host}-TASSE`,
    ]);
  });

  it('R1.2.4 R3.8.1 buying places the first order and records the subscription with its plan and next billing date', async () => {
    const before = await stockOf(coffee.id, 'KAFFEE-250');
    const v = await visitor();
    const cartToken = await startCart(v, { itemId: coffee.id, sku: 'KAFFEE-250', qty: 3 });
    const started = Date.now();
    const res = await subscribe(v, cartToken);
    expect(res.statusCode, res.body).toBe(201);
    const { order, subscription } = res.json();
    expect(order).toMatchObject({
      orderNumber: expect.any(Number),
      customerEmail: 'erika@example.de',
      paymentMethod: 'bank-transfer',
      items: [expect.objectContaining({ sku: 'KAFFEE-250', quantity: 3, unitPriceCents: 890 })],
      subtotalCents: 2670,
    });
    expect(subscription).toMatchObject({
      orderId: order.id,
      status: 'ACTIVE',
      sku: 'KAFFEE-250',
      quantity: 3,
      priceCents: 890,
      billingPeriod: { unit: 'MONTH', value: 1 },
      numBillingCycles: 12,
      billedCycles: 1,
      planText: 'jeden Monat, 12 Monate lang',
      subscriptionOptionId: null,
    });
    expect(subscription.startedAt).toBeGreaterThanOrEqual(started);
    expect(subscription.nextBillingAt).toBe(
      addBillingPeriods(subscription.startedAt, { unit: 'MONTH', value: 1 }),
    );
    expect(subscription.endsAt).toBe(
      addBillingPeriods(subscription.startedAt, { unit: 'MONTH', value: 1 }, 12),
    );
    expect(subscription.nextBillingText).toMatch(/^\d{1,2}\. \p{L}+ \d{4}$/u);
    // The first period's goods leave the stock.
    expect(await stockOf(coffee.id, 'KAFFEE-250')).toBe(before - 3);

    const stored = await storage.subscriptions.findByOrder(shop.websiteId, order.id);
    expect(stored).toMatchObject({
      websiteId: shop.websiteId,
      itemId: coffee.id,
      customerEmail: 'erika@example.de',
      data: { paymentMethod: 'bank-transfer', shippingAddress: germanAddress },
    });

    // A repeated submit answers with the same order and subscription; nothing is bought twice.
    const again = await subscribe(v, cartToken, { email: 'anders@example.de' });
    expect(again.statusCode).toBe(201);
    expect(again.json().order.id).toBe(order.id);
    expect(again.json().subscription.id).toBe(subscription.id);
    expect(await stockOf(coffee.id, 'KAFFEE-250')).toBe(before - 3);
    const all = await storage.subscriptions.listByWebsite(shop.websiteId);
    expect(all.filter((s) => s.orderId === order.id)).toHaveLength(1);

    // The checkout page of a bought subscription leads to its confirmation.
    const page = await v.request('GET', `/checkout/subscribe?cartToken=${cartToken}`);
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/checkout/subscribe/bestaetigt?orderId=${order.id}`);
  });

  it('R2.3.1 the confirmation page is page type 206 and says the subscription is confirmed, in German', async () => {
    const v = await visitor();
    const cartToken = await startCart(v, {
      itemId: coffee.id,
      sku: 'KAFFEE-250',
      subscriptionOptionId: 'alle-2-wochen',
    });
    const { order, subscription } = (await subscribe(v, cartToken)).json();
    const page = await v.request('GET', `/checkout/subscribe/bestaetigt?orderId=${order.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-page-type="206"');
    expect(page.body).toContain('Abonnement bestätigt');
    expect(page.body).toContain(`Bestellnummer: ${order.orderNumber}`);
    expect(page.body).toContain(`Nächste Abrechnung am ${subscription.nextBillingText}.`);
    expect(page.body).toContain('alle 2 Wochen, bis du kündigst');
    const json = (
      await v.request('GET', `/checkout/subscribe/bestaetigt?orderId=${order.id}&format=json`)
    ).json();
    expect(json).toMatchObject({
      pageType: 206,
      title: 'Abonnement bestätigt',
      subscription: { id: subscription.id },
    });

    for (const orderId of ['0000000000000000deadbeef', '']) {
      const missing = await v.request('GET', `/checkout/subscribe/bestaetigt?orderId=${orderId}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('Dieses Abonnement wurde nicht gefunden.');
    }
    // An ordinary order has no subscription confirmation.
    await v.add(shop.ebook.id, `${host}-EBOOK`);
    const plain = (await v.checkout({ shippingAddress: undefined })).json().order;
    expect((await v.request('GET', `/checkout/subscribe/bestaetigt?orderId=${plain.id}`)).statusCode).toBe(
      404,
    );
  });

  it('R1.2.4 a one-year digital plan needs no address, bills no more and ends after a year; a plain form post is redirected', async () => {
    const v = await visitor();
    const cartToken = await startCart(v, { itemId: magazine.id });
    const page = (await v.request('GET', `/checkout/subscribe?cartToken=${cartToken}`)).body;
    expect(page).not.toContain('name="postalCode"');
    const res = await formPost(v, CHECKOUT, {
      cartToken,
      crumb: v.crumb!,
      email: 'leserin@example.de',
      paymentMethod: 'test-card',
      cardNumber: '4242 4242 4242 4242',
    });
    expect(res.statusCode, res.body).toBe(303);
    const orderId = new URL(res.headers.location as string, 'http://x').searchParams.get('orderId')!;
    const subscription = await storage.subscriptions.findByOrder(shop.websiteId, orderId);
    expect(subscription).toMatchObject({
      quantity: 1,
      billingPeriod: { unit: 'YEAR', value: 1 },
      numBillingCycles: 1,
      status: 'ACTIVE',
      customerEmail: 'leserin@example.de',
    });
    expect(subscription!.nextBillingAt).toBeUndefined();
    expect(subscription!.endsAt).toBe(addBillingPeriods(subscription!.startedAt, { unit: 'YEAR', value: 1 }));
    const confirmation = await v.request('GET', res.headers.location as string);
    expect(confirmation.body).toContain('Mit dieser Zahlung ist dein Abonnement vollständig bezahlt.');
  });

  it('R5.1.9 R5.1.8 R8.1.10 R5.1.7 R8.1.9 the quantity must be a whole number for subscriptions too', async () => {
    const v = await visitor();
    const half = await v.request('POST', SUBSCRIBE, { itemId: coffee.id, sku: 'KAFFEE-250', qty: 1.5 });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({
      error: { type: 'SUB_QUANTITY_NOT_A_WHOLE_NUMBER', message: 'Die Menge muss eine ganze Zahl sein' },
    });
    const word = await v.request('POST', SUBSCRIBE, { itemId: coffee.id, sku: 'KAFFEE-250', qty: 'zwei' });
    expect(word.statusCode).toBe(400);
    expect(word.json()).toEqual({
      error: { type: 'QUANTITY_NOT_A_NUMBER', message: 'Anzahl muss eine Zahl sein.' },
    });
    const text = await v.request('POST', SUBSCRIBE, { itemId: coffee.id, sku: 'KAFFEE-250', qty: '2.5' });
    expect(text.json().error.type).toBe('SUB_QUANTITY_NOT_A_WHOLE_NUMBER');
  });

  it('R5.2.13 a subscription needs no quantity: without one it is 1', async () => {
    const v = await visitor();
    const cartToken = await startCart(v, { itemId: coffee.id, sku: 'KAFFEE-500' });
    const json = (await v.request('GET', `/checkout/subscribe?cartToken=${cartToken}&format=json`)).json();
    expect(json.subscription.quantity).toBe(1);
  });

  it('R5.1.2 R5.1.5 R5.1.6 R8.1.7 R8.1.8 the shop’s variant and stock rules apply to the subscribe call', async () => {
    const v = await visitor();
    const noChoice = await v.request('POST', SUBSCRIBE, { itemId: coffee.id, qty: 1 });
    expect(noChoice.statusCode).toBe(400);
    expect(noChoice.json().error).toEqual({
      type: 'NO_VARIANT_SELECTED',
      message: 'Bitte wähle die Option Größe.',
    });
    const unknownSku = await v.request('POST', SUBSCRIBE, { itemId: coffee.id, sku: 'KAFFEE-1KG' });
    expect(unknownSku.json().error).toEqual({
      type: 'VARIANT_UNAVAILABLE',
      message: 'Diese Artikelvariante ist leider nicht verfügbar. Bitte eine andere Variante wählen.',
    });
    const unknownVariant = await v.request('POST', SUBSCRIBE, {
      itemId: coffee.id,
      variantId: 'gibt-es-nicht',
    });
    expect(unknownVariant.statusCode).toBe(400);
    expect(unknownVariant.json().error.type).toBe('VARIANT_UNAVAILABLE');
    const tooMany = await v.request('POST', SUBSCRIBE, { itemId: coffee.id, sku: 'KAFFEE-500', qty: 2 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toEqual({
      type: 'OUT_OF_STOCK',
      message: 'Leider sind derzeit nicht genügend Artikel verfügbar.',
    });
    // variantId picks the variant as well as sku does.
    const variant500 = coffee.product!.variants.find((x) => x.sku === 'KAFFEE-500')!;
    const byId = await startCart(v, { itemId: coffee.id, variantId: variant500.id });
    const json = (await v.request('GET', `/checkout/subscribe?cartToken=${byId}&format=json`)).json();
    expect(json.subscription.sku).toBe('KAFFEE-500');
  });

  it('R1.2.4 only subscribable products, known plans and filled product forms can be subscribed', async () => {
    const v = await visitor();
    const mug = await v.request('POST', SUBSCRIBE, { itemId: shop.mug.id, qty: 1 });
    expect(mug.statusCode).toBe(400);
    expect(mug.json().error).toEqual({
      type: 'NOT_SUBSCRIBABLE',
      message: 'Dieses Produkt kann nicht abonniert werden.',
    });
    const unknown = await v.request('POST', SUBSCRIBE, { itemId: 'gibt-es-nicht', qty: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.type).toBe('VARIANT_UNAVAILABLE');
    const option = await v.request('POST', SUBSCRIBE, {
      itemId: coffee.id,
      sku: 'KAFFEE-250',
      subscriptionOptionId: 'taeglich',
    });
    expect(option.statusCode).toBe(400);
    expect(option.json().error).toEqual({
      type: 'SUBSCRIPTION_OPTION_UNKNOWN',
      message: 'Diese Abo-Option gibt es für dieses Produkt nicht.',
    });
    const noForm = await v.request('POST', SUBSCRIBE, { itemId: engraved.id });
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json().error).toEqual({
      type: 'SUB_WITH_FORM_FAILURE',
      message: 'Bitte fülle zuerst das Formular zu diesem Produkt aus.',
    });
    const withForm = await v.request('POST', SUBSCRIBE, {
      itemId: engraved.id,
      additionalFields: { text: 'Für Oma' },
    });
    expect(withForm.statusCode).toBe(200);
    const bad = await v.request('POST', SUBSCRIBE, { itemId: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({ type: 'BAD_REQUEST', message: 'Die Anfrage ist ungültig.' });
  });

  it('R8.1.12 R8.1.13 the subscribe and checkout calls need the crumb', async () => {
    const v = await visitor();
    const cartToken = await startCart(v, { itemId: magazine.id });
    for (const [url, body] of [
      [SUBSCRIBE, { itemId: magazine.id }],
      [CHECKOUT, { cartToken, email: 'a@b.de', paymentMethod: 'bank-transfer' }],
    ] as const) {
      const forged = await v.request('POST', url, body, { crumb: 'falsch' });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error).toEqual({
        type: 'CRUMB_FAILED',
        message: 'Deine Sitzung ist abgelaufen. Bitte aktualisiere die Seite und versuche es erneut.',
      });
      const noCookies = await v.request('POST', url, body, { cookies: false, crumb: null });
      expect(noCookies.statusCode).toBe(403);
      expect(noCookies.json().error).toEqual({
        type: 'COOKIES_DISABLED',
        message: 'Bitte aktiviere Cookies in deinem Browser, aktualisiere die Seite und versuche es erneut.',
      });
    }
    expect(await storage.carts.find(shop.websiteId, cartToken)).toMatchObject({ isPurchased: false });
  });

  it('R2.1.8 a missing, unknown, foreign or expired cartToken gets a German 400 or 404, on the page and the API', async () => {
    const v = await visitor();
    const missing = await v.request('GET', '/checkout/subscribe');
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('Der Link zur Abo-Kasse ist unvollständig.');
    const unknown = await v.request('GET', '/checkout/subscribe?cartToken=0000000000000000deadbeef');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Dieser Link zur Abo-Kasse ist ungültig oder abgelaufen.');
    // An ordinary shopping cart is no subscription checkout.
    const cartId = (await v.add(shop.mug.id, `${host}-TASSE`)).json().shoppingCart.id;
    expect((await v.request('GET', `/checkout/subscribe?cartToken=${cartId}`)).statusCode).toBe(404);
    const api = await subscribe(v, cartId);
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toEqual({
      type: 'SUBSCRIPTION_TOKEN_UNKNOWN',
      message: 'Dieser Link zur Abo-Kasse ist ungültig oder abgelaufen. Bitte wähle das Abo erneut aus.',
    });
    const noToken = await v.request('POST', CHECKOUT, { email: 'a@b.de', paymentMethod: 'bank-transfer' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error.type).toBe('SUBSCRIPTION_TOKEN_MISSING');

    // A day later the token has expired.
    const cartToken = await startCart(v, { itemId: magazine.id });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    const expired = await v.request('GET', `/checkout/subscribe?cartToken=${cartToken}`);
    expect(expired.statusCode).toBe(404);
    const late = await subscribe(v, cartToken);
    expect(late.statusCode).toBe(404);
    expect(late.json().error.type).toBe('SUBSCRIPTION_TOKEN_UNKNOWN');
  });

  it('R5.6.1 R3.1.2 address, email and payment are checked like at the cart checkout; a refusal records nothing', async () => {
    const before = await stockOf(coffee.id, 'KAFFEE-250');
    const v = await visitor();
    const cartToken = await startCart(v, { itemId: coffee.id, sku: 'KAFFEE-250', qty: 2 });
    const noAddress = await subscribe(v, cartToken, { shippingAddress: undefined });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error).toMatchObject({
      type: 'INVALID_ADDRESS',
      fields: { city: 'Erforderlich' },
    });
    const email = await subscribe(v, cartToken, { email: 'erika' });
    expect(email.statusCode).toBe(400);
    expect(email.json().error.fields.email).toBeTruthy();
    const declined = await subscribe(v, cartToken, {
      paymentMethod: 'test-card',
      paymentDetails: { cardNumber: '4000000000000002' },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.type).toBe('PAYMENT_DECLINED');
    const method = await subscribe(v, cartToken, { paymentMethod: 'muscheln' });
    expect(method.json().error.type).toBe('PAYMENT_METHOD_UNKNOWN');
    expect(await stockOf(coffee.id, 'KAFFEE-250')).toBe(before);
    expect(await storage.carts.find(shop.websiteId, cartToken)).toMatchObject({ isPurchased: false });
    // Still open: the shopper fixes the input and subscribes.
    expect((await subscribe(v, cartToken)).statusCode).toBe(201);
  });

  it('WCAG 3.3.1 3.3.3 a refused subscription form comes back (422) with the values, the problems at their fields and "Fehler" in the title', async () => {
    const v = await visitor();
    const cartToken = await startCart(v, { itemId: coffee.id, sku: 'KAFFEE-250', qty: 1 });
    const res = await formPost(v, CHECKOUT, {
      cartToken,
      crumb: v.crumb!,
      email: 'gast@example',
      firstName: 'Erika',
      lastName: 'Muster',
      line1: 'Hauptstraße 1',
      postalCode: '1',
      city: 'Berlin',
      country: 'DE',
      paymentMethod: 'bank-transfer',
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/<title>Fehler: /);
    expect(res.body).toContain('value="gast@example"');
    expect(res.body).toContain('value="Erika"');
    for (const id of ['email', 'postalCode']) {
      expect(res.body).toContain(`aria-invalid="true" aria-describedby="${id}-fehler"`);
      expect(res.body).toContain(`<li><a href="#${id}">`);
    }
    expect(res.body).toMatch(/id="fehler" tabindex="-1" autofocus/);
    expect(await storage.carts.find(shop.websiteId, cartToken)).toMatchObject({ isPurchased: false });
  });

  describe('rate limit', () => {
    let limited: FastifyInstance;
    beforeAll(async () => {
      limited = await buildApp({
        storage,
        logLevel: 'silent',
        commerce: { rateLimiter: new InMemoryRateLimiter({ limit: 2, windowMs: 60_000 }) },
      });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it('R8.1.14 too many subscribe calls get 429 with the German wait text', async () => {
      const v = await new Visitor(limited, host).start();
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await v.request('POST', SUBSCRIBE, { itemId: magazine.id }));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
      expect(answers[2].json().error).toEqual({
        type: 'RATE_LIMITED',
        message: 'Bitte versuche es in einigen Sekunden erneut.',
      });
    });
  });
});
