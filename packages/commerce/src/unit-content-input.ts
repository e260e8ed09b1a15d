// The content of a variant as the owner types it in the product editor ("250" g, "0,5" l, "2" m), for
// the Grundpreis (§ 4 PAngV). German numbers: a decimal comma, no thousands separators. The editor checks
// with it as the owner types and the server checks again with the same rule before it stores anything.

import { CONTENT_UNITS, contentUnitOf, type UnitContent } from './price-notes.js';

export const UNIT_CONTENT_MESSAGES = {
  amountNotANumber: 'Bitte gib die Menge als Zahl ein, z. B. 250 oder 0,5 (mit Komma, ohne Tausenderpunkt).',
  amountNotPositive: 'Die Menge muss größer als 0 sein.',
  amountTooPrecise: 'Die Menge darf höchstens drei Nachkommastellen haben, z. B. 0,125.',
  amountTooLarge: 'Die Menge darf höchstens 1.000.000 betragen.',
  unitUnknown: `Bitte wähle eine Einheit: ${CONTENT_UNITS.join(', ')}.`,
  unitMissing: 'Bitte wähle die Einheit zur Menge.',
  amountMissing: 'Bitte gib die Menge zur Einheit ein.',
} as const;

export type UnitContentInput =
  | { ok: true; content: UnitContent | null }
  | { ok: false; field: 'amount' | 'unit'; message: string };

/** "0,5" as the number 0.5; a number as itself. Undefined for anything a German owner would not mean. */
function amountOf(amount: unknown): number | undefined {
  if (typeof amount === 'number') return Number.isFinite(amount) ? amount : undefined;
  const text = String(amount ?? '').trim();
  if (!/^\d+(,\d+)?$/.test(text)) return undefined;
  return Number(text.replace(',', '.'));
}

/**
 * The owner's content of one variant: both fields empty is "sold by the piece" (no Grundpreis, null);
 * otherwise a positive amount of at most three decimals and a known unit, or the German problem of the
 * field to correct.
 */
export function parseUnitContentInput(amount: unknown, unit: unknown): UnitContentInput {
  const amountText = typeof amount === 'number' ? String(amount) : String(amount ?? '').trim();
  const unitText = String(unit ?? '').trim();
  if (amountText === '' && unitText === '') return { ok: true, content: null };
  if (amountText === '') return { ok: false, field: 'amount', message: UNIT_CONTENT_MESSAGES.amountMissing };
  const value = amountOf(typeof amount === 'number' ? amount : amountText);
  if (value === undefined)
    return { ok: false, field: 'amount', message: UNIT_CONTENT_MESSAGES.amountNotANumber };
  if (value <= 0) return { ok: false, field: 'amount', message: UNIT_CONTENT_MESSAGES.amountNotPositive };
  if (value > 1_000_000) return { ok: false, field: 'amount', message: UNIT_CONTENT_MESSAGES.amountTooLarge };
  // Thousandths are what the Grundpreis counts in (price-notes.ts); a finer amount would be rounded unseen.
  if (Math.abs(value * 1000 - Math.round(value * 1000)) > 1e-6)
    return { ok: false, field: 'amount', message: UNIT_CONTENT_MESSAGES.amountTooPrecise };
  if (unitText === '') return { ok: false, field: 'unit', message: UNIT_CONTENT_MESSAGES.unitMissing };
  const known = contentUnitOf(unitText);
  if (!known) return { ok: false, field: 'unit', message: UNIT_CONTENT_MESSAGES.unitUnknown };
  return { ok: true, content: { amount: Math.round(value * 1000) / 1000, unit: known } };
}

/** 0.5 as "0,5": a stored amount back in the editor's German field. */
export function unitContentAmountText(amount: number): string {
  return String(amount).replace('.', ',');
}
