import { germanCountryName } from '@baukasten/commerce';
import { Button, SelectField, TextField } from '../../ui/controls.js';

/*
 * The owner's own VAT rate per EU member state and tax class under OSS (§ 3c UStG): the EU table's one
 * reduced rate per country fits most food and books, not every good (books are 0 % in Ireland), and a class
 * may be standard-rated somewhere. Rows the VAT settings form sends with its other fields.
 */

export const COUNTRY_RATES_TEXTS = {
  legend: 'Eigene Steuersätze je EU-Land',
  intro:
    'Mit One-Stop-Shop gilt für Privatkundschaft in anderen EU-Ländern deren Steuersatz. Die Tabelle kennt je Land einen ermäßigten Satz; weicht er für deine Ware ab (z. B. Bücher 0 % in Irland), trage hier deinen Satz ein.',
  country: 'Land',
  taxClass: 'Steuersatz der Produkte',
  rate: 'Satz in Prozent',
  tableRate: (rate: string) => `Laut EU-Tabelle: ${rate}`,
  add: 'Land hinzufügen',
  remove: 'Entfernen',
  none: 'Noch keine eigenen Sätze: es gilt die EU-Tabelle.',
} as const;

const CLASS_LABELS: Record<string, string> = {
  standard: 'Regelsteuersatz',
  reduced: 'ermäßigt',
  zero: 'steuerfrei',
};

export interface CountryRateRow {
  country: string;
  taxClass: string;
  /** As the owner types it, with a decimal comma. */
  ratePercent: string;
}

export interface EuRates {
  country: string;
  standard: number;
  reduced: number;
}

const percentText = (basisPoints: number) => `${String(basisPoints / 100).replace('.', ',')} %`;

export const rowOf = (row: {
  country: string;
  taxClass: string;
  ratePercent: number | string;
}): CountryRateRow => ({
  ...row,
  ratePercent: String(row.ratePercent).replace('.', ','),
});

export function CountryRatesEditor({
  rows,
  euRates,
  errors,
  onChange,
}: {
  rows: CountryRateRow[];
  euRates: EuRates[];
  /** Messages by `countryRates.<row>.<field>`, as the server answers them. */
  errors: Readonly<Record<string, string>>;
  onChange: (rows: CountryRateRow[]) => void;
}) {
  const countries = [...euRates].sort((a, b) =>
    germanCountryName(a.country).localeCompare(germanCountryName(b.country), 'de'),
  );
  const update = (i: number, change: Partial<CountryRateRow>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...change } : row)));
  const tableRate = (row: CountryRateRow) => {
    const rates = euRates.find((r) => r.country === row.country);
    if (!rates) return undefined;
    if (row.taxClass === 'zero') return percentText(0);
    return percentText(row.taxClass === 'reduced' ? rates.reduced : rates.standard);
  };

  return (
    <fieldset className="field-group">
      <legend>{COUNTRY_RATES_TEXTS.legend}</legend>
      <p className="muted">{COUNTRY_RATES_TEXTS.intro}</p>
      {rows.length === 0 ? <p>{COUNTRY_RATES_TEXTS.none}</p> : null}
      {rows.map((row, i) => {
        const name = germanCountryName(row.country);
        const reference = tableRate(row);
        return (
          // Rows have no id; a row's place is what the server's messages name (countryRates.<row>.<field>).
          <fieldset
            className="row-fields"
            key={i}
            aria-label={`${name}, ${CLASS_LABELS[row.taxClass] ?? ''}`}
          >
            <SelectField
              label={COUNTRY_RATES_TEXTS.country}
              value={row.country}
              error={errors[`countryRates.${i}.country`]}
              onChange={(e) => update(i, { country: e.target.value })}
            >
              {countries.map((c) => (
                <option key={c.country} value={c.country}>
                  {germanCountryName(c.country)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={COUNTRY_RATES_TEXTS.taxClass}
              value={row.taxClass}
              error={errors[`countryRates.${i}.taxClass`]}
              onChange={(e) => update(i, { taxClass: e.target.value })}
            >
              {Object.entries(CLASS_LABELS).map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </SelectField>
            <TextField
              label={COUNTRY_RATES_TEXTS.rate}
              hint={reference ? COUNTRY_RATES_TEXTS.tableRate(reference) : undefined}
              inputMode="decimal"
              autoComplete="off"
              value={row.ratePercent}
              error={errors[`countryRates.${i}.ratePercent`]}
              onChange={(e) => update(i, { ratePercent: e.target.value })}
            />
            <Button type="button" variant="quiet" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              {COUNTRY_RATES_TEXTS.remove}
              <span className="visually-hidden"> ({name})</span>
            </Button>
          </fieldset>
        );
      })}
      <div>
        <Button
          type="button"
          onClick={() => onChange([...rows, { country: 'IE', taxClass: 'reduced', ratePercent: '' }])}
        >
          {COUNTRY_RATES_TEXTS.add}
        </Button>
      </div>
    </fieldset>
  );
}
