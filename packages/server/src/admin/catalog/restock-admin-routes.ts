import type { Item, Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RestockService, type SendRequest } from '../../restock/restock-service.js';
import { websiteById } from '../../site-request.js';
import { parseInput } from '../admin-input.js';
import { siteUrl } from '../admin-views.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { catalogMessages as m } from './catalog-messages.js';
import { refuseNulCharacters } from './text-guard.js';

/*
 * The restock merchant calls of spec 7 (server/src/restock) for the editor's stock panel, behind the
 * owner's session: who waits for which variant, and the "it is back" mails for one variant or for
 * several at once. Reading needs commerce.view, sending commerce.inventory.
 */

const id = z.string().regex(/^[A-Za-z0-9._~-]{1,64}$/, m.restockRequestInvalid);
const sendRequest = z.object({ productId: id, variantId: id });
const groupsQuery = z.object({ cursor: z.string().max(500).optional().catch(undefined) });
const signupsQuery = sendRequest.extend({ cursor: z.string().max(500).optional().catch(undefined) });
const sendAllBody = z.object({
  /** Without a list: every variant anyone waits for. */
  sendRequests: z
    .array(sendRequest, { error: m.restockRequestInvalid })
    .min(1, m.restockRequestInvalid)
    .max(500)
    .optional(),
});

/** Groups are read in pages of this size; sending to all walks at most this many pages. */
const PAGE = 200;
const MAX_PAGES = 50;

export function registerRestockAdminRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const view = { preHandler: requireSitePermission('commerce.view') };
    const send = { preHandler: requireSitePermission('commerce.inventory') };
    const restock = new RestockService(storage);

    admin.get('/sites/:siteId/restock/groups', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const { cursor } = parseInput(groupsQuery, request.query);
      const page = await storage.restockSignups.listGroups(websiteId, { cursor, limit: PAGE });
      const items = new Map<string, Item | undefined>();
      for (const { productId } of page.items)
        if (!items.has(productId)) items.set(productId, await storage.items.findById(websiteId, productId));
      return {
        groups: page.items.map((g) => {
          const item = items.get(g.productId);
          const variant = item?.product?.variants.find((v) => v.id === g.variantId);
          return {
            productId: g.productId,
            variantId: g.variantId,
            signUpCount: g.signUpCount,
            productTitle: item?.title ?? null,
            attributes: variant?.attributes ?? null,
            sku: variant?.sku ?? null,
            unlimited: variant?.unlimited ?? null,
            qtyInStock: variant?.qtyInStock ?? null,
          };
        }),
        hasNextPage: page.hasNextPage,
        nextPageCursor: page.nextPageCursor,
      };
    });

    // Who waits for one variant (spec 7 sign-ups, paged like the groups): the editor reads every page.
    admin.get('/sites/:siteId/restock/signups', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const { productId, variantId, cursor } = parseInput(signupsQuery, request.query);
      const page = await storage.restockSignups.listSignups(websiteId, productId, variantId, {
        cursor,
        limit: PAGE,
      });
      return {
        signUps: page.items.map((s) => ({
          id: s.id,
          siteVisitorEmail: s.email,
          isJoinMailingList: s.isJoinMailingList,
          createdOn: s.createdAt,
        })),
        hasNextPage: page.hasNextPage,
        nextPageCursor: page.nextPageCursor,
      };
    });

    admin.post('/sites/:siteId/restock/send', send, async (request) => {
      const { websiteId } = accessedSite(request);
      const body = parseInput(sendRequest, request.body);
      const website = await websiteById(storage, websiteId, m.restockSiteNotFound);
      const sentCount = await restock.send(
        website,
        [body],
        siteUrl(request, website.primaryHostname ?? website.hostnames[0]) ?? '',
      );
      return { sentCount };
    });

    admin.post('/sites/:siteId/restock/send/all', send, async (request) => {
      const { websiteId } = accessedSite(request);
      const body = parseInput(sendAllBody, request.body);
      const website = await websiteById(storage, websiteId, m.restockSiteNotFound);
      let requests: SendRequest[] = body.sendRequests ?? [];
      if (!body.sendRequests) {
        let cursor: string | undefined;
        for (let n = 0; n < MAX_PAGES; n++) {
          const page = await storage.restockSignups.listGroups(websiteId, { cursor, limit: PAGE });
          requests = requests.concat(
            page.items.map(({ productId, variantId }) => ({ productId, variantId })),
          );
          if (!page.hasNextPage || !page.nextPageCursor) break;
          cursor = page.nextPageCursor;
        }
      }
      const sentCount =
        requests.length === 0
          ? 0
          : await restock.send(
              website,
              requests,
              siteUrl(request, website.primaryHostname ?? website.hostnames[0]) ?? '',
            );
      return { sentCount };
    });
  });
}
