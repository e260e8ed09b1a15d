import { describe, expect, it } from 'vitest';
import {
  formatGiftCardCode,
  GIFT_CARD_CODE_ALPHABET,
  maskGiftCardCode,
  newGiftCardCode,
} from './gift-card-code.js';

describe('gift card codes', () => {
  it('R1.2.5 are 16 characters in groups of four, without look-alike characters', () => {
    const codes = Array.from({ length: 500 }, newGiftCardCode);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/);
    expect(GIFT_CARD_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    // Random: 500 draws, no repeats, and every symbol of the alphabet turns up.
    expect(new Set(codes).size).toBe(500);
    const used = new Set(codes.join('').replace(/-/g, ''));
    expect(used.size).toBe(GIFT_CARD_CODE_ALPHABET.length);
  });

  it('R1.2.5 typed codes are regrouped, and only the last four characters are ever shown', () => {
    expect(formatGiftCardCode('abcd efgh-jkmn pqrs')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(maskGiftCardCode('PQRS')).toBe('****-****-****-PQRS');
  });
});
