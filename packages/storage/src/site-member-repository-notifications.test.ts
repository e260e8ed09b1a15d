import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { mugShop } from './order-test-kit.js';
import { withTestDatabases } from './test-databases.js';

/* The members' mail choices and the daily summary's claim (migration 0045, issue 23). */
withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherSiteId: string;
  let accountId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    ({ websiteId, otherSiteId } = await mugShop(storage, 'Post', 'post', 50));
    const account = await storage.accounts.create({
      email: 'mia@example.de',
      name: 'Mia',
      passwordHash: 'x',
    });
    accountId = account.id;
    await storage.siteMembers.add(websiteId, accountId, [1]);
  });

  it('keeps each member’s choices per website; an unchosen new-order setting stays open for the default', async () => {
    expect((await storage.memberNotifications.choicesOf(websiteId)).get(accountId)).toBeUndefined();
    await storage.memberNotifications.choose(websiteId, accountId, { dailySummary: true });
    expect((await storage.memberNotifications.choicesOf(websiteId)).get(accountId)).toEqual({
      dailySummary: true,
    });
    await storage.memberNotifications.choose(websiteId, accountId, { newOrders: false });
    expect((await storage.memberNotifications.choicesOf(websiteId)).get(accountId)).toEqual({
      newOrders: false,
      dailySummary: true,
    });
    expect((await storage.memberNotifications.choicesOf(otherSiteId)).size).toBe(0);
    expect(await storage.memberNotifications.dailySummaryReaders()).toContainEqual({ websiteId, accountId });
  });

  it('claims a member’s summary of a day exactly once, even when twenty claims race', async () => {
    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        storage.transaction((tx) =>
          tx.memberNotifications.claimDailySummary(websiteId, accountId, '2026-11-26'),
        ),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await storage.memberNotifications.claimDailySummary(websiteId, accountId, '2026-11-27')).toBe(
      true,
    );
    // A claim in a transaction that fails is given back.
    await expect(
      storage.transaction(async (tx) => {
        await tx.memberNotifications.claimDailySummary(websiteId, accountId, '2026-11-28');
        throw new Error('Mail konnte nicht eingereiht werden');
      }),
    ).rejects.toThrow();
    expect(await storage.memberNotifications.claimDailySummary(websiteId, accountId, '2026-11-28')).toBe(
      true,
    );
  });
});
