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
    await storage.forms.saveSubmission(
      website.id,
      'kontakt',
      answers('x;=1+1', 'y,=HYPERLINK("http://boese.example")'),
      Date.UTC(2026, 10, 3, 9),
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
    ).toEqual(['x;=1+1', '=1+1', 'Erika']);
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
    expect(lines[0]).toBe('"Eingegangen";"Name";"Nachricht"');
    // 09:00 UTC is 10:00 in the site's time zone (Europe/Berlin).
    expect(lines[2]).toBe(`"2026-11-02 10:00";"'=1+1";"Zweite"`);
    expect(lines[3]).toMatch(/;"Erika";"Hallo, ""Laden""!"$/);
  });

  it('Finding 9 (#18): a cell like x;=1+1 starts no formula in German Excel (semicolons) nor with commas', async () => {
    const res = await team.admin.get(`${base}/kontakt/submissions.csv`);
    const body: string = res.response.body;
    expect(body.startsWith('\uFEFF"Eingegangen";')).toBe(true);
    const newest = body.replace(/^\uFEFF/, '').split('\r\n')[1]!;
    expect(newest).toBe(`"2026-11-03 10:00";"x;'=1+1";"y,'=HYPERLINK(""http://boese.example"")"`);
    for (const separator of [';', ',']) {
      const cells = newest.split(separator).map((c) => c.replace(/^"/, ''));
      expect(
        cells.filter((c) => /^\s*[=+\-@]/.test(c)),
        separator,
      ).toEqual([]);
    }
  });

  it('lets only roles with forms.view read them, and no other site', async () => {
    expect((await team.storeManager.get(`${base}/kontakt/submissions`)).status).toBe(403);
    expect((await team.outsider.get(`${base}/kontakt/submissions.csv`)).status).toBe(404);
    expect((await team.admin.get(`${base}/gibt-es-nicht/submissions`)).status).toBe(404);
  });
});
