import { CollectionType, DATASET_MAX_COLUMNS, DATASET_MAX_ROWS, UserRole } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { accountWithSession, type Browser, sharedStateWithLimits } from '../admin-test-kit.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let owner: Browser;
  let base: string;
  const host = `tabellen-${db.name}.test`;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    const site = await storage.websites.create({ title: 'Tabellenladen', hostnames: [host] });
    const page = await storage.collections.create(site.id, {
      type: CollectionType.PAGE,
      urlId: 'preise',
      title: 'Preise',
    });
    const { account, browser } = await accountWithSession(app, storage, 'Tina Tabelle');
    await storage.siteMembers.add(site.id, account.id, [UserRole.ADMIN]);
    owner = browser;
    base = `/api/admin/sites/${site.id}/collections/${page.id}`;
  });
  afterAll(() => app?.close());

  const saveTable = (rows: unknown, extra: Record<string, unknown> = {}) =>
    owner.patch(`${base}/draft`, { blocks: [{ type: 'table', rows, ...extra }] });

  it('R5.12.9 refuses a dataset without at least one row and column, at the table', async () => {
    for (const rows of [[], [[]], [['', '  ']]]) {
      const refused = await saveTable(rows);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields['blocks.0.rows']).toBe(
        'Ein Datensatz braucht mindestens eine Zeile und eine Spalte.',
      );
    }
    expect((await saveTable('keine Tabelle')).body.error.fields['blocks.0.rows']).toBe(
      'Die Tabelle muss eine Liste von Zeilen mit Text in jeder Zelle sein.',
    );
  });

  it('R5.12.10 truncates a dataset to the maximum of columns and rows when saving', async () => {
    const rows = Array.from({ length: DATASET_MAX_ROWS + 30 }, (_, r) =>
      Array.from({ length: DATASET_MAX_COLUMNS + 4 }, (_, c) => `z${r}s${c}`),
    );
    const saved = await saveTable(rows);
    expect(saved.status).toBe(200);
    const [table] = saved.body.blocks.draft;
    expect(table.rows).toHaveLength(DATASET_MAX_ROWS);
    expect(table.rows[0]).toHaveLength(DATASET_MAX_COLUMNS);
    expect(table.rows.at(-1).at(-1)).toBe(`z${DATASET_MAX_ROWS - 1}s${DATASET_MAX_COLUMNS - 1}`);
  });

  it('shows visitors the table as an HTML table with column headers and its caption', async () => {
    await saveTable(
      [
        ['Brot', 'Preis'],
        ['Roggen <frisch>', '3,20 €'],
      ],
      { caption: 'Unsere Preise', headerRow: true },
    );
    await owner.post(`${base}/publish`);
    const page = await app.inject({ method: 'GET', url: '/preise', headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<caption>Unsere Preise</caption>');
    expect(page.body).toContain(
      '<thead><tr><th scope="col">Brot</th><th scope="col">Preis</th></tr></thead>',
    );
    expect(page.body).toContain('<td>Roggen &lt;frisch&gt;</td><td>3,20 €</td>');
    expect(page.body).toContain('role="region" tabindex="0" aria-label="Unsere Preise"');
  });
});
