import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../../../e2e/support/shop-server.js';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { buildApp } from '../app.js';
import { missingPrerequisites } from '../reliability/cluster-kit.js';

/*
 * HTTPS for own domains the way production runs it (README "Eigene Domains"): Caddy with on-demand TLS in
 * front of two server instances on one database. Caddy asks /internal/tls-ask before it gets a certificate,
 * so a verified domain is served over HTTPS and an unverified one gets no certificate at all. Caddy uses its
 * internal CA here (`local_certs`), whose root the client trusts; names resolve to 127.0.0.1 in the client.
 * Needs the Debian package caddy (scripts/test.mjs installs it); without it the suite is skipped with its
 * reason, except under CI=true, where it fails (missingPrerequisites).
 */

const CADDY = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((path) => existsSync(path));

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 20_000, log = () => '') {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within ${ms} ms\n${log()}`);
}

interface HttpsAnswer {
  status: number;
  body: string;
}

/** GET https://<name>:<port><path> with SNI and Host for `name`, connected to 127.0.0.1. */
function fetchOverHttps(name: string, port: number, path: string, ca?: Buffer): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        hostname: name,
        port,
        path,
        servername: name,
        ...(ca ? { ca } : { rejectUnauthorized: false }),
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all)
            callback(null, [{ address: '127.0.0.1', family: 4 }] as never);
          else callback(null, '127.0.0.1', 4);
        },
        timeout: 10_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

if (!CADDY) {
  missingPrerequisites('Caddy in front', 'caddy is not installed: apt-get install -y caddy');
} else {
  withTestDatabases((db) => {
    let storage: Storage;
    let second: Storage;
    const apps: FastifyInstance[] = [];
    const served = [0, 0];
    let caddy: ChildProcess | undefined;
    let caddyLog = '';
    let dir: string;
    let httpsPort: number;
    const verified = `shop-${db.name}.example.test`;
    const unverified = `fremd-${db.name}.example.test`;

    beforeAll(async () => {
      if (!CADDY) throw new Error('caddy fehlt: apt-get install -y caddy (unter CI=true Pflicht)');
      storage = await db.open({ websiteCacheMs: 0 });
      await storage.migrate();
      second = await db.openAnother(storage, { websiteCacheMs: 0 });
      const website = await storage.websites.create({
        title: 'Caddy-Laden',
        hostnames: [`caddy-${db.name}.localhost`],
      });
      await storage.collections.create(website.id, {
        type: 10,
        urlId: 'home',
        title: 'Willkommen im Caddy-Laden',
      });
      await storage.domains.add(website.id, verified, 't1');
      await storage.domains.markVerified(website.id, verified);
      await storage.domains.add(website.id, unverified, 't2');

      httpsPort = await freePort();
      const ports: number[] = [];
      for (const [i, s] of [storage, second].entries()) {
        const app = await buildApp({
          storage: s,
          logLevel: 'silent',
          shared: sharedStateWithLimits(),
          trustProxy: true,
          publicUrl: { scheme: 'https', port: httpsPort },
        });
        app.addHook('onRequest', async (request) => {
          if (!request.url.startsWith('/internal/')) served[i] = (served[i] ?? 0) + 1;
        });
        await app.listen({ port: 0, host: '127.0.0.1' });
        apps.push(app);
        ports.push((app.server.address() as AddressInfo).port);
      }

      dir = mkdtempSync(join(tmpdir(), 'baukasten-caddy-'));
      const httpPort = await freePort();
      const caddyfile = join(dir, 'Caddyfile');
      writeFileSync(
        caddyfile,
        `{
  admin off
  http_port ${httpPort}
  https_port ${httpsPort}
  local_certs
  skip_install_trust
  on_demand_tls {
    ask http://127.0.0.1:${ports[0]}/internal/tls-ask
  }
}

https:// {
  tls {
    on_demand
  }
  reverse_proxy 127.0.0.1:${ports[0]} 127.0.0.1:${ports[1]} {
    lb_policy round_robin
  }
}
`,
      );
      // Caddy keeps its CA and certificates under XDG_DATA_HOME: a folder of this test, not the machine's.
      caddy = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
        env: {
          ...process.env,
          HOME: dir,
          XDG_DATA_HOME: join(dir, 'data'),
          XDG_CONFIG_HOME: join(dir, 'config'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      caddy.stdout?.on('data', (c) => {
        caddyLog += c;
      });
      caddy.stderr?.on('data', (c) => {
        caddyLog += c;
      });
      await waitFor(
        'caddy listening',
        () => portOpen(httpsPort),
        20_000,
        () => caddyLog,
      );
    }, 60_000);

    afterAll(async () => {
      if (caddy && caddy.exitCode === null) {
        const exited = new Promise((r) => caddy!.once('exit', r));
        caddy.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      for (const app of apps) await app.close();
      await second?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('a verified domain is served over HTTPS by both instances; an unverified one gets no certificate', async () => {
      // The first handshake makes Caddy ask us and issue the certificate; its CA's root is then on disk.
      await fetchOverHttps(verified, httpsPort, '/');
      const root = join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
      await waitFor(
        'Caddy’s root certificate',
        () => existsSync(root),
        10_000,
        () => caddyLog,
      );
      const ca = readFileSync(root);

      const first = await fetchOverHttps(verified, httpsPort, '/', ca);
      expect(first.status).toBe(200);
      expect(first.body).toContain('Caddy-Laden');
      // Links are the primary domain with the configured https port, not the upstream's address.
      expect(first.body).toContain(`https://${verified}:${httpsPort}/`);
      await fetchOverHttps(verified, httpsPort, '/', ca);
      expect(served[0]).toBeGreaterThan(0);
      expect(served[1]).toBeGreaterThan(0);

      // No certificate for it at all: the handshake fails, trusted CA or not.
      await expect(fetchOverHttps(unverified, httpsPort, '/', ca)).rejects.toThrow(
        /alert|ssl|tls|socket|reset/i,
      );
      await expect(fetchOverHttps(unverified, httpsPort, '/')).rejects.toThrow(/alert|ssl|tls|socket|reset/i);
    }, 60_000);
  });
}
