// Several server processes behind one address must agree on rate limits and spent captcha tokens.
// Each SharedState here has its own Redis connection, as each process would.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage, type Storage, type Website } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createTestShop } from './commerce/test-shop.js';
import { ProofOfWorkCaptcha, solveProofOfWork } from './forms/captcha.js';
import { inMemorySharedState, redisSharedState, type SharedState } from './shared-state.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAvailable();
if (!available && process.env.CI)
  throw new Error(`Redis is required in CI but not reachable at ${REDIS_URL}`);
if (!available) console.warn(`Redis not reachable at ${REDIS_URL}: skipping the shared-state tests`);

const website = { id: 'site-1' } as Website;

describe.skipIf(!available)('shared state in Redis, seen from two processes', () => {
  const namespace = `baukasten-test-${randomBytes(6).toString('hex')}`;
  let a: SharedState;
  let b: SharedState;
  beforeAll(() => {
    a = redisSharedState(REDIS_URL, namespace);
    b = redisSharedState(REDIS_URL, namespace);
  });
  afterAll(async () => {
    const cleanup = new Redis(REDIS_URL);
    const keys = await cleanup.keys(`${namespace}:*`);
    if (keys.length) await cleanup.del(...keys);
    cleanup.disconnect();
    await a.close();
    await b.close();
  });

  it('R8.1.14 R8.4.3 counts one client against its limit whichever process it reaches', async () => {
    const options = { limit: 3, windowMs: 60_000 };
    const [limitA, limitB] = [a.rateLimiter('commerce', options), b.rateLimiter('commerce', options)];
    const answers = [
      await limitA.hit('1.2.3.4'),
      await limitB.hit('1.2.3.4'),
      await limitA.hit('1.2.3.4'),
      await limitB.hit('1.2.3.4'),
    ];
    expect(answers).toEqual([true, true, true, false]);
    // Another client and another route family count on their own.
    expect(await limitB.hit('5.6.7.8')).toBe(true);
    expect(await a.rateLimiter('forms', options).hit('1.2.3.4')).toBe(true);
  });

  it('R5.5.12 accepts a captcha token once across processes', async () => {
    const [secretA, secretB] = [await a.captchaSecret(), await b.captchaSecret()];
    expect(secretA).toBe(secretB);
    expect(secretA.length).toBeGreaterThan(20);
    const captchaA = new ProofOfWorkCaptcha({ secret: secretA, spentTokens: a.spentTokens, difficulty: 4 });
    const captchaB = new ProofOfWorkCaptcha({ secret: secretB, spentTokens: b.spentTokens, difficulty: 4 });
    const challenge = await captchaA.challenge(website, 'FORM_BLOCK_SUBMISSION');
    if (challenge.provider !== 'proof-of-work') throw new Error('expected proof of work');
    const token = await solveProofOfWork(challenge.challenge);
    expect(await captchaB.verify(website, 'FORM_BLOCK_SUBMISSION', token)).toBe(true);
    expect(await captchaA.verify(website, 'FORM_BLOCK_SUBMISSION', token)).toBe(false);
  });
});

describe.skipIf(!available)('content changed in one process, seen by another at once', () => {
  const namespace = `baukasten-test-${randomBytes(6).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'baukasten-shared-'));
  const processes: { shared: SharedState; storage: Storage; app: FastifyInstance }[] = [];
  // Two servers on one database file, each with its own Redis connections; the host cache is long enough
  // that only the announcement can explain a fresh answer.
  const startProcess = async () => {
    const shared = redisSharedState(REDIS_URL, namespace);
    const storage = await openStorage({ sqliteFile: join(dir, 'shared.sqlite'), websiteCacheMs: 60_000 });
    await storage.migrate();
    const app = await buildApp({ storage, logLevel: 'silent', shared });
    processes.push({ shared, storage, app });
    return { shared, storage, app };
  };
  afterAll(async () => {
    for (const p of processes) {
      await p.app.close();
      await p.shared.close();
      await p.storage.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('a renamed shop shows its new title on the other server, in its host look-up and its kept pages', async () => {
    const one = await startProcess();
    const two = await startProcess();
    const shop = await createTestShop(one.storage, 'geteilt.test');
    await one.storage.websiteAdmin.update(shop.websiteId, { title: 'Alter Name' });
    const page = () => two.app.inject({ method: 'GET', url: '/laden', headers: { host: 'geteilt.test' } });
    expect((await page()).body).toContain('Alter Name');
    expect((await two.storage.websites.findByHostname('geteilt.test'))?.title).toBe('Alter Name');

    const heard = new Promise<void>((resolve) => void two.shared.onContentChanged(resolve));
    await one.storage.websiteAdmin.update(shop.websiteId, { title: 'Neuer Name' });
    await heard;
    expect((await two.storage.websites.findByHostname('geteilt.test'))?.title).toBe('Neuer Name');
    const fresh = (await page()).body;
    expect(fresh).toContain('Neuer Name');
    expect(fresh).not.toContain('Alter Name');
  });
});

describe('shared state in memory (one process)', () => {
  it('spends a token once and limits per key', async () => {
    const state = inMemorySharedState();
    expect(await state.spentTokens.spend('t', 1000)).toBe(true);
    expect(await state.spentTokens.spend('t', 1000)).toBe(false);
    const limiter = state.rateLimiter('x', { limit: 1, windowMs: 60_000 });
    expect(await limiter.hit('k')).toBe(true);
    expect(await limiter.hit('k')).toBe(false);
  });
});
