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

/**
 * The owner's own rate for a tax class in a member state, over the table above, in basis points:
 * `{ IE: { reduced: 0 } }` for books at 0 % in Ireland, `{ DK: { reduced: 2500 } }` where the class is
 * standard-rated. The table's one "reduced" rate per country fits most food and books but not every good
 * (Ireland taxes books at 0 %, France newspapers at 2,1 %): the owner who sells such goods sets it here.
 */
export type CountryRateOverrides = Readonly<Record<string, Readonly<Partial<Record<RateClass, number>>>>>;

/** The shop's tax classes as far as the table cares (vat.ts names them TaxClass). */
export type RateClass = 'standard' | 'reduced' | 'zero';

const RATE_CLASSES: readonly RateClass[] = ['standard', 'reduced', 'zero'];

/** The owner's rate for this class in this country, or undefined to take the table's. */
export function overriddenRateOf(
  overrides: CountryRateOverrides | undefined,
  taxClass: RateClass,
  country: string,
): number | undefined {
  const code = String(country ?? '').toUpperCase();
  const rate = overrides?.[code === 'EL' ? 'GR' : code]?.[taxClass];
  return typeof rate === 'number' && Number.isInteger(rate) && rate >= 0 && rate <= MAX_RATE
    ? rate
    : undefined;
}

/** No member state's rate is above 27 %; 30 % leaves room for a change and refuses a typo like 190. */
const MAX_RATE = 3000;

/** One row of the owner's overrides as the editor sends it: country, class and rate in percent. */
export interface CountryRateInput {
  country: string;
  taxClass: string;
  ratePercent: number | string;
}

export type CountryRatesParse =
  | { ok: true; overrides: CountryRateOverrides }
  | { ok: false; fields: Record<string, string> };

/**
 * The owner's override rows checked and made into the table's shape; German messages per row and field
 * (`rows.1.ratePercent`). Percent with a decimal comma or point ("13,5", 4.8), at most two decimals.
 */
export function parseCountryRates(rows: readonly CountryRateInput[]): CountryRatesParse {
  const fields: Record<string, string> = {};
  const overrides: Record<string, Partial<Record<RateClass, number>>> = {};
  rows.forEach((row, i) => {
    const rates = euVatRatesOf(row.country);
    if (!rates) {
      fields[`rows.${i}.country`] = 'Bitte wähle einen Mitgliedstaat der EU.';
      return;
    }
    if (!RATE_CLASSES.includes(row.taxClass as RateClass)) {
      fields[`rows.${i}.taxClass`] =
        'Bitte wähle einen Steuersatz: Regelsteuersatz, ermäßigt oder steuerfrei.';
      return;
    }
    const text = String(row.ratePercent ?? '')
      .trim()
      .replace(',', '.');
    const percent = /^\d{1,2}(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
    const basisPoints = Math.round(percent * 100);
    if (!Number.isFinite(percent) || basisPoints > MAX_RATE) {
      fields[`rows.${i}.ratePercent`] =
        'Bitte gib den Steuersatz in Prozent ein, zwischen 0 und 30, z. B. 0 oder 13,5.';
      return;
    }
    const taxClass = row.taxClass as RateClass;
    if (overrides[rates.country]?.[taxClass] !== undefined) {
      fields[`rows.${i}.country`] = 'Für dieses Land und diesen Steuersatz gibt es schon eine Zeile.';
      return;
    }
    overrides[rates.country] = { ...overrides[rates.country], [taxClass]: basisPoints };
  });
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, overrides };
}

/** The stored overrides as rows for the editor, by country then class. */
export function countryRateRows(overrides: CountryRateOverrides | undefined): CountryRateInput[] {
  const rows: CountryRateInput[] = [];
  for (const country of Object.keys(overrides ?? {}).sort()) {
    for (const taxClass of RATE_CLASSES) {
      const rate = overriddenRateOf(overrides, taxClass, country);
      if (rate !== undefined) rows.push({ country, taxClass, ratePercent: rate / 100 });
    }
  }
  return rows;
}

/** The overrides as the site's settings store them, keeping only member states, classes and rates that make sense. */
export function countryRatesOf(stored: unknown): CountryRateOverrides {
  const result: Record<string, Partial<Record<RateClass, number>>> = {};
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return result;
  for (const [country, rates] of Object.entries(stored as Record<string, unknown>)) {
    const member = euVatRatesOf(country)?.country;
    if (!member || !rates || typeof rates !== 'object') continue;
    for (const taxClass of RATE_CLASSES) {
      const rate = overriddenRateOf({ [member]: rates as Record<RateClass, number> }, taxClass, member);
      if (rate !== undefined) result[member] = { ...result[member], [taxClass]: rate };
    }
  }
  return result;
}
