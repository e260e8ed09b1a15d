// The VAT rates of the EU member states, in one place. Checked on 2026-11-27 against the European
// Commission's Taxes in Europe Database as republished by vatnode/eu-vat-rates-data (MIT) and the
// announced 2025/2026 changes (Estonia 24 % from 1 July 2025, Romania 21 % / 11 % from 1 August 2025,
// Finland 13.5 % from 1 January 2026, Slovakia 23 % from 1 January 2025). Rates change: whoever updates
// this table updates the date above and the test "every member state has its rates".
//
// Rates are basis points (hundredths of a percent), so 25.5 % (Finland) and 13.5 % stay integers.
//
// `reduced` is the one reduced rate the shop's "ermäßigt" tax class takes in that country under OSS: the
// rate most foodstuffs and books take there. Several member states have more than one reduced rate, and
// which one applies depends on the goods (the EU table lists them all in `otherReduced`); a shop selling
// goods with a different reduced rate in a destination country has to check it (docs/decisions note).

export interface VatRatesOfCountry {
  /** ISO 3166-1 alpha-2 (Greece is GR here; its VAT numbers start with EL). */
  country: string;
  standard: number;
  reduced: number;
  otherReduced: readonly number[];
}

const bp = (percent: number) => Math.round(percent * 100);

const row = (
  country: string,
  standard: number,
  reduced: number,
  ...otherReduced: number[]
): VatRatesOfCountry => ({
  country,
  standard: bp(standard),
  reduced: bp(reduced),
  otherReduced: otherReduced.map(bp),
});

/** Date the rates below were checked (ISO). */
export const EU_VAT_RATES_CHECKED = '2026-11-27';

export const EU_VAT_RATES: readonly VatRatesOfCountry[] = [
  row('AT', 20, 10, 13),
  row('BE', 21, 6, 12),
  row('BG', 20, 9),
  row('CY', 19, 5, 9),
  row('CZ', 21, 12),
  row('DE', 19, 7),
  // Denmark has no reduced rate: its "ermäßigt" goods pay the standard rate.
  row('DK', 25, 25),
  row('EE', 24, 9, 13),
  row('ES', 21, 10, 4),
  row('FI', 25.5, 13.5, 10),
  row('FR', 20, 5.5, 10, 2.1),
  row('GR', 24, 13, 6),
  row('HR', 25, 5, 13),
  row('HU', 27, 18, 5),
  row('IE', 23, 13.5, 9, 4.8),
  row('IT', 22, 10, 5, 4),
  row('LT', 21, 9, 5),
  row('LU', 17, 8, 14, 3),
  row('LV', 21, 12, 5),
  row('MT', 18, 7, 5),
  row('NL', 21, 9),
  row('PL', 23, 8, 5),
  row('PT', 23, 6, 13),
  row('RO', 21, 11),
  row('SE', 25, 12, 6),
  row('SI', 22, 9.5, 5),
  row('SK', 23, 19, 5),
];

const byCountry = new Map(EU_VAT_RATES.map((r) => [r.country, r]));

/** The member state's rates; undefined outside the EU. 'EL' (Greece's VAT prefix) is read as GR. */
export function euVatRatesOf(country: string): VatRatesOfCountry | undefined {
  const code = String(country ?? '').toUpperCase();
  return byCountry.get(code === 'EL' ? 'GR' : code);
}

export const isEuMemberState = (country: string): boolean => euVatRatesOf(country) !== undefined;
