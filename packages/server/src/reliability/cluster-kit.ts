import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { Redis } from 'ioredis';
import pg from 'pg';
import { expect, it } from 'vitest';

/*
 * Test code only: what the multi-instance and crash tests need around real server processes — a fresh
 * PostgreSQL schema named in DATABASE_URL, Redis, and HTTP clients with their own cookie jar and client
 * address (the instances run with TRUST_PROXY, as behind a load balancer).
 *
 * Reading the environment here is test tooling, like storage's test-databases.ts.
 */

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
export const inCi = () => process.env.CI === 'true' || process.env.CI === '1';

/**
 * Stands in for a suite whose prerequisites are missing: a failing test under CI=true (there they must be
 * there), a visible skip with the reason on a developer's machine.
 */
export function missingPrerequisites(suite: string, why: string) {
  if (inCi()) it(`${suite} prerequisites are there (required when CI=true)`, () => expect.fail(why));
  else it.skip(why, () => {});
}

export const SERVER_ENTRY = new URL('../../dist/serve.js', import.meta.url).pathname;
/** The process tests start the built server, as `npm start` does; `npm test` builds first. */
export const serverBuilt = () => existsSync(SERVER_ENTRY);

export async function postgresReachable(url = TEST_DATABASE_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A fresh schema; `url` selects it through the connection's search_path, as any instance would be configured. */
export async function freshPostgresSchema(): Promise<{ schema: string; url: string; drop(): Promise<void> }> {
  const schema = `r_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const u = new URL(TEST_DATABASE_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

export interface Answer {
  status: number;
  json: any;
}

const agent = new Agent({ keepAlive: true, maxSockets: 128 });

/**
 * One shopper or owner: a cookie jar, a client address (X-Forwarded-For) and the crumb echoed on every
 * state-changing call. `base` picks the instance per call, so a cart can start on one and end on another.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly host: string,
    readonly ip = `10.${[...randomBytes(3)].join('.')}`,
    readonly extraHeaders: Record<string, string> = {},
  ) {
    this.cookies.set('crumb', randomBytes(18).toString('base64url'));
  }

  call(base: string, method: string, path: string, body?: unknown, timeoutMs = 60_000): Promise<Answer> {
    const headers: Record<string, string> = {
      host: this.host,
      'x-forwarded-for': this.ip,
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...this.extraHeaders,
    };
    if (method !== 'GET') headers['x-csrf-token'] = this.cookies.get('crumb')!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return new Promise<Answer>((resolve, reject) => {
      const req = request(`${base}${path}`, { method, headers, agent, timeout: timeoutMs }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('error', reject);
        res.on('end', () => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const [pair] = c.split(';');
            const i = pair!.indexOf('=');
            const value = pair!.slice(i + 1);
            if (value === '') this.cookies.delete(pair!.slice(0, i));
            else this.cookies.set(pair!.slice(0, i), value);
          }
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  get = (base: string, path: string) => this.call(base, 'GET', path);
  post = (base: string, path: string, body: unknown = {}) => this.call(base, 'POST', path, body);
  patch = (base: string, path: string, body: unknown = {}) => this.call(base, 'PATCH', path, body);
}

/** Polls until check() is truthy; for conditions in other processes (no fixed sleeps). */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
