import { randomBytes } from 'node:crypto';
import type { Account, Storage } from '@baukasten/storage';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { InMemoryRateLimiter, type RateLimitOptions } from '../rate-limit.js';
import { inMemorySharedState, type SharedState } from '../shared-state.js';
import { SESSION_COOKIE } from './admin-session.js';
import { hashPassword } from './passwords.js';

/*
 * Test helpers for the admin API (test code only; no route imports this file). A Browser keeps its
 * cookies between calls like a real one and echoes the crumb on state-changing calls.
 */

export const ADMIN_HOST = 'admin.localhost';
export const PASSWORD = 'richtig-geheim-123';

/** In-memory shared state whose limits tests may override by limiter name. */
export function sharedStateWithLimits(overrides: Record<string, RateLimitOptions> = {}): SharedState {
  const base = inMemorySharedState();
  return { ...base, rateLimiter: (name, options) => new InMemoryRateLimiter(overrides[name] ?? options) };
}

export interface Answer {
  status: number;
  body: any;
  response: LightMyRequestResponse;
}

export class Browser {
  readonly cookies = new Map<string, string>();
  /** Each browser its own client address unless told, so per-address limits only meet where a test wants. */
  readonly ip: string;
  constructor(
    readonly app: FastifyInstance,
    readonly options: { host?: string; ip?: string; crumb?: boolean } = {},
  ) {
    // Any value works for the double-submit check as long as cookie and header agree.
    this.cookies.set('crumb', randomBytes(18).toString('base64url'));
    this.ip = options.ip ?? `10.${[...randomBytes(3)].join('.')}`;
  }

  get sessionToken(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  async call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { host: this.options.host ?? ADMIN_HOST };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET' && this.options.crumb !== false)
      headers['x-csrf-token'] = this.cookies.get('crumb')!;
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let parsed: unknown;
    try {
      parsed = response.json();
    } catch {
      parsed = response.body;
    }
    return { status: response.statusCode, body: parsed, response };
  }

  get = (url: string) => this.call('GET', url);
  post = (url: string, body: unknown = {}) => this.call('POST', url, body);
  patch = (url: string, body: unknown = {}) => this.call('PATCH', url, body);
  delete = (url: string) => this.call('DELETE', url);
}

let cachedHash: Promise<string> | undefined;
let counter = 0;

/**
 * An account with password PASSWORD, made in storage directly (one argon2 hash for all of them), and a
 * browser signed in as it.
 */
export async function accountWithSession(
  app: FastifyInstance,
  storage: Storage,
  name = 'Person',
): Promise<{ account: Account; browser: Browser }> {
  cachedHash ??= hashPassword(PASSWORD);
  const account = await storage.accounts.create({
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${++counter}-${randomBytes(3).toString('hex')}@example.test`,
    name,
    passwordHash: await cachedHash,
  });
  const { token } = await storage.accounts.startSession(account.id, { ttlMs: 30 * 86_400_000 });
  const browser = new Browser(app);
  browser.cookies.set(SESSION_COOKIE, token);
  return { account, browser };
}
