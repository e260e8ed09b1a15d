import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import {
  afterFlush,
  createSite,
  OWNER_TOKEN,
  sharedWithAnalyticsLimit,
  type TestSite,
} from './analytics-test-kit.js';
import { trackerSchemas } from './tracker-schemas.js';
import { censusPageFields } from './tracking-payloads.js';

/*
 * Hostile and careless clients: every tracking call gets bodies of every shape and content type, fields
 * of the right names with values of the wrong kinds, and nested JSON text that is almost right. The
 * server must answer each with 2xx or a German 4xx, never a 5xx, and never write to another website.
 */

const ENDPOINTS = [
  '/api/census/RecordHit',
  '/api/census/button-click',
  '/api/census/button-render',
  '/api/census/form-render',
  '/api/census/overlay',
  '/api/census/RecordQuickView/tasse1',
  '/api/events/RecordEvent',
  '/api/v1/clanker/events',
  '/api/v1/clanker/validate-event-content/commerce_purchase',
  '/api/events/RecordJavascriptErrors',
  '/api/1/performance/records',
];

const CONTENT_TYPES = [
  'application/json',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=x',
  undefined,
];

const KEYS = [
  ...Object.keys(censusPageFields),
  ...new Set(
    Object.keys(trackerSchemas).flatMap((name) =>
      Object.keys((trackerSchemas[name]!.schema as any).shape ?? {}),
    ),
  ),
  'event',
  'data',
  'ss_cvr',
  'crumb',
  'eventContent',
  'eventSchemaName',
  'records',
  'events',
  'message',
  'stack',
  'name',
  'metric',
  'value',
  'formId',
  'overlayData',
];

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('', 'null', '{}', '[]', '1e999', '__proto__', 'x'.repeat(3000), '\u0000', 'i', 'c', 'LCP'),
  // Replaced by the real website ids before sending: payloads that name this or the other website.
  fc.constantFrom('THIS_SITE', 'OTHER_SITE'),
  fc.integer(),
  fc.double(),
);
const fields = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 });
/** Objects with the right field names, some of whose values are JSON text of such objects again. */
const nested = fc
  .tuple(fields, fields, fc.constantFrom(...Object.keys(trackerSchemas), 'gibt_es_nicht'))
  .map(([outer, inner, schema]) => ({
    ...outer,
    data: JSON.stringify(inner),
    eventContent: JSON.stringify(inner),
    eventSchemaName: schema,
  }));

type Body = { payload?: string; contentType?: string };
const asForm = (object: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(object).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
  ).toString();

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.record({ payload: fc.string({ maxLength: 300 }), contentType: fc.constantFrom(...CONTENT_TYPES) }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ payload: JSON.stringify(v), contentType: 'application/json' })),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ payload: JSON.stringify(v), contentType: 'text/plain' })),
  fields.map((f) => ({ payload: JSON.stringify(f), contentType: 'application/json' })),
  nested.map((f) => ({ payload: JSON.stringify(f), contentType: 'application/json' })),
  nested.map((f) => ({ payload: asForm(f), contentType: 'application/x-www-form-urlencoded' })),
  fc
    .array(fields, { maxLength: 25 })
    .map((f) => ({ payload: JSON.stringify(f), contentType: 'application/json' })),
  fc.constant({}),
);

const CRUMB = 'fuzz-kruemel-fuzz-kruemx';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestSite;
  let other: TestSite;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createSite(storage, 'fuzz.test');
    other = await createSite(storage, 'fuzz-nachbar.test');
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedWithAnalyticsLimit(1e9) });
  });
  afterAll(async () => {
    await app?.close();
  });

  const expectNoServerError = (res: LightMyRequestResponse, what: string) => {
    expect(res.statusCode, `${what} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
    if (res.statusCode >= 400) {
      const message = res.json().error?.message;
      expect(typeof message === 'string' && message.length > 0, `${what}: ${res.body.slice(0, 300)}`).toBe(
        true,
      );
    }
  };

  it('R7.6.8 R8.5.7 answers malformed bodies on every tracking call with 2xx or a German 4xx, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        body,
        fc.boolean(),
        async (url, { payload, contentType }, crumb) => {
          const headers: Record<string, string> = { host: shop.host };
          if (contentType) headers['content-type'] = contentType;
          if (crumb) {
            headers.cookie = `crumb=${CRUMB}`;
            headers['x-csrf-token'] = CRUMB;
          }
          const sent = payload?.replaceAll('THIS_SITE', shop.id).replaceAll('OTHER_SITE', other.id);
          const res = await app.inject({ method: 'POST', url, headers, payload: sent });
          expectNoServerError(res, `${url} ${contentType} ${payload?.slice(0, 200)}`);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers any path parameter and any dashboard query without a 5xx', async () => {
    const segment = fc.string({ maxLength: 80 }).map(encodeURIComponent);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/census/RecordQuickView/', '/api/v1/clanker/validate-event-content/'),
        segment,
        async (prefix, id) => {
          const res = await app.inject({
            method: 'POST',
            url: `${prefix}${id}`,
            headers: { host: shop.host, 'content-type': 'application/json' },
            payload: '{}',
          });
          expectNoServerError(res, `${prefix}${id}`);
        },
      ),
      { numRuns: 100 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('summary', 'funnel', 'web-vitals', 'errors'),
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        async (what, from, to) => {
          const res = await app.inject({
            method: 'GET',
            url: `/api/analytics/${what}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
            headers: { host: shop.host, authorization: `Bearer ${OWNER_TOKEN}` },
          });
          expectNoServerError(res, `${what} ${from} ${to}`);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('never writes a fuzzed event to another website, even when the payload names it', async () => {
    await afterFlush();
    expect(await storage.analytics.countEvents(other.id)).toBe(0);
  });
});
