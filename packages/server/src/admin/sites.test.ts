import { UserRole } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { adminMessages } from './admin-messages.js';
import { accountWithSession, type Browser, sharedStateWithLimits } from './admin-test-kit.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let owner: Browser;
  let n = 0;
  const subdomain = (name: string) => `${name}-${db.name}-${++n}`;
  const newSite = (browser: Browser, body: Record<string, unknown>) =>
    browser.post('/api/admin/sites', {
      title: 'Mein Laden',
      subdomain: subdomain('laden'),
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
      starter: 'empty',
      ...body,
    });
  /** A storefront request on the site's own host. */
  const visit = (hostname: string, url = '/') =>
    app.inject({ method: 'GET', url, headers: { host: hostname } });

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    ({ browser: owner } = await accountWithSession(app, storage, 'Inhaberin'));
  });
  afterAll(() => app?.close());

  it('R3.21.8 creates an empty site at <subdomain>.localhost with its creator as admin (1)', async () => {
    const name = subdomain('leer');
    const created = await newSite(owner, { subdomain: name.toUpperCase(), title: '  Leerer Laden ' });
    expect(created.status).toBe(201);
    const site = created.body.site;
    expect(site).toMatchObject({
      title: 'Leerer Laden',
      hostnames: [`${name}.localhost`],
      url: `http://${name}.localhost`,
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
      locale: 'de-DE',
      roles: [UserRole.ADMIN],
      roleNames: ['Administrator'],
    });
    expect(site.permissions).toContain('site.delete');

    const me = await owner.get('/api/admin/session');
    expect(me.body.sites).toContainEqual(
      expect.objectContaining({ id: site.id, title: 'Leerer Laden', roles: [UserRole.ADMIN] }),
    );
    // The new address answers with the site's home page.
    const home = await visit(`${name}.localhost`);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Leerer Laden');
  });

  it('the demo starter seeds the demo products under the owner’s title and currency', async () => {
    const name = subdomain('demo');
    const created = await newSite(owner, {
      subdomain: name,
      title: 'Demo von Anna',
      starter: 'demo',
      currency: 'CHF',
    });
    expect(created.status).toBe(201);
    expect(created.body.site).toMatchObject({
      title: 'Demo von Anna',
      currency: 'CHF',
      roles: [UserRole.ADMIN],
    });
    const shop = await storage.collections.findByUrlId(created.body.site.id, 'shop');
    expect(shop).toBeDefined();
    const shopPage = await visit(`${name}.localhost`, '/shop?format=json');
    expect(shopPage.statusCode).toBe(200);
    expect(JSON.stringify(shopPage.json())).toContain('CHF');
    // The localhost demo shop is untouched.
    expect(await storage.websites.findByHostname(`${name}.localhost`)).toMatchObject({
      title: 'Demo von Anna',
    });
  });

  it('refuses a taken subdomain with 409 and a German message', async () => {
    const name = subdomain('doppelt');
    expect((await newSite(owner, { subdomain: name })).status).toBe(201);
    const { browser: other } = await accountWithSession(app, storage, 'Andere');
    const again = await newSite(other, { subdomain: name, starter: 'demo' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      type: 'SUBDOMAIN_TAKEN',
      message: adminMessages.subdomainTaken(`${name}.localhost`),
    });
    // The second owner did not become a member of the first owner's site.
    expect((await other.get('/api/admin/session')).body.sites).toEqual([]);
  });

  it('validates subdomain, title, currency, time zone and starter in German', async () => {
    const problems = async (body: Record<string, unknown>) => (await newSite(owner, body)).body.error;
    expect((await problems({ subdomain: '-laden' })).fields.subdomain).toBe(adminMessages.subdomainInvalid);
    expect((await problems({ subdomain: 'mein.laden' })).fields.subdomain).toBe(
      adminMessages.subdomainInvalid,
    );
    expect((await problems({ subdomain: 'a'.repeat(64) })).fields.subdomain).toBe(
      adminMessages.subdomainInvalid,
    );
    expect((await problems({ subdomain: 'www' })).message).toBe('Die Subdomain „www“ ist reserviert.');
    expect((await problems({ title: '   ' })).fields.title).toBe(adminMessages.titleMissing);
    expect((await problems({ currency: 'XYZ' })).fields.currency).toBe(adminMessages.currencyUnsupported);
    expect((await problems({ timeZone: 'Mars/Olympus' })).fields.timeZone).toBe(
      adminMessages.timeZoneUnknown,
    );
    expect((await problems({ starter: 'voll' })).fields.starter).toBe(adminMessages.starterUnknown);
    const status = (await newSite(owner, { subdomain: 'www' })).status;
    expect(status).toBe(400);
  });

  it('uses the spec defaults USD and America/New_York when currency and time zone are left out', async () => {
    const created = await owner.post('/api/admin/sites', {
      title: 'Standard',
      subdomain: subdomain('standard'),
    });
    expect(created.status).toBe(201);
    expect(created.body.site).toMatchObject({ currency: 'USD', timeZone: 'America/New_York' });
  });

  it('needs a signed-in account to create a site', async () => {
    const { browser } = await accountWithSession(app, storage, 'Weg');
    await browser.delete('/api/admin/session');
    expect((await newSite(browser, {})).status).toBe(401);
  });

  it('shows only the editable settings, never the interim owner token', async () => {
    const created = await newSite(owner, {});
    await storage.websiteAdmin.update(created.body.site.id, { settings: { ownerToken: 'geheim-token' } });
    const read = await owner.get(`/api/admin/sites/${created.body.site.id}`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain('geheim-token');
    expect(read.body.site.settings.storeSettings.selectedCurrency).toBe('EUR');
  });

  it('changes title, time zone and settings, merging store settings key by key', async () => {
    const created = await newSite(owner, {});
    const id = created.body.site.id;
    const changed = await owner.patch(`/api/admin/sites/${id}`, {
      title: 'Neuer Name',
      timeZone: 'Europe/Vienna',
      settings: { storeSettings: { minimumOrderMinor: 2000 }, commentsEnabled: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.site).toMatchObject({ title: 'Neuer Name', timeZone: 'Europe/Vienna' });
    expect(changed.body.site.settings.storeSettings).toMatchObject({
      selectedCurrency: 'EUR',
      minimumOrderMinor: 2000,
    });

    const express = await owner.patch(`/api/admin/sites/${id}`, {
      settings: { storeSettings: { expressCheckout: true } },
    });
    expect(express.body.site.settings.storeSettings).toMatchObject({
      expressCheckout: true,
      minimumOrderMinor: 2000,
    });
    const cleared = await owner.patch(`/api/admin/sites/${id}`, {
      settings: { storeSettings: { minimumOrderMinor: null } },
    });
    expect(cleared.body.site.settings.storeSettings.minimumOrderMinor).toBeUndefined();
    expect((await storage.websites.findById(id))!.title).toBe('Neuer Name');
  });

  it('refuses unknown or ill-typed settings by name and an empty change', async () => {
    const id = (await newSite(owner, {})).body.site.id;
    const unknown = await owner.patch(`/api/admin/sites/${id}`, { settings: { ownerToken: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Die Einstellung „ownerToken“ gibt es nicht.');
    const typed = await owner.patch(`/api/admin/sites/${id}`, { settings: { commentsEnabled: 'ja' } });
    expect(typed.body.error.message).toBe('Der Wert für „commentsEnabled“ ist ungültig.');
    const empty = await owner.patch(`/api/admin/sites/${id}`, {});
    expect(empty.body.error.message).toBe(adminMessages.nothingToChange);
  });

  it('deletes a site with everything on it; its address then answers "unknown website"', async () => {
    const name = subdomain('weg');
    const id = (await newSite(owner, { subdomain: name, starter: 'demo' })).body.site.id;
    const deleted = await owner.delete(`/api/admin/sites/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect(await storage.websites.findById(id)).toBeUndefined();
    expect((await owner.get(`/api/admin/sites/${id}`)).status).toBe(404);
    expect((await visit(`${name}.localhost`)).statusCode).toBe(404);
    expect((await owner.get('/api/admin/session')).body.sites.map((s: { id: string }) => s.id)).not.toContain(
      id,
    );
  });
});
