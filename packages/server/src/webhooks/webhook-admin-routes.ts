import type { Storage, WebhookDelivery, WebhookSubscription } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../admin/admin-input.js';
import { refuseNulCharacters } from '../admin/catalog/text-guard.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { HttpError } from '../http-error.js';
import { outboundUrlRefusal } from '../outbound-address-guard.js';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from './webhook-events.js';
import { webhookMessages as m } from './webhook-messages.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { newWebhookSecret } from './webhook-signature.js';

/*
 * The editor's "Webhooks" screen (commerce.apiKeys, like API keys: both hand shop data to other systems):
 * register an address for events (its signing secret is in this one answer only), delete it, the delivery
 * log with the receiver's status codes, and "erneut senden" of one delivery.
 */

export interface WebhookOptions {
  /** The outbound address guard's test switch (tests only): addresses on 127.0.0.1 may be registered. */
  allowPrivateHosts?: boolean;
  /** SECRETS_KEY: seals each new subscription's signing secret (webhook-secrets.ts); without it none is made. */
  secretsKey?: Buffer;
}

const MAX_SUBSCRIPTIONS = 20;
const idField = z.string().regex(/^[0-9a-f]{24}$/);

const subscriptionInput = z.object({
  url: z.string({ error: m.urlInvalid }).trim().min(1, m.urlInvalid).max(2000, m.urlInvalid),
  events: z
    .array(
      z.string({ error: m.eventsMissing }).refine((e) => (WEBHOOK_EVENTS as readonly string[]).includes(e), {
        error: (issue) => m.eventUnknown(String(issue.input)),
      }),
      { error: m.eventsMissing },
    )
    .min(1, m.eventsMissing)
    .max(WEBHOOK_EVENTS.length * 2, m.eventsMissing)
    .transform((events) => [...new Set(events)]),
});

export const subscriptionView = (s: WebhookSubscription) => ({
  id: s.id,
  url: s.url,
  events: s.events,
  createdAt: s.createdAt,
});

export const deliveryView = (d: WebhookDelivery) => ({
  id: d.id,
  subscriptionId: d.subscriptionId,
  eventId: d.eventId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  responseStatus: d.responseStatus,
  lastError: d.lastError,
  nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt : null,
  createdAt: d.createdAt,
  deliveredAt: d.deliveredAt,
});

/** The address guard at registration (the worker checks again at every delivery). */
async function checkedUrl(url: string, allowPrivate: boolean): Promise<string> {
  const refusal = await outboundUrlRefusal(url, allowPrivate);
  const message =
    refusal === 'invalid'
      ? m.urlInvalid
      : refusal === 'private'
        ? m.urlPrivate
        : refusal
          ? m.urlUnresolvable
          : '';
  if (message) throw new HttpError(400, 'WEBHOOK_URL_REFUSED', message);
  return new URL(url).toString();
}

export function registerWebhookRoutes(
  parent: FastifyInstance,
  storage: Storage,
  options: WebhookOptions = {},
) {
  const secrets = new WebhookSecrets(options.secretsKey);
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const guard = { preHandler: requireSitePermission('commerce.apiKeys') };
    const events = WEBHOOK_EVENTS.map((event) => ({ event, label: WEBHOOK_EVENT_LABELS[event] }));

    admin.get('/sites/:siteId/webhooks', guard, async (request) => {
      const { websiteId } = accessedSite(request);
      const [subscriptions, deliveries] = await Promise.all([
        storage.webhooks.listSubscriptions(websiteId),
        storage.webhooks.listDeliveries(websiteId, { limit: 50 }),
      ]);
      return {
        webhooks: subscriptions.map(subscriptionView),
        deliveries: deliveries.map(deliveryView),
        events,
      };
    });

    admin.post('/sites/:siteId/webhooks', guard, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const input = parseInput(subscriptionInput, request.body);
      const url = await checkedUrl(input.url, options.allowPrivateHosts ?? false);
      if ((await storage.webhooks.listSubscriptions(websiteId)).length >= MAX_SUBSCRIPTIONS)
        throw new HttpError(409, 'TOO_MANY_WEBHOOKS', m.tooManySubscriptions);
      if (!secrets.canSeal) throw new HttpError(409, 'NO_SECRETS_KEY', m.noSecretsKey);
      const secret = newWebhookSecret();
      const subscription = await storage.webhooks.createSubscription(websiteId, {
        url,
        events: input.events,
        // Stored sealed for this subscription only; the plain secret is in this one answer.
        secret: (subscriptionId) => secrets.seal(websiteId, subscriptionId, secret),
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ webhook: subscriptionView(subscription), secret });
    });

    admin.delete('/sites/:siteId/webhooks/:webhookId', guard, async (request) => {
      const { webhookId } = parseInput(z.object({ webhookId: idField }), request.params);
      if (!(await storage.webhooks.deleteSubscription(accessedSite(request).websiteId, webhookId)))
        throw new HttpError(404, 'WEBHOOK_NOT_FOUND', m.subscriptionNotFound);
      return { deleted: true };
    });

    admin.post('/sites/:siteId/webhooks/deliveries/:deliveryId/resend', guard, async (request, reply) => {
      const { deliveryId } = parseInput(z.object({ deliveryId: idField }), request.params);
      const delivery = await storage.webhooks.resend(accessedSite(request).websiteId, deliveryId);
      if (!delivery) throw new HttpError(404, 'DELIVERY_NOT_FOUND', m.deliveryNotFound);
      return reply.code(201).send({ delivery: deliveryView(delivery) });
    });
  });
}
