import { beforeAll, expect, it } from 'vitest';
import { AccountEmailTaken, hashToken } from './account-repository.js';
import { kyselyOf, type Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

const DAY = 86_400_000;

withTestDatabases((db) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
  });

  it('creates an account under its trimmed, lower-case email and finds it however the email is typed', async () => {
    const account = await storage.accounts.create({
      email: '  Ada@Example.TEST ',
      name: ' Ada Lovelace ',
      passwordHash: '$argon2id$stub',
    });
    expect(account).toMatchObject({ email: 'ada@example.test', name: 'Ada Lovelace' });
    expect(await storage.accounts.findByEmail('ADA@example.test')).toEqual(account);
    expect(await storage.accounts.findById(account.id)).toEqual(account);
    expect(await storage.accounts.passwordHashOf(account.id)).toBe('$argon2id$stub');
  });

  it('refuses a second account for the same email, whatever its capitals', async () => {
    await storage.accounts.create({ email: 'zwei@example.test', name: 'Eins', passwordHash: 'h' });
    await expect(
      storage.accounts.create({ email: 'Zwei@Example.test', name: 'Zwei', passwordHash: 'h' }),
    ).rejects.toBeInstanceOf(AccountEmailTaken);
  });

  it('stores only the hash of a session id; the token finds its account until it expires', async () => {
    const account = await storage.accounts.create({ email: 's@example.test', name: 'S', passwordHash: 'h' });
    const now = Date.UTC(2025, 5, 1);
    const { token, expiresAt } = await storage.accounts.startSession(account.id, { ttlMs: 30 * DAY, now });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(now + 30 * DAY);

    const rows = await kyselyOf(storage)
      .selectFrom('account_sessions')
      .selectAll()
      .where('account_id', '=', account.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    expect((await storage.accounts.findSession(token, now + DAY))?.account.id).toBe(account.id);
    expect(await storage.accounts.findSession(token, now + 30 * DAY)).toBeUndefined();
    await storage.accounts.extendSession(token, now + 60 * DAY);
    expect((await storage.accounts.findSession(token, now + 31 * DAY))?.session.expiresAt).toBe(
      now + 60 * DAY,
    );
  });

  it('finds nothing for a malformed or unknown token', async () => {
    expect(await storage.accounts.findSession('')).toBeUndefined();
    expect(await storage.accounts.findSession("' or 1=1 --")).toBeUndefined();
    expect(await storage.accounts.findSession('A'.repeat(43))).toBeUndefined();
  });

  it('ends one session, or all others of the account, and purges expired ones', async () => {
    const account = await storage.accounts.create({ email: 'e@example.test', name: 'E', passwordHash: 'h' });
    const now = Date.now();
    const a = await storage.accounts.startSession(account.id, { ttlMs: DAY, now });
    const b = await storage.accounts.startSession(account.id, { ttlMs: DAY, now });
    const c = await storage.accounts.startSession(account.id, { ttlMs: DAY, now });
    await storage.accounts.endSession(a.token);
    expect(await storage.accounts.findSession(a.token)).toBeUndefined();
    expect(await storage.accounts.endOtherSessions(account.id, b.token)).toBe(1);
    expect(await storage.accounts.findSession(c.token)).toBeUndefined();
    expect(await storage.accounts.findSession(b.token)).toBeDefined();

    await storage.accounts.startSession(account.id, { ttlMs: 1, now: now - 10 });
    expect(await storage.accounts.purgeExpiredSessions(now)).toBeGreaterThanOrEqual(1);
    expect(await storage.accounts.findSession(b.token)).toBeDefined();
  });

  it('changes the password hash and says whether the account existed', async () => {
    const account = await storage.accounts.create({
      email: 'p@example.test',
      name: 'P',
      passwordHash: 'alt',
    });
    expect(await storage.accounts.setPasswordHash(account.id, 'neu')).toBe(true);
    expect(await storage.accounts.passwordHashOf(account.id)).toBe('neu');
    expect(await storage.accounts.setPasswordHash('gibt-es-nicht', 'neu')).toBe(false);
  });
});
