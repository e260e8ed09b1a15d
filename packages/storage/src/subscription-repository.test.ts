import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import type { NewSubscription } from './subscription-repository.js';
import { withTestDatabases } from './test-databases.js';

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherWebsiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Abo-Laden', hostnames: ['abo.test'] })).id;
    otherWebsiteId = (await storage.websites.create({ title: 'Anderer', hostnames: ['abo-anderer.test'] }))
      .id;
  });

  const coffee = (orderId: string, extra: Partial<NewSubscription> = {}): NewSubscription => ({
    orderId,
    itemId: 'kaffee',
    variantId: 'kaffee-500g',
    sku: 'KAFFEE-500',
    productName: 'Kaffee',
    quantity: 2,
    priceMinor: 1290,
    currency: 'EUR',
    billingPeriod: { unit: 'MONTH', value: 1 },
    numBillingCycles: 12,
    customerEmail: 'erika@example.de',
    startedAt: 1_700_000_000_000,
    nextBillingAt: 1_702_592_000_000,
    endsAt: 1_731_536_000_000,
    data: { paymentMethod: 'bank-transfer' },
    ...extra,
  });

  it('R3.8.1 stores plan, quantity, price and next billing date, and reads them back', async () => {
    const created = await storage.subscriptions.create(
      websiteId,
      coffee('order-1', { subscriptionOptionId: 'm1' }),
    );
    expect(created).toMatchObject({
      websiteId,
      orderId: 'order-1',
      sku: 'KAFFEE-500',
      quantity: 2,
      priceMinor: 1290,
      billingPeriod: { unit: 'MONTH', value: 1 },
      numBillingCycles: 12,
      billedCycles: 1,
      status: 'ACTIVE',
      nextBillingAt: 1_702_592_000_000,
      endsAt: 1_731_536_000_000,
      subscriptionOptionId: 'm1',
      data: { paymentMethod: 'bank-transfer' },
    });
    expect(await storage.subscriptions.findById(websiteId, created.id)).toEqual(created);
    expect(await storage.subscriptions.findByOrder(websiteId, 'order-1')).toEqual(created);
    expect(await storage.subscriptions.findById(otherWebsiteId, created.id)).toBeUndefined();
  });

  it('R3.8.1 an unlimited plan has no end; one order starts at most one subscription', async () => {
    const open = await storage.subscriptions.create(
      websiteId,
      coffee('order-2', {
        numBillingCycles: 0,
        endsAt: undefined,
        billingPeriod: { unit: 'WEEK', value: 2 },
      }),
    );
    expect(open.numBillingCycles).toBe(0);
    expect(open.endsAt).toBeUndefined();
    expect(open.billingPeriod).toEqual({ unit: 'WEEK', value: 2 });
    const again = await storage.subscriptions.create(websiteId, coffee('order-2', { quantity: 9 }));
    expect(again).toEqual(open);
    const listed = await storage.subscriptions.listByWebsite(websiteId);
    expect(listed.filter((s) => s.orderId === 'order-2')).toHaveLength(1);
    expect(await storage.subscriptions.listByWebsite(otherWebsiteId)).toEqual([]);
  });

  it('refuses an unknown billing unit in the database itself', async () => {
    await expect(
      storage.subscriptions.create(
        websiteId,
        coffee('order-3', { billingPeriod: { unit: 'DAY' as 'WEEK', value: 1 } }),
      ),
    ).rejects.toThrow();
    expect(await storage.subscriptions.findByOrder(websiteId, 'order-3')).toBeUndefined();
  });
});
