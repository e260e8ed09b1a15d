import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop } from '../commerce/test-shop.js';

/*
 * Redirects as a visitor and an owner notice them: an old address leads to the new one with 301 (the owner's
 * list with `/alt/*` patterns, and automatically after a product or page got a new address); bad entries are
 * refused in German; the 404 page shows the owner's text and still answers 404.
 */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;

  beforeAll(async () => {
    storage = await db.open({ websiteCacheMs: 0 });
    await storage.migrate();
    shop = await createTestShop(storage, `umzug-${db.name}.test`);
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, shop.websiteId);
  });
  afterAll(async () => {
    await app?.close();
  });

  const site = () => `/api/admin/sites/${shop.websiteId}`;
  const visit = (url: string, host = shop.hostname) => app.inject({ method: 'GET', url, headers: { host } });

  it('an owner sends an old section to the new one; the visitor keeps the rest of the path and the query', async () => {
    const created = await team.admin.post(`${site()}/redirects`, {
      fromPath: '/alter-laden/*',
      toTarget: '/laden/*',
      status: 301,
    });
    expect(created.status).toBe(201);
    const moved = await visit('/Alter-Laden/p/tasse/?farbe=rot');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/laden/p/tasse?farbe=rot');
    expect((await visit('/laden/p/tasse')).statusCode).toBe(200);

    await team.admin.post(`${site()}/redirects`, {
      fromPath: '/aktion',
      toTarget: 'https://kampagne.example/sommer',
      status: 302,
    });
    const away = await visit('/aktion');
    expect(away.statusCode).toBe(302);
    expect(away.headers.location).toBe('https://kampagne.example/sommer');

    // A page that exists wins over a redirect from its address.
    await team.admin.post(`${site()}/redirects`, { fromPath: '/laden', toTarget: '/aktion', status: 301 });
    expect((await visit('/laden')).statusCode).toBe(200);
    // Another website's visitors see none of it.
    const other = await storage.websites.create({ title: 'Anders', hostnames: [`anders-${db.name}.test`] });
    expect((await visit('/aktion', other.hostnames[0])).statusCode).toBe(404);
  });

  it('refuses loops, duplicates, scripts as targets and stars in the middle, in German; viewers may not', async () => {
    const refused = async (body: Record<string, unknown>, message: RegExp) => {
      const answer = await team.admin.post(`${site()}/redirects`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    };
    await refused({ fromPath: '/kreis', toTarget: '/kreis/' }, /im Kreis/);
    await team.admin.post(`${site()}/redirects`, { fromPath: '/hin', toTarget: '/her' });
    await refused({ fromPath: '/her', toTarget: '/hin' }, /im Kreis/);
    await refused({ fromPath: '/wachsen/*', toTarget: '/wachsen/mehr/*' }, /im Kreis/);
    await refused(
      { fromPath: '/hin/', toTarget: '/anders' },
      /Für „\/hin“ gibt es bereits eine Weiterleitung/,
    );
    await refused({ fromPath: '/x', toTarget: 'javascript:alert(1)' }, /http:\/\/ oder https:\/\//);
    await refused({ fromPath: '/x', toTarget: '//boese.example' }, /http:\/\/ oder https:\/\//);
    await refused({ fromPath: 'alt', toTarget: '/neu' }, /mit \/ beginnen/);
    await refused({ fromPath: '/a*b/*', toTarget: '/neu' }, /nur ganz am Ende/);
    await refused({ fromPath: '/a', toTarget: '/neu/*' }, /braucht ein \*/);
    await refused({ fromPath: '/a', toTarget: '/b', status: 307 }, /301 \(dauerhaft\) oder 302/);

    const viewer = await team.viewer.post(`${site()}/redirects`, { fromPath: '/v', toTarget: '/w' });
    expect(viewer.status).toBe(403);
    const outsider = await team.outsider.get(`${site()}/redirects`);
    expect(outsider.status).toBe(404);
  });

  it('a product renamed in the editor answers its old address with one 301 to the new one', async () => {
    const renamed = await team.admin.patch(`${site()}/products/${shop.shirt.id}`, { urlId: 'hemd' });
    expect(renamed.status).toBe(200);
    await team.admin.patch(`${site()}/products/${shop.shirt.id}`, { urlId: 'bio-hemd' });
    for (const old of ['/laden/p/shirt', '/laden/p/hemd']) {
      const answer = await visit(old);
      expect(answer.statusCode).toBe(301);
      expect(answer.headers.location).toBe('/laden/p/bio-hemd');
    }
    const list = (await team.admin.get(`${site()}/redirects`)).body.redirects;
    expect(list).toContainEqual(
      expect.objectContaining({ fromPath: '/laden/p/shirt', toTarget: '/laden/p/bio-hemd', automatic: true }),
    );
    // The owner can edit or delete the automatic entry like any other.
    const entry = list.find((r: { fromPath: string }) => r.fromPath === '/laden/p/hemd');
    expect((await team.admin.delete(`${site()}/redirects/${entry.id}`)).status).toBe(200);
    expect((await visit('/laden/p/hemd')).statusCode).toBe(404);
  });

  it('the 404 page shows the owner’s text with status 404; an unknown host keeps the German page', async () => {
    const saved = await team.admin.patch(`${site()}/not-found-page`, {
      title: 'Hoppla, hier ist nichts',
      text: 'Schau doch in unserem Laden vorbei.',
    });
    expect(saved.status).toBe(200);
    const missing = await visit('/gibt-es-nicht');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Hoppla, hier ist nichts');
    expect(missing.body).toContain('Schau doch in unserem Laden vorbei.');
    const tooLong = await team.admin.patch(`${site()}/not-found-page`, { title: 'x'.repeat(121) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toMatch(/höchstens 120 Zeichen/);

    const unknown = await visit('/gibt-es-nicht', 'niemand.test');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Unter dieser Adresse gibt es keine Website.');
    expect(unknown.body).not.toContain('Hoppla');
  });
});
