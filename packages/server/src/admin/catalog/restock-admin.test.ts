import type { Item, Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from './shop-admin-test-kit.js';

/* The restock merchant calls of spec 7 for the editor's stock panel, behind the owner's session. */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let team: ShopTeam;
  let websiteId: string;
  let base: string;
  let mug: Item;
  let shirt: Item;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const website = await storage.websites.create({
      title: 'Nachschub',
      hostnames: [`nachschub-${db.name}.test`],
    });
    websiteId = website.id;
    const shop = await storage.collections.create(website.id, { type: 13, urlId: 'laden', title: 'Laden' });
    mug = await storage.items.create(website.id, {
      collectionId: shop.id,
      urlId: 'tasse',
      title: 'Tasse',
      product: { productType: 1, variants: [{ sku: 'TASSE', priceMinor: 1200, qtyInStock: 0 }] },
    });
    shirt = await storage.items.create(website.id, {
      collectionId: shop.id,
      urlId: 'shirt',
      title: 'T-Shirt',
      product: {
        productType: 1,
        variants: [
          { sku: 'SHIRT-S', attributes: { Größe: 'S' }, priceMinor: 2500, qtyInStock: 0 },
          { sku: 'SHIRT-M', attributes: { Größe: 'M' }, priceMinor: 2500, qtyInStock: 3 },
        ],
      },
    });
    const wait = (item: Item, variant: number, email: string) =>
      storage.restockSignups.signUp(website.id, {
        productId: item.id,
        variantId: item.product!.variants[variant]!.id,
        email,
        isJoinMailingList: false,
      });
    await wait(mug, 0, 'a@example.de');
    await wait(shirt, 0, 'b@example.de');
    await wait(shirt, 0, 'c@example.de');
    await wait(shirt, 1, 'd@example.de');
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, website.id);
    base = `/api/admin/sites/${website.id}/restock`;
  });
  afterAll(() => app?.close());

  const restockMails = async () =>
    (await storage.outbox.listByWebsite(websiteId, { kind: 'restock' })).map((e) => e.to).sort();

  it('R7.4.5 R7.4.9 lists sign-up counts per variant with the product and variant names', async () => {
    const res = await team.viewer.get(`${base}/groups`);
    expect(res.status).toBe(200);
    const byVariant = Object.fromEntries(res.body.groups.map((g: { variantId: string }) => [g.variantId, g]));
    expect(byVariant[shirt.product!.variants[0]!.id]).toMatchObject({
      productId: shirt.id,
      productTitle: 'T-Shirt',
      attributes: { Größe: 'S' },
      sku: 'SHIRT-S',
      signUpCount: 2,
    });
    expect(byVariant[mug.product!.variants[0]!.id]).toMatchObject({ productTitle: 'Tasse', signUpCount: 1 });
    expect(res.body.groups).toHaveLength(3);
    expect(res.body.hasNextPage).toBe(false);
  });

  it('R7.4.7 lists who waits for one variant, with the paging fields; only for those who may view the shop', async () => {
    const query = `productId=${shirt.id}&variantId=${shirt.product!.variants[0]!.id}`;
    const res = await team.viewer.get(`${base}/signups?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.signUps.map((s: { siteVisitorEmail: string }) => s.siteVisitorEmail).sort()).toEqual([
      'b@example.de',
      'c@example.de',
    ]);
    expect(res.body).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    expect((await team.admin.get(`${base}/signups?productId=${shirt.id}`)).status).toBe(400);
    expect((await team.editor.get(`${base}/signups?${query}`)).status).toBe(403);
    expect((await team.outsider.get(`${base}/signups?${query}`)).status).toBe(404);
  });

  it('R7.4.10 sends the mails of one variant, and those visitors leave the list', async () => {
    const res = await team.storeManager.post(`${base}/send`, {
      productId: shirt.id,
      variantId: shirt.product!.variants[0]!.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sentCount: 2 });
    expect(await restockMails()).toEqual(['b@example.de', 'c@example.de']);
    const groups = (await team.admin.get(`${base}/groups`)).body.groups;
    expect(groups.map((g: { sku: string }) => g.sku).sort()).toEqual(['SHIRT-M', 'TASSE']);
  });

  it('R7.4.11 sends to everyone still waiting when no list is given', async () => {
    const res = await team.websiteManager.post(`${base}/send/all`, {});
    expect(res.body).toEqual({ sentCount: 2 });
    expect(await restockMails()).toEqual(['a@example.de', 'b@example.de', 'c@example.de', 'd@example.de']);
    expect((await team.admin.get(`${base}/groups`)).body.groups).toEqual([]);
    expect((await team.admin.post(`${base}/send/all`, {})).body).toEqual({ sentCount: 0 });
  });

  it('refuses bad requests in German, sending needs commerce.inventory, and other sites stay closed', async () => {
    const bad = await team.admin.post(`${base}/send`, { productId: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Bitte nenne Produkt und Variante/);
    expect((await team.admin.post(`${base}/send/all`, { sendRequests: [] })).status).toBe(400);
    expect((await team.viewer.post(`${base}/send/all`, {})).status).toBe(403);
    expect((await team.editor.get(`${base}/groups`)).status).toBe(403);
    expect((await team.outsider.get(`${base}/groups`)).status).toBe(404);
    expect((await team.outsider.post(`${base}/send/all`, {})).status).toBe(404);
  });
});
