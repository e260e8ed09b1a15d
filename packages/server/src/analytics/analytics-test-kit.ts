import type { Storage, StoredAnalyticsEvent } from '@baukasten/storage';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import { InMemoryRateLimiter } from '../rate-limit.js';
import { inMemorySharedState, type SharedState } from '../shared-state.js';

/* Shops, visitors and waits for the analytics tests. */

export const OWNER_TOKEN = 'inhaber-geheimnis';

export interface TestSite {
  id: string;
  host: string;
}

export async function createSite(
  storage: Storage,
  host: string,
  timeZone = 'Europe/Berlin',
): Promise<TestSite> {
  const website = await storage.websites.create({
    title: `Laden ${host}`,
    hostnames: [host],
    timeZone,
    currency: 'EUR',
    settings: { ownerToken: OWNER_TOKEN },
  });
  return { id: website.id, host };
}

/** Shared state whose analytics limiter allows `limit` calls a minute (others keep their defaults). */
export function sharedWithAnalyticsLimit(limit: number): SharedState {
  const base = inMemorySharedState();
  return {
    ...base,
    rateLimiter: (name, options) =>
      name === 'analytics'
        ? new InMemoryRateLimiter({ limit, windowMs: 60_000 })
        : base.rateLimiter(name, options),
  };
}

/** A visit cookie of spec 3: id|first|previous|current|count. */
export const visitCookie = (id: string, count = 1) =>
  `${id}|1700000000000|1700000000000|1700000000000|${count}`;

export interface Call {
  host: string;
  body?: unknown;
  /** Sends `body` (an object of strings) form-encoded. */
  form?: boolean;
  contentType?: string;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
}

export function post(app: FastifyInstance, url: string, call: Call): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: call.host, ...call.headers };
  if (call.cookies)
    headers.cookie = Object.entries(call.cookies)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('; ');
  let payload: string | undefined;
  if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(call.body as Record<string, string>).toString();
  } else if (call.body !== undefined) {
    headers['content-type'] = call.contentType ?? 'application/json';
    payload = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
  }
  return app.inject({ method: 'POST', url, headers, payload });
}

/** Waits until the queue has written at least `count` events of the website, then returns them, oldest first. */
export async function eventsOf(
  storage: Storage,
  websiteId: string,
  count: number,
): Promise<StoredAnalyticsEvent[]> {
  await vi.waitFor(
    async () => {
      const stored = await storage.analytics.countEvents(websiteId);
      if (stored < count) throw new Error(`${stored} of ${count} events written`);
    },
    { timeout: 5000, interval: 50 },
  );
  return (await storage.analytics.listEvents(websiteId, { limit: 10_000 })).reverse();
}

/** Longer than the queue's flush delay: what was going to be written is written by then. */
export const afterFlush = () => new Promise((resolve) => setTimeout(resolve, 400));
