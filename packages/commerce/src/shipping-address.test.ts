import { describe, expect, it } from 'vitest';
import { shippingAddressProblems } from './shipping-address.js';

const good = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  line1: 'Hauptstraße 1',
  city: 'Berlin',
  postalCode: '10115',
  country: 'DE',
};

describe('shippingAddressProblems', () => {
  it('R5.6.1 accepts a complete German address', () => {
    expect(shippingAddressProblems(good)).toEqual({});
  });

  it('R5.6.1 names empty fields and a German postal code that is not five digits', () => {
    expect(shippingAddressProblems({ ...good, firstName: ' ', postalCode: '1011' })).toEqual({
      firstName: 'Erforderlich',
      postalCode: expect.stringMatching(/fünf|5/i),
    });
  });

  it('R5.6.1 applies the rule of the address country (Austria: four digits)', () => {
    expect(shippingAddressProblems({ ...good, country: 'AT', postalCode: '1010' })).toEqual({});
    expect(shippingAddressProblems({ ...good, country: 'AT', postalCode: '10115' }).postalCode).toBeTruthy();
  });

  it('R5.6.1 refuses a missing country and an unknown region', () => {
    expect(shippingAddressProblems({ ...good, country: '' }).country).toBe('Bitte wähle ein Land.');
    expect(shippingAddressProblems({ ...good, region: 'Atlantis' }).region).toBe(
      'Bitte wähle eine Region aus der Liste.',
    );
  });
});
