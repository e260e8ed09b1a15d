import { describe, expect, it } from 'vitest';
import { ProductType } from '../product-display.js';
import { checkTrackingNumber, trackingUrlOf } from './carriers.js';
import { checkShipment, fulfilmentStatusOf } from './fulfilment-status.js';
import { checkReturn, returnableQuantities, suggestedRefundMinor } from './order-returns.js';

describe('tracking numbers', () => {
  it('a DHL number typed with spaces becomes a link to the DHL tracking page', () => {
    const check = checkTrackingNumber('dhl', '0034 0434 1234 5678 9012');
    expect(check).toEqual({ ok: true, trackingNumber: '00340434123456789012' });
    expect(trackingUrlOf('dhl', '00340434123456789012')).toBe(
      'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434123456789012',
    );
  });

  it('every carrier links its own tracking page', () => {
    expect(trackingUrlOf('dpd', '01234567890123')).toContain('tracking.dpd.de');
    expect(trackingUrlOf('hermes', '12345678901234')).toContain('myhermes.de');
    expect(trackingUrlOf('gls', '12345678901')).toContain('gls-group.com');
    expect(trackingUrlOf('ups', '1Z999AA10123456784')).toContain('ups.com');
    expect(trackingUrlOf('deutsche-post', 'RR123456789DE')).toContain('deutschepost.de');
    expect(trackingUrlOf('dhl', '')).toBeUndefined();
  });

  it('a UPS number entered for DPD is refused in German, naming the format', () => {
    const check = checkTrackingNumber('dpd', '1Z999AA10123456784');
    expect(check).toEqual({
      ok: false,
      message: 'Diese Sendungsnummer passt nicht zu DPD. Eine DPD-Sendungsnummer hat 14 Ziffern.',
    });
  });

  it('an unknown carrier and odd characters are refused; no number at all is allowed', () => {
    expect(checkTrackingNumber('fedex', '123')).toMatchObject({ ok: false });
    expect(checkTrackingNumber('dhl', '1234567890#12')).toMatchObject({
      ok: false,
      message: 'Die Sendungsnummer darf nur Buchstaben und Ziffern enthalten.',
    });
    expect(checkTrackingNumber('deutsche-post', '  ')).toEqual({ ok: true, trackingNumber: '' });
  });
});

const lines = [
  { id: 'a', productName: 'Becher', quantity: 2, productType: ProductType.PHYSICAL, unitPriceMinor: 1500 },
  { id: 'b', productName: 'Teller', quantity: 1, productType: ProductType.PHYSICAL, unitPriceMinor: 2500 },
  { id: 'c', productName: 'E-Book', quantity: 1, productType: ProductType.DIGITAL, unitPriceMinor: 900 },
];

describe('fulfilment status', () => {
  it('goes from not shipped to partly shipped to shipped; downloads never wait for a parcel', () => {
    expect(fulfilmentStatusOf(lines, [])).toBe('unfulfilled');
    const first = { lines: [{ orderItemId: 'a', quantity: 1 }] };
    expect(fulfilmentStatusOf(lines, [first])).toBe('partly-shipped');
    const second = {
      lines: [
        { orderItemId: 'a', quantity: 1 },
        { orderItemId: 'b', quantity: 1 },
      ],
    };
    expect(fulfilmentStatusOf(lines, [first, second])).toBe('shipped');
    expect(fulfilmentStatusOf([lines[2]], [])).toBe('not-needed');
  });

  it('"ship the rest" takes what is left; more than is left is refused', () => {
    const first = { lines: [{ orderItemId: 'a', quantity: 1 }] };
    expect(checkShipment(lines, [first], 'rest')).toEqual({
      ok: true,
      lines: [
        { orderItemId: 'a', quantity: 1 },
        { orderItemId: 'b', quantity: 1 },
      ],
    });
    expect(checkShipment(lines, [first], [{ orderItemId: 'a', quantity: 2 }])).toEqual({
      ok: false,
      message: 'Von „Becher“ sind nur noch 1 Stück zu versenden.',
    });
    expect(checkShipment(lines, [], [{ orderItemId: 'c', quantity: 1 }])).toMatchObject({ ok: false });
    const all = {
      lines: [
        { orderItemId: 'a', quantity: 2 },
        { orderItemId: 'b', quantity: 1 },
      ],
    };
    expect(checkShipment(lines, [all], 'rest')).toEqual({
      ok: false,
      message: 'Alle Artikel dieser Bestellung sind schon versandt.',
    });
  });
});

describe('returns', () => {
  it('a line comes back at most as often as it was bought, across returns', () => {
    const earlier = [{ lines: [{ orderItemId: 'a', quantity: 1 }] }];
    expect(returnableQuantities(lines, earlier).get('a')).toBe(1);
    expect(checkReturn(lines, earlier, [{ orderItemId: 'a', quantity: 2 }])).toEqual({
      ok: false,
      message: 'Von „Becher“ können höchstens noch 1 Stück zurückkommen.',
    });
    expect(checkReturn(lines, earlier, [{ orderItemId: 'a', quantity: 0 }])).toMatchObject({ ok: false });
    expect(checkReturn(lines, earlier, [{ orderItemId: 'a', quantity: 1 }])).toEqual({
      ok: true,
      lines: [{ orderItemId: 'a', quantity: 1 }],
    });
  });

  it('suggests the price of the returned pieces as the refund, in cents', () => {
    expect(
      suggestedRefundMinor(lines, [
        { orderItemId: 'a', quantity: 2 },
        { orderItemId: 'b', quantity: 1 },
      ]),
    ).toBe(5500);
  });
});
