import { bankTransferDueAt, formatIban, giroCodePayload } from '@baukasten/commerce';
import type { Order, Website } from '@baukasten/storage';
import QRCode from 'qrcode';
import { paymentOptionsOf } from './payment-options.js';

/*
 * Vorkasse as the shopper sees it: the shop's bank details, the order number as the reference, the date
 * the order lapses unpaid, and the EPC QR code ("GiroCode") a banking app scans so nobody types an IBAN.
 * The code is a PNG data URL on the pages (the CSP allows data: images, no script is involved) and a PNG
 * behind /checkout/girocode/<order id>.png for the mail, where data: images are often blocked.
 */

export interface ShopBankAccount {
  accountHolder: string;
  iban: string;
  bic?: string;
  bankName?: string;
}

/** The bank details the owner saved under "Zahlungen" (`settings.bankTransfer`), or undefined. */
export function shopBankAccountOf(website: Pick<Website, 'settings'>): ShopBankAccount | undefined {
  const raw = website.settings.bankTransfer as Record<string, unknown> | null | undefined;
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const iban = text(raw?.iban);
  if (!raw || !iban) return undefined;
  const bic = text(raw.bic);
  const bankName = text(raw.bankName);
  return {
    accountHolder: text(raw.accountHolder) ?? '',
    iban,
    ...(bic ? { bic } : {}),
    ...(bankName ? { bankName } : {}),
  };
}

export const transferReferenceOf = (order: Pick<Order, 'orderNumber'>) => `Bestellung ${order.orderNumber}`;
export const amountDueOf = (order: Order) => order.grandTotalMinor - Number(order.data.giftCardMinor ?? 0);

/** The EPC payload of an order's transfer; undefined without bank details or for another currency than euro. */
export function giroCodeTextOf(website: Pick<Website, 'settings'>, order: Order): string | undefined {
  const account = shopBankAccountOf(website);
  if (!account) return undefined;
  const result = giroCodePayload({
    account,
    amountMinor: amountDueOf(order),
    currency: order.currency,
    remittance: transferReferenceOf(order),
  });
  return result.ok ? result.payload : undefined;
}

// EPC069-12 asks for error correction level M.
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, width: 264 } as const;

export async function giroCodeDataUrl(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, QR_OPTIONS);
}

export async function giroCodePng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { ...QR_OPTIONS, type: 'png' });
}

/** What the confirmation and status pages show for an unpaid Vorkasse order. */
export async function bankTransferDisplay(website: Website, order: Order, amountText: string) {
  const account = shopBankAccountOf(website);
  const payload = giroCodeTextOf(website, order);
  const dueAt = bankTransferDueAt(order.createdAt, paymentOptionsOf(website).bankTransferDays);
  return {
    amountText,
    reference: transferReferenceOf(order),
    account: account
      ? {
          accountHolder: account.accountHolder || null,
          iban: formatIban(account.iban),
          bic: account.bic ?? null,
          bankName: account.bankName ?? null,
        }
      : null,
    giroCode: payload ? await giroCodeDataUrl(payload) : null,
    dueText: new Intl.DateTimeFormat(website.locale, {
      dateStyle: 'long',
      timeZone: website.timeZone,
    }).format(dueAt),
  };
}
