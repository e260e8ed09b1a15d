import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startShopServer } from './support/shop-server.js';

describe('an owner restarts the shop', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'baukasten-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops cleanly on SIGTERM and serves the same data after a restart', async () => {
    const first = await startShopServer({}, dataDir);
    const before = await (await fetch(`${first.baseUrl}/shop?format=json`)).json();
    // SIGTERM closes the server and the database and exits with 0 (not killed mid-write).
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await startShopServer({}, dataDir);
    const after = await (await fetch(`${second.baseUrl}/shop?format=json`)).json();
    await second.stop();
    expect(after.items.map((i: { id: string }) => i.id)).toEqual(
      before.items.map((i: { id: string }) => i.id),
    );
    expect(after.website.id).toBe(before.website.id);
  });
});
