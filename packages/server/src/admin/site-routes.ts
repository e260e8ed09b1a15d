import type { Storage, WebsiteChanges } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.js';
import type { RateLimiter } from '../rate-limit.js';
import { newSiteInput, parseInput, siteChangesInput } from './admin-input.js';
import { adminMessages } from './admin-messages.js';
import { siteView } from './admin-views.js';
import { accessedSite, requireAccount, requireSitePermission, signedInAccount } from './permissions.js';
import { createSite } from './site-service.js';

export interface SiteRouteDeps {
  storage: Storage;
  /** Websites are created at `<subdomain>.<baseDomain>`. */
  baseDomain: string;
  /** New websites per account. */
  siteCreation: RateLimiter;
}

const siteNotFound = () => new HttpError(404, 'SITE_NOT_FOUND', adminMessages.siteNotFound);

/** Create a website, read it, change its settings, delete it. Mounted under /api/admin. */
export function registerSiteRoutes(admin: FastifyInstance, deps: SiteRouteDeps) {
  const { storage } = deps;

  admin.post('/sites', { preHandler: requireAccount }, async (request, reply) => {
    const account = signedInAccount(request);
    const input = parseInput(newSiteInput, request.body);
    if (!(await deps.siteCreation.hit(account.id)))
      throw new HttpError(429, 'TOO_MANY_SITES', adminMessages.tooManySites);
    const website = await createSite(storage, account, input, deps.baseDomain);
    const roles = (await storage.siteMembers.rolesOf(website.id, account.id)) ?? [];
    return reply.code(201).send({ site: siteView(request, website, roles) });
  });

  admin.get('/sites/:siteId', { preHandler: requireSitePermission('config.enter') }, async (request) => {
    const { websiteId, roles } = accessedSite(request);
    const website = await storage.websites.findById(websiteId);
    if (!website) throw siteNotFound();
    return { site: siteView(request, website, roles) };
  });

  admin.patch('/sites/:siteId', { preHandler: requireSitePermission('site.settings') }, async (request) => {
    const { websiteId, roles } = accessedSite(request);
    const input = parseInput(siteChangesInput, request.body);
    const changes: WebsiteChanges = { title: input.title, timeZone: input.timeZone, locale: input.locale };
    if (input.settings) {
      const { storeSettings, ...rest } = input.settings;
      changes.settings = rest;
      if (storeSettings) {
        const { minimumOrderMinor, ...store } = storeSettings;
        // null removes the minimum order value: a key set to undefined vanishes when stored as JSON.
        changes.settings.storeSettings =
          minimumOrderMinor === undefined
            ? store
            : { ...store, minimumOrderMinor: minimumOrderMinor ?? undefined };
      }
    }
    const website = await storage.websiteAdmin.update(websiteId, changes);
    if (!website) throw siteNotFound();
    return { site: siteView(request, website, roles) };
  });

  admin.delete('/sites/:siteId', { preHandler: requireSitePermission('site.delete') }, async (request) => {
    const { websiteId } = accessedSite(request);
    if (!(await storage.websiteAdmin.delete(websiteId))) throw siteNotFound();
    return { deleted: true };
  });
}
