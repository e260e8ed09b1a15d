import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withTestDatabases } from '@baukasten/storage/testing';
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteMatrix, routeMatrix } from './route-matrix-kit.js';

/*
 * sqlmap (the Debian package; `npm test` installs it like Chromium) against the shop's cart, its visitor
 * forms and the site search, through a real HTTP listener: boolean-blind, error-based and UNION
 * techniques at level 1 / risk 1 on every parameter, time-bounded per target. It must find no injection.
 * Time-based blind is left out: it costs seconds per probe and finds nothing the others would miss
 * where every query goes through Kysely's bound parameters.
 */

const SQLMAP = '/usr/bin/sqlmap';
const TARGET_TIMEOUT_MS = 40_000;
const CRUMB = 'sqlmap-crumb-123-sqlmap-';

interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  json?: Record<string, unknown>;
}

interface Run {
  output: string;
  timedOut: boolean;
}

function runSqlmap(base: string, host: string, target: Target, outputDir: string): Promise<Run> {
  const args = [
    '-u',
    `${base}${target.path}`,
    '--host',
    host,
    '--batch',
    '--level=1',
    '--risk=1',
    '--technique=BEU',
    '--threads=4',
    '--flush-session',
    '--disable-coloring',
    '--skip-waf',
    // Refusals of unknown keys and orders are answers to test through, not a reason to stop.
    '--ignore-code=401,404',
    `--output-dir=${outputDir}`,
    `--cookie=crumb=${CRUMB}`,
    '--headers',
    `X-CSRF-Token: ${CRUMB}`,
  ];
  if (target.json)
    args.push(
      '--method=POST',
      `--data=${JSON.stringify(target.json)}`,
      '--headers',
      `X-CSRF-Token: ${CRUMB}\nContent-Type: application/json`,
    );
  return new Promise((resolve) => {
    const child = spawn(SQLMAP, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: outputDir },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, TARGET_TIMEOUT_MS);
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ output, timedOut });
    });
  });
}

withTestDatabases((db) => {
  describe.skipIf(!existsSync(SQLMAP))('sqlmap finds no SQL injection (issue 12 hostile input)', () => {
    let m: RouteMatrix;
    let base: string;
    const outputDir = mkdtempSync(join(tmpdir(), 'baukasten-sqlmap-'));
    beforeAll(async () => {
      m = await routeMatrix(await db.open());
      base = await m.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await m?.app.close();
      rmSync(outputDir, { recursive: true, force: true });
    });

    const targets = (): Target[] => {
      const variant = m.shop.shirt.product!.variants[0]!;
      const list: Target[] = [
        {
          name: 'add to cart',
          path: '/api/commerce/shopping-cart/entries',
          json: { itemId: m.shop.mug.id, sku: `${m.shop.hostname}-TASSE`, quantity: 1 },
        },
        { name: 'stock', path: `/api/commerce/inventory/stock/?itemId=${m.shop.mug.id}` },
        {
          name: 'restock sign-up form',
          path: '/api/commerce/restock-notifications',
          json: { productId: m.shop.shirt.id, variantId: variant.id, siteVisitorEmail: 'a@example.de' },
        },
        { name: 'newsletter form', path: '/api/newsletter/subscribe', json: { email: 'b@example.de' } },
        {
          name: 'site form',
          path: '/api/form/SaveFormSubmission',
          json: { key: 'k', form: '{"f":"x"}', captchaKey: 'c' },
        },
        { name: 'order status', path: '/bestellung/1?email=c@example.de' },
      ];
      if (m.routes.some((r) => r.method === 'GET' && r.url === '/search'))
        list.push({ name: 'search', path: '/search?q=tasse' });
      return list;
    };

    it.runIf(db.name === 'sqlite')(
      'the harness itself finds a planted injection (so a pass means something)',
      async () => {
        const sqlite = new SqliteDatabase(':memory:');
        sqlite.exec("create table t (name text); insert into t values ('tasse'), ('shirt')");
        const planted = Fastify();
        planted.get('/suche', async (request) => {
          const q = String((request.query as { q?: string }).q ?? '');
          try {
            // Deliberately wrong: text pasted into SQL.
            return { rows: sqlite.prepare(`select name from t where name = '${q}'`).all() };
          } catch {
            return { rows: [] };
          }
        });
        const url = await planted.listen({ port: 0, host: '127.0.0.1' });
        try {
          const run = await runSqlmap(
            url,
            '127.0.0.1',
            { name: 'planted', path: '/suche?q=tasse' },
            outputDir,
          );
          expect(run.output).toMatch(/identified the following injection point/);
        } finally {
          await planted.close();
          sqlite.close();
        }
      },
      60_000,
    );

    it('cart, visitor forms, order look-up and search: no parameter is injectable', async () => {
      const found: string[] = [];
      const untested: string[] = [];
      // Two at a time: the machine is shared; each run is bounded.
      const queue = targets();
      const worker = async () => {
        for (let t = queue.shift(); t; t = queue.shift()) {
          const run = await runSqlmap(base, m.shop.hostname, t, outputDir);
          if (
            /identified the following injection point|appears to be injectable|is vulnerable/i.test(
              run.output,
            )
          )
            found.push(
              `${t.name}: ${run.output
                .split('\n')
                .filter((l) => /injectable|Parameter:/.test(l))
                .join(' | ')}`,
            );
          else if (run.timedOut || !/do not appear to be injectable|not injectable/i.test(run.output))
            untested.push(
              `${t.name}${run.timedOut ? ' (Zeitlimit)' : ''}: ${run.output.split('\n').slice(-6).join(' | ')}`,
            );
        }
      };
      await Promise.all([worker(), worker()]);
      expect(found).toEqual([]);
      expect(untested).toEqual([]);
    }, 180_000);
  });
});
