import { CollectionType } from '@baukasten/commerce';
import type { Collection, Storage, Website } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from './shop-admin-test-kit.js';

/* A product's additional-fields form is picked from the site's forms (spec 3 additionalFieldsForm). */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let site: Website;
  let shop: Collection;
  let team: ShopTeam;
  let base: string;
  const hostname = `gravur-${db.name}.test`;

  const productPage = async (urlId: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/laden/p/${urlId}?format=json`,
      headers: { host: hostname },
    });
    return response.json().item;
  };

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    site = await storage.websites.create({ title: 'Gravurladen', hostnames: [hostname], currency: 'EUR' });
    shop = await storage.collections.create(site.id, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
    await storage.forms.create(site.id, {
      id: 'gravur',
      name: 'Gravur',
      fields: [{ id: 'text', type: 'text', title: 'Gravurtext', required: true, maxLength: 20 }],
    });
    const other = await storage.websites.create({
      title: 'Fremd',
      hostnames: [`fremd-gravur-${db.name}.test`],
    });
    await storage.forms.create(other.id, { id: 'fremdform', name: 'Fremd', fields: [] });
    team = await shopTeam(app, storage, site.id);
    base = `/api/admin/sites/${site.id}/products`;
  });
  afterAll(() => app?.close());

  it('R3.5.1 R3.5.3 picks a site form as the additional-fields form; the product page carries its fields', async () => {
    const created = await team.storeManager.post(base, {
      collectionId: shop.id,
      title: 'Anhänger',
      productType: 'physical',
      priceMinor: 1900,
      qtyInStock: 5,
      additionalFieldsFormId: 'gravur',
    });
    expect(created.status).toBe(201);
    expect(created.body.product.additionalFieldsForm).toEqual({ id: 'gravur', name: 'Gravur' });
    const item = await productPage(created.body.product.urlId);
    expect(item.structuredContent.additionalFieldsFormId).toBe('gravur');
    expect(item.structuredContent.additionalFieldsForm.fields).toEqual([
      { id: 'text', type: 'text', title: 'Gravurtext', required: true, maxLength: 20 },
    ]);

    // Other changes keep it; null removes it.
    const renamed = await team.admin.patch(`${base}/${created.body.product.id}`, { priceMinor: 2100 });
    expect(renamed.body.product.additionalFieldsForm).toEqual({ id: 'gravur', name: 'Gravur' });
    const removed = await team.admin.patch(`${base}/${created.body.product.id}`, {
      additionalFieldsFormId: null,
    });
    expect(removed.body.product.additionalFieldsForm).toBeNull();
    expect(
      (await productPage(created.body.product.urlId)).structuredContent.additionalFieldsFormId ?? null,
    ).toBeNull();
  });

  it('refuses a form of another site or none at all at its field, changing nothing', async () => {
    const created = await team.admin.post(base, {
      collectionId: shop.id,
      title: 'Ring',
      productType: 'physical',
      priceMinor: 5000,
    });
    for (const formId of ['fremdform', 'gibt-es-nicht', 42]) {
      const res = await team.admin.patch(`${base}/${created.body.product.id}`, {
        additionalFieldsFormId: formId,
        title: 'Ring (geändert)',
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields.additionalFieldsFormId).toBe(
        'Dieses Formular gibt es auf dieser Website nicht.',
      );
    }
    const stored = await storage.items.findById(site.id, created.body.product.id);
    expect(stored?.title).toBe('Ring');
    expect(stored?.product?.additionalFieldsForm).toBeUndefined();
  });
});
