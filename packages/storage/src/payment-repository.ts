import { randomBytes } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { newId } from './ids.js';
import { fromFlag, fromJson, toFlag, toJson } from './json-column.js';
import { compiledInsert, insertRows } from './kept-queries.js';
import type { Database } from './schema.js';
import type { SqliteGroupCommit } from './sqlite-group-commit.js';
import { isUniqueViolation } from './storage-error.js';

/*
 * Payments at Stripe and PayPal (migration 0022). The repository only stores; what counts as paid is decided
 * by the server's settlement step. Every change of a payment's status is one conditional UPDATE, so two
 * requests at once (the webhook and the shopper's return, two server instances) change it once: the second
 * finds nothing left to change.
 */

export interface PaymentProviderSettingsTable {
  website_id: string;
  provider: string;
  mode: string;
  sealed_keys: string;
  key_hints: string;
  status: string;
  status_message: string | null;
  checked_at: number | null;
  updated_at: number;
}

export interface PaymentsTable {
  website_id: string;
  id: string;
  order_id: string;
  provider: string;
  provider_payment_id: string;
  amount_minor: number;
  currency: string;
  status: string;
  test_mode: number;
  refunded_minor: number;
  failure: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
}

export interface PaymentEventsTable {
  website_id: string;
  provider: string;
  event_id: string;
  payment_id: string | null;
  received_at: number;
}

export interface PaymentRefundsTable {
  website_id: string;
  id: string;
  order_id: string;
  payment_id: string | null;
  method: string;
  idempotency_key: string;
  amount_minor: number;
  currency: string;
  status: string;
  provider_refund_id: string | null;
  iban: string | null;
  restocked: number;
  created_at: number;
}

export interface PaymentDeadlinesTable {
  website_id: string;
  order_id: string;
  kind: string;
  due_at: number;
  lease_until: number | null;
  claim_token: string | null;
  created_at: number;
}

declare module './schema.js' {
  interface Database {
    payment_deadlines: PaymentDeadlinesTable;
    payment_refunds: PaymentRefundsTable;
    payment_provider_settings: PaymentProviderSettingsTable;
    payments: PaymentsTable;
    payment_events: PaymentEventsTable;
  }
}

export type PaymentProviderName = 'stripe' | 'paypal';
export type PaymentProviderMode = 'test' | 'live';
/** connected: the provider accepted the keys at the last check; error: it refused them (see statusMessage). */
export type PaymentProviderStatus = 'unchecked' | 'connected' | 'error';

export interface PaymentProviderSettings {
  websiteId: string;
  provider: PaymentProviderName;
  mode: PaymentProviderMode;
  /** Field name -> key sealed by the server (payments/secrets.ts); never plaintext. */
  sealedKeys: Record<string, string>;
  /** Field name -> masked key (`sk_test_…4242`) for the editor. */
  keyHints: Record<string, string>;
  status: PaymentProviderStatus;
  statusMessage?: string;
  checkedAt?: number;
  updatedAt: number;
}

export type SavedPaymentProviderSettings = Omit<
  PaymentProviderSettings,
  'websiteId' | 'provider' | 'updatedAt'
>;

/**
 * started: created at the provider, shopper not back yet. requires_action: the shopper still has to act
 * (approve, 3-D Secure). pending: paid by a method that confirms later (SEPA). amount_mismatch: the provider
 * reported another amount or currency than the order's; never counts as paid.
 */
export type PaymentStatus =
  | 'started'
  | 'requires_action'
  | 'pending'
  | 'paid'
  | 'failed'
  | 'cancelled'
  | 'amount_mismatch';

export interface Payment {
  id: string;
  websiteId: string;
  orderId: string;
  provider: PaymentProviderName;
  providerPaymentId: string;
  amountMinor: number;
  currency: string;
  status: PaymentStatus;
  testMode: boolean;
  refundedMinor: number;
  failure?: string;
  createdAt: number;
  updatedAt: number;
  paidAt?: number;
}

export interface NewPayment {
  orderId: string;
  provider: PaymentProviderName;
  providerPaymentId: string;
  amountMinor: number;
  currency: string;
  testMode: boolean;
  status?: PaymentStatus;
}

/** A refund the owner asked for (migration 0028). Vorkasse refunds are transfers by hand, to `iban`. */
export interface PaymentRefund {
  id: string;
  websiteId: string;
  orderId: string;
  paymentId?: string;
  method: string;
  idempotencyKey: string;
  amountMinor: number;
  currency: string;
  /** pending: asked at the provider, no answer yet; failed: the provider refused it. */
  status: 'pending' | 'succeeded' | 'failed';
  providerRefundId?: string;
  iban?: string;
  restocked: boolean;
  createdAt: number;
}

export type NewPaymentRefund = Omit<PaymentRefund, 'id' | 'websiteId' | 'createdAt' | 'providerRefundId'>;

/**
 * What is due for an order (migration 0033): `reservation`, the end of the stock reservation of a payment at
 * Stripe or PayPal; `bank-transfer`, the end of a Vorkasse order's days; `late-refund`, money that arrived
 * for an order already expired and could not be kept, to be given back.
 */
export type PaymentDeadlineKind = 'reservation' | 'bank-transfer' | 'late-refund';
const DEADLINE_KINDS: readonly string[] = ['reservation', 'bank-transfer', 'late-refund'];
const kindOf = (kind: string) =>
  (DEADLINE_KINDS.includes(kind) ? kind : 'reservation') as PaymentDeadlineKind;

export interface PaymentDeadline {
  websiteId: string;
  orderId: string;
  kind: PaymentDeadlineKind;
  dueAt: number;
}

/** A due deadline one worker holds until `leaseUntil`; only its token can postpone it. */
export interface ClaimedPaymentDeadline extends PaymentDeadline {
  claimToken: string;
  leaseUntil: number;
}

export interface PaymentRepository {
  /** The order waits for its money until `dueAt`; a second call for the same order changes nothing. */
  scheduleDeadline(
    websiteId: string,
    deadline: Omit<PaymentDeadline, 'websiteId'>,
    now?: number,
  ): Promise<void>;
  /** Moves the deadline later (a payment started again), never earlier. */
  extendDeadline(websiteId: string, orderId: string, dueAt: number): Promise<void>;
  findDeadline(websiteId: string, orderId: string): Promise<PaymentDeadline | undefined>;
  /**
   * Claims due deadlines with a lease, one conditional UPDATE each, so of several workers (instances) only
   * one handles an order; a worker that dies holds it at most `leaseMs`.
   */
  claimDueDeadlines(opts: { now: number; leaseMs: number; limit: number }): Promise<ClaimedPaymentDeadline[]>;
  /** Try again at `dueAt` (provider unreachable, SEPA still on its way); false when the claim was lost. */
  postponeDeadline(claim: ClaimedPaymentDeadline, dueAt: number): Promise<boolean>;
  /** The order was paid or cancelled: nothing is due any more. */
  clearDeadline(websiteId: string, orderId: string): Promise<void>;
  /**
   * Takes the order's row lock (a no-op UPDATE) so that expiring an order and a payment arriving for it
   * run one after the other, whichever database.
   */
  holdOrder(websiteId: string, orderId: string): Promise<void>;
  /**
   * Gives the gift-card credit an order spent back to its cards (active ones) and forgets those
   * redemptions; answers the amount given back. For an order that expired unpaid.
   */
  returnGiftCardCredit(websiteId: string, orderId: string, now?: number): Promise<number>;
  /**
   * Takes stock again for an order whose reservation ran out before its payment arrived: all lines or
   * none (variants in id order, as checkout locks them). False when a variant has too little left.
   */
  takeStockAgain(websiteId: string, lines: { variantId: string; quantity: number }[]): Promise<boolean>;
  /** cancelled -> open with `data`, for an expired order whose late payment was kept. */
  reopenOrder(websiteId: string, orderId: string, data: Record<string, unknown>): Promise<boolean>;
  /** Replaces an order's `data` (why it was cancelled); call it under `holdOrder` in a transaction. */
  setOrderData(websiteId: string, orderId: string, data: Record<string, unknown>): Promise<void>;

  /**
   * Records a refund under the owner's idempotency key; `created: false` answers the refund recorded
   * before under the same key (a double click, a retried request) without writing anything.
   */
  claimRefund(
    websiteId: string,
    input: NewPaymentRefund,
    now?: number,
  ): Promise<{ created: boolean; refund: PaymentRefund }>;
  finishRefund(
    websiteId: string,
    refundId: string,
    status: PaymentRefund['status'],
    providerRefundId?: string,
  ): Promise<void>;
  listRefunds(websiteId: string, orderId: string): Promise<PaymentRefund[]>;
  /** Puts refunded goods back on the shelf (variants in id order, as checkout locks them). */
  returnStock(websiteId: string, lines: { variantId: string; quantity: number }[]): Promise<void>;

  saveProviderSettings(
    websiteId: string,
    provider: PaymentProviderName,
    settings: SavedPaymentProviderSettings,
    now?: number,
  ): Promise<PaymentProviderSettings>;
  findProviderSettings(
    websiteId: string,
    provider: PaymentProviderName,
  ): Promise<PaymentProviderSettings | undefined>;
  listProviderSettings(websiteId: string): Promise<PaymentProviderSettings[]>;
  deleteProviderSettings(websiteId: string, provider: PaymentProviderName): Promise<void>;
  /** How many websites have sealed provider keys; at start-up, to refuse running without SECRETS_KEY. */
  countWebsitesWithKeys(): Promise<number>;

  /** Records a payment created at the provider; the same provider payment id twice gives the first row back. */
  recordStarted(websiteId: string, input: NewPayment, now?: number): Promise<Payment>;
  findByProviderPaymentId(
    websiteId: string,
    provider: PaymentProviderName,
    providerPaymentId: string,
  ): Promise<Payment | undefined>;
  listByOrder(websiteId: string, orderId: string): Promise<Payment[]>;
  /**
   * A state that is not paid (requires_action, pending, failed, cancelled, amount_mismatch). Never changes a
   * paid payment: a late "failed" event for an earlier attempt must not undo money that arrived.
   */
  markStatus(
    websiteId: string,
    paymentId: string,
    status: Exclude<PaymentStatus, 'paid'>,
    failure?: string,
    now?: number,
  ): Promise<boolean>;
  /** To paid, once: false when it already was paid (another door or instance was first). */
  markPaid(websiteId: string, paymentId: string, now?: number): Promise<boolean>;
  /** Remembers a provider event; false when it was applied before (a replay or redelivery). */
  recordEvent(
    websiteId: string,
    provider: PaymentProviderName,
    eventId: string,
    paymentId: string | undefined,
    now?: number,
  ): Promise<boolean>;
  /**
   * Books a refund of a paid payment before the provider is asked, so two refunds at once cannot together
   * give back more than was paid; false when it would exceed what is left. `releaseRefund` undoes it when
   * the provider refused.
   */
  reserveRefund(websiteId: string, paymentId: string, amountMinor: number, now?: number): Promise<boolean>;
  releaseRefund(websiteId: string, paymentId: string, amountMinor: number, now?: number): Promise<void>;
}

const PROVIDERS: readonly string[] = ['stripe', 'paypal'];
const STATUSES: readonly string[] = [
  'started',
  'requires_action',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'amount_mismatch',
];

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

function toSettings(row: Selectable<PaymentProviderSettingsTable>): PaymentProviderSettings {
  const settings: PaymentProviderSettings = {
    websiteId: row.website_id,
    provider: row.provider as PaymentProviderName,
    mode: row.mode === 'live' ? 'live' : 'test',
    sealedKeys: fromJson<Record<string, string>>(row.sealed_keys, {}),
    keyHints: fromJson<Record<string, string>>(row.key_hints, {}),
    status: row.status === 'connected' || row.status === 'error' ? row.status : 'unchecked',
    updatedAt: Number(row.updated_at),
  };
  if (row.status_message !== null) settings.statusMessage = row.status_message;
  if (row.checked_at !== null) settings.checkedAt = Number(row.checked_at);
  return settings;
}

function toRefund(row: Selectable<PaymentRefundsTable>): PaymentRefund {
  const refund: PaymentRefund = {
    id: row.id,
    websiteId: row.website_id,
    orderId: row.order_id,
    method: row.method,
    idempotencyKey: row.idempotency_key,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    status: row.status === 'succeeded' || row.status === 'failed' ? row.status : 'pending',
    restocked: fromFlag(row.restocked),
    createdAt: Number(row.created_at),
  };
  if (row.payment_id !== null) refund.paymentId = row.payment_id;
  if (row.provider_refund_id !== null) refund.providerRefundId = row.provider_refund_id;
  if (row.iban !== null) refund.iban = row.iban;
  return refund;
}

function toPayment(row: Selectable<PaymentsTable>): Payment {
  const payment: Payment = {
    id: row.id,
    websiteId: row.website_id,
    orderId: row.order_id,
    provider: row.provider as PaymentProviderName,
    providerPaymentId: row.provider_payment_id,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    status: (STATUSES.includes(row.status) ? row.status : 'started') as PaymentStatus,
    testMode: fromFlag(row.test_mode),
    refundedMinor: Number(row.refunded_minor),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.failure !== null) payment.failure = row.failure;
  if (row.paid_at !== null) payment.paidAt = Number(row.paid_at);
  return payment;
}

/**
 * `group`: SQLite's group commit (sqlite-group-commit.ts). A started payment is written right after the
 * provider answered, outside the order's transaction; on its own that insert is a commit with its fsync of its
 * own on every card checkout, so concurrent checkouts share one, as adds to carts do.
 */
export function paymentRepository(db: Kysely<Database>, group?: SqliteGroupCommit): PaymentRepository {
  const findSettings = async (websiteId: string, provider: string) => {
    if (!isKey(websiteId) || !PROVIDERS.includes(provider)) return undefined;
    const row = await db
      .selectFrom('payment_provider_settings')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return row && toSettings(row);
  };
  const findPayment = async (websiteId: string, provider: string, providerPaymentId: string) => {
    if (!isKey(websiteId) || !isKey(providerPaymentId)) return undefined;
    const row = await db
      .selectFrom('payments')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('provider', '=', provider)
      .where('provider_payment_id', '=', providerPaymentId)
      .executeTakeFirst();
    return row && toPayment(row);
  };

  const findRefundByKey = async (websiteId: string, key: string) => {
    const row = await db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row && toRefund(row);
  };

  const byStock = (lines: { variantId: string; quantity: number }[]) => {
    const wanted = new Map<string, number>();
    for (const { variantId, quantity } of lines) {
      if (!isKey(variantId) || !Number.isSafeInteger(quantity) || quantity <= 0) continue;
      wanted.set(variantId, (wanted.get(variantId) ?? 0) + quantity);
    }
    return [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  };

  return {
    async scheduleDeadline(websiteId, deadline, now = Date.now()) {
      const row = {
        website_id: websiteId,
        order_id: deadline.orderId,
        kind: deadline.kind,
        due_at: deadline.dueAt,
        lease_until: null,
        claim_token: null,
        created_at: now,
      };
      await insertRows(db, 'payment_deadlines', [row], ['website_id', 'order_id']);
    },

    async extendDeadline(websiteId, orderId, dueAt) {
      await db
        .updateTable('payment_deadlines')
        .set({ due_at: dueAt })
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .where('due_at', '<', dueAt)
        .execute();
    },

    async findDeadline(websiteId, orderId) {
      if (!isKey(websiteId) || !isKey(orderId)) return undefined;
      const row = await db
        .selectFrom('payment_deadlines')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return (
        row && {
          websiteId: row.website_id,
          orderId: row.order_id,
          kind: kindOf(row.kind),
          dueAt: Number(row.due_at),
        }
      );
    },

    async claimDueDeadlines({ now, leaseMs, limit }) {
      const free = (eb: any) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]);
      const candidates = await db
        .selectFrom('payment_deadlines')
        .selectAll()
        .where('due_at', '<=', now)
        .where(free)
        .orderBy('due_at')
        .limit(limit)
        .execute();
      const claimed: ClaimedPaymentDeadline[] = [];
      for (const row of candidates) {
        const claimToken = randomBytes(12).toString('hex');
        const leaseUntil = now + leaseMs;
        // The same condition again: of racing workers only one sees its UPDATE change the row.
        const changed = await db
          .updateTable('payment_deadlines')
          .set({ lease_until: leaseUntil, claim_token: claimToken })
          .where('website_id', '=', row.website_id)
          .where('order_id', '=', row.order_id)
          .where('due_at', '<=', now)
          .where(free)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) continue;
        claimed.push({
          websiteId: row.website_id,
          orderId: row.order_id,
          kind: kindOf(row.kind),
          dueAt: Number(row.due_at),
          claimToken,
          leaseUntil,
        });
      }
      return claimed;
    },

    async postponeDeadline(claim, dueAt) {
      const changed = await db
        .updateTable('payment_deadlines')
        .set({ due_at: dueAt, lease_until: null, claim_token: null })
        .where('website_id', '=', claim.websiteId)
        .where('order_id', '=', claim.orderId)
        .where('claim_token', '=', claim.claimToken)
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    },

    async clearDeadline(websiteId, orderId) {
      await db
        .deleteFrom('payment_deadlines')
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .execute();
    },

    async holdOrder(websiteId, orderId) {
      await db
        .updateTable('orders')
        .set({ status: sql<string>`status` })
        .where('website_id', '=', websiteId)
        .where('id', '=', orderId)
        .execute();
    },

    async returnGiftCardCredit(websiteId, orderId, now = Date.now()) {
      const spent = await db
        .selectFrom('gift_card_redemptions')
        .select(['gift_card_id', 'amount_minor'])
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('gift_card_id')
        .execute();
      let returned = 0;
      for (const row of spent) {
        const amount = Number(row.amount_minor);
        // A card voided meanwhile stays voided; only an active card gets its credit back.
        const changed = await db
          .updateTable('gift_cards')
          .set({ balance_minor: sql`balance_minor + ${amount}`, updated_at: now })
          .where('website_id', '=', websiteId)
          .where('id', '=', row.gift_card_id)
          .where('status', '=', 'ACTIVE')
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) > 0) returned += amount;
      }
      await db
        .deleteFrom('gift_card_redemptions')
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .execute();
      return returned;
    },

    async takeStockAgain(websiteId, lines) {
      const taken: [string, number][] = [];
      for (const [variantId, quantity] of byStock(lines)) {
        const changed = await db
          .updateTable('product_variants')
          .set({ qty_in_stock: sql`qty_in_stock - ${quantity}` })
          .where('website_id', '=', websiteId)
          .where('id', '=', variantId)
          .where('unlimited', '=', 0)
          .where('qty_in_stock', '>=', quantity)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) > 0) {
          taken.push([variantId, quantity]);
          continue;
        }
        const unlimited = await db
          .selectFrom('product_variants')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('id', '=', variantId)
          .where('unlimited', '<>', 0)
          .executeTakeFirst();
        if (unlimited) continue;
        // Too little left: what this call took goes back, so the shelf is as it was.
        for (const [back, n] of taken) {
          await db
            .updateTable('product_variants')
            .set({ qty_in_stock: sql`qty_in_stock + ${n}` })
            .where('website_id', '=', websiteId)
            .where('id', '=', back)
            .execute();
        }
        return false;
      }
      return true;
    },

    async reopenOrder(websiteId, orderId, data) {
      const changed = await db
        .updateTable('orders')
        .set({ status: 'open', cancelled_at: null, data: toJson(data) })
        .where('website_id', '=', websiteId)
        .where('id', '=', orderId)
        .where('status', '=', 'cancelled')
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    },

    async setOrderData(websiteId, orderId, data) {
      await db
        .updateTable('orders')
        .set({ data: toJson(data) })
        .where('website_id', '=', websiteId)
        .where('id', '=', orderId)
        .execute();
    },

    async claimRefund(websiteId, input, now = Date.now()) {
      const row = {
        website_id: websiteId,
        id: newId(now),
        order_id: input.orderId,
        payment_id: input.paymentId ?? null,
        method: input.method,
        idempotency_key: input.idempotencyKey,
        amount_minor: input.amountMinor,
        currency: input.currency,
        status: input.status,
        provider_refund_id: null,
        iban: input.iban ?? null,
        restocked: toFlag(input.restocked),
        created_at: now,
      };
      const inserted = await db
        .insertInto('payment_refunds')
        .values(row)
        .onConflict((c) => c.columns(['website_id', 'idempotency_key']).doNothing())
        .returning('id')
        .execute();
      if (inserted.length > 0) return { created: true, refund: toRefund(row) };
      const existing = await findRefundByKey(websiteId, input.idempotencyKey);
      if (!existing) throw new Error('refund vanished');
      return { created: false, refund: existing };
    },

    async finishRefund(websiteId, refundId, status, providerRefundId) {
      await db
        .updateTable('payment_refunds')
        .set({ status, provider_refund_id: providerRefundId ?? null })
        .where('website_id', '=', websiteId)
        .where('id', '=', refundId)
        .execute();
    },

    async listRefunds(websiteId, orderId) {
      if (!isKey(websiteId) || !isKey(orderId)) return [];
      const rows = await db
        .selectFrom('payment_refunds')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRefund);
    },

    async returnStock(websiteId, lines) {
      const back = new Map<string, number>();
      for (const { variantId, quantity } of lines) {
        if (!isKey(variantId) || !Number.isSafeInteger(quantity) || quantity <= 0) continue;
        back.set(variantId, (back.get(variantId) ?? 0) + quantity);
      }
      for (const variantId of [...back.keys()].sort()) {
        await db
          .updateTable('product_variants')
          .set({ qty_in_stock: sql`qty_in_stock + ${back.get(variantId)!}` })
          .where('website_id', '=', websiteId)
          .where('id', '=', variantId)
          .where('unlimited', '=', 0)
          .execute();
      }
    },

    async saveProviderSettings(websiteId, provider, settings, now = Date.now()) {
      const row = {
        mode: settings.mode,
        sealed_keys: toJson(settings.sealedKeys),
        key_hints: toJson(settings.keyHints),
        status: settings.status,
        status_message: settings.statusMessage ?? null,
        checked_at: settings.checkedAt ?? null,
        updated_at: now,
      };
      await db
        .insertInto('payment_provider_settings')
        .values({ website_id: websiteId, provider, ...row })
        .onConflict((c) => c.columns(['website_id', 'provider']).doUpdateSet(row))
        .execute();
      return { ...settings, websiteId, provider, updatedAt: now };
    },

    findProviderSettings: findSettings,

    async listProviderSettings(websiteId) {
      if (!isKey(websiteId)) return [];
      const rows = await db
        .selectFrom('payment_provider_settings')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('provider')
        .execute();
      return rows.map(toSettings);
    },

    async deleteProviderSettings(websiteId, provider) {
      await db
        .deleteFrom('payment_provider_settings')
        .where('website_id', '=', websiteId)
        .where('provider', '=', provider)
        .execute();
    },

    async countWebsitesWithKeys() {
      const row = await db
        .selectFrom('payment_provider_settings')
        .select(sql<number>`count(distinct website_id)`.as('n'))
        .where('sealed_keys', '<>', '{}')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async recordStarted(websiteId, input, now = Date.now()) {
      try {
        const row = {
          website_id: websiteId,
          id: newId(now),
          order_id: input.orderId,
          provider: input.provider,
          provider_payment_id: input.providerPaymentId,
          amount_minor: input.amountMinor,
          currency: input.currency,
          status: input.status ?? 'started',
          test_mode: toFlag(input.testMode),
          refunded_minor: 0,
          failure: null,
          created_at: now,
          updated_at: now,
          paid_at: null,
        };
        const insert = compiledInsert(db, 'payments', [row]);
        if (group && !db.isTransaction) {
          await group.write((run) => run.run(insert.sql, ...insert.parameters));
        } else {
          await db.executeQuery(insert);
        }
        return toPayment(row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const existing = await findPayment(websiteId, input.provider, input.providerPaymentId);
        if (!existing) throw error;
        return existing;
      }
    },

    findByProviderPaymentId: findPayment,

    async listByOrder(websiteId, orderId) {
      if (!isKey(websiteId) || !isKey(orderId)) return [];
      const rows = await db
        .selectFrom('payments')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toPayment);
    },

    async markStatus(websiteId, paymentId, status, failure, now = Date.now()) {
      const changed = await db
        .updateTable('payments')
        .set({ status, failure: failure ?? null, updated_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', paymentId)
        .where('status', '<>', 'paid')
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    },

    async markPaid(websiteId, paymentId, now = Date.now()) {
      const changed = await db
        .updateTable('payments')
        .set({ status: 'paid', failure: null, paid_at: now, updated_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', paymentId)
        .where('status', '<>', 'paid')
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    },

    async recordEvent(websiteId, provider, eventId, paymentId, now = Date.now()) {
      // ON CONFLICT DO NOTHING instead of catching a unique violation: inside the settlement transaction a
      // failed statement would abort the whole PostgreSQL transaction. A returned row means "first time".
      const inserted = await db
        .insertInto('payment_events')
        .values({
          website_id: websiteId,
          provider,
          event_id: eventId,
          payment_id: paymentId ?? null,
          received_at: now,
        })
        .onConflict((c) => c.columns(['website_id', 'provider', 'event_id']).doNothing())
        .returning('event_id')
        .execute();
      return inserted.length > 0;
    },

    async reserveRefund(websiteId, paymentId, amountMinor, now = Date.now()) {
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return false;
      const changed = await db
        .updateTable('payments')
        .set({ refunded_minor: sql<number>`refunded_minor + ${amountMinor}`, updated_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', paymentId)
        .where('status', '=', 'paid')
        .where(sql<boolean>`refunded_minor + ${amountMinor} <= amount_minor`)
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    },

    async releaseRefund(websiteId, paymentId, amountMinor, now = Date.now()) {
      await db
        .updateTable('payments')
        .set({ refunded_minor: sql<number>`refunded_minor - ${amountMinor}`, updated_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', paymentId)
        .where('refunded_minor', '>=', amountMinor)
        .execute();
    },
  };
}
