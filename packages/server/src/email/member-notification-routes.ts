import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../admin/admin-input.js';
import { accessedSite, requireSitePermission, signedInAccount } from '../admin/permissions.js';
import { memberSettings } from './member-notifications.js';

/*
 * A member's own mail choices on a website (issue 23): "Neue Bestellungen per E-Mail" and "Tägliche
 * Zusammenfassung". Each member sets only their own; who may see the orders (commerce.view) may choose.
 */

const choiceInput = z
  .object({ newOrders: z.boolean().optional(), dailySummary: z.boolean().optional() })
  .strict();

export function registerMemberNotificationRoutes(
  admin: FastifyInstance,
  storage: Parameters<typeof memberSettings>[0],
) {
  const view = { preHandler: requireSitePermission('commerce.view') };

  admin.get('/sites/:siteId/notifications', view, async (request) => {
    const { websiteId } = accessedSite(request);
    return { notifications: await memberSettings(storage, websiteId, signedInAccount(request).id) };
  });

  admin.patch('/sites/:siteId/notifications', view, async (request) => {
    const { websiteId } = accessedSite(request);
    const accountId = signedInAccount(request).id;
    const choice = parseInput(choiceInput, request.body);
    await storage.memberNotifications.choose(websiteId, accountId, choice);
    return { notifications: await memberSettings(storage, websiteId, accountId) };
  });
}
