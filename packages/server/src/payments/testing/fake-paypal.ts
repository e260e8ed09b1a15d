import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import { FakeHttpServer, paymentPage, postJson, redirect, sendHtml, sendJson } from './fake-http.js';

/*
 * A local stand-in for the part of PayPal's REST API the adapter uses (paypal/paypal-gateway.ts): OAuth
 * client credentials, Orders v2 (create, show, capture), captures' refunds and verify-webhook-signature,
 * with PayPal's JSON (snake_case), `PayPal-Request-Id` idempotency and error body `{name, message,
 * debug_id, details: [{issue, description}]}`. Its approval page `/checkoutnow?token=<order>` has
 * "Bezahlen" and "Abbrechen". It signs its webhooks the way PayPal does in spirit — a signature over
 * `transmission_id|transmission_time|webhook_id|crc32(body)` — with a key of its own instead of PayPal's
 * certificate, and checks exactly that in its verify-webhook-signature endpoint.
 *
 * Saved wallets ("save payment methods" with the Orders API): an order created with
 * `payment_source.paypal.attributes.vault.store_in_vault: ON_SUCCESS` vaults the wallet when it is captured —
 * the order then shows `payment_source.paypal.attributes.vault {id, status: VAULTED, customer: {id}}` — and an
 * order created with `payment_source.paypal.vault_id` and intent CAPTURE is completed at once, without
 * approval. `declineVaulted` makes a saved wallet refuse its next charges (422 INSTRUMENT_DECLINED, or the
 * issue given).
 */

export type FakePayPalScenario = 'success' | 'decline' | 'amount_mismatch' | 'timeout';

interface Money {
  currency_code: string;
  value: string;
}

interface FakeCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING';
  amount: Money;
  final_capture: boolean;
  supplementary_data: { related_ids: { order_id: string } };
  create_time: string;
}

/** The wallet as the orders show it once captured or charged through the vault. */
interface FakePayPalSource {
  email_address: string;
  account_id: string;
  account_status: 'VERIFIED';
  name: { given_name: string; surname: string };
  attributes?: {
    vault: {
      id: string;
      status: 'VAULTED';
      customer: { id: string };
      links: { href: string; rel: string; method: string }[];
    };
  };
}

/** A wallet saved in the fake's vault (a payment token) and the charges made with it. */
export interface FakeVaultedWallet {
  id: string;
  customerId: string;
  payerEmail: string;
  accountId: string;
  /** The vault instruction of the order that saved it, as sent. */
  instruction: Record<string, unknown>;
  /** Set: charges with this token are refused with this issue (422). */
  declineWith?: string;
  /** Orders completed with this token as `vault_id`. */
  charges: string[];
}

interface FakeOrder {
  id: string;
  intent: 'CAPTURE';
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  payment_source?: { paypal: FakePayPalSource };
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: Money;
    payments?: { captures: FakeCapture[] };
  }[];
  create_time: string;
  returnUrl: string;
  cancelUrl: string;
  /** `attributes.vault` of the create request: the wallet is saved when the order is captured. */
  vaultInstruction?: Record<string, unknown>;
}

export interface FakePayPalOptions {
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  webhookUrl?: string;
}

const paypalId = () => randomBytes(9).toString('hex').toUpperCase();

export class FakePayPal {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
  webhookUrl?: string;
  scenario: FakePayPalScenario = 'success';
  readonly orders = new Map<string, FakeOrder>();
  /** Saved wallets by payment token id. */
  readonly vault = new Map<string, FakeVaultedWallet>();
  readonly refunds: { id: string; captureId: string; amount: Money; requestId?: string }[] = [];
  readonly requests: { method: string; path: string; body: unknown; requestId?: string }[] = [];
  readonly deliveries: { eventId: string; type: string; status: number }[] = [];
  /** Every webhook event sent, with its raw payload (for redelivering one). */
  readonly events: { id: string; type: string; resource: unknown; payload: string }[] = [];
  readonly #signingKey = randomBytes(32);
  readonly #tokens = new Set<string>();
  readonly #idempotent = new Map<string, { status: number; body: unknown }>();
  readonly #http: FakeHttpServer;

  constructor(options: FakePayPalOptions = {}) {
    this.clientId = options.clientId ?? `A${randomBytes(20).toString('hex')}`;
    this.clientSecret = options.clientSecret ?? `E${randomBytes(20).toString('hex')}`;
    this.webhookId = options.webhookId ?? paypalId();
    if (options.webhookUrl) this.webhookUrl = options.webhookUrl;
    this.#http = new FakeHttpServer((request, response, body) => this.#handle(request, response, body));
  }

  get apiBase(): string {
    return this.#http.origin;
  }
  async start(): Promise<this> {
    await this.#http.start();
    return this;
  }
  stop = () => this.#http.stop();
  down = () => this.#http.down();
  up = () => this.#http.up();

  /** The shopper approves in PayPal's window; returns the return URL PayPal sends them to. */
  async approve(orderId: string): Promise<string> {
    const order = this.orders.get(orderId)!;
    order.status = 'APPROVED';
    await this.sendEvent('CHECKOUT.ORDER.APPROVED', this.#view(order));
    return `${order.returnUrl}${order.returnUrl.includes('?') ? '&' : '?'}token=${order.id}&PayerID=${paypalId()}`;
  }

  /** The saved wallet refuses its charges from now on (INSTRUMENT_DECLINED unless another issue is given). */
  declineVaulted(vaultId: string, issue = 'INSTRUMENT_DECLINED'): void {
    const wallet = this.vault.get(vaultId);
    if (!wallet) throw new Error(`no vaulted wallet ${vaultId}`);
    wallet.declineWith = issue;
  }

  /** The saved wallet pays again. */
  acceptVaulted(vaultId: string): void {
    const wallet = this.vault.get(vaultId);
    if (wallet) delete wallet.declineWith;
  }

  /** Sends a signed webhook (or one with the given signature) and returns the event with its raw payload. */
  async sendEvent(type: string, resource: unknown, signature?: string) {
    if (!this.webhookUrl) return undefined;
    const event = {
      id: `WH-${paypalId()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: type.startsWith('PAYMENT.CAPTURE') ? 'capture' : 'checkout-order',
      resource_version: '2.0',
      event_type: type,
      summary: type,
      resource,
    };
    const payload = JSON.stringify(event);
    this.events.push({ id: event.id, type, resource, payload });
    await this.deliver(event.id, type, payload, signature);
    return { id: event.id, payload };
  }

  async deliver(eventId: string, type: string, payload: string, signature?: string): Promise<number> {
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    const status = await postJson(this.webhookUrl!, payload, {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${this.apiBase}/v1/notifications/certs/CERT-fake`,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': signature ?? this.#sign(transmissionId, transmissionTime, payload),
    });
    this.deliveries.push({ eventId, type, status });
    return status;
  }

  #sign(transmissionId: string, transmissionTime: string, payload: string) {
    const message = `${transmissionId}|${transmissionTime}|${this.webhookId}|${crc32(payload)}`;
    return createHmac('sha256', this.#signingKey).update(message).digest('base64');
  }

  /** An order as the API shows it (without our own bookkeeping fields). */
  #view(order: FakeOrder) {
    const { returnUrl: _r, cancelUrl: _c, vaultInstruction: _v, ...shown } = order;
    return {
      ...shown,
      links: [
        { href: `${this.apiBase}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED'
          ? [{ href: `${this.apiBase}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
          : []),
      ],
    };
  }

  async #handle(request: IncomingMessage, response: ServerResponse, text: string) {
    const url = new URL(request.url ?? '/', this.apiBase);
    const path = url.pathname;
    const method = request.method ?? 'GET';

    if (path === '/checkoutnow' && method === 'GET') {
      const order = this.orders.get(url.searchParams.get('token') ?? '');
      if (!order) return sendJson(response, 404, { name: 'RESOURCE_NOT_FOUND' });
      const amount = `${order.purchase_units[0]!.amount.value} ${order.purchase_units[0]!.amount.currency_code}`;
      return sendHtml(
        response,
        paymentPage(
          'PayPal (Sandbox)',
          amount,
          `/checkoutnow/${order.id}/pay`,
          `/checkoutnow/${order.id}/cancel`,
        ),
      );
    }
    const button = /^\/checkoutnow\/(\w+)\/(pay|cancel)$/.exec(path);
    if (button && method === 'POST') {
      const order = this.orders.get(button[1]!);
      if (!order) return sendJson(response, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (button[2] === 'pay') return redirect(response, await this.approve(order.id));
      return redirect(
        response,
        `${order.cancelUrl}${order.cancelUrl.includes('?') ? '&' : '?'}token=${order.id}`,
      );
    }

    const body = parseJson(text);
    const requestId = one(request, 'paypal-request-id');
    this.requests.push({ method, path, body, ...(requestId ? { requestId } : {}) });
    if (this.scenario === 'timeout') return this.#http.holdOpen(response);

    if (path === '/v1/oauth2/token' && method === 'POST') {
      const basic = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (one(request, 'authorization') !== basic || !text.includes('grant_type=client_credentials')) {
        return sendJson(response, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
      }
      const token = `A21AA${randomBytes(24).toString('hex')}`;
      this.#tokens.add(token);
      return sendJson(response, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-FAKE',
        expires_in: 32400,
        nonce: randomUUID(),
      });
    }

    const bearer = (one(request, 'authorization') ?? '').replace(/^Bearer /, '');
    if (!this.#tokens.has(bearer)) {
      return paypalError(
        response,
        401,
        'AUTHENTICATION_FAILURE',
        'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      );
    }
    const replayKey = requestId && method === 'POST' ? `${path} ${requestId}` : undefined;
    const remembered = replayKey && this.#idempotent.get(replayKey);
    if (remembered) return sendJson(response, remembered.status, remembered.body);
    const answer = (status: number, answerBody: unknown) => {
      if (replayKey && status < 300) this.#idempotent.set(replayKey, { status, body: answerBody });
      sendJson(response, status, answerBody, { 'paypal-debug-id': paypalId().toLowerCase() });
    };

    if (path === '/v2/checkout/orders' && method === 'POST') return this.#createOrder(body, answer, response);
    const show = /^\/v2\/checkout\/orders\/(\w+)$/.exec(path);
    if (show && method === 'GET') {
      const order = this.orders.get(show[1]!);
      if (!order)
        return paypalError(
          response,
          404,
          'RESOURCE_NOT_FOUND',
          'The specified resource does not exist.',
          'INVALID_RESOURCE_ID',
        );
      return answer(200, this.#view(order));
    }
    const capture = /^\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(path);
    if (capture && method === 'POST') return this.#capture(capture[1]!, answer, response);
    const refund = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(path);
    if (refund && method === 'POST') return this.#refund(refund[1]!, body, requestId, answer, response);
    if (path === '/v1/notifications/verify-webhook-signature' && method === 'POST') {
      const b = body as Record<string, any>;
      const expected =
        b.webhook_id === this.webhookId && typeof b.transmission_id === 'string'
          ? this.#sign(b.transmission_id, b.transmission_time, JSON.stringify(b.webhook_event))
          : undefined;
      return answer(200, {
        verification_status: expected && expected === b.transmission_sig ? 'SUCCESS' : 'FAILURE',
      });
    }
    return paypalError(response, 404, 'NOT_FOUND', 'Not found');
  }

  #createOrder(body: unknown, answer: (s: number, b: unknown) => void, response: ServerResponse) {
    const b = body as Record<string, any>;
    const unit = b?.purchase_units?.[0];
    const wallet = b?.payment_source?.paypal ?? {};
    const context = wallet.experience_context ?? {};
    if (b?.intent !== 'CAPTURE' || !unit?.amount?.value || !/^\d+(\.\d{2})?$/.test(unit.amount.value)) {
      return paypalError(
        response,
        400,
        'INVALID_REQUEST',
        'Request is not well-formed, syntactically incorrect, or violates schema.',
        'INVALID_PARAMETER_VALUE',
      );
    }
    const vaultInstruction = wallet.attributes?.vault;
    if (
      vaultInstruction &&
      (vaultInstruction.store_in_vault !== 'ON_SUCCESS' ||
        !['MERCHANT', 'PLATFORM'].includes(vaultInstruction.usage_type))
    ) {
      return paypalError(
        response,
        400,
        'INVALID_REQUEST',
        'Request is not well-formed, syntactically incorrect, or violates schema.',
        'INVALID_PARAMETER_VALUE',
      );
    }
    if (typeof wallet.vault_id === 'string')
      return this.#chargeVaulted(wallet.vault_id, unit, answer, response);
    const order: FakeOrder = {
      id: paypalId(),
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [
        {
          reference_id: unit.reference_id,
          custom_id: unit.custom_id,
          invoice_id: unit.invoice_id,
          description: unit.description,
          amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        },
      ],
      create_time: new Date().toISOString(),
      returnUrl: context.return_url ?? '',
      cancelUrl: context.cancel_url ?? '',
      ...(vaultInstruction ? { vaultInstruction } : {}),
    };
    this.orders.set(order.id, order);
    const view = this.#view(order);
    answer(200, { id: view.id, status: view.status, payment_source: { paypal: {} }, links: view.links });
  }

  async #capture(orderId: string, answer: (s: number, b: unknown) => void, response: ServerResponse) {
    const order = this.orders.get(orderId);
    if (!order)
      return paypalError(
        response,
        404,
        'RESOURCE_NOT_FOUND',
        'The specified resource does not exist.',
        'INVALID_RESOURCE_ID',
      );
    if (order.status === 'COMPLETED') {
      return paypalError(
        response,
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed.',
        'ORDER_ALREADY_CAPTURED',
      );
    }
    if (order.status !== 'APPROVED') {
      return paypalError(
        response,
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed.',
        'ORDER_NOT_APPROVED',
      );
    }
    if (this.scenario === 'decline') {
      return paypalError(
        response,
        422,
        'UNPROCESSABLE_ENTITY',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
        'INSTRUMENT_DECLINED',
      );
    }
    const unit = order.purchase_units[0]!;
    const value =
      this.scenario === 'amount_mismatch' ? (Number(unit.amount.value) - 1).toFixed(2) : unit.amount.value;
    const captured: FakeCapture = {
      id: paypalId(),
      status: 'COMPLETED',
      amount: { currency_code: unit.amount.currency_code, value },
      final_capture: true,
      supplementary_data: { related_ids: { order_id: order.id } },
      create_time: new Date().toISOString(),
    };
    order.status = 'COMPLETED';
    unit.payments = { captures: [captured] };
    order.payment_source = { paypal: this.#payer() };
    // Vault with purchase: the wallet is stored once the payment succeeded (ON_SUCCESS).
    if (order.vaultInstruction) {
      const wallet: FakeVaultedWallet = {
        id: paypalId().slice(0, 8).toLowerCase(),
        customerId: `customer_${randomBytes(5).readUInt32BE(0)}`,
        payerEmail: order.payment_source.paypal.email_address,
        accountId: order.payment_source.paypal.account_id,
        instruction: order.vaultInstruction,
        charges: [],
      };
      this.vault.set(wallet.id, wallet);
      order.payment_source.paypal.attributes = { vault: this.#vaultView(wallet) };
    }
    answer(201, this.#view(order));
    await this.sendEvent('PAYMENT.CAPTURE.COMPLETED', captured);
  }

  /** A shopper in PayPal's sandbox: whoever approves an order. */
  #payer(): FakePayPalSource {
    return {
      email_address: `kaeuferin-${randomBytes(3).toString('hex')}@example.de`,
      account_id: paypalId().slice(0, 13),
      account_status: 'VERIFIED',
      name: { given_name: 'Erika', surname: 'Mustermann' },
    };
  }

  #vaultView(wallet: FakeVaultedWallet) {
    return {
      id: wallet.id,
      status: 'VAULTED' as const,
      customer: { id: wallet.customerId },
      links: [
        { href: `${this.apiBase}/v3/vault/payment-tokens/${wallet.id}`, rel: 'self', method: 'GET' },
        { href: `${this.apiBase}/v3/vault/payment-tokens/${wallet.id}`, rel: 'delete', method: 'DELETE' },
      ],
    };
  }

  /**
   * An order paid with a saved wallet (`payment_source.paypal.vault_id`, intent CAPTURE): nobody approves,
   * PayPal completes it in the create call (201 with the capture) or refuses it with 422.
   */
  async #chargeVaulted(
    vaultId: string,
    unit: Record<string, any>,
    answer: (s: number, b: unknown) => void,
    response: ServerResponse,
  ) {
    const wallet = this.vault.get(vaultId);
    if (!wallet) {
      return paypalError(
        response,
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
        'INVALID_RESOURCE_ID',
      );
    }
    const issue = wallet.declineWith ?? (this.scenario === 'decline' ? 'INSTRUMENT_DECLINED' : undefined);
    if (issue) {
      return paypalError(
        response,
        422,
        'UNPROCESSABLE_ENTITY',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
        issue,
      );
    }
    const id = paypalId();
    const amount: Money = { currency_code: unit.amount.currency_code, value: unit.amount.value };
    const captured: FakeCapture = {
      id: paypalId(),
      status: 'COMPLETED',
      amount,
      final_capture: true,
      supplementary_data: { related_ids: { order_id: id } },
      create_time: new Date().toISOString(),
    };
    const order: FakeOrder = {
      id,
      intent: 'CAPTURE',
      status: 'COMPLETED',
      payment_source: {
        paypal: {
          email_address: wallet.payerEmail,
          account_id: wallet.accountId,
          account_status: 'VERIFIED',
          name: { given_name: 'Erika', surname: 'Mustermann' },
          attributes: { vault: this.#vaultView(wallet) },
        },
      },
      purchase_units: [
        {
          reference_id: unit.reference_id,
          custom_id: unit.custom_id,
          invoice_id: unit.invoice_id,
          description: unit.description,
          amount,
          payments: { captures: [captured] },
        },
      ],
      create_time: new Date().toISOString(),
      returnUrl: '',
      cancelUrl: '',
    };
    this.orders.set(id, order);
    wallet.charges.push(id);
    answer(201, this.#view(order));
    await this.sendEvent('PAYMENT.CAPTURE.COMPLETED', captured);
  }

  #refund(
    captureId: string,
    body: unknown,
    requestId: string | undefined,
    answer: (s: number, b: unknown) => void,
    response: ServerResponse,
  ) {
    const capture = [...this.orders.values()]
      .flatMap((o) => o.purchase_units[0]?.payments?.captures ?? [])
      .find((c) => c.id === captureId);
    if (!capture)
      return paypalError(
        response,
        404,
        'RESOURCE_NOT_FOUND',
        'The specified resource does not exist.',
        'INVALID_RESOURCE_ID',
      );
    const cents = (m: Money) => Math.round(Number(m.value) * 100);
    const asked = (body as { amount?: Money })?.amount ?? capture.amount;
    const refunded = this.refunds
      .filter((r) => r.captureId === captureId)
      .reduce((sum, r) => sum + cents(r.amount), 0);
    if (cents(asked) + refunded > cents(capture.amount)) {
      return paypalError(
        response,
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed.',
        'REFUND_AMOUNT_EXCEEDED',
      );
    }
    const refund = { id: paypalId(), captureId, amount: asked, ...(requestId ? { requestId } : {}) };
    this.refunds.push(refund);
    answer(201, { id: refund.id, status: 'COMPLETED', amount: asked });
  }
}

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  return new FakePayPal(options).start();
}

function one(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function paypalError(
  response: ServerResponse,
  status: number,
  name: string,
  message: string,
  issue?: string,
) {
  sendJson(response, status, {
    name,
    message,
    debug_id: paypalId().toLowerCase(),
    ...(issue ? { details: [{ issue, description: message }] } : {}),
  });
}
