import { CollectionType } from '@baukasten/commerce';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { kyselyOf, type Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

// Page caches trust `storage.changes.version`: a write that changes a public page must raise it, and the
// writes of every visitor (carts, analytics, mail) must not, or no cached page would survive a minute.
withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Versionen', hostnames: ['versionen.test'] })).id;
  });

  const raises = async (write: () => Promise<unknown>) => {
    const before = storage.changes.version;
    await write();
    return storage.changes.version > before;
  };

  it('pages, settings and content written through storage or raw SQL raise the version', async () => {
    let pageId = '';
    expect(
      await raises(async () => {
        pageId = (
          await storage.collections.create(websiteId, {
            type: CollectionType.PAGE,
            urlId: 'neu',
            title: 'Neu',
            blocks: [{ type: 'heading', text: 'Hallo' }],
          })
        ).id;
      }),
    ).toBe(true);
    expect(await raises(() => storage.websiteAdmin.update(websiteId, { title: 'Umbenannt' }))).toBe(true);
    // Inside a transaction too.
    expect(
      await raises(() =>
        storage.transaction((tx) => tx.websiteAdmin.update(websiteId, { title: 'Noch einmal' })),
      ),
    ).toBe(true);
    expect(
      await raises(() =>
        sql`update collections set title = ${'Roh'} where id = ${pageId}`.execute(kyselyOf(storage)),
      ),
    ).toBe(true);
  });

  it('carts, mail and reading leave the version alone', async () => {
    expect(await raises(() => storage.carts.create(websiteId, 'EUR'))).toBe(false);
    expect(
      await raises(() =>
        storage.outbox.enqueue(websiteId, {
          kind: 'test',
          to: 'a@example.de',
          subject: 'Hallo',
          text: 'Hallo',
        }),
      ),
    ).toBe(false);
    expect(await raises(() => storage.collections.listNavigation(websiteId))).toBe(false);
  });

  it('what checkouts and background jobs write besides the order leaves the version alone', async () => {
    // Each of these ran on every checkout or every few minutes and threw away every cached page and the
    // remembered websites (issue #19): the legal acceptance, webhook deliveries, the key purge.
    expect(await raises(() => storage.legal.recordAcceptance(websiteId, 'bestellung-1', 1))).toBe(false);
    expect(
      await raises(() => storage.webhooks.emit(websiteId, { type: 'order.created', data: { order: {} } })),
    ).toBe(false);
    expect(await raises(() => storage.idempotency.purge(Date.now()))).toBe(false);
    // A new table nobody listed still counts as content: see NOT_ON_PAGES.
    expect(await raises(() => storage.legal.recordVersion(websiteId, 'neu', { agb: 'Neu' }))).toBe(true);
    expect(await raises(() => storage.websites.findById(websiteId))).toBe(false);
  });

  it('who listens to the orders renews the website object, not the pages', async () => {
    // The checkout keeps the new-order recipients, webhook subscriptions and low-stock thresholds with the
    // website object (checkout-service.ts): a change to them must hand out a new one, the pages stay.
    const renews = async (write: () => Promise<unknown>) => {
      const [version, siteVersion] = [storage.changes.version, storage.changes.siteVersion];
      await write();
      return { pages: storage.changes.version > version, website: storage.changes.siteVersion > siteVersion };
    };
    const subscription =
      (on: Storage = storage) =>
      () =>
        on.webhooks.createSubscription(websiteId, {
          url: 'https://example.de/hook',
          events: ['stock.low'],
          secret: 'geheim',
        });
    expect(await renews(subscription())).toEqual({ pages: false, website: true });
    expect(await renews(() => storage.transaction((tx) => subscription(tx)()))).toEqual({
      pages: false,
      website: true,
    });
    expect(
      await renews(() =>
        sql`update webhook_subscriptions set url = ${'https://example.de/neu'} where website_id = ${websiteId}`.execute(
          kyselyOf(storage),
        ),
      ),
    ).toEqual({ pages: false, website: true });
    expect(
      await renews(() => storage.memberNotifications.choose(websiteId, 'konto-1', { newOrders: true })),
    ).toEqual({ pages: false, website: true });
    // Stock moves with every order: it changes product pages, not the website object.
    expect(
      await renews(() =>
        sql`update product_variants set qty_in_stock = qty_in_stock where website_id = ${websiteId}`.execute(
          kyselyOf(storage),
        ),
      ),
    ).toEqual({ pages: true, website: false });
  });
});
