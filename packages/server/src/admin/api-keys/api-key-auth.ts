import type { Permission } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
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

/**
 * The site access an API key gives on this route: 401 for an unknown or revoked key, 404 when the key
 * belongs to another website (like the owner guard, nobody learns about other sites), 403 when its scopes
 * do not cover the route.
 */
export async function apiKeyAccess(
  storage: Storage,
  request: FastifyRequest,
  key: string,
  permission: Permission,
  websiteId: string | undefined,
): Promise<{ websiteId: string; roles: number[] }> {
  const apiKey = await storage.apiKeys.findByKey(key);
  if (!apiKey) throw new HttpError(401, 'INVALID_API_KEY', m.invalidKey);
  if (!websiteId || apiKey.websiteId !== websiteId)
    throw new HttpError(404, 'SITE_NOT_FOUND', m.siteNotFound);
  if (!scopesAllow(apiKey.scopes, request.method, request.routeOptions.url ?? '', permission))
    throw new HttpError(403, 'SCOPE_MISSING', m.scopeMissing);
  await storage.apiKeys.touch(apiKey.websiteId, apiKey.id);
  return { websiteId, roles: [] };
}
