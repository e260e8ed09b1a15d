import { MailingListNameTaken, type Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http-error.js';
import { campaignEmail } from '../../newsletter/campaign-email.js';
import { NEWSLETTER_UNSUBSCRIBE_PATH } from '../../newsletter/newsletter-service.js';
import { AdminInputError, parseInput } from '../admin-input.js';
import { siteUrl } from '../admin-views.js';
import { refuseNulCharacters } from '../catalog/text-guard.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { mailingListMessages as m } from './mailing-list-messages.js';

/*
 * Mailing lists and campaigns of one website (`/api/admin/sites/:siteId/…`). Page editors may read the
 * lists (the newsletter block picks one); making, renaming and deleting lists and sending a campaign
 * need campaigns.edit. A campaign goes through the outbox, one mail per confirmed address on the list,
 * all queued in one transaction with its record, so it is sent completely or not at all.
 */

const listName = z
  .string({ error: m.listNameMissing })
  .trim()
  .min(1, m.listNameMissing)
  .max(100, m.listNameTooLong);
const listInput = z.object({ name: listName });
const listParams = z.object({ listId: z.string().max(64) });
const listId = z.string({ error: m.listRequired }).trim().min(1, m.listRequired).max(64, m.listUnknown);
const campaignInput = z.object({
  listId,
  subject: z.string({ error: m.subjectRequired }).trim().min(1, m.subjectRequired).max(200, m.subjectTooLong),
  markdown: z.string({ error: m.bodyMissing }).trim().min(1, m.bodyMissing).max(50_000, m.bodyTooLong),
});

const listNotFound = () => new HttpError(404, 'LIST_NOT_FOUND', m.listUnknown);
const nameTaken = (error: unknown): never => {
  if (error instanceof MailingListNameTaken)
    throw new HttpError(409, 'LIST_NAME_TAKEN', m.listNameTaken(error.listName));
  throw error;
};

export function registerMailingListRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const view = { preHandler: requireSitePermission('pages.view') };
    const campaigns = { preHandler: requireSitePermission('campaigns.edit') };

    admin.get('/sites/:siteId/mailing-lists', view, async (request) => {
      const { websiteId } = accessedSite(request);
      return { lists: await storage.mailingLists.list(websiteId) };
    });

    admin.post('/sites/:siteId/mailing-lists', campaigns, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const { name } = parseInput(listInput, request.body);
      const list = await storage.mailingLists.create(websiteId, name).catch(nameTaken);
      return reply.code(201).send({ list });
    });

    admin.patch('/sites/:siteId/mailing-lists/:listId', campaigns, async (request) => {
      const { websiteId } = accessedSite(request);
      const params = parseInput(listParams, request.params);
      const { name } = parseInput(listInput, request.body);
      const list = await storage.mailingLists.rename(websiteId, params.listId, name).catch(nameTaken);
      if (!list) throw listNotFound();
      return { list };
    });

    admin.delete('/sites/:siteId/mailing-lists/:listId', campaigns, async (request) => {
      const { websiteId } = accessedSite(request);
      const params = parseInput(listParams, request.params);
      if (!(await storage.mailingLists.delete(websiteId, params.listId))) throw listNotFound();
      return { deleted: true };
    });

    admin.get('/sites/:siteId/newsletter-campaigns', campaigns, async (request) => {
      const { websiteId } = accessedSite(request);
      return { campaigns: await storage.mailingLists.campaigns(websiteId) };
    });

    admin.post('/sites/:siteId/newsletter-campaigns', campaigns, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const input = parseInput(campaignInput, request.body);
      const website = await storage.websites.findById(websiteId);
      const origin = website && siteUrl(request, website.primaryHostname ?? website.hostnames[0]);
      if (!website || !origin) throw listNotFound();
      const campaign = await storage.transaction(async (tx) => {
        const list = await tx.mailingLists.find(websiteId, input.listId);
        if (!list) throw new AdminInputError(m.listUnknown, { listId: m.listUnknown });
        // Only addresses whose owner confirmed the sign-up (double opt-in); pending and unsubscribed never.
        const readers = await tx.mailingLists.members(websiteId, list.id, 'confirmed');
        if (readers.length === 0)
          throw new AdminInputError(m.noConfirmedSubscribers, { listId: m.noConfirmedSubscribers });
        for (const reader of readers)
          await tx.outbox.enqueue(
            websiteId,
            campaignEmail({
              to: reader.email,
              siteTitle: website.title,
              subject: input.subject,
              markdown: input.markdown,
              unsubscribeUrl: `${origin}${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(reader.token)}`,
            }),
          );
        return tx.mailingLists.recordCampaign(websiteId, {
          listId: list.id,
          listName: list.name,
          subject: input.subject,
          markdown: input.markdown,
          recipients: readers.length,
        });
      });
      return reply.code(201).send({ campaign });
    });
  });
}
