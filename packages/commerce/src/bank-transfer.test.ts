import { describe, expect, it } from 'vitest';
import {
  BANK_TRANSFER_MESSAGES,
  bankAccountProblems,
  bankTransferDueAt,
  bicProblem,
  formatIban,
  giroCodePayload,
  ibanProblem,
  normaliseIban,
} from './bank-transfer.js';

// Published example IBANs (banks' and registries' specimens), each checked to pass mod-97 independently.
const VALID_IBANS = [
  'DE89 3704 0044 0532 0130 00',
  'GB82 WEST 1234 5698 7654 32',
  'AT61 1904 3002 3457 3201',
  'FR14 2004 1010 0505 0001 3M02 606',
  'NL91 ABNA 0417 1643 00',
  'CH93 0076 2011 6238 5295 7',
  'BE68 5390 0754 7034',
  'ES91 2100 0418 4502 0005 1332',
  'IT60 X054 2811 1010 0000 0123 456',
  'NO93 8601 1117 947',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
];

const shopAccount = {
  accountHolder: 'Kaffeerösterei Müller GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
};

describe('IBAN', () => {
  it.each(VALID_IBANS)('accepts the valid IBAN %s', (iban) => {
    expect(ibanProblem(iban)).toBeUndefined();
  });

  it('accepts an IBAN however it was copied: lower case, dashes, non-breaking spaces', () => {
    expect(ibanProblem('de89-3704-0044\u00a00532 0130 00')).toBeUndefined();
    expect(normaliseIban('de89 3704.0044 0532 0130 00')).toBe('DE89370400440532013000');
  });

  it('refuses a typo in one digit because the mod-97 check digits no longer match', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 01')).toBe(BANK_TRANSFER_MESSAGES.ibanChecksum);
    // Two swapped neighbouring digits, the commonest typing mistake.
    expect(ibanProblem('DE89 3704 0044 0532 0103 00')).toBe(BANK_TRANSFER_MESSAGES.ibanChecksum);
    expect(ibanProblem('GB82 WEST 1234 5698 7654 31')).toBe(BANK_TRANSFER_MESSAGES.ibanChecksum);
  });

  it('names the length a German IBAN must have when a digit is missing', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 0')).toBe(
      'Eine IBAN aus DE hat 22 Zeichen. Bitte prüfe, ob eine Stelle fehlt oder zu viel ist.',
    );
  });

  it('refuses an empty IBAN, one with other characters, and one from outside SEPA', () => {
    expect(ibanProblem('  ')).toBe(BANK_TRANSFER_MESSAGES.ibanMissing);
    expect(ibanProblem('DE89 3704 0044 0532 0130 0€')).toBe(BANK_TRANSFER_MESSAGES.ibanCharacters);
    expect(ibanProblem('3704 0044 0532 0130 00')).toBe(BANK_TRANSFER_MESSAGES.ibanCharacters);
    // A valid Brazilian IBAN: correct checksum, but no SEPA transfer (and no GiroCode) can reach it.
    expect(ibanProblem('BR15 0000 0000 0000 1093 2840 814P 2')).toBe(BANK_TRANSFER_MESSAGES.ibanCountry);
  });

  it('prints an IBAN in groups of four', () => {
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});

describe('BIC', () => {
  it('accepts 8 and 11 character BICs in any case', () => {
    expect(bicProblem('COBADEFF')).toBeUndefined();
    expect(bicProblem('cobadeffxxx')).toBeUndefined();
    expect(bicProblem('GENO DEF1 S08')).toBeUndefined();
  });

  it('refuses BICs of the wrong length or with digits in the bank code', () => {
    expect(bicProblem('COBADEF')).toBe(BANK_TRANSFER_MESSAGES.bicFormat);
    expect(bicProblem('COBADEFFXX')).toBe(BANK_TRANSFER_MESSAGES.bicFormat);
    expect(bicProblem('C0BADEFFXXX')).toBe(BANK_TRANSFER_MESSAGES.bicFormat);
  });
});

describe('bank details of the shop', () => {
  it('has no problem with complete details, and the BIC may be left out', () => {
    expect(bankAccountProblems(shopAccount)).toEqual({});
    expect(bankAccountProblems({ ...shopAccount, bic: '' })).toEqual({});
  });

  it('names every wrong field at once', () => {
    expect(bankAccountProblems({ accountHolder: ' ', iban: 'DE00 1234', bic: 'XYZ' })).toEqual({
      accountHolder: BANK_TRANSFER_MESSAGES.holderMissing,
      iban: BANK_TRANSFER_MESSAGES.ibanLength('DE', 22),
      bic: BANK_TRANSFER_MESSAGES.bicFormat,
    });
    expect(bankAccountProblems({ ...shopAccount, accountHolder: 'x'.repeat(71) }).accountHolder).toBe(
      BANK_TRANSFER_MESSAGES.holderTooLong,
    );
  });
});

describe('GiroCode (EPC069-12 payload)', () => {
  it('writes service tag, version 002, UTF-8, SCT, BIC, name, IBAN, amount and the order number', () => {
    const result = giroCodePayload({
      account: shopAccount,
      amountMinor: 1234,
      currency: 'EUR',
      remittance: '1042',
    });
    expect(result).toEqual({
      ok: true,
      payload: [
        'BCD',
        '002',
        '1',
        'SCT',
        'COBADEFFXXX',
        'Kaffeerösterei Müller GmbH',
        'DE89370400440532013000',
        'EUR12.34',
        '',
        '',
        '1042',
      ].join('\n'),
    });
  });

  it('writes the amount from minor units with two decimals, never through a float', () => {
    const payload = (amountMinor: number) =>
      (
        giroCodePayload({ account: shopAccount, amountMinor, currency: 'EUR', remittance: '7' }) as {
          payload: string;
        }
      ).payload;
    expect(payload(1).split('\n')[7]).toBe('EUR0.01');
    expect(payload(1000).split('\n')[7]).toBe('EUR10.00');
    expect(payload(99_999_999_999).split('\n')[7]).toBe('EUR999999999.99');
  });

  it('leaves the BIC element empty when the owner gave none (allowed in version 002)', () => {
    const result = giroCodePayload({
      account: { ...shopAccount, bic: undefined },
      amountMinor: 500,
      currency: 'EUR',
      remittance: '1',
    });
    expect(result.ok && result.payload.split('\n').slice(3, 6)).toEqual([
      'SCT',
      '',
      'Kaffeerösterei Müller GmbH',
    ]);
  });

  it('keeps a line break in the name or remittance from shifting the elements', () => {
    const result = giroCodePayload({
      account: { ...shopAccount, accountHolder: 'Müller\nGmbH' },
      amountMinor: 500,
      currency: 'EUR',
      remittance: 'Bestellung\r\n1042',
    });
    expect(result.ok && result.payload.split('\n')).toHaveLength(11);
    expect(result.ok && result.payload.split('\n')[10]).toBe('Bestellung 1042');
  });

  it('refuses other currencies, zero or too large amounts, bad IBANs and too long texts', () => {
    const base = { account: shopAccount, amountMinor: 500, currency: 'EUR', remittance: '1' };
    expect(giroCodePayload({ ...base, currency: 'CHF' })).toEqual({
      ok: false,
      problem: BANK_TRANSFER_MESSAGES.currencyNotEuro,
    });
    expect(giroCodePayload({ ...base, amountMinor: 0 })).toMatchObject({ ok: false });
    expect(giroCodePayload({ ...base, amountMinor: 100_000_000_000 })).toMatchObject({ ok: false });
    expect(giroCodePayload({ ...base, amountMinor: 12.5 })).toMatchObject({ ok: false });
    expect(giroCodePayload({ ...base, account: { ...shopAccount, iban: 'DE89370400440532013001' } })).toEqual(
      {
        ok: false,
        problem: BANK_TRANSFER_MESSAGES.ibanChecksum,
      },
    );
    expect(giroCodePayload({ ...base, remittance: 'x'.repeat(141) })).toEqual({
      ok: false,
      problem: BANK_TRANSFER_MESSAGES.referenceTooLong,
    });
    expect(giroCodePayload({ ...base, remittance: 'x'.repeat(140) }).ok).toBe(true);
  });
});

it('lets an unpaid Vorkasse order lapse the given number of whole days after it was placed', () => {
  const placed = Date.UTC(2025, 0, 1, 12);
  expect(bankTransferDueAt(placed, 14)).toBe(Date.UTC(2025, 0, 15, 12));
  expect(bankTransferDueAt(placed, 0)).toBe(Date.UTC(2025, 0, 2, 12));
});
