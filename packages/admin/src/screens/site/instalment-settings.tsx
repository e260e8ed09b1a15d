import { INSTALMENT_PROVIDER_NAMES, instalmentProvider } from '@baukasten/commerce';
import { Checkbox, TextField } from '../../ui/controls.js';
import { amountText, parseAmount } from '../../ui/format.js';

/*
 * The instalment teaser of product pages (spec 1, 4 and 5) as the owner sets it in the general
 * settings: whether the provider is offered, the price range it takes and the payment account's
 * country, which decides between Afterpay, Clearpay (GB) and Klarna. Saved as `settings.instalments`
 * (PATCH /sites/:id), whole; the server checks it again (admin-input.ts instalmentSettingsInput).
 */

export const INSTALMENT_TEXTS = {
  legend: 'Ratenzahlung',
  hint: 'Produktseiten zeigen dann „oder 4 zinsfreie Zahlungen“ für Preise im angegebenen Bereich.',
  available: 'Ratenzahlung auf Produktseiten anbieten',
  min: 'Ab Preis (ausschließlich)',
  max: 'Bis Preis (einschließlich)',
  country: 'Land des Zahlungskontos (z. B. US)',
  provider: (name: string) => `Anbieter: ${name}`,
  countryInvalid: 'Bitte gib das Land als Code aus zwei Buchstaben an, z. B. „US“.',
  maxMissing: 'Bitte gib den Höchstbetrag an.',
  rangeInvalid: 'Der Höchstbetrag muss größer als der Mindestbetrag sein.',
  amountInvalid: 'Bitte gib einen Betrag wie 12,50 ein.',
} as const;

/** The stored shape (minor units), as the site view shows it. */
export interface InstalmentSettings {
  afterPayAvailable: boolean;
  afterPayMin: number;
  afterPayMax: number;
  stripeAccountCountry: string;
}

export interface InstalmentRows {
  available: boolean;
  min: string;
  max: string;
  country: string;
}

const FIELD = 'settings.instalments';

export function instalmentRowsOf(
  stored: Partial<InstalmentSettings> | undefined,
  currency: string,
): InstalmentRows {
  return {
    available: stored?.afterPayAvailable === true,
    min: amountText(stored?.afterPayMin, currency),
    max: amountText(stored?.afterPayMax, currency),
    country: stored?.stripeAccountCountry ?? '',
  };
}

/**
 * The settings to send, or the problems by field. Nothing is sent while the teaser was never set and
 * stays off; switched off after it was on, the stored range and country are kept for next time.
 */
export function instalmentRequestOf(
  rows: InstalmentRows,
  stored: Partial<InstalmentSettings> | undefined,
  currency: string,
): { settings?: InstalmentSettings; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const min = rows.min.trim() === '' ? 0 : parseAmount(rows.min, currency);
  const max = rows.max.trim() === '' ? null : parseAmount(rows.max, currency);
  const country = rows.country.trim().toUpperCase();
  if (min === null) problems[`${FIELD}.afterPayMin`] = INSTALMENT_TEXTS.amountInvalid;
  if (max === null) {
    problems[`${FIELD}.afterPayMax`] =
      rows.max.trim() === '' ? INSTALMENT_TEXTS.maxMissing : INSTALMENT_TEXTS.amountInvalid;
  } else if (min !== null && max <= min) problems[`${FIELD}.afterPayMax`] = INSTALMENT_TEXTS.rangeInvalid;
  if (!/^[A-Z]{2}$/.test(country))
    problems[`${FIELD}.stripeAccountCountry`] = INSTALMENT_TEXTS.countryInvalid;
  const complete = Object.keys(problems).length === 0;
  if (!rows.available) {
    // Off: the typed range is kept when it is complete, else the stored one; never set, nothing at all.
    if (complete)
      return {
        settings: {
          afterPayAvailable: false,
          afterPayMin: min!,
          afterPayMax: max!,
          stripeAccountCountry: country,
        },
        problems: {},
      };
    if (stored?.afterPayAvailable !== undefined) {
      return { settings: { ...(stored as InstalmentSettings), afterPayAvailable: false }, problems: {} };
    }
    return { problems: {} };
  }
  if (!complete) return { problems };
  return {
    settings: {
      afterPayAvailable: true,
      afterPayMin: min!,
      afterPayMax: max!,
      stripeAccountCountry: country,
    },
    problems,
  };
}

export function InstalmentFields({
  rows,
  currency,
  errors,
  onChange,
}: {
  rows: InstalmentRows;
  currency: string;
  errors: Readonly<Record<string, string | undefined>>;
  onChange: (rows: InstalmentRows) => void;
}) {
  const set = (patch: Partial<InstalmentRows>) => onChange({ ...rows, ...patch });
  const country = rows.country.trim().toUpperCase();
  return (
    <fieldset className="field-group">
      <legend>{INSTALMENT_TEXTS.legend}</legend>
      <p className="muted">{INSTALMENT_TEXTS.hint}</p>
      <Checkbox
        label={INSTALMENT_TEXTS.available}
        checked={rows.available}
        onChange={(e) => set({ available: e.target.checked })}
      />
      <TextField
        label={`${INSTALMENT_TEXTS.min} (${currency})`}
        inputMode="decimal"
        value={rows.min}
        onChange={(e) => set({ min: e.target.value })}
        error={errors[`${FIELD}.afterPayMin`]}
      />
      <TextField
        label={`${INSTALMENT_TEXTS.max} (${currency})`}
        inputMode="decimal"
        value={rows.max}
        onChange={(e) => set({ max: e.target.value })}
        error={errors[`${FIELD}.afterPayMax`]}
      />
      <TextField
        label={INSTALMENT_TEXTS.country}
        value={rows.country}
        maxLength={2}
        autoComplete="off"
        onChange={(e) => set({ country: e.target.value })}
        error={errors[`${FIELD}.stripeAccountCountry`]}
        hint={
          /^[A-Z]{2}$/.test(country)
            ? INSTALMENT_TEXTS.provider(INSTALMENT_PROVIDER_NAMES[instalmentProvider(country)])
            : undefined
        }
      />
    </fieldset>
  );
}
