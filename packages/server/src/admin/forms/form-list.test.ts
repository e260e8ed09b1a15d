import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';

/* The list of a site's forms, from which the editor's submissions screen starts. */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let team: ShopTeam;
  let base: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const website = await storage.websites.create({
      title: 'Formulare',
      hostnames: [`liste-${db.name}.test`],
    });
    const elsewhere = await storage.websites.create({
      title: 'Anderswo',
      hostnames: [`anders-${db.name}.test`],
    });
    const field = { id: 'email', type: 'email', title: 'E-Mail' };
    await storage.forms.create(website.id, { id: 'kontakt', name: 'Kontakt', fields: [field] });
    await storage.forms.create(website.id, { id: 'anmeldung', name: 'Anmeldung', fields: [field, field] });
    await storage.forms.create(elsewhere.id, { id: 'fremd', name: 'Fremdes Formular', fields: [] });
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, website.id);
    base = `/api/admin/sites/${website.id}/forms`;
  });
  afterAll(() => app?.close());

  it('lists the forms of this website only, by name, for roles with forms.view', async () => {
    const res = await team.editor.get(base);
    expect(res.status).toBe(200);
    expect(res.body.forms).toEqual([
      { id: 'anmeldung', name: 'Anmeldung', fieldCount: 2 },
      { id: 'kontakt', name: 'Kontakt', fieldCount: 1 },
    ]);
    expect((await team.storeManager.get(base)).status).toBe(403);
    expect((await team.outsider.get(base)).status).toBe(404);
  });
});
