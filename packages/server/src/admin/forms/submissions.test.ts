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
  let base: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const website = await storage.websites.create({
      title: 'Formularladen',
      hostnames: [`formulare-${db.name}.test`],
      timeZone: 'Europe/Berlin',
    });
    await storage.forms.create(website.id, {
      id: 'kontakt',
      name: 'Kontakt',
      fields: [
        { id: 'name', type: 'text', title: 'Name', required: true },
        { id: 'nachricht', type: 'textarea', title: 'Nachricht', required: true },
      ],
    });
    const answers = (name: string, text: string) => [
      { fieldId: 'name', type: 'text', rawTitle: 'Name', values: name, summary: name },
      { fieldId: 'nachricht', type: 'textarea', rawTitle: 'Nachricht', values: text, summary: text },
    ];
    await storage.forms.saveSubmission(
      website.id,
      'kontakt',
      answers('Erika', 'Hallo, "Laden"!'),
      Date.UTC(2026, 10, 1, 9),
    );
    await storage.forms.saveSubmission(
      website.id,
      'kontakt',
      answers('=1+1', 'Zweite'),
      Date.UTC(2026, 10, 2, 9),
    );
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, website.id);
    base = `/api/admin/sites/${website.id}/forms`;
  });
  afterAll(() => app?.close());

  it('lists a form’s submissions newest first with their answer summaries', async () => {
    const res = await team.editor.get(`${base}/kontakt/submissions`);
    expect(res.status).toBe(200);
    expect(res.body.form).toEqual({ id: 'kontakt', name: 'Kontakt' });
    expect(
      res.body.submissions.map((s: { answers: { summary: string }[] }) => s.answers[0]!.summary),
    ).toEqual(['=1+1', 'Erika']);
  });

  it('exports them as CSV with a column per field, German heading, and formulas defused', async () => {
    const res = await team.admin.get(`${base}/kontakt/submissions.csv`);
    expect(res.status).toBe(200);
    expect(res.response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.response.headers['content-disposition']).toBe('attachment; filename="formular-kontakt.csv"');
    const lines = res.response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Eingegangen,Name,Nachricht');
    // 09:00 UTC is 10:00 in the site's time zone (Europe/Berlin).
    expect(lines[1]).toBe("2026-11-02 10:00,'=1+1,Zweite");
    expect(lines[2]).toMatch(/,Erika,"Hallo, ""Laden""!"$/);
  });

  it('lets only roles with forms.view read them, and no other site', async () => {
    expect((await team.storeManager.get(`${base}/kontakt/submissions`)).status).toBe(403);
    expect((await team.outsider.get(`${base}/kontakt/submissions.csv`)).status).toBe(404);
    expect((await team.admin.get(`${base}/gibt-es-nicht/submissions`)).status).toBe(404);
  });
});
