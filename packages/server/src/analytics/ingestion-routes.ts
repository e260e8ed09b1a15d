import { RecordType, shouldRecordCensusHit } from '@baukasten/commerce';
import {
  AnalyticsKind,
  FunnelStep,
  type NewAnalyticsEvent,
  type Storage,
  type Website,
} from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireCrumb } from '../crumb.js';
import { HttpError } from '../http-error.js';
import { CHECKOUT_PATH } from '../pages/cart-page.js';
import type { RateLimiter } from '../rate-limit.js';
import { websiteOf } from '../site-request.js';
import { analyticsMessages } from './analytics-messages.js';
import {
  outsideReferrer,
  pagePathOf,
  refererPath,
  siteDay,
  type Visitor,
  visitorOf,
} from './event-context.js';
import type { IngestionQueue } from './ingestion-queue.js';
import { isKnownSchema, trackerSchemas, validateEventContent } from './tracker-schemas.js';
import {
  buttonBody,
  type CensusHitData,
  censusHitData,
  formRenderBody,
  javascriptErrorsBody,
  legacyEventData,
  overlayBody,
  performanceBody,
  plausibleVital,
  recordEventBody,
  recordHitBody,
  text,
  webVitalMetric,
} from './tracking-payloads.js';

export interface IngestionDeps {
  storage: Storage;
  queue: IngestionQueue;
  rateLimiter: RateLimiter;
  /** The global census switch of spec 6. */
  censusEnabled: boolean;
  now: () => number;
}

/** Kinds of raw events besides those the rollup interprets (AnalyticsKind). */
export const IngestedKind = {
  ...AnalyticsKind,
  quickView: 'quick_view',
  buttonClick: 'button_click',
  buttonRender: 'button_render',
  formRender: 'form_render',
  overlay: 'overlay',
  legacyEvent: 'legacy_event',
  trackerEvent: 'tracker_event',
} as const;

const KB = 1024;
const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;

const badPayload = (message: string = analyticsMessages.badPayload) =>
  new HttpError(400, 'BAD_PAYLOAD', message);

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw badPayload();
  return result.data;
}

/** A body as an object: beacons send JSON as text/plain, so a string is parsed too. */
function bodyValue(body: unknown): unknown {
  if (body === undefined || body === null || body === '') throw badPayload(analyticsMessages.noPayload);
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw badPayload();
  }
}

/** A form field holding JSON text (or, sent as JSON, the object itself). */
function jsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw badPayload(analyticsMessages.dataNotJson);
  }
}

/** Any website id a payload names must be this website's: a tracking call never writes to another site. */
function requireSameWebsite(website: Website, ...ids: unknown[]) {
  for (const id of ids)
    if (id !== undefined && id !== null && id !== '' && id !== website.id)
      throw new HttpError(403, 'WRONG_WEBSITE', analyticsMessages.wrongWebsite);
}

const accepted = (reply: FastifyReply, count: number, extra: Record<string, unknown> = {}) =>
  reply.code(202).send({ accepted: count, ...extra });

/**
 * The tracking calls of spec 7: census, legacy and v2 trackers, the error reporter and the performance
 * batch. Each parses its payload, scopes it to the request's website, queues the event and answers 202
 * at once; malformed input gets a 4xx with a German message.
 */
export function registerIngestionRoutes(site: FastifyInstance, deps: IngestionDeps) {
  const { queue, storage } = deps;

  const limited = async (request: FastifyRequest) => {
    if (!(await deps.rateLimiter.hit(`${request.website?.id}:${request.ip}`)))
      throw new HttpError(429, 'RATE_LIMITED', analyticsMessages.tooManyRequests);
  };
  const route = (bodyLimit: number) => ({ bodyLimit, onRequest: limited });

  const event = (
    request: FastifyRequest,
    kind: string,
    visitor: Visitor,
    fields: Omit<NewAnalyticsEvent, 'websiteId' | 'day' | 'occurredAt' | 'kind' | 'visitorId' | 'sessionId'>,
  ): NewAnalyticsEvent => {
    const website = websiteOf(request);
    const occurredAt = deps.now();
    return {
      websiteId: website.id,
      day: siteDay(website, occurredAt),
      occurredAt,
      kind,
      ...visitor,
      ...fields,
    };
  };

  /** The page of a census call: its own fields, else the page that made the call. */
  const pageOf = (request: FastifyRequest, data: Pick<CensusHitData, 'pagePath' | 'url'>) =>
    pagePathOf(data.pagePath, data.url) ?? refererPath(request, websiteOf(request)) ?? '/';

  // Census page view (spec 7): form-encoded event, data (JSON text of a census hit), ss_cvr.
  site.post('/api/census/RecordHit', route(32 * KB), async (request, reply) => {
    const website = websiteOf(request);
    const body = parse(recordHitBody, bodyValue(request.body));
    const data = parse(censusHitData, jsonField(body.data));
    requireSameWebsite(website, data.websiteId);
    const path = pageOf(request, data);
    if (!shouldRecordCensusHit({ authenticated: false }, { path }, deps.censusEnabled))
      return accepted(reply, 0);
    const product = !!data.itemId && data.recordType === RecordType.STORE_ITEM;
    const steps =
      (product ? FunnelStep.productView : 0) |
      (path === CHECKOUT_PATH || path.startsWith(`${CHECKOUT_PATH}/`) ? FunnelStep.checkout : 0);
    const { visitorCookie: _cookie, ...payload } = data;
    queue.push(
      event(request, IngestedKind.pageView, visitorOf(request, body.ss_cvr, data.visitorCookie), {
        path,
        referrer: outsideReferrer(request, website, data.referrer),
        itemId: data.itemId ?? null,
        label: body.event ?? null,
        funnelSteps: steps,
        payload,
      }),
    );
    return accepted(reply, 1);
  });

  const censusCall = <B extends CensusHitData>(
    path: string,
    schema: z.ZodType<B>,
    kind: string,
    label: (body: B) => string | null | undefined,
  ) =>
    site.post(path, route(16 * KB), async (request, reply) => {
      const body = parse(schema, bodyValue(request.body));
      requireSameWebsite(websiteOf(request), body.websiteId);
      const { visitorCookie, ...payload } = body;
      queue.push(
        event(request, kind, visitorOf(request, visitorCookie), {
          path: pageOf(request, body),
          itemId: body.itemId ?? null,
          label: label(body)?.slice(0, 300) ?? null,
          payload,
        }),
      );
      return accepted(reply, 1);
    });

  censusCall(
    '/api/census/button-click',
    buttonBody,
    IngestedKind.buttonClick,
    (b) => b.buttonId ?? b.buttonText,
  );
  censusCall(
    '/api/census/button-render',
    buttonBody,
    IngestedKind.buttonRender,
    (b) => b.buttonId ?? b.buttonText,
  );
  censusCall('/api/census/form-render', formRenderBody, IngestedKind.formRender, (b) => b.formId);
  censusCall('/api/census/overlay', overlayBody, IngestedKind.overlay, (b) => b.action ?? b.overlayType);

  // Quick view of a product (no body): a product view of the page that opened it.
  site.post<{ Params: { id: string } }>(
    '/api/census/RecordQuickView/:id',
    route(4 * KB),
    async (request, reply) => {
      const { id } = request.params;
      if (!ITEM_ID.test(id)) throw badPayload(analyticsMessages.itemIdInvalid);
      queue.push(
        event(request, IngestedKind.quickView, visitorOf(request), {
          path: refererPath(request, websiteOf(request)),
          itemId: id,
          funnelSteps: FunnelStep.productView,
        }),
      );
      return accepted(reply, 1);
    },
  );

  // Legacy tracker: form-encoded crumb, event, data (JSON text); the crumb must match its cookie.
  site.post(
    '/api/events/RecordEvent',
    { ...route(16 * KB), preHandler: requireCrumb },
    async (request, reply) => {
      const website = websiteOf(request);
      const body = parse(recordEventBody, bodyValue(request.body));
      const data = parse(legacyEventData, body.data === undefined ? {} : jsonField(body.data));
      requireSameWebsite(website, data.websiteId);
      queue.push(
        event(request, IngestedKind.legacyEvent, visitorOf(request), {
          path: pagePathOf(data.pagePath) ?? refererPath(request, website),
          label: body.event,
          payload: data,
        }),
      );
      return accepted(reply, 1);
    },
  );

  // v2 tracker: JSON {eventContent (JSON text), eventSchemaName}; success is 200 or 202 (spec 7).
  site.post('/api/v1/clanker/events', route(32 * KB), async (request, reply) => {
    const website = websiteOf(request);
    const body = bodyValue(request.body) as { eventContent?: unknown; eventSchemaName?: unknown };
    const name = parse(text(100).min(1), body?.eventSchemaName);
    if (body.eventContent === undefined || body.eventContent === null)
      throw badPayload(analyticsMessages.noPayload);
    if (!isKnownSchema(name))
      throw new HttpError(400, 'UNKNOWN_SCHEMA', analyticsMessages.unknownSchema(name));
    const schema = trackerSchemas[name]!;
    const checked = validateEventContent(schema, body.eventContent);
    if (!checked.ok)
      throw new HttpError(400, 'INVALID_EVENT_CONTENT', analyticsMessages.eventContentInvalid(name));
    const content = checked.content;
    requireSameWebsite(website, content.context_website_id, content.website_id, content.websiteId);
    const fromCookie = visitorOf(request);
    const visitor: Visitor = {
      visitorId: fromCookie.visitorId ?? (content.analytics_id as string | undefined) ?? null,
      sessionId: fromCookie.sessionId ?? (content.session_id as string | undefined) ?? null,
    };
    const itemIds = content.item_ids as string[] | undefined;
    const common = {
      path: pagePathOf(content.page_path as string | undefined) ?? refererPath(request, website),
      referrer: outsideReferrer(request, website, content.page_referrer_url as string | undefined),
      itemId: (content.object_identifier as string | undefined) ?? itemIds?.[0] ?? null,
      payload: content,
    };
    if (schema.purchase) {
      // Revenue comes from the stored order, never from the browser's numbers.
      const order = await storage.orders.findById(website.id, content.id as string);
      if (!order) throw new HttpError(404, 'ORDER_UNKNOWN', analyticsMessages.orderUnknown);
      const real = !order.testMode;
      queue.push(
        event(request, real ? IngestedKind.purchase : IngestedKind.trackerEvent, visitor, {
          ...common,
          itemId: order.id,
          label: real ? order.currency : name,
          value: real ? order.grandTotalMinor : null,
          funnelSteps: real ? FunnelStep.purchase : 0,
          payload: { ...content, orderNumber: order.orderNumber, testMode: order.testMode },
        }),
      );
      return accepted(reply, 1);
    }
    queue.push(
      event(request, IngestedKind.trackerEvent, visitor, {
        ...common,
        label: name,
        funnelSteps: schema.funnelSteps,
      }),
    );
    return accepted(reply, 1);
  });

  // Validate mode: checks event content against a schema and stores nothing.
  site.post<{ Params: { schemaName: string } }>(
    '/api/v1/clanker/validate-event-content/:schemaName',
    route(32 * KB),
    async (request, reply) => {
      const name = request.params.schemaName;
      if (!isKnownSchema(name))
        throw new HttpError(404, 'UNKNOWN_SCHEMA', analyticsMessages.unknownSchema(name));
      let content = bodyValue(request.body);
      if (content && typeof content === 'object' && 'eventContent' in content)
        content = (content as { eventContent: unknown }).eventContent;
      const checked = validateEventContent(trackerSchemas[name]!, content);
      if (checked.ok) return { valid: true };
      return reply.code(400).send({
        valid: false,
        issues: checked.issues,
        error: { type: 'INVALID_EVENT_CONTENT', message: analyticsMessages.eventContentInvalid(name) },
      });
    },
  );

  // The error reporter: a list of reports, with the crumb in the CSRF header.
  site.post(
    '/api/events/RecordJavascriptErrors',
    { ...route(160 * KB), preHandler: requireCrumb },
    async (request, reply) => {
      const website = websiteOf(request);
      const body = parse(javascriptErrorsBody, bodyValue(request.body));
      const reports = Array.isArray(body) ? body : body.events;
      requireSameWebsite(
        website,
        Array.isArray(body) ? undefined : body.websiteId,
        ...reports.map((r) => r.websiteId),
      );
      const visitor = visitorOf(request);
      const fallbackPath = refererPath(request, website);
      for (const { message, websiteId: _site, ...details } of reports)
        queue.push(
          event(request, IngestedKind.jsError, visitor, {
            path: pagePathOf(details.pagePath, details.url) ?? fallbackPath,
            label: message.split('\n', 1)[0]!.slice(0, 300),
            payload: { message: message.slice(0, 1000), ...details },
          }),
        );
      return accepted(reply, reports.length);
    },
  );

  // The performance batch: a beacon (text/plain JSON) or an XHR POST (JSON).
  site.post('/api/1/performance/records', route(64 * KB), async (request, reply) => {
    const website = websiteOf(request);
    const body = parse(performanceBody, bodyValue(request.body));
    const records = Array.isArray(body) ? body : body.records;
    const batch = Array.isArray(body) ? undefined : body;
    requireSameWebsite(website, batch?.websiteId);
    const visitor = visitorOf(request, batch?.visitorCookie);
    const batchPath = pagePathOf(batch?.pagePath, batch?.url) ?? refererPath(request, website) ?? '/';
    let count = 0;
    for (const record of records) {
      const metric = webVitalMetric(record.metric ?? record.name);
      if (!metric || !plausibleVital(metric, record.value)) continue;
      count += 1;
      queue.push(
        event(request, IngestedKind.webVital, visitor, {
          path: pagePathOf(record.path) ?? batchPath,
          label: metric,
          value: record.value,
          payload: record,
        }),
      );
    }
    return accepted(reply, count, { ignored: records.length - count });
  });
}
