import type { Website } from '@baukasten/storage';
import { describe, expect, it } from 'vitest';
import { cartRulesOf } from './cart-view.js';

const day = 86_400_000;
const now = Date.UTC(2026, 10, 25, 12);
const website = (coupons: unknown[]) =>
  ({ locale: 'de-DE', currency: 'EUR', settings: { coupons } }) as unknown as Website;

describe('the cart reads the owner’s coupons', () => {
  it('counts a coupon only between its start and end, and one without dates always', () => {
    const rules = cartRulesOf(
      website([
        { code: 'IMMER', percentOff: 10 },
        { code: 'JETZT', percentOff: 10, validFrom: now - day, validUntil: now + day },
        { code: 'VORBEI', percentOff: 10, validUntil: now - 1 },
        { code: 'BALD', percentOff: 10, validFrom: now + 1 },
      ]),
      now,
    );
    expect(rules.coupons?.map((c) => c.code)).toEqual(['IMMER', 'JETZT']);
  });
});
