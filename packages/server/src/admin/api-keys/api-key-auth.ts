import type { Permission } from '@baukasten/commerce';
import type { ApiKey, Storage } from '@baukasten/storage';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.js';
import { apiKeyMessages as m } from './api-key-messages.js';
import { scopesAllow } from './api-key-scopes.js';

/** `Authorization: Bearer <key>`: the request speaks for an API key, not for a signed-in owner. */
export function bearerKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** One look-up per request: the crumb check and the permission guard both ask. */
const lookups = new WeakMap<FastifyRequest, Promise<ApiKey | undefined>>();

/** The live (known, not revoked) API key the request's Bearer header names; undefined for any other. */
export function validApiKeyOf(storage: Storage, request: FastifyRequest): Promise<ApiKey | undefined> {
  const key = bearerKeyOf(request);
  if (key === undefined) return Promise.resolve(undefined);
  let found = lookups.get(request);
  if (!found) {
    found = storage.apiKeys.findByKey(key);
    lookups.set(request, found);
  }
  return found;
}

/**
 * Whether a state-changing call may go without the crumb (security review #18, finding 8): only when a
 * valid API key authenticates it. Any Bearer header used to be enough, so a session cookie next to a made-up
 * key skipped the check. A Bearer header naming no live key is refused outright (401), so it never falls
 * back to the cookies it came with.
 */
export async function skipsCrumb(storage: Storage, request: FastifyRequest): Promise<boolean> {
  if (bearerKeyOf(request) === undefined) return false;
  if (await validApiKeyOf(storage, request)) return true;
  throw new HttpError(401, 'INVALID_API_KEY', m.invalidKey);
}

/**
 * The site access an API key gives on this route: 401 for an unknown or revoked key, 404 when the key
 * belongs to another website (like the owner guard, nobody learns about other sites), 403 when its scopes
 * do not cover the route.
 */
export async function apiKeyAccess(
  storage: Storage,
  request: FastifyRequest,
  permission: Permission,
  websiteId: string | undefined,
): Promise<{ websiteId: string; roles: number[] }> {
  const apiKey = await validApiKeyOf(storage, request);
  if (!apiKey) throw new HttpError(401, 'INVALID_API_KEY', m.invalidKey);
  if (!websiteId || apiKey.websiteId !== websiteId)
    throw new HttpError(404, 'SITE_NOT_FOUND', m.siteNotFound);
  if (!scopesAllow(apiKey.scopes, request.method, request.routeOptions.url ?? '', permission))
    throw new HttpError(403, 'SCOPE_MISSING', m.scopeMissing);
  await storage.apiKeys.touch(apiKey.websiteId, apiKey.id);
  return { websiteId, roles: [] };
}
