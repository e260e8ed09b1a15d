import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop } from '../commerce/test-shop.js';
import { startTestDns, type TestDnsServer } from './test-dns-server.js';

/*
 * Own domains as an owner notices them: add a domain, create the TXT record the editor shows, "Prüfen";
 * then the shop answers on that domain, links point there, the www partner sends a 301 to the primary,
 * and Caddy's ask check says yes for it (and no for anything unverified). DNS is a local server (dns2).
 */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let dns: TestDnsServer;
  const apex = `laden-${db.name}.example`;
  const www = `www.${apex}`;

  beforeAll(async () => {
    dns = await startTestDns();
    storage = await db.open({ websiteCacheMs: 0 });
    await storage.migrate();
    shop = await createTestShop(storage, `eigen-${db.name}.localhost`);
    app = await buildApp({
      storage,
      logLevel: 'silent',
      shared: sharedStateWithLimits(),
      dnsResolver: dns.address,
      publicUrl: { scheme: 'https' },
    });
    team = await shopTeam(app, storage, shop.websiteId);
  });
  afterAll(async () => {
    await app?.close();
    await dns?.close();
  });

  const site = () => `/api/admin/sites/${shop.websiteId}`;
  const visit = (url: string, host: string) => app.inject({ method: 'GET', url, headers: { host } });
  const ask = (domain: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'GET',
      url: `/internal/tls-ask?domain=${encodeURIComponent(domain)}`,
      headers: { host: '127.0.0.1:2019', ...headers },
      remoteAddress,
    });

  it('an owner proves a domain with the TXT record; then the shop answers there and Caddy may get a certificate', async () => {
    const added = await team.admin.post(`${site()}/domains`, { domain: `https://${apex.toUpperCase()}/` });
    expect(added.status).toBe(201);
    const record = added.body.domain.record;
    expect(record).toMatchObject({ type: 'TXT', name: `_baukasten-verify.${apex}` });
    expect(added.body.domain.verified).toBe(false);
    await team.admin.post(`${site()}/domains`, { domain: www });

    // Not there yet, then a wrong value: German reasons, nothing served.
    let check = await team.admin.post(`${site()}/domains/${apex}/verify`);
    expect(check.status).toBe(400);
    expect(check.body.error.message).toMatch(/kein TXT-Eintrag gefunden/);
    dns.setTxt(record.name, ['v=spf1 -all', 'falscher-wert']);
    check = await team.admin.post(`${site()}/domains/${apex}/verify`);
    expect(check.body.error.message).toMatch(/nicht mit dem erwarteten Wert/);
    expect((await visit('/', apex)).body).toContain('Unter dieser Adresse gibt es keine Website.');
    expect((await ask(apex)).statusCode).toBe(404);

    dns.setTxt(record.name, ['v=spf1 -all', record.value]);
    check = await team.admin.post(`${site()}/domains/${apex}/verify`);
    expect(check.status).toBe(200);
    // The apex's proof covers its www partner, added to the same site.
    expect(check.body.domains).toEqual([
      expect.objectContaining({ domain: apex, verified: true, primary: true }),
      expect.objectContaining({ domain: www, verified: true, primary: false }),
    ]);

    const home = await visit('/laden/p/tasse', apex);
    expect(home.statusCode).toBe(200);
    // Links name the primary domain, never the host the request came in on.
    expect(home.body).toContain(`https://${apex}/laden/p/tasse`);
    expect((await ask(apex)).statusCode).toBe(200);
    expect((await ask(www)).statusCode).toBe(200);
    expect((await ask(shop.hostname)).statusCode).toBe(200);
    expect((await ask('fremd.example')).statusCode).toBe(404);
    expect((await ask('nicht mal ein name')).statusCode).toBe(404);
  });

  it('the other of www and apex answers with a 301 to the primary, keeping path and query', async () => {
    let moved = await visit('/laden/p/tasse?farbe=rot', www);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`https://${apex}/laden/p/tasse?farbe=rot`);

    const switched = await team.admin.post(`${site()}/domains/${www}/primary`);
    expect(switched.status).toBe(200);
    moved = await visit('/laden', apex);
    expect(moved.headers.location).toBe(`https://${www}/laden`);
    expect((await visit('/laden', www)).statusCode).toBe(200);
    // The platform address keeps working (the editor's preview uses it), its links point to the primary.
    const platform = await visit('/laden/p/tasse', shop.hostname);
    expect(platform.statusCode).toBe(200);
    expect(platform.body).toContain(`https://${www}/laden/p/tasse`);
  });

  it('Caddy’s ask check answers only on this machine, never through the proxy', async () => {
    expect((await ask(apex, {}, '203.0.113.9')).statusCode).toBe(404);
    expect((await ask(apex, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await ask(apex, {}, '::1')).statusCode).toBe(200);
  });

  it('refuses bad names, the platform’s own hosts and a domain another site serves, in German', async () => {
    const refused = async (domain: string, status: number, message: RegExp) => {
      const answer = await team.admin.post(`${site()}/domains`, { domain });
      expect(answer.status).toBe(status);
      expect(answer.body.error.message).toMatch(message);
    };
    await refused('kein domainname', 400, /Bitte gib einen Domainnamen ein/);
    await refused('127.0.0.1', 400, /Bitte gib einen Domainnamen ein/);
    await refused('anderer.localhost', 400, /gehört zu Baukasten selbst/);
    await refused(apex, 400, /bereits eine Adresse dieser Website|bereits hinzugefügt/);

    const outsiderSite = `/api/admin/sites/${team.outsiderSiteId}`;
    const taken = await team.outsider.post(`${outsiderSite}/domains`, { domain: apex });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(`Der Hostname „${apex}“ gehört bereits zu einer anderen Website.`);
    // Roles: the domains are the owner's business; outsiders see nothing of this site's.
    expect((await team.storeManager.get(`${site()}/domains`)).status).toBe(403);
    expect((await team.outsider.get(`${site()}/domains`)).status).toBe(404);

    const unverified = await team.admin.post(`${site()}/domains`, { domain: `neu-${apex}` });
    const primary = await team.admin.post(`${site()}/domains/neu-${apex}/primary`);
    expect(primary.status).toBe(400);
    expect(primary.body.error.message).toMatch(/Nur eine bestätigte Domain/);
    expect(unverified.status).toBe(201);
  });

  it('removing a domain stops it answering; the remaining one becomes the primary', async () => {
    const removed = await team.admin.delete(`${site()}/domains/${www}`);
    expect(removed.status).toBe(200);
    expect(removed.body.domains).toContainEqual(expect.objectContaining({ domain: apex, primary: true }));
    expect((await visit('/laden', apex)).statusCode).toBe(200);
    expect((await visit('/laden', www)).statusCode).toBe(404);
    expect((await ask(www)).statusCode).toBe(404);
  });
});
