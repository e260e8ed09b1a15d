import { LEGAL_FIELD_LABELS, legalDataOf, missingLegalData } from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import type { PaymentProvider } from '../commerce/payment-providers.js';

/*
 * "Bereit zum Verkaufen": what the owner still has to do before selling, as far as the site's own
 * settings tell. Every item is computed from data, never assumed: legal data the law requires (§5 DDG),
 * a real payment method (and the bank account Vorkasse needs), shipping costs and tax rates the owner
 * set instead of the defaults.
 */

export interface ChecklistItem {
  key: 'legal' | 'payment' | 'shipping' | 'tax';
  title: string;
  done: boolean;
  /** What is missing, in German; empty when done. */
  missing: string[];
}

export function goLiveChecklist(website: Website, providers: readonly PaymentProvider[]): ChecklistItem[] {
  const settings = website.settings as Record<string, unknown>;
  const legalMissing = missingLegalData(legalDataOf(settings)).map((field) => LEGAL_FIELD_LABELS[field]);
  const real = providers.filter((p) => !p.testMode);
  const bank = settings.bankTransfer as { iban?: unknown } | undefined;
  const paymentMissing = [
    ...(real.length === 0 ? ['Es ist keine echte Zahlungsart eingerichtet (nur Testzahlungen).'] : []),
    ...(real.some((p) => p.id === 'bank-transfer') && !(typeof bank?.iban === 'string' && bank.iban.trim())
      ? ['Für Vorkasse fehlt die Bankverbindung (IBAN).']
      : []),
  ];
  const shippingMissing =
    Array.isArray(settings.shippingZones) || Array.isArray(settings.shippingRates)
      ? []
      : ['Die Versandkosten sind noch die Voreinstellung; bitte lege deine eigenen fest.'];
  const taxMissing = Array.isArray(settings.taxRules)
    ? []
    : ['Die Steuersätze sind noch die Voreinstellung; bitte prüfe sie.'];
  const item = (key: ChecklistItem['key'], title: string, missing: string[]): ChecklistItem => ({
    key,
    title,
    done: missing.length === 0,
    missing,
  });
  return [
    item(
      'legal',
      'Rechtliche Angaben',
      legalMissing.map((label) => `${label} fehlt.`),
    ),
    item('payment', 'Zahlung', paymentMissing),
    item('shipping', 'Versand', shippingMissing),
    item('tax', 'Steuern', taxMissing),
  ];
}
