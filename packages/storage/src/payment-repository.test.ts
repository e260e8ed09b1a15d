import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherWebsiteId: string;
  let counter = 0;
  const providerId = () => `cs_test_${++counter}`;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Zahlladen', hostnames: ['zahlen.test'] })).id;
    otherWebsiteId = (await storage.websites.create({ title: 'Anderer', hostnames: ['anders.test'] })).id;
  });

  const start = (provider: 'stripe' | 'paypal' = 'stripe', site = websiteId) =>
    storage.payments.recordStarted(site, {
      orderId: 'bestellung-1',
      provider,
      providerPaymentId: providerId(),
      amountMinor: 4990,
      currency: 'EUR',
      testMode: true,
    });

  it('keeps provider settings per website and provider, sealed keys and hints as given', async () => {
    expect(await storage.payments.countWebsitesWithKeys()).toBe(0);
    await storage.payments.saveProviderSettings(websiteId, 'stripe', {
      mode: 'test',
      sealedKeys: { secretKey: 'v1.abc.def' },
      keyHints: { secretKey: 'sk_test_…4242' },
      status: 'error',
      statusMessage: 'Schlüssel ungültig',
      checkedAt: 1000,
    });
    // Saving again replaces the row instead of adding one.
    await storage.payments.saveProviderSettings(websiteId, 'stripe', {
      mode: 'live',
      sealedKeys: { secretKey: 'v1.xyz.uvw' },
      keyHints: { secretKey: 'sk_live_…9999' },
      status: 'connected',
      checkedAt: 2000,
    });
    expect(await storage.payments.findProviderSettings(websiteId, 'stripe')).toMatchObject({
      mode: 'live',
      sealedKeys: { secretKey: 'v1.xyz.uvw' },
      keyHints: { secretKey: 'sk_live_…9999' },
      status: 'connected',
      checkedAt: 2000,
    });
    expect((await storage.payments.findProviderSettings(websiteId, 'stripe'))?.statusMessage).toBeUndefined();
    expect(await storage.payments.findProviderSettings(otherWebsiteId, 'stripe')).toBeUndefined();
    expect(await storage.payments.listProviderSettings(websiteId)).toHaveLength(1);
    expect(await storage.payments.countWebsitesWithKeys()).toBe(1);
    await storage.payments.deleteProviderSettings(websiteId, 'stripe');
    expect(await storage.payments.countWebsitesWithKeys()).toBe(0);
  });

  it('records a started payment once per provider payment id and finds it only on its website', async () => {
    const payment = await start();
    expect(payment).toMatchObject({ status: 'started', amountMinor: 4990, currency: 'EUR', testMode: true });
    const again = await storage.payments.recordStarted(websiteId, {
      orderId: 'bestellung-1',
      provider: 'stripe',
      providerPaymentId: payment.providerPaymentId,
      amountMinor: 4990,
      currency: 'EUR',
      testMode: true,
    });
    expect(again.id).toBe(payment.id);
    expect(
      (await storage.payments.findByProviderPaymentId(websiteId, 'stripe', payment.providerPaymentId))?.id,
    ).toBe(payment.id);
    expect(
      await storage.payments.findByProviderPaymentId(otherWebsiteId, 'stripe', payment.providerPaymentId),
    ).toBeUndefined();
    expect(
      await storage.payments.findByProviderPaymentId(websiteId, 'paypal', payment.providerPaymentId),
    ).toBe(undefined);
  });

  it('marks a payment paid once, however many doors try at the same time', async () => {
    const payment = await start();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => storage.payments.markPaid(websiteId, payment.id, 5000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await storage.payments.markPaid(otherWebsiteId, payment.id)).toBe(false);
    expect(
      (await storage.payments.listByOrder(websiteId, 'bestellung-1')).find((p) => p.id === payment.id),
    ).toMatchObject({ status: 'paid', paidAt: 5000 });
  });

  it('never lets a late failure or cancellation undo a paid payment', async () => {
    const payment = await start();
    expect(await storage.payments.markStatus(websiteId, payment.id, 'requires_action')).toBe(true);
    await storage.payments.markPaid(websiteId, payment.id);
    expect(await storage.payments.markStatus(websiteId, payment.id, 'failed', 'card_declined')).toBe(false);
    expect(
      (await storage.payments.findByProviderPaymentId(websiteId, 'stripe', payment.providerPaymentId))
        ?.status,
    ).toBe('paid');
  });

  it('applies a provider event once: a replay or redelivery is recognised', async () => {
    expect(await storage.payments.recordEvent(websiteId, 'stripe', 'evt_1', undefined)).toBe(true);
    expect(await storage.payments.recordEvent(websiteId, 'stripe', 'evt_1', undefined)).toBe(false);
    // The same id at another provider is another event.
    expect(await storage.payments.recordEvent(websiteId, 'paypal', 'evt_1', undefined)).toBe(true);
    const together = await Promise.all([
      storage.payments.recordEvent(websiteId, 'stripe', 'evt_2', undefined),
      storage.payments.recordEvent(websiteId, 'stripe', 'evt_2', undefined),
    ]);
    expect(together.filter(Boolean)).toHaveLength(1);
  });

  it('never books refunds beyond what was paid, and gives a refused one back', async () => {
    const payment = await start();
    // Not paid yet: nothing to refund.
    expect(await storage.payments.reserveRefund(websiteId, payment.id, 100)).toBe(false);
    await storage.payments.markPaid(websiteId, payment.id);
    const concurrent = await Promise.all([
      storage.payments.reserveRefund(websiteId, payment.id, 3000),
      storage.payments.reserveRefund(websiteId, payment.id, 3000),
    ]);
    expect(concurrent.filter(Boolean)).toHaveLength(1);
    expect(await storage.payments.reserveRefund(websiteId, payment.id, 1990)).toBe(true);
    expect(await storage.payments.reserveRefund(websiteId, payment.id, 1)).toBe(false);
    await storage.payments.releaseRefund(websiteId, payment.id, 1990);
    const after = await storage.payments.findByProviderPaymentId(
      websiteId,
      'stripe',
      payment.providerPaymentId,
    );
    expect(after?.refundedMinor).toBe(3000);
    expect(await storage.payments.reserveRefund(websiteId, payment.id, 0)).toBe(false);
  });
});
