import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop } from '../commerce/test-shop.js';

/* § 4 PAngV: the owner enters each variant's content in the editor; the shop then shows its Grundpreis. */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let url: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `grundpreis-${db.name}.test`, 50);
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, shop.websiteId);
    url = `/api/admin/sites/${shop.websiteId}/products/${shop.shirt.id}/unit-contents`;
  });
  afterAll(() => app?.close());

  const variants = () => shop.shirt.product!.variants;

  describe('§ 4 PAngV: content and unit per variant', () => {
    it('saves German amounts per variant and the product page shows the Grundpreis of each', async () => {
      const [s, m, l] = variants();
      const saved = await team.storeManager.patch(url, {
        variants: [
          { id: s.id, amount: '250', unit: 'g' },
          { id: m.id, amount: '0,5', unit: 'kg' },
          { id: l.id, amount: '', unit: '' },
        ],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.variants.map((v: { unitContent: unknown }) => v.unitContent)).toEqual([
        { amount: 250, unit: 'g' },
        { amount: 0.5, unit: 'kg' },
        null,
      ]);
      expect((await team.viewer.get(url)).body.units).toContain('m²');

      const page = await app.inject({
        method: 'GET',
        url: '/laden/p/shirt?format=json',
        headers: { host: shop.hostname },
      });
      const texts = page
        .json()
        .item.structuredContent.variants.map((v: { unitPriceText: string | null }) =>
          v.unitPriceText?.replace(/\u00a0/g, ' '),
        );
      // 25,00 € for 250 g is 100,00 € per kg; 25,00 € for 0,5 kg is 50,00 €; L is sold by the piece.
      expect(texts).toEqual(['250 g (100,00 € / 1 kg)', '0,5 kg (50,00 € / 1 kg)', undefined]);
    });

    it('refuses a dot as decimal separator, a missing unit and an unknown variant with German messages per field, saving nothing', async () => {
      const [s, m] = variants();
      const before = (await team.viewer.get(url)).body.variants;
      const refused = await team.storeManager.patch(url, {
        variants: [
          { id: s.id, amount: '0.5', unit: 'l' },
          { id: m.id, amount: '2', unit: '' },
          { id: 'gibt-es-nicht', amount: '1', unit: 'm' },
        ],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({
        'variants.0.amount': expect.stringContaining('mit Komma'),
        'variants.1.unit': 'Bitte wähle die Einheit zur Menge.',
        'variants.2.id': expect.stringContaining('Variante gibt es nicht mehr'),
      });
      expect((await team.viewer.get(url)).body.variants).toEqual(before);
      const garbage = await team.storeManager.patch(url, { variants: 'viel' });
      expect(garbage.status).toBe(400);
      expect(garbage.body.error.message).toMatch(/Liste/);
    });

    it('only people who may edit products may change contents; others of the site may read them', async () => {
      const body = { variants: [{ id: variants()[0].id, amount: '1', unit: 'kg' }] };
      expect((await team.viewer.patch(url, body)).status).toBe(403);
      expect((await team.viewer.get(url)).status).toBe(200);
      expect((await team.outsider.get(url)).status).toBe(404);
      const unknown = `/api/admin/sites/${shop.websiteId}/products/kein-produkt/unit-contents`;
      expect((await team.storeManager.get(unknown)).status).toBe(404);
    });
  });
});
