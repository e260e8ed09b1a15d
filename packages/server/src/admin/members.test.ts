import { UserRole } from '@baukasten/commerce';
import type { Account, Storage, Website } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { adminMessages } from './admin-messages.js';
import { accountWithSession, Browser, sharedStateWithLimits } from './admin-test-kit.js';

const { ADMIN, EDITOR, STORE_MANAGER, VIEWER } = UserRole;
const DAY = 86_400_000;

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let site: Website;
  let admin: Browser;
  let adminAccount: Account;
  let n = 0;

  const signedIn = (name: string) => accountWithSession(app, storage, name);
  const invite = (body: unknown, by: Browser = admin) =>
    by.post(`/api/admin/sites/${site.id}/invitations`, body);
  const accept = (browser: Browser, token: string) => browser.post(`/api/admin/invitations/${token}/accept`);

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
  });
  afterAll(() => app?.close());

  beforeEach(async () => {
    site = await storage.websites.create({ title: 'Team-Laden', hostnames: [`team-${db.name}-${++n}.test`] });
    ({ account: adminAccount, browser: admin } = await signedIn('Chefin'));
    await storage.siteMembers.add(site.id, adminAccount.id, [ADMIN]);
  });

  it('R3.21.8 invites by email with roles, queues a German email with a single-use link, and the invitee joins', async () => {
    const { account: guest, browser: guestBrowser } = await signedIn('Gast');
    const sent = await invite({ email: guest.email.toUpperCase(), roles: [STORE_MANAGER, EDITOR] });
    expect(sent.status).toBe(201);
    expect(sent.body.invitation).toMatchObject({
      email: guest.email,
      roles: [EDITOR, STORE_MANAGER],
      roleNames: ['Inhalte bearbeiten', 'Shop-Verwaltung'],
    });
    expect(sent.body.invitation.expiresAt - sent.body.invitation.createdAt).toBe(7 * DAY);
    const token: string = sent.body.token;
    // The editor's configured address (BASE_DOMAIN), not the Host the invitation was sent from (#18, finding 3).
    expect(sent.body.acceptUrl).toBe(`http://localhost/config/invitations/${token}`);

    const [mail] = await storage.outbox.listByWebsite(site.id, { kind: 'site-invitation' });
    expect(mail).toMatchObject({ to: guest.email, subject: 'Einladung zur Website „Team-Laden“' });
    expect(mail!.text).toContain('Chefin lädt dich ein');
    expect(mail!.text).toContain('Inhalte bearbeiten, Shop-Verwaltung');
    expect(mail!.text).toContain(sent.body.acceptUrl);

    const accepted = await accept(guestBrowser, token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.site).toMatchObject({
      id: site.id,
      title: 'Team-Laden',
      roles: [EDITOR, STORE_MANAGER],
    });
    expect((await guestBrowser.get(`/api/admin/sites/${site.id}`)).status).toBe(200);

    const again = await accept(guestBrowser, token);
    expect(again.status).toBe(410);
    expect(again.body.error).toEqual({ type: 'INVITATION_USED', message: adminMessages.invitationUsed });
  });

  it('refuses an invitation for another email with 403 and leaves it usable for the invited one', async () => {
    const { account: invited, browser: invitedBrowser } = await signedIn('Eingeladen');
    const { browser: someoneElse } = await signedIn('Jemand');
    const token = (await invite({ email: invited.email, roles: [VIEWER] })).body.token;
    const wrong = await accept(someoneElse, token);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toBe(adminMessages.invitationWrongAccount);
    expect((await someoneElse.get(`/api/admin/sites/${site.id}`)).status).toBe(404);
    expect((await accept(invitedBrowser, token)).status).toBe(200);
  });

  it('refuses an expired, a revoked or an unknown invitation, and needs a session', async () => {
    const { account: guest, browser: guestBrowser } = await signedIn('Spaet');
    const expired = await storage.siteMembers.invite(site.id, {
      email: guest.email,
      roles: [VIEWER],
      ttlMs: 7 * DAY,
      now: Date.now() - 8 * DAY,
    });
    const late = await accept(guestBrowser, expired.token);
    expect(late.status).toBe(410);
    expect(late.body.error.message).toBe(adminMessages.invitationExpired);

    const revocable = await invite({ email: guest.email, roles: [VIEWER] });
    const revoked = await admin.delete(
      `/api/admin/sites/${site.id}/invitations/${revocable.body.invitation.id}`,
    );
    expect(revoked.status).toBe(200);
    expect((await accept(guestBrowser, revocable.body.token)).status).toBe(404);

    const unknown = await accept(guestBrowser, 'x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(adminMessages.invitationNotFound);

    const fresh = await invite({ email: guest.email, roles: [VIEWER] });
    expect((await accept(new Browser(app), fresh.body.token)).status).toBe(401);
  });

  it('validates invitations: email and known roles, "none" not among them', async () => {
    const noEmail = await invite({ email: 'kaputt', roles: [VIEWER] });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.error.fields.email).toBe(adminMessages.emailInvalid);
    expect((await invite({ email: 'a@example.test', roles: [] })).body.error.fields.roles).toBe(
      adminMessages.rolesMissing,
    );
    expect((await invite({ email: 'a@example.test' })).body.error.fields.roles).toBe(
      adminMessages.rolesMissing,
    );
    expect((await invite({ email: 'a@example.test', roles: [5] })).body.error.message).toBe(
      adminMessages.roleUnknown,
    );
    expect((await invite({ email: 'a@example.test', roles: [UserRole.NONE] })).body.error.message).toBe(
      adminMessages.roleUnknown,
    );
    expect((await invite({ email: 'a@example.test', roles: ['1'] })).status).toBe(400);
  });

  it('refuses to invite someone who is already a member', async () => {
    const answer = await invite({ email: adminAccount.email, roles: [VIEWER] });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe(adminMessages.alreadyMember);
  });

  it('lists members and pending invitations, changes roles and removes members', async () => {
    const { account: editor } = await signedIn('Redakteur');
    await storage.siteMembers.add(site.id, editor.id, [EDITOR]);
    await invite({ email: 'offen@example.test', roles: [VIEWER] });

    const list = await admin.get(`/api/admin/sites/${site.id}/members`);
    expect(list.status).toBe(200);
    expect(list.body.members).toHaveLength(2);
    expect(list.body.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          accountId: adminAccount.id,
          roles: [ADMIN],
          roleNames: ['Administrator'],
          isYou: true,
        }),
        expect.objectContaining({ accountId: editor.id, email: editor.email, roles: [EDITOR], isYou: false }),
      ]),
    );
    expect(list.body.invitations).toEqual([
      expect.objectContaining({ email: 'offen@example.test', roles: [VIEWER] }),
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);

    const changed = await admin.patch(`/api/admin/sites/${site.id}/members/${editor.id}`, {
      roles: [VIEWER, STORE_MANAGER],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.member.roles).toEqual([STORE_MANAGER, VIEWER]);
    expect(await storage.siteMembers.rolesOf(site.id, editor.id)).toEqual([STORE_MANAGER, VIEWER]);

    const removed = await admin.delete(`/api/admin/sites/${site.id}/members/${editor.id}`);
    expect(removed.status).toBe(200);
    expect(await storage.siteMembers.rolesOf(site.id, editor.id)).toBeUndefined();
    expect((await admin.delete(`/api/admin/sites/${site.id}/members/${editor.id}`)).status).toBe(404);
  });

  it('the last admin can neither be demoted nor removed; with a second admin it can', async () => {
    const demote = await admin.patch(`/api/admin/sites/${site.id}/members/${adminAccount.id}`, {
      roles: [EDITOR],
    });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toEqual({ type: 'LAST_ADMIN', message: adminMessages.lastAdmin });
    const leave = await admin.delete(`/api/admin/sites/${site.id}/members/${adminAccount.id}`);
    expect(leave.status).toBe(409);
    expect(await storage.siteMembers.rolesOf(site.id, adminAccount.id)).toEqual([ADMIN]);

    const { account: second } = await signedIn('Zweite');
    await storage.siteMembers.add(site.id, second.id, [ADMIN]);
    expect(
      (await admin.patch(`/api/admin/sites/${site.id}/members/${adminAccount.id}`, { roles: [EDITOR] }))
        .status,
    ).toBe(200);
    // Now an editor, the former admin has lost the right to manage members.
    expect((await admin.get(`/api/admin/sites/${site.id}/members`)).status).toBe(403);
  });

  it('a website manager (15) may change settings but not members', async () => {
    const { account, browser } = await signedIn('Verwalterin');
    await storage.siteMembers.add(site.id, account.id, [UserRole.WEBSITE_MANAGER]);
    expect((await browser.patch(`/api/admin/sites/${site.id}`, { title: 'Umbenannt' })).status).toBe(200);
    const denied = await invite({ email: 'x@example.test', roles: [ADMIN] }, browser);
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('Dafür fehlt dir die Berechtigung.');
    expect(await storage.outbox.listByWebsite(site.id, { kind: 'site-invitation' })).toEqual([]);
  });
});
