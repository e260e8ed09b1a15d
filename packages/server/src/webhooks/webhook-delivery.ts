import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { ClaimedWebhookDelivery, Storage } from '@baukasten/storage';
import type { FastifyBaseLogger } from 'fastify';
import { guardedLookup, isLocalhostName, isPrivateAddress } from '../outbound-address-guard.js';
import { webhookMessages as m } from './webhook-messages.js';
import { sealStoredWebhookSecrets, WebhookSecrets } from './webhook-secrets.js';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature.js';

/*
 * Sends the webhook outbox (storage.webhooks): claims due deliveries with a lease, POSTs each signed body to
 * its subscription's URL through the outbound address guard (DNS resolved and checked again now, not only
 * when the URL was registered), and records the answer. A 2xx is delivered; anything else (another status,
 * a timeout, a refused address) is tried again later with exponential back-off and jitter, and after
 * `maxAttempts` tries marked failed for the owner's delivery log. At least once: a worker that dies mid-send
 * leaves a lease that runs out, and another worker sends the delivery again (receivers de-duplicate by the
 * event id).
 */

export interface WebhookDeliveryOptions {
  /** The outbound guard's test switch: deliveries to loopback and private addresses (tests only). */
  allowPrivateHosts?: boolean;
  /** SECRETS_KEY: opens the sealed signing secrets (webhook-secrets.ts). */
  secretsKey?: Buffer;
  timeoutMs?: number;
  maxAttempts?: number;
  /** The first retry's delay; each further one about twice the last (with jitter), at most 6 hours. */
  retryBaseMs?: number;
  leaseMs?: number;
  batchSize?: number;
  now?: () => number;
  random?: () => number;
}

const MAX_DELAY_MS = 6 * 60 * 60 * 1000;

/** Delay before try `attempts + 1`: base·2^(attempts-1), between half and all of it (jitter spreads retries). */
export function retryDelay(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const full = Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), MAX_DELAY_MS);
  return Math.round(full / 2 + (random() * full) / 2);
}

interface Outcome {
  ok: boolean;
  status: number | null;
  error: string;
}

function post(
  delivery: ClaimedWebhookDelivery,
  secret: string,
  allowPrivate: boolean,
  timeoutMs: number,
  now: number,
) {
  return new Promise<Outcome>((resolve) => {
    let target: URL;
    try {
      target = new URL(delivery.url);
    } catch {
      return resolve({ ok: false, status: null, error: m.urlInvalid });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && (isLocalhostName(host) || (isIP(host) && isPrivateAddress(host))))
      return resolve({ ok: false, status: null, error: m.urlPrivate });
    const body = delivery.payload;
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(allowPrivate) as never,
        // No shared agent: every delivery resolves (and checks) its host anew.
        agent: false,
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Baukasten-Webhooks/1.0',
          [SIGNATURE_HEADER]: signatureHeader(secret, body, now),
          'baukasten-event-id': delivery.eventId,
          'baukasten-event-type': delivery.eventType,
          'baukasten-delivery-id': delivery.id,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The answer's body is of no use to us: drained, never stored.
        response.resume();
        response.on('end', () =>
          resolve(
            status >= 200 && status < 300
              ? { ok: true, status, error: '' }
              : { ok: false, status, error: m.answeredWith(status) },
          ),
        );
        response.on('error', () => resolve({ ok: false, status, error: m.unreachable }));
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        ok: false,
        status: null,
        error:
          error.code === 'EREFUSEDHOST'
            ? m.urlPrivate
            : error.code === 'ETIMEDOUT'
              ? m.timeout
              : m.unreachable,
      }),
    );
    request.end(body);
  });
}

/** One pass: sends every due delivery (up to batchSize) and records each outcome. Returns how many were tried. */
export async function deliverDueWebhooks(
  storage: Storage,
  options: WebhookDeliveryOptions = {},
  log?: FastifyBaseLogger,
): Promise<number> {
  const now = options.now ?? Date.now;
  const claimed = await storage.webhooks.claimDue({
    now: now(),
    leaseMs: options.leaseMs ?? 60_000,
    limit: options.batchSize ?? 20,
  });
  const secrets = new WebhookSecrets(options.secretsKey);
  await Promise.all(
    claimed.map(async (delivery) => {
      let secret: string | undefined;
      try {
        secret = secrets.open(delivery.websiteId, delivery.subscriptionId, delivery.secret);
      } catch {
        // Sealed with another SECRETS_KEY (or none set): retried, so setting the right key lets it through.
      }
      const outcome: Outcome =
        secret === undefined
          ? { ok: false, status: null, error: m.secretUnreadable }
          : await post(
              delivery,
              secret,
              options.allowPrivateHosts ?? false,
              options.timeoutMs ?? 10_000,
              now(),
            );
      if (outcome.ok) {
        await storage.webhooks.markDelivered(delivery, outcome.status ?? 200, now());
        return;
      }
      const giveUp = delivery.attempts >= (options.maxAttempts ?? 8);
      const retryAt = giveUp
        ? null
        : now() + retryDelay(delivery.attempts, options.retryBaseMs ?? 30_000, options.random);
      await storage.webhooks.markFailed(
        delivery,
        { responseStatus: outcome.status, error: outcome.error },
        retryAt,
      );
      log?.info({ deliveryId: delivery.id, status: outcome.status, giveUp }, 'webhook delivery failed');
    }),
  );
  return claimed.length;
}

/** The worker of a running server: a pass every `intervalMs`, never two at once. */
export function startWebhookDelivery(
  storage: Storage,
  options: WebhookDeliveryOptions,
  log: FastifyBaseLogger,
  intervalMs = 1000,
): { stop(): Promise<void> } {
  // Secrets stored plain before sealing existed are sealed first (webhook-secrets.ts); deliveries meanwhile
  // still sign with them.
  let running: Promise<unknown> = sealStoredWebhookSecrets(storage, new WebhookSecrets(options.secretsKey))
    .then((sealed) => {
      if (sealed > 0) log.info({ sealed }, 'webhook secrets sealed');
    })
    .catch((err: unknown) => log.warn({ err }, 'sealing webhook secrets failed'));
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = deliverDueWebhooks(storage, options, log)
      .catch((err: unknown) => log.warn({ err }, 'webhook delivery pass failed'))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
