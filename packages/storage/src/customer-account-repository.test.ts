import { beforeAll, expect, it } from 'vitest';
import { CustomerEmailTaken } from './customer-account-repository.js';
import type { Storage } from './open-storage.js';
import type { Order } from './order-repository.js';
import { withTestDatabases } from './test-databases.js';
import { CollectionType, type Item, ProductType } from './types.js';

const HOUR = 3_600_000;

withTestDatabases((db) => {
  let storage: Storage;
  let siteA: string;
  let siteB: string;
  let ebook: Item;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    siteA = (await storage.websites.create({ title: 'Laden A', hostnames: ['kunden-a.test'] })).id;
    siteB = (await storage.websites.create({ title: 'Laden B', hostnames: ['kunden-b.test'] })).id;
    const shop = await storage.collections.create(siteA, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
    ebook = await storage.items.create(siteA, {
      collectionId: shop.id,
      urlId: 'ebook',
      title: 'E-Book',
      product: {
        productType: ProductType.DIGITAL,
        variants: [{ sku: 'KUNDE-EBOOK', priceMinor: 999, unlimited: true }],
      },
    });
  });

  async function placeOrder(email: string, paid = true): Promise<Order> {
    const cart = await storage.carts.create(siteA, 'EUR');
    const result = await storage.orders.place(siteA, {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: email,
      data: {
        shippingAddress: { firstName: 'Erika', lastName: 'Muster', line1: 'Weg 1' },
        payment: { method: 'test', status: paid ? 'PAID' : 'PENDING' },
      },
      subtotalMinor: 999,
      taxMinor: 0,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor: 999,
      items: [
        {
          itemId: ebook.id,
          variantId: ebook.product!.variants[0].id,
          sku: 'KUNDE-EBOOK',
          productName: 'E-Book',
          quantity: 2,
          unitPriceMinor: 999,
          data: { productType: 2, downloadToken: `dl${Math.random().toString(36).slice(2)}` },
        },
      ],
      stock: [],
    });
    if (result.outcome !== 'placed') throw new Error(result.outcome);
    return result.order;
  }

  it('R6.1.2 keeps one account per website and email; the same email opens a separate account on another site', async () => {
    const a = await storage.customers.create(siteA, {
      email: ' Kim@Example.DE ',
      name: 'Kim',
      passwordHash: 'h1',
    });
    expect(a.email).toBe('kim@example.de');
    await expect(
      storage.customers.create(siteA, { email: 'kim@example.de', name: 'Kim 2', passwordHash: 'h2' }),
    ).rejects.toBeInstanceOf(CustomerEmailTaken);
    const b = await storage.customers.create(siteB, {
      email: 'kim@example.de',
      name: 'Kim B',
      passwordHash: 'h3',
    });
    expect(b.id).not.toBe(a.id);
    expect(await storage.customers.passwordHashOf(siteA, a.id)).toBe('h1');
    expect(await storage.customers.passwordHashOf(siteB, b.id)).toBe('h3');
    // An id of site A read through site B finds nothing.
    expect(await storage.customers.findById(siteB, a.id)).toBeUndefined();
  });

  it('R6.1.2 a session signs in on its own website only and ends when it expires', async () => {
    const c = await storage.customers.create(siteA, {
      email: 'sitzung@example.de',
      name: 'S',
      passwordHash: 'h',
    });
    const now = Date.now();
    const { token } = await storage.customers.startSession(siteA, c.id, { ttlMs: HOUR, now });
    expect((await storage.customers.findSession(siteA, token, now))?.customer.id).toBe(c.id);
    expect(await storage.customers.findSession(siteB, token, now)).toBeUndefined();
    expect(await storage.customers.findSession(siteA, token, now + 2 * HOUR)).toBeUndefined();
    await storage.customers.endSession(siteA, token);
    expect(await storage.customers.findSession(siteA, token, now)).toBeUndefined();
  });

  it('email links work once, before they expire, for their purpose and website only', async () => {
    const c = await storage.customers.create(siteA, {
      email: 'link@example.de',
      name: 'L',
      passwordHash: 'h',
    });
    const now = Date.now();
    const token = await storage.customers.issueToken(siteA, c.id, 'reset', { ttlMs: HOUR, now });
    expect(await storage.customers.useToken(siteB, 'reset', token, now)).toBeUndefined();
    expect(await storage.customers.useToken(siteA, 'verify', token, now)).toBeUndefined();
    expect(await storage.customers.useToken(siteA, 'reset', token, now)).toBe(c.id);
    expect(await storage.customers.useToken(siteA, 'reset', token, now)).toBeUndefined();

    const late = await storage.customers.issueToken(siteA, c.id, 'verify', { ttlMs: HOUR, now });
    expect(await storage.customers.useToken(siteA, 'verify', late, now + HOUR + 1)).toBeUndefined();
    // A newer link replaces the older one.
    const first = await storage.customers.issueToken(siteA, c.id, 'verify', { ttlMs: HOUR, now });
    const second = await storage.customers.issueToken(siteA, c.id, 'verify', { ttlMs: HOUR, now });
    expect(await storage.customers.useToken(siteA, 'verify', first, now)).toBeUndefined();
    expect(await storage.customers.useToken(siteA, 'verify', second, now)).toBe(c.id);
  });

  it('claims guest orders of the same email once, lists them and their downloads, never another customer’s', async () => {
    const buyer = await storage.customers.create(siteA, {
      email: 'kaeuferin@example.de',
      name: 'K',
      passwordHash: 'h',
    });
    const other = await storage.customers.create(siteA, {
      email: 'andere@example.de',
      name: 'A',
      passwordHash: 'h',
    });
    const paid = await placeOrder('Kaeuferin@example.de');
    const unpaid = await placeOrder('kaeuferin@example.de', false);
    await placeOrder('andere@example.de');
    expect(await storage.customers.claimOrders(siteA, buyer.id, buyer.email)).toBe(2);
    expect(await storage.customers.claimOrders(siteA, buyer.id, buyer.email)).toBe(0);
    const orders = await storage.customers.listOrders(siteA, buyer.id);
    expect(orders.map((o) => o.orderNumber).sort()).toEqual([paid.orderNumber, unpaid.orderNumber].sort());
    expect(orders[0]).toMatchObject({ itemCount: 2, grandTotalMinor: 999, currency: 'EUR', status: 'open' });
    expect(await storage.customers.ownsOrder(siteA, buyer.id, paid.id)).toBe(true);
    expect(await storage.customers.ownsOrder(siteA, other.id, paid.id)).toBe(false);
    expect(await storage.customers.listOrders(siteA, other.id)).toEqual([]);
    expect(await storage.customers.listOrders(siteB, buyer.id)).toEqual([]);
    const downloads = await storage.customers.listDownloads(siteA, buyer.id);
    expect(downloads.map((d) => [d.orderNumber, d.paid]).sort()).toEqual(
      [
        [paid.orderNumber, true],
        [unpaid.orderNumber, false],
      ].sort(),
    );
  });

  it('cancelling a subscription stops its future cycles; another customer cannot cancel it', async () => {
    const subscriber = await storage.customers.create(siteA, {
      email: 'abo@example.de',
      name: 'A',
      passwordHash: 'h',
    });
    const stranger = await storage.customers.create(siteA, {
      email: 'fremd@example.de',
      name: 'F',
      passwordHash: 'h',
    });
    const order = await placeOrder('abo@example.de');
    const now = Date.now();
    const subscription = await storage.subscriptions.create(siteA, {
      orderId: order.id,
      itemId: ebook.id,
      sku: 'KUNDE-EBOOK',
      productName: 'Kaffee-Abo',
      quantity: 1,
      priceMinor: 999,
      currency: 'EUR',
      billingPeriod: { unit: 'MONTH', value: 1 },
      numBillingCycles: 0,
      customerEmail: 'abo@example.de',
      startedAt: now,
      nextBillingAt: now + 30 * 24 * HOUR,
    });
    await storage.customers.claimOrders(siteA, subscriber.id, subscriber.email);
    expect(await storage.customers.subscriptionIdsOf(siteA, subscriber.id)).toEqual([subscription.id]);
    expect(await storage.customers.subscriptionIdsOf(siteA, stranger.id)).toEqual([]);
    expect(await storage.customers.cancelSubscription(siteA, stranger.id, subscription.id)).toBe('not-found');
    expect(await storage.customers.cancelSubscription(siteA, subscriber.id, subscription.id)).toBe(
      'cancelled',
    );
    const cancelled = await storage.subscriptions.findById(siteA, subscription.id);
    expect(cancelled?.status).toBe('CANCELLED');
    expect(cancelled?.nextBillingAt).toBeUndefined();
    expect(await storage.customers.cancelSubscription(siteA, subscriber.id, subscription.id)).toBe(
      'not-active',
    );
  });

  it('keeps addresses per customer with one default', async () => {
    const c = await storage.customers.create(siteA, {
      email: 'adressen@example.de',
      name: 'A',
      passwordHash: 'h',
    });
    const other = await storage.customers.create(siteA, {
      email: 'nachbar@example.de',
      name: 'N',
      passwordHash: 'h',
    });
    const home = await storage.customers.addAddress(siteA, c.id, { line1: 'Heimweg 1', city: 'Berlin' });
    const work = await storage.customers.addAddress(siteA, c.id, { line1: 'Büroweg 2', city: 'Köln' });
    expect(home.isDefault).toBe(true);
    expect(work.isDefault).toBe(false);
    expect(await storage.customers.makeDefaultAddress(siteA, other.id, work.id)).toBe(false);
    expect(await storage.customers.removeAddress(siteA, other.id, home.id)).toBe(false);
    expect(await storage.customers.listAddresses(siteA, other.id)).toEqual([]);
    expect(await storage.customers.makeDefaultAddress(siteA, c.id, work.id)).toBe(true);
    expect((await storage.customers.listAddresses(siteA, c.id)).map((a) => [a.id, a.isDefault])).toEqual([
      [work.id, true],
      [home.id, false],
    ]);
    expect(await storage.customers.removeAddress(siteA, c.id, work.id)).toBe(true);
    expect(await storage.customers.listAddresses(siteA, c.id)).toMatchObject([
      { id: home.id, isDefault: true },
    ]);
  });

  it('restock notices and the newsletter are the customer’s by email', async () => {
    const email = 'wartend@example.de';
    const signup = await storage.restockSignups.signUp(siteA, {
      productId: ebook.id,
      variantId: ebook.product!.variants[0].id,
      email: 'Wartend@example.de',
    });
    await storage.restockSignups.signUp(siteA, {
      productId: ebook.id,
      variantId: 'x',
      email: 'sonst@example.de',
    });
    expect((await storage.customers.listRestockNotices(siteA, email)).map((n) => n.id)).toEqual([signup.id]);
    expect(await storage.customers.removeRestockNotice(siteA, 'sonst@example.de', signup.id)).toBe(false);
    expect(await storage.customers.removeRestockNotice(siteA, email, signup.id)).toBe(true);
    expect(await storage.customers.listRestockNotices(siteA, email)).toEqual([]);

    expect(await storage.customers.newsletterStatus(siteA, email)).toBe('none');
    await storage.customers.setNewsletter(siteA, email, true);
    expect(await storage.customers.newsletterStatus(siteA, email)).toBe('confirmed');
    expect(await storage.customers.newsletterStatus(siteB, email)).toBe('none');
    await storage.customers.setNewsletter(siteA, email, false);
    expect(await storage.customers.newsletterStatus(siteA, email)).toBe('none');
    await storage.customers.setNewsletter(siteA, email, true);
    expect(await storage.customers.newsletterStatus(siteA, email)).toBe('confirmed');
  });

  it('erasing an account removes personal data and keeps its orders anonymised', async () => {
    const c = await storage.customers.create(siteA, {
      email: 'weg@example.de',
      name: 'Weg',
      passwordHash: 'h',
    });
    const order = await placeOrder('weg@example.de');
    await storage.customers.claimOrders(siteA, c.id, c.email);
    await storage.customers.addAddress(siteA, c.id, { line1: 'Geheimweg 9' });
    const { token } = await storage.customers.startSession(siteA, c.id, { ttlMs: HOUR });
    await storage.customers.setNewsletter(siteA, c.email, true);
    await storage.restockSignups.signUp(siteA, { productId: ebook.id, variantId: 'v', email: c.email });

    expect(await storage.customers.erase(siteA, c.id)).toBe(true);
    expect(await storage.customers.findById(siteA, c.id)).toBeUndefined();
    expect(await storage.customers.findSession(siteA, token)).toBeUndefined();
    expect(await storage.customers.listAddresses(siteA, c.id)).toEqual([]);
    expect(await storage.customers.newsletterStatus(siteA, c.email)).toBe('none');
    expect(await storage.customers.listRestockNotices(siteA, c.email)).toEqual([]);
    const kept = await storage.orders.findById(siteA, order.id);
    expect(kept?.grandTotalMinor).toBe(999);
    expect(kept?.customerEmail).toBeUndefined();
    expect(kept?.data.shippingAddress).toBeNull();
    expect(JSON.stringify(kept)).not.toContain('Erika');
    // The freed address can open a new account, which does not get the anonymised order back.
    const again = await storage.customers.create(siteA, {
      email: 'weg@example.de',
      name: 'Neu',
      passwordHash: 'h',
    });
    expect(await storage.customers.claimOrders(siteA, again.id, again.email)).toBe(0);
  });
});
