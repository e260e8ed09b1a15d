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

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Abo-Verzug', hostnames: ['abo-verzug.test'] })).id;
  });

  const due = (orderId: string, email: string): NewSubscription => ({
    orderId,
    itemId: 'tee',
    sku: 'TEE-100',
    productName: 'Tee',
    quantity: 1,
    priceMinor: 890,
    currency: 'EUR',
    billingPeriod: { unit: 'MONTH', value: 1 },
    numBillingCycles: 0,
    customerEmail: email,
    startedAt: 1_000,
    nextBillingAt: 2_000,
  });
  const claimOf = async (subscriptionId: string) => {
    const claims = await storage.subscriptions.claimDueRenewals({ now: 5_000, leaseMs: 60_000, limit: 1000 });
    return claims.find((c) => c.websiteId === websiteId && c.subscriptionId === subscriptionId)!;
  };

  it('a renewal whose money failed after its order was placed makes the subscription past due, once', async () => {
    const subscription = await storage.subscriptions.create(websiteId, due('tee-1', 'a@example.de'));
    const claim = await claimOf(subscription.id);
    expect(await storage.subscriptions.renewalPaid(claim, 'tee-renew-2', 9_000, 5_000)).toBe(true);
    expect(await storage.subscriptions.findRenewalByOrder(websiteId, 'tee-renew-2')).toMatchObject({
      subscriptionId: subscription.id,
      period: 2,
      status: 'paid',
    });
    expect(await storage.subscriptions.findRenewalByOrder(websiteId, 'tee-1')).toBeUndefined();

    const answers = await Promise.all([
      storage.subscriptions.renewalPaymentFailed(websiteId, 'tee-renew-2', 'insufficient_funds', 6_000),
      storage.subscriptions.renewalPaymentFailed(websiteId, 'tee-renew-2', 'insufficient_funds', 6_000),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect((await storage.subscriptions.findById(websiteId, subscription.id))!.status).toBe('PAST_DUE');
    const [renewal] = await storage.subscriptions.listRenewals(websiteId, subscription.id);
    expect(renewal).toMatchObject({ status: 'failed', lastError: 'insufficient_funds' });
    // Past due: no new period is made or claimed for it.
    expect(
      (await storage.subscriptions.claimDueRenewals({ now: 99_000, leaseMs: 1, limit: 1000 })).some(
        (c) => c.subscriptionId === subscription.id,
      ),
    ).toBe(false);
  });

  it('a period whose order could not be placed fails with its reason and the subscription is past due', async () => {
    const subscription = await storage.subscriptions.create(websiteId, due('tee-2', 'b@example.de'));
    const claim = await claimOf(subscription.id);
    expect(await storage.subscriptions.renewalNotPlaced(claim, 'sold-out', 5_500)).toBe(true);
    // The claim is spent: a second worker's call changes nothing.
    expect(await storage.subscriptions.renewalNotPlaced(claim, 'sold-out', 5_500)).toBe(false);
    expect((await storage.subscriptions.findById(websiteId, subscription.id))!.status).toBe('PAST_DUE');
    const [renewal] = await storage.subscriptions.listRenewals(websiteId, subscription.id);
    expect(renewal).toMatchObject({ status: 'failed', lastError: 'sold-out' });
  });
});
