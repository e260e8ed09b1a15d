import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

export interface ShopServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  output(): string;
}

/** A port nothing listens on now (tests that start servers of their own use it too). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server (`packages/server/dist/serve.js`, as `npm start` runs it) on a free port with its own
 * data folder, and waits until /healthz answers. `npm test` builds before the e2e project runs.
 */
export async function startShopServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<ShopServer> {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'baukasten-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [join(root, 'packages/server/dist/serve.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server beendet (Exit ${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`Server antwortet nicht:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    port,
    dataDir: dir,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}
