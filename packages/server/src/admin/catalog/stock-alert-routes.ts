import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http-error.js';
import { parseInput } from '../admin-input.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { catalogMessages } from './catalog-messages.js';
import { variantParams } from './product-input.js';

/*
 * Low-stock thresholds per variant (issue 23): at or below it the owner gets a mail (once per crossing)
 * and `stock.low` webhooks carry it. Reading needs commerce.view, setting commerce.inventory.
 */

const thresholdInvalid =
  'Die Warnschwelle muss eine ganze Zahl zwischen 0 und 100.000 sein – oder leer, um sie zu entfernen.';

const thresholdInput = z.object({
  threshold: z
    .number({ error: thresholdInvalid })
    .int(thresholdInvalid)
    .min(0, thresholdInvalid)
    .max(100_000, thresholdInvalid)
    .nullable(),
});

export function registerStockAlertRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    const view = { preHandler: requireSitePermission('commerce.view') };
    const manageStock = { preHandler: requireSitePermission('commerce.inventory') };

    admin.get('/sites/:siteId/stock-alerts', view, async (request) => {
      const thresholds = await storage.stockAlerts.all(accessedSite(request).websiteId);
      return { thresholds: Object.fromEntries(thresholds) };
    });

    admin.patch('/sites/:siteId/inventory/:variantId/low-stock-threshold', manageStock, async (request) => {
      const { websiteId } = accessedSite(request);
      const { variantId } = parseInput(variantParams, request.params);
      const { threshold } = parseInput(thresholdInput, request.body);
      if (!(await storage.stockAlerts.setThreshold(websiteId, variantId, threshold)))
        throw new HttpError(404, 'VARIANT_NOT_FOUND', catalogMessages.variantNotFound);
      return { variantId, threshold };
    });
  });
}
