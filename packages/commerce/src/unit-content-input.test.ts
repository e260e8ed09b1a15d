import { describe, expect, it } from 'vitest';
import { parseUnitContentInput, UNIT_CONTENT_MESSAGES, unitContentAmountText } from './unit-content-input.js';

describe('§ 4 PAngV: the content of a variant as the owner types it', () => {
  it('reads German numbers with a decimal comma and the units of the editor', () => {
    expect(parseUnitContentInput('250', 'g')).toEqual({ ok: true, content: { amount: 250, unit: 'g' } });
    expect(parseUnitContentInput('0,5', 'l')).toEqual({ ok: true, content: { amount: 0.5, unit: 'l' } });
    expect(parseUnitContentInput(' 2 ', 'm')).toEqual({ ok: true, content: { amount: 2, unit: 'm' } });
    expect(parseUnitContentInput('0,125', 'kg')).toEqual({
      ok: true,
      content: { amount: 0.125, unit: 'kg' },
    });
    expect(parseUnitContentInput(1.5, 'm2')).toEqual({ ok: true, content: { amount: 1.5, unit: 'm²' } });
  });

  it('both fields empty: sold by the piece, no Grundpreis', () => {
    expect(parseUnitContentInput('', '')).toEqual({ ok: true, content: null });
    expect(parseUnitContentInput(undefined, undefined)).toEqual({ ok: true, content: null });
  });

  it('names the field to correct, in German', () => {
    expect(parseUnitContentInput('0.5', 'l')).toEqual({
      ok: false,
      field: 'amount',
      message: UNIT_CONTENT_MESSAGES.amountNotANumber,
    });
    expect(parseUnitContentInput('1.000', 'g')).toMatchObject({ field: 'amount' });
    expect(parseUnitContentInput('viel', 'g')).toMatchObject({ field: 'amount' });
    expect(parseUnitContentInput('0', 'g')).toMatchObject({ message: 'Die Menge muss größer als 0 sein.' });
    expect(parseUnitContentInput('0,1255', 'kg')).toMatchObject({
      message: UNIT_CONTENT_MESSAGES.amountTooPrecise,
    });
    expect(parseUnitContentInput('250', '')).toMatchObject({
      field: 'unit',
      message: UNIT_CONTENT_MESSAGES.unitMissing,
    });
    expect(parseUnitContentInput('', 'g')).toMatchObject({
      field: 'amount',
      message: UNIT_CONTENT_MESSAGES.amountMissing,
    });
    expect(parseUnitContentInput('3', 'Stück')).toMatchObject({
      field: 'unit',
      message: UNIT_CONTENT_MESSAGES.unitUnknown,
    });
  });

  it('shows a stored amount back with the decimal comma', () => {
    expect(unitContentAmountText(0.75)).toBe('0,75');
    expect(unitContentAmountText(500)).toBe('500');
  });
});
