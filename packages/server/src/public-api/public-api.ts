import { createHash } from 'node:crypto';
import type { ApiKey, Storage } from '@baukasten/storage';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AdminInputError, parseInput } from '../admin/admin-input.js';
import { validApiKeyOf } from '../admin/api-keys/api-key-auth.js';
import { apiKeyMessages } from '../admin/api-keys/api-key-messages.js';
import type { ApiKeyScope } from '../admin/api-keys/api-key-scopes.js';
import { HttpError } from '../http-error.js';
import type { PaymentSetup } from '../payments/payment-setup.js';
import type { RateLimitCount, RateLimiter } from '../rate-limit.js';
import { apiMessages as m } from './api-messages.js';
import { registerCatalogApiRoutes } from './catalog-api-routes.js';
import { startIdempotencyPurge } from './idempotency-purge.js';
import { registerOrderApiRoutes } from './order-api-routes.js';
import { registerRefundApiRoutes } from './refund-api-routes.js';

/*
 * The documented public API under /api/v1/sites/:siteId: products, variants, stock, orders and discount codes
 * for other systems (ERP, warehouse, accounting), authenticated by a website's API key (Bearer) with scopes.
 * Its own Fastify context: zod validates input and serializes answers there (fastify-type-provider-zod),
 * and @fastify/swagger builds the OpenAPI 3.1 document from the same schemas, served at /api/docs with
 * Swagger UI (its scripts from our origin, so the editor's Content-Security-Policy holds). The editor's routes
 * (/api/admin) stay as they are: they answer the editor's needs and change with it; this API is a contract.
 *
 * Every answer carries RateLimit-Limit/-Remaining/-Reset (per key); a POST may carry an Idempotency-Key,
 * whose first answer is kept 24 hours and given again for the same request; expired keys are purged by a
 * periodic job (idempotency-purge.ts).
 */

export const API_PREFIX = '/api/v1';
export const DOCS_PREFIX = '/api/docs';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API-key scope a public API route needs (public-api.ts). */
    apiScope?: ApiKeyScope;
  }
  interface FastifySchema {
    /**
     * The body may be left out (all its fields are optional): the document says so. @fastify/swagger copies
     * `x-` keys onto the operation and marks every body required; optionalBodies below undoes that here.
     */
    'x-body-optional'?: true;
  }
  interface FastifyRequest {
    /** The key a public API request authenticated with. */
    apiKey?: ApiKey;
    /** Set when the request claimed an Idempotency-Key: its answer is stored in onSend. */
    idempotency?: { websiteId: string; key: string };
  }
}

export interface PublicApiOptions {
  storage: Storage;
  /** Requests per key and window (default 600 a minute). */
  rateLimiter: RateLimiter;
  /** The sites' payment providers, for refunds (payments/refund-service.ts). */
  payments: PaymentSetup;
}

/** The site a guarded route acts for (its key's website). */
export function apiWebsiteId(request: FastifyRequest): string {
  if (!request.apiKey) throw new Error('route has no apiScope');
  return request.apiKey.websiteId;
}

/**
 * zod validation with the editor's German messages (admin-input.ts): a refused value is the 400 INVALID_INPUT
 * with `fields`, through the error handler below.
 */
const validatorCompiler =
  ({ schema }: { schema: z.ZodType }) =>
  (data: unknown) => {
    try {
      return { value: parseInput(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };

function rateLimitHeaders(reply: FastifyReply, count: RateLimitCount) {
  const resetSeconds = Math.max(Math.ceil((count.resetAt - Date.now()) / 1000), 0);
  reply.header('ratelimit-limit', count.limit);
  reply.header('ratelimit-remaining', count.remaining);
  reply.header('ratelimit-reset', resetSeconds);
  if (!count.allowed) reply.header('retry-after', resetSeconds);
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;

/** Operations marked `x-body-optional` get `requestBody.required: false`, and the marker leaves the document. */
function optionalBodies(document: OpenApiDocument): OpenApiDocument {
  const paths = (document as { paths?: Record<string, Record<string, Record<string, unknown>>> }).paths ?? {};
  for (const operations of Object.values(paths))
    for (const operation of Object.values(operations)) {
      if (!operation['x-body-optional']) continue;
      delete operation['x-body-optional'];
      if (operation.requestBody) (operation.requestBody as { required?: boolean }).required = false;
    }
  return document;
}

export async function registerPublicApi(app: FastifyInstance, options: PublicApiOptions): Promise<void> {
  const { storage, rateLimiter, payments } = options;
  await app.register(async (api) => {
    api.setValidatorCompiler(validatorCompiler);
    api.setSerializerCompiler(serializerCompiler);
    await api.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Baukasten API',
          version: '1.0.0',
          description: [
            'Die Schnittstelle eines Baukasten-Shops für andere Systeme. Jede Anfrage trägt den API-Schlüssel ',
            'der Website als `Authorization: Bearer bk_…`; die Bereiche (scopes) eines Schlüssels wählt die ',
            'Inhaberin beim Anlegen. Geldbeträge sind ganze Zahlen in der kleinsten Einheit der Währung ',
            '(Cent). Fehler: `{"error": {"type", "message"}}` mit deutscher Meldung. Listen blättern mit ',
            '`cursor` (der `nextCursor` der vorigen Seite). Ein POST darf einen `Idempotency-Key` tragen: ',
            'dieselbe Anfrage mit demselben Schlüssel bekommt 24 Stunden lang dieselbe Antwort, eine andere ',
            'Anfrage mit demselben Schlüssel 422. Jede Antwort nennt `RateLimit-Limit`, `RateLimit-Remaining` ',
            'und `RateLimit-Reset` (Sekunden); darüber 429.',
          ].join(''),
        },
        components: {
          securitySchemes: {
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              description: 'Der API-Schlüssel der Website (Einstellungen → API-Schlüssel), z. B. bk_…',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (document) => optionalBodies(jsonSchemaTransformObject(document)),
    });
    await api.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { docExpansion: 'list', deepLinking: false },
    });
    api.get(`${DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => api.swagger());

    api.setErrorHandler(async (error: FastifyError | HttpError, _request, reply) => {
      if (error instanceof AdminInputError)
        return reply
          .code(400)
          .send({ error: { type: error.type, message: error.message, fields: error.fields } });
      if (error instanceof HttpError)
        return reply.code(error.statusCode).send({ error: { type: error.type, message: error.message } });
      throw error;
    });

    // The key, its website, its rate limit and its scope, before any input is parsed: a caller without
    // access learns nothing from validation messages.
    api.addHook('onRequest', async (request, reply) => {
      const scope = request.routeOptions.config.apiScope;
      if (!scope) return;
      const apiKey = await validApiKeyOf(storage, request);
      if (!apiKey) throw new HttpError(401, 'INVALID_API_KEY', apiKeyMessages.invalidKey);
      const siteId = (request.params as { siteId?: unknown }).siteId;
      if (apiKey.websiteId !== siteId)
        throw new HttpError(404, 'SITE_NOT_FOUND', apiKeyMessages.siteNotFound);
      const count = rateLimiter.count
        ? await rateLimiter.count(apiKey.id)
        : { allowed: await rateLimiter.hit(apiKey.id), limit: 0, remaining: 0, resetAt: Date.now() };
      rateLimitHeaders(reply, count);
      if (!count.allowed) throw new HttpError(429, 'TOO_MANY_REQUESTS', m.tooManyRequests);
      if (!apiKey.scopes.includes(scope))
        throw new HttpError(403, 'SCOPE_MISSING', apiKeyMessages.scopeMissing);
      request.apiKey = apiKey;
      await storage.apiKeys.touch(apiKey.websiteId, apiKey.id);
    });

    // Idempotency-Key: checked before the body is validated, so a replay answers exactly as the first time.
    api.addHook('preValidation', async (request, reply) => {
      const header = request.headers['idempotency-key'];
      if (request.method !== 'POST' || header === undefined || !request.apiKey) return;
      if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header))
        throw new HttpError(400, 'BAD_IDEMPOTENCY_KEY', m.idempotencyKeyInvalid);
      const websiteId = request.apiKey.websiteId;
      const hash = createHash('sha256')
        .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
        .digest('hex');
      const claim = await storage.idempotency.claim(websiteId, header, hash, IDEMPOTENCY_TTL_MS);
      if (claim.outcome === 'claimed') {
        request.idempotency = { websiteId, key: header };
        return;
      }
      if (claim.stored.requestHash !== hash)
        throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', m.idempotencyKeyReused);
      if (claim.stored.statusCode === null)
        throw new HttpError(409, 'IDEMPOTENCY_KEY_IN_FLIGHT', m.idempotencyKeyInFlight);
      return reply
        .code(claim.stored.statusCode)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(claim.stored.responseBody ?? '');
    });
    // Keys past their 24 hours: purged when the server is ready and every 15 minutes after. Ready waits for
    // the first pass (one indexed delete), so it never runs inside the first requests' work; a failed pass
    // is logged and does not keep the server from starting.
    let purge: ReturnType<typeof startIdempotencyPurge> | undefined;
    api.addHook('onReady', async () => {
      purge = startIdempotencyPurge(storage, {
        ttlMs: IDEMPOTENCY_TTL_MS,
        onError: (err) => api.log.warn({ err }, 'purging expired idempotency keys failed'),
      });
      await purge.firstPass.catch(() => {}); // logged by onError
    });
    api.addHook('onClose', async () => {
      await purge?.stop();
    });
    api.addHook('onSend', async (request, reply, payload) => {
      const claimed = request.idempotency;
      if (!claimed) return payload;
      request.idempotency = undefined;
      // A failure on our side (5xx) is not an answer to keep: the client's retry should run again.
      if (reply.statusCode >= 500 || typeof payload !== 'string')
        await storage.idempotency.release(claimed.websiteId, claimed.key);
      else await storage.idempotency.complete(claimed.websiteId, claimed.key, reply.statusCode, payload);
      return payload;
    });

    await api.register(
      async (v1) => {
        registerCatalogApiRoutes(v1, storage);
        registerOrderApiRoutes(v1, storage);
        registerRefundApiRoutes(v1, storage, payments);
      },
      { prefix: API_PREFIX },
    );
  });
}
