import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from './test-shop.js';

/* Issue 23: a low-stock threshold per variant; the owner is mailed once each time the stock falls to it. */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let mugVariant: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `vorrat-${db.name}.test`, 10, { replyToEmail: 'laden@example.de' });
    mugVariant = shop.mug.product!.variants[0]!.id;
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
    team = await shopTeam(app, storage, shop.websiteId);
    await storage.webhooks.createSubscription(shop.websiteId, {
      url: 'https://hooks.example.de/lager',
      events: ['stock.low'],
      secret: 'geheim-geheim-geheim',
    });
  });
  afterAll(() => app?.close());

  const as = (browser: Browser) => ({
    host: 'admin.localhost',
    cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
    'x-csrf-token': browser.cookies.get('crumb')!,
  });
  const setThreshold = (threshold: unknown, browser = team.storeManager, variantId = mugVariant) =>
    app.inject({
      method: 'PATCH',
      url: `/api/admin/sites/${shop.websiteId}/inventory/${variantId}/low-stock-threshold`,
      headers: as(browser),
      payload: { threshold },
    });
  const buyMugs = async (quantity: number) => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.mug.id, `${shop.hostname}-TASSE`, quantity);
    const res = await v.checkout({
      paymentMethod: 'test-card',
      paymentDetails: { cardNumber: '4242424242424242' },
    });
    expect(res.statusCode).toBe(201);
  };
  const lowStockMails = async () =>
    (await storage.outbox.listByWebsite(shop.websiteId, { kind: 'low-stock-owner-notification' })).map(
      (m) => `${m.to}: ${m.subject} | ${m.text}`,
    );
  const stockLowHooks = async () =>
    (await storage.webhooks.listDeliveries(shop.websiteId)).map((d) => JSON.parse(d.payload).data);

  it('refuses a threshold that is not a whole number, and one for another shop’s variant', async () => {
    expect((await setThreshold(-1)).json().error.message).toContain('Warnschwelle');
    expect((await setThreshold(2.5)).statusCode).toBe(400);
    expect((await setThreshold(3, team.viewer)).statusCode).toBe(403);
    const unknown = await setThreshold(3, team.storeManager, 'a'.repeat(24));
    expect(unknown.statusCode).toBe(404);
  });

  it('mails the owner once when a sale takes the stock to the threshold, again only after it rose above', async () => {
    expect((await setThreshold(3)).statusCode).toBe(200);
    const shown = await app.inject({
      url: `/api/admin/sites/${shop.websiteId}/stock-alerts`,
      headers: as(team.viewer),
    });
    expect(shown.json().thresholds).toEqual({ [mugVariant]: 3 });

    await buyMugs(6); // 10 -> 4: above the threshold
    expect(await lowStockMails()).toEqual([]);
    await buyMugs(1); // 4 -> 3: at the threshold
    const mails = await lowStockMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('laden@example.de: Lagerbestand niedrig: Tasse');
    expect(mails[0]).toContain('Noch vorrätig: 3 Stück (deine Warnschwelle: 3 Stück)');
    await buyMugs(1); // 3 -> 2: still low, no second mail
    expect(await lowStockMails()).toHaveLength(1);
    // The webhook fired once, with the variant's own threshold instead of the fixed 5.
    expect(await stockLowHooks()).toEqual([
      expect.objectContaining({ variantId: mugVariant, qtyInStock: 3, threshold: 3 }),
    ]);

    // The owner restocks; the next fall to the threshold is a new crossing.
    const restocked = await app.inject({
      method: 'PATCH',
      url: `/api/admin/sites/${shop.websiteId}/inventory/${mugVariant}`,
      headers: as(team.storeManager),
      payload: { expected: { unlimited: false, qtyInStock: 2 }, qtyInStock: 8 },
    });
    expect(restocked.statusCode).toBe(200);
    await buyMugs(5); // 8 -> 3
    expect(await lowStockMails()).toHaveLength(2);
  });

  it('without a threshold no mail is sent', async () => {
    expect((await setThreshold(null)).json()).toEqual({ variantId: mugVariant, threshold: null });
    await app.inject({
      method: 'PATCH',
      url: `/api/admin/sites/${shop.websiteId}/inventory/${mugVariant}`,
      headers: as(team.storeManager),
      payload: { expected: { unlimited: false, qtyInStock: 3 }, qtyInStock: 9 },
    });
    await buyMugs(8); // 9 -> 1
    expect(await lowStockMails()).toHaveLength(2);
  });
});
