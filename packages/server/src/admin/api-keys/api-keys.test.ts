import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let team: ShopTeam;
  let site: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const website = await storage.websites.create({
      title: 'Schlüsselladen',
      hostnames: [`keys-${db.name}.test`],
    });
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, website.id);
    site = `/api/admin/sites/${website.id}`;
  });
  afterAll(() => app?.close());

  const withKey = (key: string, url: string, method: 'GET' | 'PATCH' | 'POST' = 'GET', payload?: object) =>
    app.inject({
      method,
      url,
      headers: { host: 'admin.localhost', authorization: `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });

  it('creates a key shown once, stores only its hash, lists it without the key', async () => {
    const res = await team.admin.post(`${site}/api-keys`, {
      name: 'Warenwirtschaft',
      scopes: ['catalog.read'],
    });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^bk_[A-Za-z0-9_-]{43}$/);
    expect(res.body.apiKey).toMatchObject({
      name: 'Warenwirtschaft',
      scopes: ['catalog.read'],
      revokedAt: null,
    });
    const list = await team.admin.get(`${site}/api-keys`);
    expect(JSON.stringify(list.body)).not.toContain(res.body.key);
    expect(list.body.apiKeys[0].prefix).toBe(res.body.key.slice(0, 9));
    expect(list.body.scopes.map((s: { scope: string }) => s.scope)).toEqual([
      'catalog.read',
      'orders.read',
      'inventory.write',
      'catalog.write',
      'orders.write',
      'discounts.read',
      'discounts.write',
    ]);
  });

  it('refuses bad input in German', async () => {
    const noScopes = await team.admin.post(`${site}/api-keys`, { name: 'X', scopes: [] });
    expect(noScopes.status).toBe(400);
    expect(noScopes.body.error.message).toBe('Bitte wähle mindestens einen Bereich aus.');
    const unknown = await team.admin.post(`${site}/api-keys`, { name: 'X', scopes: ['alles'] });
    expect(unknown.body.error.message).toBe('„alles“ ist keine erwartete Option.');
    const noName = await team.admin.post(`${site}/api-keys`, { name: ' ', scopes: ['orders.read'] });
    expect(noName.body.error.fields.name).toBe('Bitte gib dem Schlüssel einen Namen.');
  });

  it('a key reads the catalogue with its scope, nothing else, and stops working once revoked', async () => {
    const { key, apiKey } = (
      await team.admin.post(`${site}/api-keys`, { name: 'Lesen', scopes: ['catalog.read'] })
    ).body;
    const products = await withKey(key, `${site}/products`);
    expect(products.statusCode).toBe(200);
    expect(products.json()).toHaveProperty('products');
    expect((await withKey(key, `${site}/inventory`)).statusCode).toBe(200);
    // Orders need orders.read; changing stock inventory.write; member lists are for people only.
    expect((await withKey(key, `${site}/orders`)).statusCode).toBe(403);
    expect((await withKey(key, `${site}/members`)).statusCode).toBe(403);
    // Another website's routes do not know the key.
    expect((await withKey(key, `/api/admin/sites/${team.outsiderSiteId}/products`)).statusCode).toBe(404);
    expect((await withKey('bk_falsch', `${site}/products`)).statusCode).toBe(401);

    const orders = (
      await team.admin.post(`${site}/api-keys`, { name: 'Bestellungen', scopes: ['orders.read'] })
    ).body;
    expect((await withKey(orders.key, `${site}/orders`)).statusCode).toBe(200);

    expect((await team.admin.delete(`${site}/api-keys/${apiKey.id}`)).body).toEqual({ revoked: true });
    const after = await withKey(key, `${site}/products`);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('Dieser API-Schlüssel ist ungültig oder wurde widerrufen.');
    expect((await team.admin.delete(`${site}/api-keys/${apiKey.id}`)).status).toBe(404);
  });

  it('R4 only admins and website managers manage keys; other sites never', async () => {
    expect((await team.websiteManager.get(`${site}/api-keys`)).status).toBe(200);
    expect((await team.storeManager.get(`${site}/api-keys`)).status).toBe(403);
    expect((await team.viewer.post(`${site}/api-keys`, { name: 'x', scopes: ['orders.read'] })).status).toBe(
      403,
    );
    expect((await team.outsider.get(`${site}/api-keys`)).status).toBe(404);
  });
});
