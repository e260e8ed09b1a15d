import { api } from '../../api/api-client.js';

/* The webhook calls of the admin API (packages/server/src/webhooks/webhook-admin-routes.ts). */

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  createdAt: number;
}

export interface WebhookDelivery {
  id: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  nextAttemptAt: number | null;
  createdAt: number;
  deliveredAt: number | null;
}

export interface WebhookEvent {
  event: string;
  label: string;
}

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/webhooks`;

export const webhooks = {
  list: (siteId: string) =>
    api.get<{ webhooks: Webhook[]; deliveries: WebhookDelivery[]; events: WebhookEvent[] }>(base(siteId)),
  create: (siteId: string, input: { url: string; events: string[] }) =>
    api.post<{ webhook: Webhook; secret: string }>(base(siteId), input),
  remove: (siteId: string, webhookId: string) =>
    api.delete<{ deleted: true }>(`${base(siteId)}/${encodeURIComponent(webhookId)}`),
  resend: (siteId: string, deliveryId: string) =>
    api.post<{ delivery: WebhookDelivery }>(
      `${base(siteId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
      {},
    ),
};
