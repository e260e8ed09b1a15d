import { type Permission, rolesAllow } from '@baukasten/commerce';
import type { Account } from '@baukasten/storage';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../http-error.js';
import { adminMessages } from './admin-messages.js';
import { apiKeyAccess, bearerKeyOf } from './api-keys/api-key-auth.js';

/*
 * The one place where the role → permission matrix of @baukasten/commerce (ROLE_PERMISSIONS) is
 * enforced. Route files only name the permission a route needs.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireSitePermission: the website the route acts on and the caller's roles there. */
    siteAccess?: { websiteId: string; roles: number[] };
  }
}

function authOf(request: FastifyRequest) {
  const auth = request.server.adminAuth;
  if (!auth) throw new Error('registerAdminRoutes() must run before routes use the admin guards');
  return auth;
}

/** preHandler: 401 unless an owner is signed in. */
export const requireAccount: preHandlerAsyncHookHandler = async (request, reply) => {
  const account = await authOf(request).current(request, reply);
  if (!account) throw new HttpError(401, 'SIGN_IN_REQUIRED', adminMessages.signInRequired);
};

/** The signed-in account of a route guarded by requireAccount or requireSitePermission. */
export function signedInAccount(request: FastifyRequest): Account {
  const account = request.adminAccount;
  if (!account) throw new HttpError(401, 'SIGN_IN_REQUIRED', adminMessages.signInRequired);
  return account;
}

/** The website of a guarded route. */
export function accessedSite(request: FastifyRequest): { websiteId: string; roles: number[] } {
  if (!request.siteAccess) throw new Error('route is not guarded by requireSitePermission');
  return request.siteAccess;
}

export type SiteIdOf = (request: FastifyRequest) => string | undefined;

/** Site ids are generated tokens; anything else (NUL bytes, slashes, very long text) names no site. */
const SITE_ID = /^[\w-]{1,64}$/;

const siteIdParam: SiteIdOf = (request) => {
  const id = (request.params as { siteId?: unknown } | undefined)?.siteId;
  return typeof id === 'string' && SITE_ID.test(id) ? id : undefined;
};

/**
 * preHandler for everything done to one website: 401 when nobody is signed in; 404 when the account
 * holds no role there, whether the website exists or not, so nobody learns about other people's sites;
 * 403 when its roles do not allow `permission`. Reads the site id from the `:siteId` route parameter
 * unless told otherwise.
 */
export function requireSitePermission(
  permission: Permission,
  siteIdOf: SiteIdOf = siteIdParam,
): preHandlerAsyncHookHandler {
  return async function sitePermission(request: FastifyRequest, reply: FastifyReply) {
    // An API key (Authorization: Bearer) reaches only the routes its scopes name (api-keys/api-key-scopes.ts).
    if (bearerKeyOf(request) !== undefined) {
      request.siteAccess = await apiKeyAccess(
        authOf(request).storage,
        request,
        permission,
        siteIdOf(request),
      );
      return;
    }
    const account = await authOf(request).current(request, reply);
    if (!account) throw new HttpError(401, 'SIGN_IN_REQUIRED', adminMessages.signInRequired);
    const websiteId = siteIdOf(request);
    const roles = websiteId ? await authOf(request).rolesOn(websiteId, account.id) : undefined;
    if (!websiteId || !roles) throw new HttpError(404, 'SITE_NOT_FOUND', adminMessages.siteNotFound);
    if (!rolesAllow(roles, permission))
      throw new HttpError(403, 'PERMISSION_DENIED', adminMessages.permissionDenied);
    request.siteAccess = { websiteId, roles };
  };
}

/**
 * The same guard for routes of the host-scoped `site` context, where the website comes from the Host
 * header: the helper owner-auth.ts's requireOwner can give way to, e.g.
 * `{ preHandler: requireHostSitePermission('commerce.inventory') }`.
 */
export const requireHostSitePermission = (permission: Permission) =>
  requireSitePermission(permission, (request) => request.website?.id);
