import { beforeAll, expect, it } from 'vitest';
import { GiftCardBalanceTooLow } from './gift-card-repository.js';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherWebsiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Gutscheinladen', hostnames: ['gutschein.test'] }))
      .id;
    otherWebsiteId = (await storage.websites.create({ title: 'Anderer', hostnames: ['anderer.test'] })).id;
  });

  let counter = 0;
  const uniqueCode = () => `GUTS${String(++counter).padStart(4, '2')}KRTEXYZW`;

  it('R1.2.5 issues a card found by its code however it is typed, never storing the code itself', async () => {
    const typed = uniqueCode();
    const card = await storage.giftCards.issue(websiteId, {
      code: typed,
      amountMinor: 5000,
      currency: 'EUR',
    });
    expect(card).toMatchObject({
      codeLast4: typed.slice(-4),
      initialMinor: 5000,
      balanceMinor: 5000,
      currency: 'EUR',
      status: 'ACTIVE',
    });
    const spaced = `${typed.slice(0, 4).toLowerCase()}-${typed.slice(4, 8)} ${typed.slice(8)}`;
    expect((await storage.giftCards.findByCode(websiteId, spaced))?.id).toBe(card!.id);
    // Another website does not know the code.
    expect(await storage.giftCards.findByCode(otherWebsiteId, typed)).toBeUndefined();
    expect(await storage.giftCards.findByCode(websiteId, '')).toBeUndefined();
    // The same code twice on one website is refused so the caller draws another.
    expect(await storage.giftCards.issue(websiteId, { code: typed, amountMinor: 100, currency: 'EUR' })).toBe(
      undefined,
    );
  });

  it('R1.2.5 redeem takes the amount and records it; too little balance changes nothing', async () => {
    const a = (await storage.giftCards.issue(websiteId, {
      code: uniqueCode(),
      amountMinor: 3000,
      currency: 'EUR',
    }))!;
    const b = (await storage.giftCards.issue(websiteId, {
      code: uniqueCode(),
      amountMinor: 1000,
      currency: 'EUR',
    }))!;
    const taken = await storage.giftCards.redeem(websiteId, 'bestellung-1', [
      { giftCardId: a.id, amountMinor: 1200 },
      { giftCardId: b.id, amountMinor: 1000 },
    ]);
    expect(taken.map((r) => r.amountMinor).sort()).toEqual([1000, 1200]);
    expect((await storage.giftCards.findById(websiteId, a.id))?.balanceMinor).toBe(1800);
    expect((await storage.giftCards.findById(websiteId, b.id))?.balanceMinor).toBe(0);

    // b is empty now: the whole redemption fails, a keeps its balance.
    await expect(
      storage.giftCards.redeem(websiteId, 'bestellung-2', [
        { giftCardId: a.id, amountMinor: 500 },
        { giftCardId: b.id, amountMinor: 1 },
      ]),
    ).rejects.toBeInstanceOf(GiftCardBalanceTooLow);
    expect((await storage.giftCards.findById(websiteId, a.id))?.balanceMinor).toBe(1800);
    expect(await storage.giftCards.redemptionsOf(websiteId, a.id)).toEqual([
      expect.objectContaining({ orderId: 'bestellung-1', amountMinor: 1200 }),
    ]);
    // A card of one website cannot be spent through another.
    await expect(
      storage.giftCards.redeem(otherWebsiteId, 'fremd', [{ giftCardId: a.id, amountMinor: 1 }]),
    ).rejects.toBeInstanceOf(GiftCardBalanceTooLow);
  });

  it('R1.2.5 twenty concurrent redemptions of one card: only as many as its balance allows succeed', async () => {
    const card = (await storage.giftCards.issue(websiteId, {
      code: uniqueCode(),
      amountMinor: 2500,
      currency: 'EUR',
    }))!;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        storage.transaction((tx) =>
          tx.giftCards.redeem(websiteId, `parallel-${i}`, [{ giftCardId: card.id, amountMinor: 1000 }]),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    for (const o of outcomes.filter((o) => o.status === 'rejected')) {
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(GiftCardBalanceTooLow);
    }
    expect((await storage.giftCards.findById(websiteId, card.id))?.balanceMinor).toBe(500);
    expect(await storage.giftCards.redemptionsOf(websiteId, card.id)).toHaveLength(2);
  });

  it('lists the cards an order bought', async () => {
    const first = await storage.giftCards.issue(websiteId, {
      code: uniqueCode(),
      amountMinor: 2500,
      currency: 'EUR',
      orderId: 'kauf-1',
      sku: 'GC25',
      recipientEmail: 'beschenkt@example.de',
    });
    expect(await storage.giftCards.listByOrder(websiteId, 'kauf-1')).toEqual([first]);
    expect(first).toMatchObject({ sku: 'GC25', recipientEmail: 'beschenkt@example.de', orderId: 'kauf-1' });
    expect(await storage.giftCards.listByOrder(otherWebsiteId, 'kauf-1')).toEqual([]);
  });

  it('Finding 1 (#18): a pending card has no code and no balance, cannot be redeemed, and is activated once', async () => {
    const pending = await storage.giftCards.issuePending(websiteId, {
      amountMinor: 2500,
      currency: 'EUR',
      orderId: 'vorkasse-1',
      fromName: 'Erika',
    });
    expect(pending).toMatchObject({ status: 'PENDING', balanceMinor: 0, initialMinor: 2500, codeLast4: '' });
    await expect(
      storage.giftCards.redeem(websiteId, 'fremd', [{ giftCardId: pending.id, amountMinor: 1 }]),
    ).rejects.toBeInstanceOf(GiftCardBalanceTooLow);
    const code = uniqueCode();
    const active = await storage.giftCards.activate(websiteId, pending.id, code);
    expect(active).toMatchObject({ status: 'ACTIVE', balanceMinor: 2500, fromName: 'Erika' });
    expect((await storage.giftCards.findByCode(websiteId, code))?.id).toBe(pending.id);
    // Activating again draws no second code; a code another card has is refused.
    expect(await storage.giftCards.activate(websiteId, pending.id, uniqueCode())).toBeUndefined();
    const other = await storage.giftCards.issuePending(websiteId, { amountMinor: 100, currency: 'EUR' });
    expect(await storage.giftCards.activate(websiteId, other.id, code)).toBe('code-taken');
  });

  it('Finding 1 (#18): voiding an order’s cards takes pending and unspent ones, and reports spent ones', async () => {
    const pending = await storage.giftCards.issuePending(websiteId, {
      amountMinor: 1000,
      currency: 'EUR',
      orderId: 'storno-1',
    });
    const unspent = (await storage.giftCards.issue(websiteId, {
      code: uniqueCode(),
      amountMinor: 1000,
      currency: 'EUR',
      orderId: 'storno-1',
    }))!;
    const spent = (await storage.giftCards.issue(websiteId, {
      code: uniqueCode(),
      amountMinor: 1000,
      currency: 'EUR',
      orderId: 'storno-2',
    }))!;
    await storage.giftCards.redeem(websiteId, 'einkauf', [{ giftCardId: spent.id, amountMinor: 1 }]);
    const first = await storage.giftCards.voidUnspentOfOrder(websiteId, 'storno-1');
    expect(first.voided.map((c) => c.id).sort()).toEqual([pending.id, unspent.id].sort());
    expect(first.spent).toEqual([]);
    expect(await storage.giftCards.findById(websiteId, unspent.id)).toMatchObject({
      status: 'VOIDED',
      balanceMinor: 0,
    });
    const second = await storage.giftCards.voidUnspentOfOrder(websiteId, 'storno-2');
    expect(second.voided).toEqual([]);
    expect(second.spent.map((c) => c.id)).toEqual([spent.id]);
  });

  it('Finding 2 (#18): a test card is taken for test orders only, a real card for real orders only', async () => {
    const test = (await storage.giftCards.issue(websiteId, {
      code: uniqueCode(),
      amountMinor: 1000,
      currency: 'EUR',
      testMode: true,
    }))!;
    expect(test.testMode).toBe(true);
    await expect(
      storage.giftCards.redeem(websiteId, 'echt', [{ giftCardId: test.id, amountMinor: 1 }], false),
    ).rejects.toBeInstanceOf(GiftCardBalanceTooLow);
    expect(
      await storage.giftCards.redeem(websiteId, 'test', [{ giftCardId: test.id, amountMinor: 1 }], true),
    ).toHaveLength(1);
  });
});
