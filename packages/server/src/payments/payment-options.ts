import type { Website } from '@baukasten/storage';

/*
 * The owner's times for money that has not arrived yet (website setting `paymentOptions`, editor screen
 * "Zahlungen"): how many days a Vorkasse order waits for the transfer, how long stock stays reserved for a
 * payment at Stripe or PayPal, and how often a subscription renewal is tried before it ends.
 */

export const DEFAULT_BANK_TRANSFER_DAYS = 14;
export const DEFAULT_RESERVATION_MINUTES = 30;
export const DEFAULT_RENEWAL_ATTEMPTS = 3;

export interface PaymentOptions {
  bankTransferDays: number;
  reservationMinutes: number;
  renewalAttempts: number;
}

const wholeIn = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;

export function paymentOptionsOf(website: Pick<Website, 'settings'>): PaymentOptions {
  const raw = (website.settings.paymentOptions ?? {}) as Record<string, unknown>;
  return {
    bankTransferDays: wholeIn(raw.bankTransferDays, 1, 60, DEFAULT_BANK_TRANSFER_DAYS),
    reservationMinutes: wholeIn(raw.reservationMinutes, 5, 1440, DEFAULT_RESERVATION_MINUTES),
    renewalAttempts: wholeIn(raw.renewalAttempts, 1, 10, DEFAULT_RENEWAL_ATTEMPTS),
  };
}
