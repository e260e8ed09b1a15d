import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { FakeHttpServer, paymentPage, postJson, redirect, sendHtml, sendJson } from './fake-http.js';

/*
 * A local stand-in for the part of Stripe's API the adapter uses (stripe/stripe-gateway.ts), answering
 * with the published object shapes (`checkout.session`, `payment_intent`, `refund`, `balance`, `event`)
 * and Stripe's error body `{error: {type, code, message, param}}`. Requests are form-encoded with bracketed
 * keys (`line_items[0][price_data][currency]`) as the official SDK sends them. Its hosted page at
 * `/pay/<session>` has "Bezahlen" and "Abbrechen"; paying sends a webhook signed with the SDK's own
 * `generateTestHeaderString` to `webhookUrl`.
 */

export type FakeStripeScenario =
  | 'success'
  | 'decline'
  | 'requires_action'
  /** Paid by SEPA-Lastschrift: the session completes unpaid; `settleAsync` pays it later. */
  | 'sepa_pending'
  /** Stripe reports another amount than the session was created with. */
  | 'amount_mismatch'
  /** API requests are never answered. */
  | 'timeout';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  /** Set on paying a session made with `payment_intent_data[setup_future_usage]`. */
  customer: string | null;
  setup_future_usage: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  url: string | null;
}

interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  last_payment_error: { type: 'card_error'; code: string; decline_code: string; message: string } | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
  customer?: string | null;
  payment_method?: string | null;
  off_session?: boolean;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
  metadata: Record<string, string>;
}

export interface FakeStripeOptions {
  /** The only secret key the fake accepts; others get 401 like a revoked key. */
  secretKey?: string;
  webhookSecret?: string;
  /** Where paying (and `sendSessionEvent`) delivers webhooks; unset: none are sent. */
  webhookUrl?: string;
}

const now = () => Math.floor(Date.now() / 1000);
const stripeId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export class FakeStripe {
  readonly secretKey: string;
  readonly webhookSecret: string;
  webhookUrl?: string;
  scenario: FakeStripeScenario = 'success';
  readonly sessions = new Map<string, FakeSession>();
  readonly intents = new Map<string, FakePaymentIntent>();
  readonly refunds: FakeRefund[] = [];
  /** Saved payment methods (pm_… -> cus_…) from sessions paid with `setup_future_usage`. */
  readonly savedMethods = new Map<string, string>();
  /** Every API request as received (method, path, parsed form, idempotency key), for assertions. */
  readonly requests: {
    method: string;
    path: string;
    form: Record<string, unknown>;
    idempotencyKey?: string;
  }[] = [];
  /** Webhook deliveries: event id, type and the HTTP status our server answered. */
  readonly deliveries: { eventId: string; type: string; status: number }[] = [];
  readonly #idempotent = new Map<string, unknown>();
  readonly #http: FakeHttpServer;

  constructor(options: FakeStripeOptions = {}) {
    this.secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
    this.webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
    if (options.webhookUrl) this.webhookUrl = options.webhookUrl;
    this.#http = new FakeHttpServer((request, response, body) => this.#handle(request, response, body));
  }

  /** The STRIPE_API_BASE to give the adapter. */
  get apiBase(): string {
    return this.#http.origin;
  }

  async start(): Promise<this> {
    await this.#http.start();
    return this;
  }
  stop = () => this.#http.stop();
  /** Connection refused until `up()`. */
  down = () => this.#http.down();
  up = () => this.#http.up();

  /** Pays a session as a shopper would on the hosted page, applying the scenario; returns where the shopper is sent. */
  async pay(sessionId: string): Promise<string> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`unknown session ${sessionId}`);
    const intent = this.#intentFor(session);
    switch (this.scenario) {
      case 'decline':
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        };
        return session.cancel_url;
      case 'requires_action':
        intent.status = 'requires_action';
        intent.next_action = {
          type: 'redirect_to_url',
          redirect_to_url: { url: `${this.apiBase}/3ds/${intent.id}`, return_url: session.success_url },
        };
        // The card's bank asks the shopper to confirm (3-D Secure) before anything is paid.
        return intent.next_action.redirect_to_url.url;
      case 'sepa_pending':
        intent.status = 'processing';
        session.status = 'complete';
        session.payment_status = 'unpaid';
        await this.sendSessionEvent(session.id, 'checkout.session.completed');
        return this.#successUrl(session);
      default:
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        if (session.setup_future_usage) {
          // The shopper agreed on the page: Stripe keeps the method on a customer for off-session charges.
          session.customer ??= stripeId('cus');
          intent.customer = session.customer;
          intent.payment_method = stripeId('pm');
          this.savedMethods.set(intent.payment_method, session.customer);
        }
        session.status = 'complete';
        session.payment_status = 'paid';
        if (this.scenario === 'amount_mismatch') {
          session.amount_total -= 100;
          intent.amount_received -= 100;
        }
        await this.sendSessionEvent(session.id, 'checkout.session.completed');
        return this.#successUrl(session);
    }
  }

  /**
   * A renewal's SEPA-Lastschrift (charged off-session, `processing`) decided days later: the intent succeeds
   * or falls back to `requires_payment_method` with the bank's reason, and Stripe sends
   * `payment_intent.succeeded` or `payment_intent.payment_failed`. Returns the event, to deliver it again.
   */
  async finishIntent(
    intentId: string,
    outcome: 'succeeded' | 'failed',
  ): Promise<{ id: string; payload: string } | undefined> {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`unknown payment intent ${intentId}`);
    if (outcome === 'succeeded') {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'insufficient_funds',
        decline_code: 'insufficient_funds',
        message: "The customer's account has insufficient funds to cover this payment.",
      };
    }
    const type = outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
    return this.sendEvent(type, { ...intent });
  }

  /** Delivers a signed event about any object to `webhookUrl` (nothing when unset). */
  async sendEvent(type: string, object: unknown): Promise<{ id: string; payload: string } | undefined> {
    if (!this.webhookUrl) return undefined;
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    await this.deliver(event.id, type, payload);
    return { id: event.id, payload };
  }

  /**
   * The shopper confirms 3-D Secure at their bank: the intent succeeds, the session completes paid, the
   * webhook goes out, and the shopper is sent back to the success URL (returned).
   */
  async completeAction(intentId: string): Promise<string> {
    const intent = this.intents.get(intentId);
    const session = [...this.sessions.values()].find((s) => s.payment_intent === intentId);
    if (!intent || !session || intent.status !== 'requires_action') throw new Error('no 3-D Secure open');
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.next_action = null;
    session.status = 'complete';
    session.payment_status = 'paid';
    await this.sendSessionEvent(session.id, 'checkout.session.completed');
    return this.#successUrl(session);
  }

  /** A SEPA-Lastschrift that arrived days later. */
  async settleAsync(sessionId: string): Promise<void> {
    const session = this.sessions.get(sessionId)!;
    const intent = this.#intentFor(session);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    session.payment_status = 'paid';
    await this.sendSessionEvent(sessionId, 'checkout.session.async_payment_succeeded');
  }

  /**
   * Delivers a signed event about a session to `webhookUrl` and returns the event (its id, to deliver the very
   * same event again with `deliver`).
   */
  async sendSessionEvent(
    sessionId: string,
    type: string,
  ): Promise<{ id: string; payload: string } | undefined> {
    const session = this.sessions.get(sessionId);
    if (!session || !this.webhookUrl) return undefined;
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: { ...session } },
    };
    const payload = JSON.stringify(event);
    await this.deliver(event.id, type, payload);
    return { id: event.id, payload };
  }

  /**
   * The signed event Stripe would send about a session, not delivered: for a test that posts the very same
   * delivery many times at once (Stripe retries, several instances behind a load balancer).
   */
  signedSessionEvent(sessionId: string, type: string): { id: string; payload: string; signature: string } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`unknown session ${sessionId}`);
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: { ...session } },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    return { id: event.id, payload, signature };
  }

  /** Delivers a payload with a valid signature (or the one given, e.g. forged). */
  async deliver(eventId: string, type: string, payload: string, signature?: string): Promise<number> {
    if (!this.webhookUrl) throw new Error('no webhookUrl');
    const header =
      signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    const status = await postJson(this.webhookUrl, payload, { 'stripe-signature': header });
    this.deliveries.push({ eventId, type, status });
    return status;
  }

  #successUrl(session: FakeSession) {
    return session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
  }

  #intentFor(session: FakeSession): FakePaymentIntent {
    // Stripe creates a session's payment intent when the shopper confirms, not with the session.
    if (session.payment_intent) return this.intents.get(session.payment_intent)!;
    const intent: FakePaymentIntent = {
      id: stripeId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      currency: session.currency,
      status: 'requires_payment_method',
      last_payment_error: null,
      next_action: null,
      metadata: { ...session.metadata },
      livemode: false,
      created: now(),
    };
    this.intents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  async #handle(request: IncomingMessage, response: ServerResponse, body: string) {
    const url = new URL(request.url ?? '/', this.apiBase);
    const path = url.pathname;

    // The hosted page and its two buttons: what the shopper sees, no API key involved.
    const page = /^\/pay\/([\w]+)(?:\/(pay|cancel))?$/.exec(path);
    if (page) {
      const session = this.sessions.get(page[1]!);
      if (!session)
        return sendJson(response, 404, {
          error: { type: 'invalid_request_error', message: 'No such session' },
        });
      if (!page[2] && request.method === 'GET') {
        const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
        return sendHtml(
          response,
          paymentPage('Stripe Checkout (Test)', amount, `${path}/pay`, `${path}/cancel`),
        );
      }
      if (page[2] === 'pay' && request.method === 'POST')
        return redirect(response, await this.pay(session.id));
      if (page[2] === 'cancel' && request.method === 'POST') return redirect(response, session.cancel_url);
    }

    // The bank's 3-D Secure page: "Bezahlen" confirms, "Abbrechen" returns to Checkout's cancel URL.
    const challenge = /^\/3ds\/([\w]+)(?:\/(pay|cancel))?$/.exec(path);
    if (challenge) {
      const intent = this.intents.get(challenge[1]!);
      const session = [...this.sessions.values()].find((s) => s.payment_intent === challenge[1]);
      if (!intent || !session || intent.status !== 'requires_action') {
        return sendJson(response, 404, { error: { type: 'invalid_request_error', message: 'No such 3DS' } });
      }
      if (!challenge[2] && request.method === 'GET') {
        const amount = `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}`;
        return sendHtml(response, paymentPage('3-D Secure (Test)', amount, `${path}/pay`, `${path}/cancel`));
      }
      if (challenge[2] === 'pay' && request.method === 'POST')
        return redirect(response, await this.completeAction(intent.id));
      if (challenge[2] === 'cancel' && request.method === 'POST')
        return redirect(response, session.cancel_url);
    }

    const form = parseStripeForm(request.method === 'GET' ? url.search.slice(1) : body);
    const idempotencyKey = header(request, 'idempotency-key');
    this.requests.push({
      method: request.method ?? 'GET',
      path,
      form,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });

    if (this.scenario === 'timeout') return this.#http.holdOpen(response);
    if (header(request, 'authorization') !== `Bearer ${this.secretKey}`) {
      return stripeError(response, 401, 'authentication_error', undefined, 'Invalid API Key provided.');
    }
    // Stripe answers a repeated POST with the same Idempotency-Key with the first answer.
    const replayKey = idempotencyKey && `${path} ${idempotencyKey}`;
    if (request.method === 'POST' && replayKey && this.#idempotent.has(replayKey)) {
      return sendJson(response, 200, this.#idempotent.get(replayKey), { 'idempotent-replayed': 'true' });
    }
    const answer = (status: number, object: unknown) => {
      if (replayKey && request.method === 'POST' && status === 200) this.#idempotent.set(replayKey, object);
      sendJson(response, status, object, { 'request-id': stripeId('req') });
    };

    if (request.method === 'GET' && path === '/v1/balance') {
      return answer(200, {
        object: 'balance',
        available: [{ amount: 0, currency: 'eur' }],
        livemode: false,
        pending: [],
      });
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions')
      return this.#createSession(form, answer, response);
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (request.method === 'GET' && retrieve) {
      const session = this.sessions.get(retrieve[1]!);
      if (!session)
        return stripeError(
          response,
          404,
          'invalid_request_error',
          'resource_missing',
          `No such checkout.session: '${retrieve[1]}'`,
          'session',
        );
      const expand = Object.values((form.expand as Record<string, string>) ?? {});
      const expanded =
        expand.includes('payment_intent') && session.payment_intent
          ? { ...session, payment_intent: this.intents.get(session.payment_intent) }
          : session;
      return answer(200, expanded);
    }
    const intentPath = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (request.method === 'GET' && intentPath) {
      const intent = this.intents.get(intentPath[1]!);
      if (!intent)
        return stripeError(
          response,
          404,
          'invalid_request_error',
          'resource_missing',
          `No such payment_intent: '${intentPath[1]}'`,
          'intent',
        );
      return answer(200, intent);
    }
    if (request.method === 'POST' && path === '/v1/refunds') return this.#refund(form, answer, response);
    if (request.method === 'POST' && path === '/v1/payment_intents')
      return this.#chargeOffSession(form, answer, response);
    return stripeError(
      response,
      404,
      'invalid_request_error',
      undefined,
      `Unrecognized request URL (${request.method}: ${path}).`,
    );
  }

  #createSession(
    form: Record<string, unknown>,
    answer: (s: number, o: unknown) => void,
    response: ServerResponse,
  ) {
    const line = ((form.line_items as Record<string, unknown>)?.['0'] ?? {}) as Record<string, any>;
    const unitAmount = Number(line.price_data?.unit_amount);
    const quantity = Number(line.quantity ?? 1);
    const currency = String(line.price_data?.currency ?? '');
    if (form.mode !== 'payment')
      return stripeError(
        response,
        400,
        'invalid_request_error',
        'parameter_missing',
        'Missing required param: mode.',
        'mode',
      );
    if (!Number.isInteger(unitAmount) || unitAmount < 1) {
      return stripeError(
        response,
        400,
        'invalid_request_error',
        'parameter_invalid_integer',
        'Invalid integer',
        'line_items[0][price_data][unit_amount]',
      );
    }
    if (!/^[a-z]{3}$/.test(currency))
      return stripeError(
        response,
        400,
        'invalid_request_error',
        'parameter_invalid_string',
        'Invalid currency',
        'line_items[0][price_data][currency]',
      );
    for (const param of ['success_url', 'cancel_url']) {
      if (typeof form[param] !== 'string')
        return stripeError(
          response,
          400,
          'invalid_request_error',
          'parameter_missing',
          `Missing required param: ${param}.`,
          param,
        );
    }
    const id = stripeId('cs');
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: unitAmount * quantity,
      amount_total: unitAmount * quantity,
      currency,
      client_reference_id: (form.client_reference_id as string) ?? null,
      customer_email: (form.customer_email as string) ?? null,
      success_url: form.success_url as string,
      cancel_url: form.cancel_url as string,
      created: now(),
      expires_at: now() + 86_400,
      livemode: false,
      locale: (form.locale as string) ?? null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      mode: 'payment',
      payment_intent: null,
      customer: null,
      setup_future_usage:
        ((form.payment_intent_data as Record<string, unknown> | undefined)?.setup_future_usage as string) ??
        null,
      // Dynamic payment methods: what the Dashboard has switched on for a German account.
      payment_method_types: ['card', 'sepa_debit', 'klarna'],
      payment_status: 'unpaid',
      status: 'open',
      url: `${this.apiBase}/pay/${id}`,
    };
    this.sessions.set(id, session);
    answer(200, session);
  }

  /** A renewal: `off_session=true&confirm=true` against a saved method; the scenario decides (decline or paid). */
  #chargeOffSession(
    form: Record<string, unknown>,
    answer: (s: number, o: unknown) => void,
    response: ServerResponse,
  ) {
    const customer = String(form.customer ?? '');
    const method = String(form.payment_method ?? '');
    const amount = Number(form.amount);
    if (
      form.off_session !== 'true' ||
      form.confirm !== 'true' ||
      this.savedMethods.get(method) !== customer
    ) {
      return stripeError(
        response,
        400,
        'invalid_request_error',
        'resource_missing',
        'No such PaymentMethod.',
      );
    }
    if (!Number.isInteger(amount) || amount < 1) {
      return stripeError(
        response,
        400,
        'invalid_request_error',
        'parameter_invalid_integer',
        'Invalid integer',
      );
    }
    const intent: FakePaymentIntent = {
      id: stripeId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(form.currency ?? ''),
      status: 'requires_payment_method',
      last_payment_error: null,
      next_action: null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      livemode: false,
      created: now(),
      customer,
      payment_method: method,
      off_session: true,
    };
    this.intents.set(intent.id, intent);
    if (this.scenario === 'decline') {
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      };
      // Stripe answers a declined confirm with 402 and the intent in the error body.
      return sendJson(response, 402, {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          payment_intent: intent,
        },
      });
    }
    // A SEPA mandate: the debit is submitted and confirmed by the bank days later (`finishIntent`).
    if (this.scenario === 'sepa_pending') {
      intent.status = 'processing';
      return answer(200, intent);
    }
    intent.status = 'succeeded';
    intent.amount_received = amount;
    answer(200, intent);
  }

  #refund(form: Record<string, unknown>, answer: (s: number, o: unknown) => void, response: ServerResponse) {
    const intent = this.intents.get(String(form.payment_intent ?? ''));
    if (!intent)
      return stripeError(
        response,
        404,
        'invalid_request_error',
        'resource_missing',
        `No such payment_intent: '${form.payment_intent}'`,
        'payment_intent',
      );
    const refunded = this.refunds
      .filter((r) => r.payment_intent === intent.id)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount === undefined ? intent.amount_received - refunded : Number(form.amount);
    if (intent.status !== 'succeeded') {
      return stripeError(
        response,
        400,
        'invalid_request_error',
        'charge_not_refundable',
        'This PaymentIntent has no successful charge to refund.',
      );
    }
    if (amount > intent.amount_received - refunded) {
      return stripeError(
        response,
        400,
        'invalid_request_error',
        'amount_too_large',
        `Refund amount is greater than unrefunded amount on charge.`,
        'amount',
      );
    }
    const refund: FakeRefund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      created: now(),
      metadata: {},
    };
    this.refunds.push(refund);
    answer(200, refund);
  }
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  return new FakeStripe(options).start();
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function stripeError(
  response: ServerResponse,
  status: number,
  type: string,
  code: string | undefined,
  message: string,
  param?: string,
) {
  sendJson(response, status, {
    error: { type, ...(code ? { code } : {}), message, ...(param ? { param } : {}) },
  });
}

/** Stripe's bracketed form encoding (`a[b][0][c]=v`) back into nested objects; indices stay object keys. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}
