import { randomInt } from 'node:crypto';
import { normaliseGiftCardCode } from '@baukasten/storage';

/*
 * Gift card codes people can read aloud and type: 16 characters in groups of four, from an alphabet
 * without the look-alikes 0/O, 1/I/L. 31 symbols ^ 16 is about 79 bits, far beyond guessing.
 */

export const GIFT_CARD_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_LENGTH = 16;

/** 'ABCDEFGHJKMNPQRS' -> 'ABCD-EFGH-JKMN-PQRS'. */
export function formatGiftCardCode(code: string): string {
  return (normaliseGiftCardCode(code).match(/.{1,4}/g) ?? []).join('-');
}

/** A fresh random code, formatted in groups of four. */
export function newGiftCardCode(): string {
  let code = '';
  // randomInt draws without modulo bias, so every symbol is equally likely.
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++)
    code += GIFT_CARD_CODE_ALPHABET[randomInt(GIFT_CARD_CODE_ALPHABET.length)];
  return formatGiftCardCode(code);
}

/** Only the last four characters show: '****-****-****-PQRS'. */
export function maskGiftCardCode(last4: string): string {
  return `****-****-****-${last4}`;
}
