import type { Storage, Website } from '@baukasten/storage';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';
import { serverMessages } from './messages.js';

/*
 * The website a request belongs to, in one place for every route (issue #19, item 4): host-scoped routes
 * read the one the site plugin (app.ts) found by the Host header; the editor's routes under
 * /api/admin/sites/:siteId load theirs by id.
 */

/**
 * The website of a host-scoped request. The site plugin answers an unknown host before any of its routes
 * runs, so a missing website here means a route was registered outside that plugin: a 404, never a crash.
 */
export function websiteOf(request: FastifyRequest): Website {
  const website = request.website;
  if (!website) throw new HttpError(404, 'UNKNOWN_WEBSITE', serverMessages.unknownWebsite);
  return website;
}

/**
 * A website by its id, for the editor's routes (after requireSitePermission); 404 `SITE_NOT_FOUND` with the
 * route's German message when it was deleted meanwhile.
 */
export async function websiteById(
  storage: Storage,
  websiteId: string,
  message: string = serverMessages.siteNotFound,
): Promise<Website> {
  const website = await storage.websites.findById(websiteId);
  if (!website) throw new HttpError(404, 'SITE_NOT_FOUND', message);
  return website;
}
