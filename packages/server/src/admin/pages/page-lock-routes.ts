import type { Storage } from '@baukasten/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.js';
import { parseInput } from '../admin-input.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { pageParams } from './page-input.js';
import { pageMessages as m } from './page-messages.js';

/*
 * One editor per page at a time (R8.7.12). Opening a page in the block editor takes a lease for
 * PAGE_LOCK_MS; the open editor renews it every PAGE_LOCK_RENEW_MS and gives it up when it closes. A
 * second member who opens the page meanwhile is told who holds it and gets the page read-only, and the
 * server refuses their saves and publishing (409), so a page is never overwritten by someone who did not
 * see the other's changes. The lease belongs to the account: the same person in a second window is not
 * locked out by themselves. A browser that closed without saying so frees the page when the lease ends.
 */

export const PAGE_LOCK_MS = 2 * 60_000;
export const PAGE_LOCK_RENEW_MS = 60_000;

const signedIn = (request: FastifyRequest) => {
  const account = request.adminAccount;
  // The permission guard ran first, so someone is signed in; an API key has no account and no lease.
  return account ? { accountId: account.id, name: account.name || account.email } : undefined;
};

/**
 * Refuses a change to the page while another account holds its lease; called before saving or
 * publishing. Without a lease (nobody has the page open) anyone with the permission may change it.
 */
export async function refuseIfLockedByOther(
  storage: Storage,
  request: FastifyRequest,
  websiteId: string,
  pageId: string,
): Promise<void> {
  const lease = await storage.pageLocks.current(websiteId, pageId);
  if (lease && lease.accountId !== request.adminAccount?.id)
    throw new HttpError(409, 'PAGE_LOCKED', m.pageLocked(lease.holderName));
}

export function registerPageLockRoutes(admin: FastifyInstance, storage: Storage) {
  const editDrafts = { preHandler: requireSitePermission('pages.editDrafts') };

  // Takes or renews the lease; 409 with the holder's name while someone else has the page.
  admin.post('/sites/:siteId/collections/:pageId/lock', editDrafts, async (request) => {
    const { websiteId } = accessedSite(request);
    const { pageId } = parseInput(pageParams, request.params);
    if (!(await storage.collections.findEditable(websiteId, pageId)))
      throw new HttpError(404, 'PAGE_NOT_FOUND', m.pageNotFound);
    const holder = signedIn(request);
    if (!holder) return { lock: null };
    const now = Date.now();
    const lease = await storage.pageLocks.acquire(websiteId, pageId, holder, now + PAGE_LOCK_MS, now);
    if (lease.accountId !== holder.accountId)
      throw new HttpError(409, 'PAGE_LOCKED', m.pageLocked(lease.holderName));
    return {
      lock: { holderName: lease.holderName, expiresAt: lease.expiresAt, renewAfterMs: PAGE_LOCK_RENEW_MS },
    };
  });

  admin.delete('/sites/:siteId/collections/:pageId/lock', editDrafts, async (request) => {
    const { websiteId } = accessedSite(request);
    const { pageId } = parseInput(pageParams, request.params);
    const holder = signedIn(request);
    return {
      released: holder ? await storage.pageLocks.release(websiteId, pageId, holder.accountId) : false,
    };
  });
}
