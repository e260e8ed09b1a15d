import { UserRole } from '@baukasten/commerce';
import { beforeAll, expect, it } from 'vitest';
import type { Account } from './account-repository.js';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

const DAY = 86_400_000;
const { ADMIN, EDITOR, STORE_MANAGER, VIEWER } = UserRole;

withTestDatabases((db) => {
  let storage: Storage;
  let counter = 0;
  const account = (name: string): Promise<Account> =>
    storage.accounts.create({ email: `${name}-${++counter}@example.test`, name, passwordHash: 'h' });
  const site = (title: string) =>
    storage.websites.create({ title, hostnames: [`${title.toLowerCase()}-${++counter}.test`] });

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
  });

  it('R3.21.8 keeps role codes per website and lists an account’s sites with their roles', async () => {
    const ada = await account('ada');
    const one = await site('Eins');
    const two = await site('Zwei');
    await storage.siteMembers.add(one.id, ada.id, [ADMIN]);
    await storage.siteMembers.add(two.id, ada.id, [STORE_MANAGER, EDITOR, EDITOR]);
    expect(await storage.siteMembers.rolesOf(one.id, ada.id)).toEqual([ADMIN]);
    expect(await storage.siteMembers.rolesOf(two.id, ada.id)).toEqual([EDITOR, STORE_MANAGER]);
    expect(await storage.siteMembers.rolesOf(one.id, 'someone-else')).toBeUndefined();
    // Listed by when the account joined; both joins may fall in one millisecond, so compare by title.
    const sites = (await storage.siteMembers.sitesOf(ada.id)).sort((a, b) => a.title.localeCompare(b.title));
    expect(sites).toEqual([
      { websiteId: one.id, title: 'Eins', hostnames: one.hostnames, roles: [ADMIN] },
      { websiteId: two.id, title: 'Zwei', hostnames: two.hostnames, roles: [EDITOR, STORE_MANAGER] },
    ]);
  });

  it('adding an existing member adds roles instead of replacing them', async () => {
    const bob = await account('bob');
    const s = await site('Drei');
    await storage.siteMembers.add(s.id, bob.id, [VIEWER]);
    const member = await storage.siteMembers.add(s.id, bob.id, [EDITOR]);
    expect(member.roles).toEqual([EDITOR, VIEWER]);
    expect((await storage.siteMembers.list(s.id)).map((m) => [m.name, m.roles])).toEqual([
      ['bob', [EDITOR, VIEWER]],
    ]);
  });

  it('never leaves a website without an admin: the last one can neither be demoted nor removed', async () => {
    const s = await site('Vier');
    const a = await account('a');
    const b = await account('b');
    await storage.siteMembers.add(s.id, a.id, [ADMIN]);
    await storage.siteMembers.add(s.id, b.id, [EDITOR]);
    expect(await storage.siteMembers.setRoles(s.id, a.id, [EDITOR])).toEqual({
      ok: false,
      reason: 'LAST_ADMIN',
    });
    expect(await storage.siteMembers.remove(s.id, a.id)).toEqual({ ok: false, reason: 'LAST_ADMIN' });
    expect(await storage.siteMembers.rolesOf(s.id, a.id)).toEqual([ADMIN]);

    // With a second admin the first may step down.
    expect((await storage.siteMembers.setRoles(s.id, b.id, [ADMIN])).ok).toBe(true);
    expect((await storage.siteMembers.remove(s.id, a.id)).ok).toBe(true);
    expect(await storage.siteMembers.rolesOf(s.id, a.id)).toBeUndefined();
    expect(await storage.siteMembers.remove(s.id, a.id)).toEqual({ ok: false, reason: 'NOT_A_MEMBER' });
  });

  it('two admins demoting each other at the same time leave one admin', async () => {
    const s = await site('Fuenf');
    const a = await account('a');
    const b = await account('b');
    await storage.siteMembers.add(s.id, a.id, [ADMIN]);
    await storage.siteMembers.add(s.id, b.id, [ADMIN]);
    const results = await Promise.all([
      storage.siteMembers.setRoles(s.id, a.id, [VIEWER]),
      storage.siteMembers.setRoles(s.id, b.id, [VIEWER]),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const admins = (await storage.siteMembers.list(s.id)).filter((m) => m.roles.includes(ADMIN));
    expect(admins).toHaveLength(1);
  });

  it('an invitation is used once, by the invited email only, and not after it expired', async () => {
    const s = await site('Sechs');
    const now = Date.UTC(2025, 3, 1);
    const { invitation, token } = await storage.siteMembers.invite(s.id, {
      email: ' Gast@Example.test ',
      roles: [STORE_MANAGER],
      ttlMs: 7 * DAY,
      now,
    });
    expect(invitation).toMatchObject({ email: 'gast@example.test', roles: [STORE_MANAGER] });
    expect(await storage.siteMembers.pendingInvitations(s.id, now)).toEqual([invitation]);

    const stranger = await account('fremd');
    expect(await storage.siteMembers.acceptInvitation(token, stranger, now + DAY)).toEqual({
      ok: false,
      reason: 'WRONG_ACCOUNT',
    });
    const guest = await storage.accounts.create({
      email: 'gast@example.test',
      name: 'Gast',
      passwordHash: 'h',
    });
    expect(await storage.siteMembers.acceptInvitation(token, guest, now + 8 * DAY)).toEqual({
      ok: false,
      reason: 'EXPIRED',
    });
    const accepted = await storage.siteMembers.acceptInvitation(token, guest, now + DAY);
    expect(accepted.ok && accepted.member.roles).toEqual([STORE_MANAGER]);
    expect(await storage.siteMembers.acceptInvitation(token, guest, now + DAY)).toEqual({
      ok: false,
      reason: 'USED',
    });
    expect(await storage.siteMembers.acceptInvitation('x'.repeat(43), guest)).toEqual({
      ok: false,
      reason: 'NOT_FOUND',
    });
    expect(await storage.siteMembers.pendingInvitations(s.id, now + DAY)).toEqual([]);
  });

  it('a revoked invitation can no longer be accepted', async () => {
    const s = await site('Sieben');
    const { invitation, token } = await storage.siteMembers.invite(s.id, {
      email: 'weg@example.test',
      roles: [VIEWER],
      ttlMs: DAY,
    });
    expect(await storage.siteMembers.revokeInvitation(s.id, invitation.id)).toBe(true);
    const guest = await storage.accounts.create({
      email: 'weg@example.test',
      name: 'Weg',
      passwordHash: 'h',
    });
    expect(await storage.siteMembers.acceptInvitation(token, guest)).toEqual({
      ok: false,
      reason: 'NOT_FOUND',
    });
  });

  it('deleting a website takes its members and invitations with it', async () => {
    const s = await site('Acht');
    const a = await account('a');
    await storage.siteMembers.add(s.id, a.id, [ADMIN]);
    await storage.siteMembers.invite(s.id, { email: 'x@example.test', roles: [VIEWER], ttlMs: DAY });
    expect(await storage.websiteAdmin.delete(s.id)).toBe(true);
    expect(await storage.siteMembers.rolesOf(s.id, a.id)).toBeUndefined();
    expect(await storage.siteMembers.sitesOf(a.id)).toEqual([]);
    expect(await storage.siteMembers.pendingInvitations(s.id)).toEqual([]);
    expect(await storage.accounts.findById(a.id)).toBeDefined();
  });
});
