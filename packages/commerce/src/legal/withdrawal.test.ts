import { describe, expect, it } from 'vitest';
import { legalDataProblems, missingLegalData, withdrawalPeriodOf } from './legal-data.js';
import { decideWithdrawal, type WithdrawalOrder } from './withdrawal.js';

const DAY = 86_400_000;
const placed = Date.UTC(2026, 5, 19, 10); // 19 June 2026, 12:00 in Berlin
const item = (id: string, productType: number, more: Partial<WithdrawalOrder['items'][number]> = {}) => ({
  id,
  productName: id,
  quantity: 1,
  productType,
  madeToOrder: false,
  digitalConsentGiven: false,
  ...more,
});
const order = (more: Partial<WithdrawalOrder> = {}): WithdrawalOrder => ({
  createdAt: placed,
  paid: true,
  items: [item('tasse', 1)],
  earlierWithdrawals: [],
  ...more,
});
const decide = (o: WithdrawalOrder, now: number, days = 14, chosen: string[] = []) =>
  decideWithdrawal(o, chosen, days, now, 'Europe/Berlin');

describe('the withdrawal period', () => {
  it('§356 Abs. 2 BGB goods not shipped yet can always be withdrawn', () => {
    expect(decide(order(), placed + 200 * DAY).ok).toBe(true);
  });

  it('§355 BGB goods: until the end of day 14 after the latest assumed delivery (shipped + 7 days), not a day longer', () => {
    const shipped = order({ status: 'fulfilled', fulfilledAt: placed });
    // Delivered at the latest on 26 June; 14 days later is 10 July, the whole day counts.
    expect(decide(shipped, Date.UTC(2026, 6, 10, 21, 30)).ok).toBe(true);
    expect(decide(shipped, Date.UTC(2026, 6, 10, 22, 30))).toMatchObject({ ok: false, type: 'PERIOD_OVER' });
    // The owner grants 30 days.
    expect(decide(shipped, Date.UTC(2026, 6, 20), 30).ok).toBe(true);
  });

  it('§356 Abs. 2 Nr. 2 BGB digital content and services: the period starts with the contract', () => {
    const digital = order({ items: [item('ebook', 2)] });
    expect(decide(digital, placed + 14 * DAY).ok).toBe(true);
    expect(decide(digital, placed + 15 * DAY)).toMatchObject({ ok: false, type: 'PERIOD_OVER' });
  });

  it('§312g Abs. 2 Nr. 1 BGB made-to-order items are excluded with their reason, the rest is withdrawn', () => {
    const mixed = order({ items: [item('tasse', 1), item('gravur', 1, { madeToOrder: true })] });
    const decision = decide(mixed, placed + DAY);
    expect(decision).toMatchObject({
      ok: true,
      items: [{ id: 'tasse' }],
      excluded: [{ item: { id: 'gravur' }, reason: 'made-to-order' }],
    });
    expect(decide(order({ items: [item('gravur', 1, { madeToOrder: true })] }), placed)).toMatchObject({
      ok: false,
      type: 'NOTHING_WITHDRAWABLE',
    });
  });

  it('§356 Abs. 5 BGB digital content is excluded only with consent given and once paid', () => {
    const consent = item('ebook', 2, { digitalConsentGiven: true });
    expect(decide(order({ items: [consent] }), placed)).toMatchObject({
      ok: false,
      type: 'NOTHING_WITHDRAWABLE',
    });
    expect(decide(order({ items: [consent], paid: false }), placed).ok).toBe(true);
    expect(decide(order({ items: [item('ebook', 2)] }), placed).ok).toBe(true);
  });

  it('refuses a cancelled order, an item of another order and items already withdrawn', () => {
    expect(decide(order({ status: 'cancelled' }), placed)).toMatchObject({ type: 'ORDER_CANCELLED' });
    expect(decide(order(), placed, 14, ['fremd'])).toMatchObject({ type: 'ITEM_UNKNOWN' });
    expect(
      decide(order({ earlierWithdrawals: [{ itemIds: ['tasse'], declaredAt: placed }] }), placed),
    ).toMatchObject({
      type: 'ALREADY_WITHDRAWN',
      at: placed,
    });
  });
});

describe("the owner's legal data", () => {
  it('§355 Abs. 2 BGB the withdrawal period is never below 14 days', () => {
    expect(legalDataProblems({ withdrawalPeriodDays: 10 }).withdrawalPeriodDays).toContain(
      'mindestens 14 Tage',
    );
    expect(withdrawalPeriodOf({ withdrawalPeriodDays: 10 })).toBe(14);
    expect(withdrawalPeriodOf({ withdrawalPeriodDays: 30 })).toBe(30);
  });

  it('§5 DDG a GmbH needs its representative and register entry; a sole trader does not', () => {
    const base = { companyName: 'A', street: 'B 1', postalCode: '12345', city: 'C', email: 'a@b.de' };
    expect(missingLegalData({ ...base, legalForm: 'GmbH' })).toEqual([
      'representative',
      'registerCourt',
      'registerNumber',
    ]);
    expect(missingLegalData({ ...base, legalForm: 'Einzelunternehmen' })).toEqual([]);
  });

  it('checks postal code, e-mail and USt-IdNr. with German messages', () => {
    const problems = legalDataProblems({ postalCode: '123', email: 'x', vatId: 'DE12' });
    expect(problems.postalCode).toBe('Bitte gib eine Postleitzahl mit fünf Ziffern ein.');
    expect(problems.email).toBe('Bitte gib eine gültige E-Mail-Adresse ein.');
    expect(problems.vatId).toContain('DE123456789');
    expect(legalDataProblems({ vatId: 'DE 123 456 789' }).vatId).toBeUndefined();
  });
});
