import type { Redirect, Storage } from '@baukasten/storage';
import { StorageError } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminInputError, parseInput } from '../admin/admin-input.js';
import { refuseNulCharacters } from '../admin/catalog/text-guard.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { HttpError } from '../http-error.js';
import { redirectMessages as m } from './redirect-messages.js';
import { loopIn, parseRedirect, RedirectRuleError } from './redirect-rules.js';
import { NOT_FOUND_PAGE_SETTING, type NotFoundPageSetting } from './storefront-redirects.js';

/*
 * The editor's "Weiterleitungen" screen (pages.publish, like publishing: both change what visitors reach):
 * the list of 301/302 redirects with the automatic ones after renames, and the text of the 404 page.
 */

const MAX_REDIRECTS = 2000;
const idField = z.string().regex(/^[0-9a-f]{24}$/);

const redirectInput = z.object({
  fromPath: z.string({ error: m.fromNotPath }).max(2000, m.tooLong),
  toTarget: z.string({ error: m.targetInvalid }).max(2000, m.tooLong),
  status: z.union([z.literal(301), z.literal(302)], { error: m.statusInvalid }).default(301),
});

const notFoundInput = z.object({
  title: z.string().trim().max(120, m.notFoundTitleTooLong).default(''),
  text: z.string().trim().max(2000, m.notFoundTextTooLong).default(''),
});

export const redirectView = (r: Redirect) => ({
  id: r.id,
  fromPath: r.fromPath,
  toTarget: r.toTarget,
  status: r.status,
  automatic: r.automatic,
  updatedAt: r.updatedAt,
});

/** The owner's entry checked against the syntax and the site's other redirects; German 400s per field. */
function checkedRedirect(body: unknown, others: Redirect[]) {
  const input = parseInput(redirectInput, body);
  try {
    const entry = parseRedirect(input);
    if (others.some((r) => r.fromPath === entry.fromPath))
      throw new AdminInputError(`Für „${entry.fromPath}“ gibt es bereits eine Weiterleitung.`, {
        fromPath: `Für „${entry.fromPath}“ gibt es bereits eine Weiterleitung.`,
      });
    if (loopIn(others, entry)) throw new AdminInputError(m.loop, { toTarget: m.loop });
    return entry;
  } catch (error) {
    if (error instanceof RedirectRuleError)
      throw new AdminInputError(error.message, { [error.field]: error.message });
    throw error;
  }
}

const refused = (error: unknown): never => {
  if (error instanceof StorageError) throw new AdminInputError(error.message, { fromPath: error.message });
  throw error;
};

export function registerRedirectAdminRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const view = { preHandler: requireSitePermission('pages.view') };
    const publish = { preHandler: requireSitePermission('pages.publish') };

    admin.get('/sites/:siteId/redirects', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const [redirects, website] = await Promise.all([
        storage.redirects.list(websiteId),
        storage.websites.findById(websiteId),
      ]);
      const page = (website?.settings[NOT_FOUND_PAGE_SETTING] ?? {}) as NotFoundPageSetting;
      return {
        redirects: redirects.map(redirectView),
        notFoundPage: { title: page.title ?? '', text: page.text ?? '' },
      };
    });

    admin.post('/sites/:siteId/redirects', publish, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const others = await storage.redirects.list(websiteId);
      if (others.length >= MAX_REDIRECTS) throw new HttpError(409, 'TOO_MANY_REDIRECTS', m.tooMany);
      const entry = checkedRedirect(request.body, others);
      const redirect = await storage.redirects.create(websiteId, entry).catch(refused);
      return reply.code(201).send({ redirect: redirectView(redirect) });
    });

    admin.patch('/sites/:siteId/redirects/:redirectId', publish, async (request) => {
      const { websiteId } = accessedSite(request);
      const { redirectId } = parseInput(z.object({ redirectId: idField }), request.params);
      const all = await storage.redirects.list(websiteId);
      if (!all.some((r) => r.id === redirectId)) throw new HttpError(404, 'REDIRECT_NOT_FOUND', m.notFound);
      const entry = checkedRedirect(
        request.body,
        all.filter((r) => r.id !== redirectId),
      );
      const redirect = await storage.redirects.update(websiteId, redirectId, entry).catch(refused);
      if (!redirect) throw new HttpError(404, 'REDIRECT_NOT_FOUND', m.notFound);
      return { redirect: redirectView(redirect) };
    });

    admin.delete('/sites/:siteId/redirects/:redirectId', publish, async (request) => {
      const { redirectId } = parseInput(z.object({ redirectId: idField }), request.params);
      if (!(await storage.redirects.delete(accessedSite(request).websiteId, redirectId)))
        throw new HttpError(404, 'REDIRECT_NOT_FOUND', m.notFound);
      return { deleted: true };
    });

    admin.patch('/sites/:siteId/not-found-page', publish, async (request) => {
      const { websiteId } = accessedSite(request);
      const page = parseInput(notFoundInput, request.body);
      await storage.websiteAdmin.update(websiteId, { settings: { [NOT_FOUND_PAGE_SETTING]: page } });
      return { notFoundPage: page };
    });
  });
}
