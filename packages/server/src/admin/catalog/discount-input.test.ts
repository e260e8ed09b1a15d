import type { Website } from '@baukasten/storage';
import { describe, expect, it } from 'vitest';
import { couponsField } from './store-settings-input.js';
import { storedCoupons } from './store-settings-routes.js';

/* Issue 23: the discount fields of the store settings, checked with German messages per field. */

const messages = (input: unknown) => {
  const result = couponsField.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('discount input', () => {
  it('an automatic discount needs a name, a code discount a code', () => {
    expect(messages([{ automatic: true, kind: 'percent', percentOff: 10 }])).toEqual({
      '0.name':
        'Ein automatischer Rabatt braucht einen Namen, den der Warenkorb zeigt, z. B. „10 % ab 50 €“.',
    });
    expect(messages([{ kind: 'free-shipping' }])).toEqual({
      '0.code': 'Bitte gib einen Gutscheincode ein oder lass den Rabatt automatisch gelten.',
    });
  });

  it('refuses a buy X get Y without numbers and a usage limit of 0', () => {
    expect(messages([{ code: 'DREI', kind: 'buy-x-get-y', buyQuantity: 2, usageLimit: 0 }])).toEqual({
      '0.getQuantity': 'Bei „Kaufe X, erhalte Y gratis“ müssen X und Y ganze Zahlen von 1 bis 100 sein.',
      '0.usageLimit': 'Das Nutzungslimit muss eine ganze Zahl ab 1 sein.',
    });
  });

  it('stores an automatic discount under an id of its own, keeping only what its kind uses', () => {
    const parsed = couponsField.parse([
      {
        automatic: true,
        name: '10 % ab 50 €',
        kind: 'percent',
        percentOff: 10,
        amountOffMinor: 5,
        minimumSubtotalMinor: 5000,
      },
      {
        code: 'gratis',
        kind: 'free-shipping',
        usageLimit: 10,
        usageLimitPerCustomer: 1,
        categoryIds: ['tassen'],
      },
    ]);
    const website = { timeZone: 'Europe/Berlin' } as Website;
    expect(storedCoupons(parsed, website)).toEqual([
      {
        id: 'auto-10-prozent-ab-50',
        automatic: true,
        name: '10 % ab 50 €',
        kind: 'percent',
        percentOff: 10,
        minimumSubtotalMinor: 5000,
      },
      {
        code: 'GRATIS',
        kind: 'free-shipping',
        categoryIds: ['tassen'],
        usageLimit: 10,
        usageLimitPerCustomer: 1,
      },
    ]);
  });
});
