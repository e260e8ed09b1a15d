import { UserRole } from '@baukasten/commerce';
import type { SiteMember, Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { ownerOf, previousShopDay, sendDailySummaries } from './member-notifications.js';

/*
 * Issue 23: each member chooses "Neue Bestellungen per E-Mail" (the owner on by default) and the
 * "Tägliche Zusammenfassung", sent once per member and day however many instances run the job.
 */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let owner: SiteMember;
  let manager: SiteMember;
  let url: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `benachrichtigung-${db.name}.test`, 50);
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, shop.websiteId);
    const members = await storage.siteMembers.list(shop.websiteId);
    owner = ownerOf(members)!;
    manager = members.find((m) => m.roles.includes(UserRole.STORE_MANAGER))!;
    url = `/api/admin/sites/${shop.websiteId}/notifications`;
  });
  afterAll(() => app?.close());

  const order = async () => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
    const placed = await v.checkout({ email: 'kundin@example.de' });
    expect(placed.statusCode).toBe(201);
    return placed.json().order as { orderNumber: number };
  };
  const noticesOf = async (orderNumber: number) =>
    (await storage.outbox.listByWebsite(shop.websiteId))
      .filter((m) => m.subject.startsWith(`Neue Bestellung Nr. ${orderNumber} `))
      .map((m) => m.to)
      .sort();

  describe('new-order mails per member', () => {
    it('the owner gets them by default, others once they switch them on, nobody after switching off', async () => {
      expect((await team.admin.get(url)).body).toEqual({
        notifications: { newOrders: true, dailySummary: false },
      });
      expect((await team.storeManager.get(url)).body).toEqual({
        notifications: { newOrders: false, dailySummary: false },
      });
      // Who may not see the orders has no choice to make.
      expect((await team.editor.get(url)).status).toBe(403);
      const bad = await team.storeManager.patch(url, { newOrders: 'ja' });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toMatch(/[äöüÄÖÜß]|Bitte|ungültig|Eingabe/);

      const first = await order();
      expect(await noticesOf(first.orderNumber)).toEqual([owner.email]);

      const on = await team.storeManager.patch(url, { newOrders: true });
      expect(on.body).toEqual({ notifications: { newOrders: true, dailySummary: false } });
      const second = await order();
      expect(await noticesOf(second.orderNumber)).toEqual([manager.email, owner.email].sort());

      await team.admin.patch(url, { newOrders: false });
      expect((await team.admin.get(url)).body.notifications.newOrders).toBe(false);
      const third = await order();
      expect(await noticesOf(third.orderNumber)).toEqual([manager.email]);
    });
  });

  describe('the daily summary', () => {
    it('sums up yesterday’s orders, revenue and low stock, once per member and day across racing instances', async () => {
      await team.storeManager.patch(url, { dailySummary: true });
      const variantId = shop.mug.product!.variants[0].id;
      expect(await storage.stockAlerts.setThreshold(shop.websiteId, variantId, 100)).toBe(true);
      const website = (await storage.websites.findById(shop.websiteId))!;
      // The job runs tomorrow: today's orders are "yesterday's".
      const tomorrow = Date.now() + 86_400_000;
      const day = previousShopDay(tomorrow, website.timeZone);
      const figures = await storage.memberNotifications.dayFigures(shop.websiteId, day.from, day.to);
      expect(figures.orderCount).toBeGreaterThanOrEqual(3);

      // Three instances run the job at the same moment: one summary.
      const queued = await Promise.all([1, 2, 3].map(() => sendDailySummaries(storage, tomorrow)));
      expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
      // Later the same shop day (its last minute): nothing new.
      expect(await sendDailySummaries(storage, day.to + 86_400_000 - 2 * 3_600_000)).toBe(0);

      const summaries = (await storage.outbox.listByWebsite(shop.websiteId)).filter((m) =>
        m.subject.startsWith('Tägliche Zusammenfassung'),
      );
      expect(summaries.map((m) => m.to)).toEqual([manager.email]);
      const text = summaries[0]!.text;
      expect(text).toContain(`Bestellungen: ${figures.orderCount}`);
      expect(text).toMatch(/Umsatz: \d+,\d\d\s€/);
      expect(text).toContain(`Tasse (${shop.hostname}-TASSE): noch`);
      expect(text).toContain('(Warnschwelle 100)');

      // The next day brings the next summary; a member who switched it off gets none.
      expect(await sendDailySummaries(storage, tomorrow + 86_400_000)).toBe(1);
      await team.storeManager.patch(url, { dailySummary: false });
      expect(await sendDailySummaries(storage, tomorrow + 2 * 86_400_000)).toBe(0);
    });
  });
});
