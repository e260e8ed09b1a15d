import { UserRole } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { siteDay } from '../analytics/event-context.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import type { Mailer, OutgoingEmail } from './mailer.js';
import { OutboxWorker } from './outbox-worker.js';

/*
 * Issue 23: a shop's mails come from the shop's name (at the platform's address) and are answered to the
 * shop; the owner hears of every new order; a paid order is a purchase with its revenue in the funnel,
 * recorded by the server when it becomes paid.
 */

const MAIL_FROM = 'Baukasten <no-reply@baukasten.test>';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let ownerEmail: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `post-${db.name}.test`, 50);
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, shop.websiteId);
    const members = await storage.siteMembers.list(shop.websiteId);
    ownerEmail = members.find((m) => m.roles.includes(UserRole.ADMIN))!.email;
  });
  afterAll(() => app?.close());

  const deliver = async () => {
    const sent: OutgoingEmail[] = [];
    const mailer: Mailer = { send: async (email) => void sent.push(email), close: () => {} };
    await new OutboxWorker({ storage, mailer, from: MAIL_FROM }).drain();
    return sent;
  };

  const order = async (email: string) => {
    const v = await new Visitor(app, shop.hostname).start();
    // The visit the shopper is in (the analytics cookie: id|first|previous|current|count).
    v.cookies.set('ss_cvr', `besuch${db.name}|1700000000000|1700000000000|1700000000000|1`);
    await v.add(shop.mug.id, `${shop.hostname}-TASSE`, 2);
    const placed = await v.checkout({ email });
    expect(placed.statusCode).toBe(201);
    return placed.json().order as { id: string; orderNumber: number; grandTotalCents: number };
  };

  describe('mails of the shop', () => {
    it('come from the shop’s name, are answered to the owner, and the owner is told of the order', async () => {
      const placed = await order('kundin@example.de');
      const sent = await deliver();
      const confirmation = sent.find((m) => m.to === 'kundin@example.de')!;
      expect(confirmation.from).toBe(
        `"${(await storage.websites.findById(shop.websiteId))!.title}" <no-reply@baukasten.test>`,
      );
      expect(confirmation.replyTo).toBe(ownerEmail);

      const notice = sent.find((m) => m.to === ownerEmail)!;
      // Two mugs at 12 € and standard shipping 4,90 €.
      expect(notice.subject).toMatch(new RegExp(`^Neue Bestellung Nr\\. ${placed.orderNumber} – 28,90\\s€$`));
      expect(notice.text).toContain('2 × Tasse');
      expect(notice.text).toContain('Kunde: kundin@example.de');
      // Answering the notice answers the buyer.
      expect(notice.replyTo).toBe('kundin@example.de');
      expect(sent.filter((m) => m.to === ownerEmail)).toHaveLength(1);
    });

    it('with an "Antwortadresse" set, mails are answered there and new orders are reported there', async () => {
      const url = `/api/admin/sites/${shop.websiteId}/store-settings`;
      const refused = await team.storeManager.patch(url, { replyToEmail: 'kein Mail' });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields.replyToEmail).toContain('Antwortadresse');
      const saved = await team.storeManager.patch(url, { replyToEmail: 'laden@example.de' });
      expect(saved.body.storeSettings).toMatchObject({
        replyToEmail: 'laden@example.de',
        replyToDefault: ownerEmail,
      });

      await order('zweite@example.de');
      const sent = await deliver();
      expect(sent.find((m) => m.to === 'zweite@example.de')!.replyTo).toBe('laden@example.de');
      expect(sent.find((m) => m.to === 'laden@example.de')?.subject).toMatch(/^Neue Bestellung Nr\. /);
      await team.storeManager.patch(url, { replyToEmail: null });
    });

    it('platform mails keep MAIL_FROM', async () => {
      await storage.outbox.enqueuePlatform({
        kind: 'test',
        to: 'jemand@example.de',
        subject: 'Hallo',
        text: 'x',
      });
      const sent = await deliver();
      expect(sent.find((m) => m.to === 'jemand@example.de')!.from).toBe(MAIL_FROM);
    });
  });

  describe('purchases in the analytics funnel', () => {
    it('a Vorkasse order counts as bought with its revenue once the owner marks it paid, once', async () => {
      const website = (await storage.websites.findById(shop.websiteId))!;
      const today = siteDay(website, Date.now());
      const funnel = async () => {
        await storage.analytics.rollup({ websiteId: shop.websiteId });
        return storage.analytics.funnel(shop.websiteId, { from: today, to: today });
      };
      const before = await funnel();
      const placed = await order('bezahlt@example.de');
      // Placed but not paid: no purchase yet.
      expect(await funnel()).toEqual(before);

      const paidUrl = `/api/admin/sites/${shop.websiteId}/orders/${placed.id}/mark-paid`;
      expect((await team.storeManager.post(paidUrl)).status).toBe(200);
      await team.storeManager.post(paidUrl); // a second click changes nothing
      const after = await funnel();
      expect(after.sessions.purchase).toBe(before.sessions.purchase + 1);
      const revenue = (f: typeof after) =>
        f.revenue.find((r) => r.currency === 'EUR') ?? { orders: 0, amountMinor: 0 };
      expect(revenue(after).orders).toBe(revenue(before).orders + 1);
      expect(revenue(after).amountMinor).toBe(revenue(before).amountMinor + placed.grandTotalCents);
    });
  });
});
