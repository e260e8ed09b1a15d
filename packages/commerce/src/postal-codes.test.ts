import { describe, expect, it } from 'vitest';
import { ADDRESS_LABELS, addressLabel } from './address-form.js';
import { isKnownRegion, REGION_COUNTRIES, regionLabelKey, regionsFor } from './address-regions.js';
import {
  parsePostalPrefix,
  postalCodeExample,
  postalCodeMatchesPrefix,
  postalCodeProblem,
  postalPrefixHint,
} from './postal-codes.js';

describe('address form', () => {
  it('R3.23.1 R3.23.2 every label has a singular and a plural form', () => {
    expect(Object.keys(ADDRESS_LABELS)).toEqual([
      'address',
      'addressLine2',
      'routingKey',
      'postalCode',
      'region',
      'province',
      'stateTerritory',
      'county',
      'city',
    ]);
    expect(addressLabel('postalCode')).toBe('Postleitzahl');
    expect(addressLabel('postalCode', 3)).toBe('Postleitzahlen');
    expect(addressLabel('province', 0)).toBe('Provinzen');
  });

  it('R3.23.3 offers regions for the twelve countries', () => {
    expect([...REGION_COUNTRIES].sort()).toEqual([
      'AU',
      'CA',
      'DE',
      'ES',
      'FR',
      'GB',
      'IE',
      'NL',
      'NO',
      'NZ',
      'SE',
      'US',
    ]);
    expect(regionsFor('UK')).toBe(regionsFor('GB'));
    expect(regionsFor('DE')).toHaveLength(16);
    expect(regionsFor('CA')).toHaveLength(13);
    expect(regionsFor('AU')).toHaveLength(8);
    expect(regionsFor('NL')).toHaveLength(12);
    expect(regionsFor('IE')).toHaveLength(26);
    expect(regionsFor('US').find((r) => r.code === 'NY')?.name).toBe('New York');
    expect(regionsFor('DE').find((r) => r.code === 'BY')?.name).toBe('Bayern');
    expect(regionsFor('IT')).toEqual([]);
  });

  it('R3.23.3 names the region field after the country', () => {
    expect(addressLabel(regionLabelKey('US'))).toBe('Bundesstaat/Territorium');
    expect(addressLabel(regionLabelKey('CA'))).toBe('Provinz');
    expect(addressLabel(regionLabelKey('IE'))).toBe('Grafschaft');
    expect(addressLabel(regionLabelKey('IT'))).toBe('Region');
  });

  it('R3.23.3 accepts a region by code or name, free text elsewhere', () => {
    expect(isKnownRegion('CA', 'qc')).toBe(true);
    expect(isKnownRegion('CA', 'Quebec')).toBe(true);
    expect(isKnownRegion('CA', 'Texas')).toBe(false);
    expect(isKnownRegion('IT', 'Lombardia')).toBe(true);
  });
});

describe('postal code validation', () => {
  it.each([
    ['US', '10013'],
    ['US', '10013-1234'],
    ['DE', '10115'],
    ['FR', '75008'],
    ['ES', '28013'],
    ['SE', '114 55'],
    ['SE', '11455'],
    ['NO', '0150'],
    ['AU', '2000'],
    ['CA', 'K1A 0B1'],
    ['CA', 'k1a0b1'],
    ['GB', 'SW1A 1AA'],
    ['UK', 'M1 1AE'],
    ['IE', 'D02 X285'],
    ['IE', 'D6W1234'],
    ['NL', '1012 AB'],
    ['IT', '00118'],
    ['JP', '100-0001'],
  ])('R5.7.3 %s %s is valid', (country, code) => {
    expect(postalCodeProblem(country, code)).toBeNull();
  });

  it.each([
    ['NO', '150', 'Die Postleitzahl muss aus vier Ziffern bestehen.'],
    ['AU', '20000', 'Die Postleitzahl muss aus vier Ziffern bestehen.'],
    ['DE', '1011', 'Die Postleitzahl muss aus fünf Ziffern bestehen.'],
    ['US', '1001A', 'Die Postleitzahl muss aus fünf Ziffern bestehen.'],
    ['SE', '114 5', 'Die Postleitzahl muss aus fünf Ziffern bestehen.'],
    ['CA', 'D1A 0B1', 'Der FSA-Code ist ungültig.'],
    ['CA', 'K1A 0B', 'Ungültige Postleitzahl.'],
    ['GB', 'SW1A', 'Ungültige Postleitzahl.'],
    ['IE', 'B02 X285', 'Ungültige Postleitzahl.'],
    ['NL', '1012 SA', 'Ungültige Postleitzahl.'],
    ['JP', '!', 'Ungültige Postleitzahl.'],
    ['DE', '  ', 'Erforderlich'],
  ])('R5.7.1 R5.7.2 R5.7.3 R5.7.4 %s %j gives %s', (country, code, message) => {
    expect(postalCodeProblem(country, code)).toBe(message);
  });
});

describe('short postal entries', () => {
  it('R5.7.5 a Canadian FSA keeps the first three characters only', () => {
    expect(parsePostalPrefix('CA', 'k1a 0b1')).toEqual({ ok: true, prefix: 'K1A' });
    expect(parsePostalPrefix('CA', 'Z1A')).toEqual({ ok: false, message: 'Der FSA-Code ist ungültig.' });
    expect(postalPrefixHint('CA')).toContain('ersten drei Zeichen');
  });

  it('R5.7.6 an Eircode keeps its first three characters only', () => {
    expect(parsePostalPrefix('IE', 'D02 X285')).toEqual({ ok: true, prefix: 'D02' });
    expect(parsePostalPrefix('IE', 'd6w')).toEqual({ ok: true, prefix: 'D6W' });
    expect(postalPrefixHint('IE')).toContain('ersten drei Zeichen des Eircodes');
  });

  it('R5.7.7 a UK entry is the 1 to 4 character outcode', () => {
    expect(parsePostalPrefix('GB', 'SW1A 1AA')).toEqual({ ok: true, prefix: 'SW1A' });
    expect(parsePostalPrefix('GB', 'sw1a1aa')).toEqual({ ok: true, prefix: 'SW1A' });
    expect(parsePostalPrefix('UK', 'M1')).toEqual({ ok: true, prefix: 'M1' });
    expect(parsePostalPrefix('GB', 'SW1AB').ok).toBe(false);
    expect(postalPrefixHint('GB')).toContain('1 bis 4 Zeichen');
  });

  it('R5.7.8 other countries take up to three digits', () => {
    expect(parsePostalPrefix('DE', '10115')).toEqual({ ok: true, prefix: '101' });
    expect(parsePostalPrefix('US', '9')).toEqual({ ok: true, prefix: '9' });
    expect(parsePostalPrefix('DE', 'ABC')).toEqual({ ok: false, message: 'Ungültige Postleitzahl.' });
    expect(postalPrefixHint('DE')).toContain('drei Ziffern');
  });

  it('R5.7.5 R5.7.7 R5.7.8 full codes match their zone entries', () => {
    expect(postalCodeMatchesPrefix('DE', '10115', '101')).toBe(true);
    expect(postalCodeMatchesPrefix('DE', '20095', '101')).toBe(false);
    expect(postalCodeMatchesPrefix('CA', 'K1A 0B1', 'K1A')).toBe(true);
    expect(postalCodeMatchesPrefix('GB', 'SW1A 1AA', 'SW1A')).toBe(true);
    expect(postalCodeMatchesPrefix('GB', 'SW1 1AA', 'SW1A')).toBe(false);
  });

  it('R5.7.9 example formats for ES, UK, CA, US, FR, NO, SE and IE are themselves valid', () => {
    for (const country of ['ES', 'UK', 'CA', 'US', 'FR', 'NO', 'SE', 'IE']) {
      const example = postalCodeExample(country);
      expect(example, country).not.toBeNull();
      expect(postalCodeProblem(country, example), country).toBeNull();
    }
    expect(postalCodeExample('IT')).toBeNull();
  });
});
