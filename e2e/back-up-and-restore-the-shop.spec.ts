import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStorage } from '@baukasten/storage';
import { afterAll, describe, expect, it } from 'vitest';
import { type ShopServer, startShopServer } from './support/shop-server.js';

const root = new URL('../', import.meta.url).pathname;
const CRUMB = 'backupcrumbbackupcrumbba';
const address = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  line1: 'Hauptstraße 1',
  city: 'Berlin',
  postalCode: '10115',
  country: 'DE',
};

/** `npm run backup` / `npm run restore` as an operator runs them, with the given environment. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [join(root, 'scripts', script), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A shopper with their own client address (TRUST_PROXY) and cart cookie, talking JSON like the islands. */
function shopper(server: ShopServer, n: number) {
  let cart: string | undefined;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        cookie: `crumb=${CRUMB}${cart ? `; cart=${cart}` : ''}`,
        'x-csrf-token': CRUMB,
        'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('cart='));
    if (set) cart = set.slice(5).split(';')[0];
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    call,
    cartId: () => cart,
    add: (item: { itemId: string; sku: string }) =>
      call('POST', '/api/commerce/shopping-cart/entries', { ...item, quantity: 1 }),
    checkout: () =>
      call('POST', '/api/commerce/checkout', {
        email: `kundin-${n}@example.de`,
        shippingAddress: address,
        paymentMethod: 'bank-transfer',
      }) as Promise<{ order: { id: string; websiteId: string } }>,
  };
}

async function notebookOf(server: ShopServer) {
  const list = await (await fetch(`${server.baseUrl}/shop?format=json`)).json();
  const item = list.items.find((i: { urlId: string }) => i.urlId === 'notizbuch-a5-gepunktet');
  return { itemId: item.id as string, sku: item.structuredContent.variants[0].sku as string };
}

async function until(condition: () => boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('an operator backs up the shop while it sells and restores it', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'baukasten-backup-'));
    dirs.push(dir);
    return dir;
  };
  const servers: ShopServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('npm run backup copies a consistent snapshot during checkouts; npm run restore brings it back into a fresh folder', async () => {
    const live = freshDir();
    const server = await startShopServer({ TRUST_PROXY: 'true' }, live);
    servers.push(server);
    const notebook = await notebookOf(server);

    // Three shoppers after another keep checking out for the whole backup.
    const orders: { id: string; websiteId: string; sentAt: number; ackAt: number }[] = [];
    let writing = true;
    let visitor = 0;
    const writer = async () => {
      while (writing) {
        const s = shopper(server, ++visitor);
        const sentAt = performance.now();
        await s.add(notebook);
        const { order } = await s.checkout();
        orders.push({ id: order.id, websiteId: order.websiteId, sentAt, ackAt: performance.now() });
      }
    };
    const writers = Promise.all([writer(), writer(), writer()]);
    await until(() => orders.length >= 20, '20 orders before the backup');

    const backupStarted = performance.now();
    const backup = await runScript('backup.mjs', [], { DATA_DIR: live });
    const backupEnded = performance.now();
    await until(() => orders.some((o) => o.sentAt > backupEnded), 'an order after the backup');
    writing = false;
    await writers;

    expect(backup.code, backup.stderr).toBe(0);
    const files = readdirSync(join(live, 'backups'));
    expect(files).toEqual([expect.stringMatching(/^baukasten-\d{8}T\d{6}Z\.sqlite$/)]);
    const file = join(live, 'backups', files[0]);
    expect(backup.stdout).toContain(`Sicherung geschrieben: ${file}`);
    // Online: the shop went on taking orders while the backup ran.
    expect(orders.some((o) => o.ackAt > backupStarted && o.ackAt < backupEnded)).toBe(true);

    // Restore while the server runs on that folder: refused, nothing touched.
    const refused = await runScript('restore.mjs', [file], { DATA_DIR: live });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('der Server läuft noch auf diesem Datenordner');

    // Into a fresh folder: the restored database opens, migrates and holds every order acknowledged before
    // the backup started, each with its line; none placed after the backup ended.
    const restoredDir = freshDir();
    const restore = await runScript('restore.mjs', [file], { DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);
    const storage = await openStorage({ dataDir: restoredDir });
    try {
      await storage.migrate();
      for (const o of orders.filter((o) => o.ackAt < backupStarted)) {
        const found = await storage.orders.findById(o.websiteId, o.id);
        expect(
          found?.items.map((i) => i.sku),
          `order ${o.id}`,
        ).toEqual([notebook.sku]);
      }
      for (const o of orders.filter((o) => o.sentAt > backupEnded)) {
        expect(await storage.orders.findById(o.websiteId, o.id), `order ${o.id}`).toBeUndefined();
      }
      for (const o of orders) {
        const found = await storage.orders.findById(o.websiteId, o.id);
        if (found) expect(found.items, `order ${o.id} is whole`).toHaveLength(1);
      }
    } finally {
      await storage.close();
    }
    // And the server starts on it and serves the same shop.
    const restored = await startShopServer({}, restoredDir);
    servers.push(restored);
    expect((await notebookOf(restored)).itemId).toBe(notebook.itemId);
  });

  it('npm run restore -- --latest --force restores under a running server, which then serves the backup', async () => {
    const live = freshDir();
    const server = await startShopServer({ TRUST_PROXY: 'true' }, live);
    servers.push(server);
    const notebook = await notebookOf(server);
    const before = shopper(server, 1);
    await before.add(notebook);
    expect((await runScript('backup.mjs', [], { DATA_DIR: live })).code).toBe(0);
    const after = shopper(server, 2);
    await after.add(notebook);

    const forced = await runScript('restore.mjs', ['--latest', '--force'], { DATA_DIR: live });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('im laufenden Betrieb');
    // The database as it was is kept next to the backups.
    expect(readdirSync(join(live, 'backups')).some((f) => f.startsWith('vor-wiederherstellung-'))).toBe(true);

    // The cart filled before the backup is there, the one filled after it is gone, and the shop sells on.
    const cart = (s: ReturnType<typeof shopper>) => s.call('GET', '/api/commerce/shopping-cart');
    expect((await cart(before)).entries).toHaveLength(1);
    expect((await cart(after)).entries).toHaveLength(0);
    await after.add(notebook);
    expect((await after.checkout()).order.id).toBeTruthy();
    expect(existsSync(join(live, 'baukasten.sqlite'))).toBe(true);
  });

  it('on PostgreSQL both commands explain pg_dump and pg_restore instead', async () => {
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/baukasten', DATA_DIR: freshDir() };
    const backup = await runScript('backup.mjs', [], env);
    const restore = await runScript('restore.mjs', ['x.dump'], env);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain('pg_dump --format=custom');
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain('pg_restore');
  });
});
