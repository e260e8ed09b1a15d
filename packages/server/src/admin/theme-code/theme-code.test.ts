import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import { defaultThemeSources } from '@baukasten/theme';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';
import { templateProblems } from './template-errors.js';

describe('template problems', () => {
  it('R8.6 gives line and column of a parse error in German', () => {
    expect(templateProblems('<p>\n  {title|nofmt}\n</p>')).toEqual([
      { line: 2, column: 3, message: 'Unbekannter Formatierer „nofmt“.' },
    ]);
    expect(templateProblems('a\nb {.end}')[0]).toMatchObject({ line: 2, column: 3 });
    const unclosed = templateProblems('<ul>\n{.repeated section items}\n<li>{title}</li>\n</ul>');
    expect(unclosed).toHaveLength(1);
    expect(unclosed[0]).toMatchObject({ line: 2, column: 1 });
    expect(unclosed[0]!.message).toContain('wird nicht mit {.end} geschlossen');
    expect(templateProblems(defaultThemeSources()['site.jsont']!)).toEqual([]);
  });

  it('Finding 6 (#18): the editor’s check stays fast for a large template with an unclosed section and many errors', () => {
    // Before, each tag cost one more parse of the prefix: 15 KB like this took 8 s on the event loop.
    const source = `<main>\n{.section a}\n${'<p>{b}</p>\n'.repeat(20_000)}{c|nofmt}\n${'{d|nofmt}'.repeat(5000)}`;
    const started = performance.now();
    const problems = templateProblems(source);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(problems).toHaveLength(5002);
    expect(problems[0]).toEqual({
      line: 2,
      column: 1,
      message: 'SECTION wird nicht mit {.end} geschlossen.',
    });
    expect(problems[1]).toEqual({ line: 20_003, column: 1, message: 'Unbekannter Formatierer „nofmt“.' });
    expect(problems[2]).toMatchObject({ line: 20_004, column: 1 });
    expect(problems[3]).toMatchObject({ line: 20_004, column: 10 });
  });
});

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let team: ShopTeam;
  let base: string;
  let host: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    host = `code-${db.name}.test`;
    const website = await storage.websites.create({ title: 'Codeladen', hostnames: [host] });
    await storage.collections.create(website.id, { type: 10, title: 'Start', urlId: 'home' });
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, website.id);
    base = `/api/admin/sites/${website.id}/theme`;
  });
  afterAll(() => app?.close());

  const home = () => app.inject({ url: '/', headers: { host } });

  it('lists the theme files and shows the default source of each', async () => {
    const list = await team.admin.get(`${base}/files`);
    expect(list.status).toBe(200);
    expect(list.body.files.map((f: { file: string }) => f.file)).toEqual(
      expect.arrayContaining(['site.jsont', 'page.jsont', 'theme.css', 'partials/order-details.jsont']),
    );
    const file = await team.admin.get(`${base}/file?file=theme.css`);
    expect(file.body).toMatchObject({ overridden: false, source: defaultThemeSources()['theme.css'] });
    expect((await team.admin.get(`${base}/file?file=../secret`)).status).toBe(400);
  });

  it('R8.6 refuses a broken template with line and column, and saves nothing', async () => {
    const source = defaultThemeSources()['site.jsont']!.replace('</footer>', '{.section x}</footer>');
    const res = await team.admin.patch(`${base}/file`, { file: 'site.jsont', source });
    expect(res.status).toBe(400);
    expect(res.body.error.problems[0].message).toContain('wird nicht mit {.end} geschlossen');
    expect(res.body.error.fields.source).toMatch(/^Zeile \d+, Spalte \d+: /);
    expect((await team.admin.get(`${base}/file?file=site.jsont`)).body.overridden).toBe(false);
  });

  it('a saved template and stylesheet are what the live site renders at once, and revert brings the default back', async () => {
    const before = await home();
    expect(before.body).not.toContain('Mit Liebe gemacht');
    const layout = defaultThemeSources()['site.jsont']!.replace(
      'Erstellt mit Baukasten',
      'Mit Liebe gemacht',
    );
    expect((await team.admin.patch(`${base}/file`, { file: 'site.jsont', source: layout })).status).toBe(200);
    expect((await home()).body).toContain('Mit Liebe gemacht');

    const css = `${defaultThemeSources()['theme.css']}\n.site-title { color: rgb(1, 2, 3); }\n`;
    expect((await team.admin.patch(`${base}/file`, { file: 'theme.css', source: css })).status).toBe(200);
    const page = (await home()).body;
    const href = /<link rel="stylesheet" href="([^"]+)">/.exec(page)![1]!;
    expect(href).toMatch(/^\/site-theme\.css\?v=/);
    const sheet = await app.inject({ url: href, headers: { host } });
    expect(sheet.body).toContain('rgb(1, 2, 3)');
    expect(sheet.headers['cache-control']).toContain('immutable');

    const broken = await team.admin.patch(`${base}/file`, {
      file: 'theme.css',
      source: '.a { color: red;\n.b {}',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.problems[0]).toMatchObject({ line: 1, column: 4 });

    expect((await team.admin.delete(`${base}/file?file=site.jsont`)).body.overridden).toBe(false);
    expect((await team.admin.delete(`${base}/file?file=theme.css`)).status).toBe(200);
    const after = (await home()).body;
    expect(after).not.toContain('Mit Liebe gemacht');
    expect(after).toMatch(/<link rel="stylesheet" href="\/assets\/theme-/);
  });

  it('previews unsaved theme code under a token without changing the live site', async () => {
    const css = `${defaultThemeSources()['theme.css']}\nbody { outline: 3px solid rgb(9, 8, 7); }`;
    const res = await team.admin.post(`${base}/preview`, { file: 'theme.css', source: css });
    expect(res.status).toBe(200);
    const url = new URL(res.body.previewUrl);
    expect(url.hostname).toBe(host);
    const preview = await app.inject({ url: `${url.pathname}${url.search}`, headers: { host } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('no-store');
    const href = /<link rel="stylesheet" href="([^"]+)">/.exec(preview.body)![1]!.replace(/&amp;/g, '&');
    expect((await app.inject({ url: href, headers: { host } })).body).toContain('rgb(9, 8, 7)');
    expect((await home()).body).toMatch(/<link rel="stylesheet" href="\/assets\/theme-/);
    const forged = await app.inject({ url: '/?vorschau=abc.def', headers: { host } });
    expect(forged.statusCode).toBe(403);
  });

  it('R4 only admins and website managers edit theme code; other sites never', async () => {
    expect((await team.websiteManager.get(`${base}/files`)).status).toBe(200);
    expect((await team.editor.get(`${base}/files`)).status).toBe(403);
    expect((await team.storeManager.patch(`${base}/file`, { file: 'theme.css', source: '' })).status).toBe(
      403,
    );
    expect((await team.outsider.get(`${base}/files`)).status).toBe(404);
  });
});
