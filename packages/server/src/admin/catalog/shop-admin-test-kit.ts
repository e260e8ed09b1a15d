import { UserRole, type UserRoleCode } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { accountWithSession, type Browser } from '../admin-test-kit.js';

/*
 * Test helpers for the shop's admin routes (test code only): the people of one website, each signed
 * in with one role, and an admin of another website who must not get in.
 */

export interface ShopTeam {
  admin: Browser;
  storeManager: Browser;
  websiteManager: Browser;
  viewer: Browser;
  editor: Browser;
  draftEditor: Browser;
  billing: Browser;
  /** Administrator of another website: holds no role on this one. */
  outsider: Browser;
  /** The outsider's own website. */
  outsiderSiteId: string;
}

const ROLES: Record<Exclude<keyof ShopTeam, 'outsider' | 'outsiderSiteId'>, UserRoleCode> = {
  admin: UserRole.ADMIN,
  storeManager: UserRole.STORE_MANAGER,
  websiteManager: UserRole.WEBSITE_MANAGER,
  viewer: UserRole.VIEWER,
  editor: UserRole.EDITOR,
  draftEditor: UserRole.DRAFT_EDITOR,
  billing: UserRole.BILLING,
};

export async function shopTeam(app: FastifyInstance, storage: Storage, websiteId: string): Promise<ShopTeam> {
  const team: Partial<ShopTeam> = {};
  for (const [name, role] of Object.entries(ROLES) as [keyof typeof ROLES, UserRoleCode][]) {
    const { account, browser } = await accountWithSession(app, storage, name);
    await storage.siteMembers.add(websiteId, account.id, [role]);
    team[name] = browser;
  }
  const elsewhere = await storage.websites.create({
    title: 'Fremder Laden',
    hostnames: [`fremd-${websiteId}.test`],
  });
  const { account, browser } = await accountWithSession(app, storage, 'outsider');
  await storage.siteMembers.add(elsewhere.id, account.id, [UserRole.ADMIN]);
  team.outsider = browser;
  team.outsiderSiteId = elsewhere.id;
  return team as ShopTeam;
}
