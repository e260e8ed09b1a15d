import { UserRole } from '@baukasten/commerce';
import { withTestDatabases } from '@baukasten/storage/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountWithSession, type Browser } from '../admin/admin-test-kit.js';
import { catalogMessages } from '../admin/catalog/catalog-messages.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop } from '../commerce/test-shop.js';

/*
 * Two owners edit the same product at once. Each sends the updatedAt it loaded; whoever saves second is
 * told in German that the product changed (409) instead of silently undoing the first change. Sent
 * truly at the same time, so on PostgreSQL the conditional UPDATE is what decides, not the pre-check.
 */

withTestDatabases((db) => {
  describe('concurrent product edits (issue 12 concurrency)', () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    let shop: TestShop;
    let anna: Browser;
    let ben: Browser;
    beforeAll(async () => {
      const storage = await db.open();
      await storage.migrate();
      app = await buildApp({ storage, logLevel: 'silent' });
      shop = await createTestShop(storage, 'konflikt.test');
      for (const name of ['Anna', 'Ben']) {
        const { account, browser } = await accountWithSession(app, storage, name);
        await storage.siteMembers.add(shop.websiteId, account.id, [UserRole.ADMIN]);
        if (name === 'Anna') anna = browser;
        else ben = browser;
      }
    });

    const url = () => `/api/admin/sites/${shop.websiteId}/products/${shop.mug.id}`;

    it('of two saves based on the same version exactly one wins; the other gets 409 with a German message and loses nothing silently', async () => {
      for (let round = 0; round < 5; round++) {
        const loaded = (await anna.get(url())).body.product;
        const [a, b] = await Promise.all([
          anna.patch(url(), { title: `Tasse von Anna ${round}`, expectedUpdatedAt: loaded.updatedAt }),
          ben.patch(url(), { excerpt: `<p>Bens Text ${round}</p>`, expectedUpdatedAt: loaded.updatedAt }),
        ]);
        expect([a.status, b.status].sort()).toEqual([200, 409]);
        const loser = a.status === 409 ? a : b;
        expect(loser.body.error).toEqual({
          type: 'PRODUCT_CHANGED',
          message: catalogMessages.productChanged,
        });
        const winner = a.status === 200 ? a : b;
        expect(winner.body.product.updatedAt).toBeGreaterThan(loaded.updatedAt);

        // The one told to reload does so and saves again: now both changes are there.
        const reloaded = (await ben.get(url())).body.product;
        const retry =
          loser === a
            ? await anna.patch(url(), {
                title: `Tasse von Anna ${round}`,
                expectedUpdatedAt: reloaded.updatedAt,
              })
            : await ben.patch(url(), {
                excerpt: `<p>Bens Text ${round}</p>`,
                expectedUpdatedAt: reloaded.updatedAt,
              });
        expect(retry.status).toBe(200);
        const final = (await anna.get(url())).body.product;
        expect(final.title).toBe(`Tasse von Anna ${round}`);
        expect(final.excerpt).toContain(`Bens Text ${round}`);
      }
    });

    it('a save without expectedUpdatedAt still works (clients that do not send it keep last-write-wins)', async () => {
      const res = await anna.patch(url(), { title: 'Tasse' });
      expect(res.status).toBe(200);
      expect(res.body.product.title).toBe('Tasse');
    });
  });
});
