import type { ApiKey, Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http-error.js';
import { parseInput } from '../admin-input.js';
import { accessedSite, requireSitePermission, signedInAccount } from '../permissions.js';
import { apiKeyMessages as m } from './api-key-messages.js';
import { API_KEY_SCOPES, SCOPE_LABELS } from './api-key-scopes.js';

/*
 * The API-keys panel (`commerce.apiKeys`): create a key with scopes (the key is in this one answer and
 * never again: only its sha256 is stored), list, revoke. Revoked keys stay listed with their date.
 */

const MAX_ACTIVE_KEYS = 50;

const newKeyInput = z.object({
  name: z.string({ error: m.nameMissing }).trim().min(1, m.nameMissing).max(80, m.nameTooLong),
  scopes: z
    .array(
      z.string({ error: m.scopesMissing }).refine((s) => (API_KEY_SCOPES as readonly string[]).includes(s), {
        error: (issue) => m.scopeUnknown(String(issue.input)),
      }),
      { error: m.scopesMissing },
    )
    .min(1, m.scopesMissing)
    .max(API_KEY_SCOPES.length * 2, m.scopesMissing),
});
const keyParams = z.object({ siteId: z.string(), keyId: z.string().regex(/^[0-9a-f]{24}$/, m.keyNotFound) });

export const apiKeyView = (key: ApiKey) => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  scopes: key.scopes,
  createdAt: key.createdAt,
  lastUsedAt: key.lastUsedAt,
  revokedAt: key.revokedAt,
});

const scopeList = API_KEY_SCOPES.map((scope) => ({ scope, label: SCOPE_LABELS[scope] }));

export function registerApiKeyRoutes(admin: FastifyInstance, storage: Storage) {
  const keys = { preHandler: requireSitePermission('commerce.apiKeys') };

  admin.get('/sites/:siteId/api-keys', keys, async (request) => {
    const list = await storage.apiKeys.list(accessedSite(request).websiteId);
    return { apiKeys: list.map(apiKeyView), scopes: scopeList };
  });

  admin.post('/sites/:siteId/api-keys', keys, async (request, reply) => {
    const input = parseInput(newKeyInput, request.body);
    const { websiteId } = accessedSite(request);
    const active = (await storage.apiKeys.list(websiteId)).filter((k) => k.revokedAt === null);
    if (active.length >= MAX_ACTIVE_KEYS) throw new HttpError(409, 'TOO_MANY_API_KEYS', m.tooManyKeys);
    const { key, apiKey } = await storage.apiKeys.create(websiteId, {
      name: input.name,
      scopes: input.scopes,
      createdBy: signedInAccount(request).id,
    });
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({ apiKey: apiKeyView(apiKey), key });
  });

  admin.delete('/sites/:siteId/api-keys/:keyId', keys, async (request) => {
    const { keyId } = parseInput(keyParams, request.params);
    const revoked = await storage.apiKeys.revoke(accessedSite(request).websiteId, keyId);
    if (!revoked) throw new HttpError(404, 'API_KEY_NOT_FOUND', m.keyNotFound);
    return { revoked: true };
  });
}
