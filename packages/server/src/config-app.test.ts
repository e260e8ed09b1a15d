import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app.js';

const built = existsSync(fileURLToPath(new URL('../../admin/dist/config.json', import.meta.url)));

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves the editor shell at /config and every path below it, on any host, framed by nothing but itself (#18, finding 7)', async () => {
    for (const url of ['/config', '/config/sites/abc/produkte']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'irgendwo.example' } });
      expect(res.headers['content-type']).toContain('text/html');
      // Agrees with the policy's frame-ancestors 'self' (security-headers.ts); DENY contradicted it.
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
      expect(res.body).toContain('lang="de"');
      if (built) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toMatch(/<div id="config-app">/);
        const script = /src="(\/config-assets\/[^"]+\.js)"/.exec(res.body)?.[1];
        const asset = await app.inject({ method: 'GET', url: script! });
        expect(asset.statusCode).toBe(200);
        expect(asset.headers['cache-control']).toContain('immutable');
      } else {
        expect(res.statusCode).toBe(503);
        expect(res.body).toContain('npm run build');
      }
    }
    expect((await app.inject({ method: 'GET', url: '/config-assets/gibt-es-nicht.js' })).statusCode).toBe(
      404,
    );
  });
});
