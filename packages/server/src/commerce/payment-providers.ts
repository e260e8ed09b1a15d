import { randomHex } from '@baukasten/storage';

/*
 * Payment goes through one interface so a real provider (Stripe, PayPal) slots in beside the two
 * built-in ones. The fake card provider lives outside this machine in real life, so it sits behind
 * the same interface as a real adapter would.
 */

export interface PaymentRequest {
  amountMinor: number;
  currency: string;
  orderReference: string;
  details: Record<string, unknown>;
}

export type PaymentResult =
  | { ok: true; reference: string; status: 'AWAITING_PAYMENT' | 'PAID' }
  | { ok: false; reason: 'DECLINED' };

export interface PaymentProvider {
  readonly id: string;
  readonly testMode: boolean;
  authorize(request: PaymentRequest): Promise<PaymentResult>;
  /** Gives an authorisation back when the order could not be placed after all. */
  release(reference: string): Promise<void>;
}

const reference = (prefix: string) => `${prefix}_${randomHex(8)}`;

/** Vorkasse: the shopper transfers the money after ordering; nothing to check now. */
export const bankTransferProvider: PaymentProvider = {
  id: 'bank-transfer',
  testMode: false,
  async authorize() {
    return { ok: true, reference: reference('vk'), status: 'AWAITING_PAYMENT' };
  },
  async release() {},
};

/** Card numbers the usual test gateways accept; every other number is declined. */
const ACCEPTED_TEST_CARDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '378282246310005',
]);

export const testCardProvider: PaymentProvider = {
  id: 'test-card',
  testMode: true,
  async authorize(request) {
    const number = String(request.details.cardNumber ?? '').replace(/[\s-]/g, '');
    if (!ACCEPTED_TEST_CARDS.has(number)) return { ok: false, reason: 'DECLINED' };
    return { ok: true, reference: reference('tc'), status: 'PAID' };
  },
  async release() {},
};

export const defaultPaymentProviders: readonly PaymentProvider[] = [bankTransferProvider, testCardProvider];

/**
 * Whether the method takes a card number on our own page: only the test card (test mode). Real cards are
 * paid on the provider's page, so no page of ours shows the field for them (issue #20).
 */
export const takesCardNumber = (providerId: string): boolean => providerId === testCardProvider.id;
