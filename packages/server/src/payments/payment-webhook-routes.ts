import type { PaymentProviderName, Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.js';
import { type PaymentGateway, PaymentGatewayError } from './payment-gateway.js';
import { type SettleHooks, settleFromWebhook } from './settle-payment.js';

/*
 * POST /api/payments/stripe/webhook/:websiteId and /api/payments/paypal/webhook/:websiteId: the providers'
 * door into the settlement step. Signatures are computed over the exact bytes sent, so these routes read
 * the body raw (their own JSON parser, scoped to this plugin) and hand it to the SDK untouched. They carry
 * no crumb and no session: the provider's signature is the authentication.
 *
 * Answers: 200 for every verified event (also ignored ones and replays, so the provider stops resending);
 * 400 for a missing or forged signature; 503 when we could not ask the provider (PayPal), so it retries.
 */

export const WEBHOOK_MESSAGES = {
  noProvider: 'Für diese Website ist dieser Zahlungsanbieter nicht eingerichtet.',
} as const;

export interface PaymentWebhookDeps {
  storage: Storage;
  /** The website's gateway built from its stored (sealed) keys; undefined when not connected. */
  gatewayFor(websiteId: string, provider: PaymentProviderName): Promise<PaymentGateway | undefined>;
  hooks?: SettleHooks;
}

export async function paymentWebhookRoutes(app: FastifyInstance, deps: PaymentWebhookDeps): Promise<void> {
  // Only inside this plugin: the rest of the API keeps Fastify's JSON parser.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );

  for (const provider of ['stripe', 'paypal'] as const) {
    app.post<{ Params: { websiteId: string } }>(
      `/api/payments/${provider}/webhook/:websiteId`,
      async (request, reply) => {
        const { websiteId } = request.params;
        const gateway = await deps.gatewayFor(websiteId, provider);
        if (!gateway) throw new HttpError(404, 'PAYMENT_PROVIDER_NOT_CONNECTED', WEBHOOK_MESSAGES.noProvider);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const result = await settleFromWebhook(
            deps.storage,
            gateway,
            websiteId,
            raw,
            request.headers,
            deps.hooks,
          );
          if (result.outcome === 'amount-mismatch' || result.outcome === 'order-not-payable') {
            request.log.warn(
              { provider, outcome: result.outcome, paymentId: result.payment.id },
              'payment needs the owner',
            );
          }
          return reply.send({ received: true, outcome: result.outcome });
        } catch (error) {
          if (error instanceof PaymentGatewayError) {
            throw new HttpError(
              error.status === 402 ? 502 : error.status,
              `PAYMENT_${error.kind.toUpperCase()}`,
              error.message,
            );
          }
          throw error;
        }
      },
    );
  }
}
