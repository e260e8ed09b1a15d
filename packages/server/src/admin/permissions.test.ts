import {
  PERMISSIONS,
  type Permission,
  ROLE_NAMES,
  ROLE_PERMISSIONS,
  UserRole,
  type UserRoleCode,
} from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { adminMessages } from './admin-messages.js';
import { type Answer, accountWithSession, Browser, sharedStateWithLimits } from './admin-test-kit.js';
import { requireSitePermission } from './permissions.js';

/*
 * The matrix of @baukasten/commerce, checked through HTTP: for every permission one representative
 * route, called by a member holding each single role. Permissions that no admin route needs yet are
 * checked on a probe route guarded by requireSitePermission, the guard every later route will use.
 */

const ROLES = Object.values(UserRole) as UserRoleCode[];

type Call = (browser: Browser, siteId: string) => Promise<Answer>;

/** The admin routes that exist today, one per permission they need. */
const REAL_ROUTES: Partial<Record<Permission, { label: string; call: Call }>> = {
  'config.enter': { label: 'GET /sites/:siteId', call: (b, id) => b.get(`/api/admin/sites/${id}`) },
  'site.settings': {
    label: 'PATCH /sites/:siteId',
    call: (b, id) => b.patch(`/api/admin/sites/${id}`, { settings: { commentsEnabled: true } }),
  },
  'site.members': {
    label: 'GET /sites/:siteId/members',
    call: (b, id) => b.get(`/api/admin/sites/${id}/members`),
  },
  'site.delete': { label: 'DELETE /sites/:siteId', call: (b, id) => b.delete(`/api/admin/sites/${id}`) },
};

const probePath = (permission: Permission, siteId: string) =>
  `/api/admin/sites/${siteId}/probe/${permission}`;

const routeFor = (permission: Permission): { label: string; call: Call } =>
  REAL_ROUTES[permission] ?? {
    label: `probe guarded by requireSitePermission('${permission}')`,
    call: (b, id) => b.get(probePath(permission, id)),
  };

const allowed = (role: UserRoleCode, permission: Permission) => ROLE_PERMISSIONS[role].includes(permission);

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let site: Website;
  let otherSite: Website;
  const members = new Map<UserRoleCode, Browser>();
  let outsider: Browser;
  let otherAdmin: Browser;
  let n = 0;
  const newWebsite = (title: string) =>
    storage.websites.create({ title, hostnames: [`${title.toLowerCase()}-${db.name}-${++n}.test`] });

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    for (const permission of PERMISSIONS) {
      if (REAL_ROUTES[permission]) continue;
      app.get(
        probePath(permission, ':siteId'),
        { preHandler: requireSitePermission(permission) },
        async () => ({
          ok: true,
        }),
      );
    }
    site = await newWebsite('Matrix');
    otherSite = await newWebsite('Fremd');
    for (const role of ROLES) {
      const { account, browser } = await accountWithSession(app, storage, ROLE_NAMES[role]);
      await storage.siteMembers.add(site.id, account.id, [role]);
      members.set(role, browser);
    }
    ({ browser: outsider } = await accountWithSession(app, storage, 'Fremde'));
    const other = await accountWithSession(app, storage, 'Admin anderswo');
    otherAdmin = other.browser;
    await storage.siteMembers.add(otherSite.id, other.account.id, [UserRole.ADMIN]);
  });
  afterAll(() => app?.close());

  for (const permission of PERMISSIONS) {
    const route = routeFor(permission);
    describe(`${permission} (${route.label})`, () => {
      for (const role of ROLES) {
        const may = allowed(role, permission);
        it(`R3.21.8 ${ROLE_NAMES[role]} (${role}) ${may ? 'may' : 'may not'}`, async () => {
          // Deleting really deletes: an allowed role deletes a website of its own.
          const target = may && permission === 'site.delete' ? await newWebsite('Loeschbar') : site;
          if (target !== site) {
            const account = (await members.get(role)!.get('/api/admin/session')).body.account;
            await storage.siteMembers.add(target.id, account.id, [role]);
          }
          const answer = await route.call(members.get(role)!, target.id);
          if (may) {
            expect(answer.status).toBe(200);
          } else {
            expect(answer.status).toBe(403);
            expect(answer.body.error).toEqual({
              type: 'PERMISSION_DENIED',
              message: 'Dafür fehlt dir die Berechtigung.',
            });
          }
        });
      }

      it('answers 401 without a session', async () => {
        const answer = await route.call(new Browser(app), site.id);
        expect(answer.status).toBe(401);
        expect(answer.body.error.message).toBe(adminMessages.signInRequired);
      });

      it('answers 404 to an account without a role on the site, the same as for a site that does not exist', async () => {
        const foreign = await route.call(outsider, site.id);
        const missing = await route.call(outsider, 'gibt-es-nicht');
        expect(foreign.status).toBe(404);
        expect(foreign.body).toEqual(missing.body);
        expect(foreign.body.error.message).toBe(adminMessages.siteNotFound);
      });

      it('an admin of another site gets 404 here, and this site’s admin 404 there', async () => {
        expect((await route.call(otherAdmin, site.id)).status).toBe(404);
        expect((await route.call(members.get(UserRole.ADMIN)!, otherSite.id)).status).toBe(404);
      });
    });
  }

  it('roles add up: editor plus store manager may both edit forms and see orders', async () => {
    const { account, browser } = await accountWithSession(app, storage, 'Doppelrolle');
    await storage.siteMembers.add(site.id, account.id, [UserRole.EDITOR, UserRole.STORE_MANAGER]);
    expect((await browser.get(probePath('forms.edit', site.id))).status).toBe(200);
    expect((await browser.get(probePath('commerce.orders', site.id))).status).toBe(200);
    expect((await browser.get(probePath('site.billing', site.id))).status).toBe(403);
  });

  it('cannot reach another site’s members through its own site id', async () => {
    const admin = members.get(UserRole.ADMIN)!;
    const otherMember = (await storage.siteMembers.list(otherSite.id))[0]!;
    const change = await admin.patch(`/api/admin/sites/${site.id}/members/${otherMember.accountId}`, {
      roles: [UserRole.VIEWER],
    });
    expect(change.status).toBe(404);
    const removal = await admin.delete(`/api/admin/sites/${site.id}/members/${otherMember.accountId}`);
    expect(removal.status).toBe(404);
    expect(await storage.siteMembers.rolesOf(otherSite.id, otherMember.accountId)).toEqual([UserRole.ADMIN]);
  });

  it('cannot revoke another site’s invitation through its own site id', async () => {
    const { invitation } = await storage.siteMembers.invite(otherSite.id, {
      email: 'gast@example.test',
      roles: [UserRole.VIEWER],
      ttlMs: 86_400_000,
    });
    const admin = members.get(UserRole.ADMIN)!;
    expect((await admin.delete(`/api/admin/sites/${site.id}/invitations/${invitation.id}`)).status).toBe(404);
    expect(await storage.siteMembers.pendingInvitations(otherSite.id)).toHaveLength(1);
  });
});
