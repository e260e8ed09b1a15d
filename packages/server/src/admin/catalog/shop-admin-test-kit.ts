import { UserRole, type UserRoleCode } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import type { TestDatabase } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../app.js';
import { accountWithSession, type Browser, sharedStateWithLimits } from '../admin-test-kit.js';

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

export interface SiteWithTeam {
  storage: Storage;
  app: FastifyInstance;
  team: ShopTeam;
  /** The site's admin API below /api/admin/sites/<id>/, e.g. …/styles. */
  base: string;
  host: string;
}

/**
 * A site `<prefix>-<database>.test` with only its home page and the shop team (shopTeam), opened in
 * beforeAll and closed in afterAll. Read the fields inside tests.
 */
export function siteWithTeam(
  db: TestDatabase,
  site: { prefix: string; title: string; homeUrlId: string; area: string },
): SiteWithTeam {
  const t = {} as SiteWithTeam;
  beforeAll(async () => {
    t.storage = await db.open();
    await t.storage.migrate();
    t.host = `${site.prefix}-${db.name}.test`;
    const website = await t.storage.websites.create({ title: site.title, hostnames: [t.host] });
    await t.storage.collections.create(website.id, { type: 10, title: 'Start', urlId: site.homeUrlId });
    t.app = await buildApp({ storage: t.storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    t.team = await shopTeam(t.app, t.storage, website.id);
    t.base = `/api/admin/sites/${website.id}/${site.area}`;
  });
  afterAll(() => t.app?.close());
  return t;
}
