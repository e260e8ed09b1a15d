import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Browser } from './admin/admin-test-kit.js';
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD } from './demo-owner.js';
import { startServer } from './main.js';

/*
 * The demo owner through the real start-up (config, seed, app), on one SQLite data folder started three
 * times: as production without DEMO_OWNER, as the local default, and as production again.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'baukasten-demo-owner-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (env: Record<string, string>) =>
  startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });

const signIn = (server: Awaited<ReturnType<typeof start>>, host: string) =>
  new Browser(server.app, { host }).post('/api/admin/session', {
    email: DEMO_OWNER_EMAIL,
    password: DEMO_OWNER_PASSWORD,
  });

describe('demo owner', () => {
  it('is not created with NODE_ENV=production unless DEMO_OWNER=true', async () => {
    const server = await start({ NODE_ENV: 'production' });
    try {
      expect(await server.storage.websites.findByHostname('localhost')).toBeDefined();
      expect(await server.storage.accounts.findByEmail(DEMO_OWNER_EMAIL)).toBeUndefined();
      expect((await signIn(server, 'localhost')).status).toBe(401);
    } finally {
      await server.stop();
    }
  });

  it('signs in on the demo hosts as administrator of the demo, and nowhere else', async () => {
    const server = await start({});
    try {
      for (const host of ['localhost', '127.0.0.1']) {
        const answer = await signIn(server, host);
        expect(answer.status).toBe(200);
        expect(answer.body.sites.map((s: { title: string }) => s.title)).toEqual(['Baukasten Demo-Laden']);
        expect(answer.body.sites[0].roles).toEqual([1]);
      }
      const elsewhere = await signIn(server, 'admin.localhost');
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.error).toMatchObject({ type: 'DEMO_OWNER_ELSEWHERE' });
      expect(elsewhere.body.error.message).toMatch(/nur auf den Adressen des Demo-Ladens/);
      expect(elsewhere.response.cookies.find((c) => c.name === 'bk_session')).toBeUndefined();
    } finally {
      await server.stop();
    }
  });

  it('cannot sign in once the server runs in production without DEMO_OWNER, though the account exists', async () => {
    const server = await start({ NODE_ENV: 'production' });
    try {
      expect(await server.storage.accounts.findByEmail(DEMO_OWNER_EMAIL)).toBeDefined();
      const answer = await signIn(server, 'localhost');
      expect(answer.status).toBe(401);
      expect(answer.body.error.type).toBe('WRONG_CREDENTIALS');
    } finally {
      await server.stop();
    }
  });
});
