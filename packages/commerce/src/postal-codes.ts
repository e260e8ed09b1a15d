// Postal codes per country (spec 5): full validation with German messages, the short entries used
// for shipping and tax zones (Canadian FSA, Eircode routing key, UK outcode, leading digits), and an
// example format to show as placeholder.

import { normaliseCountryCode } from './address-regions.js';

export const POSTAL_CODE_MESSAGES = {
  fourDigits: 'Die Postleitzahl muss aus vier Ziffern bestehen.',
  fiveDigits: 'Die Postleitzahl muss aus fünf Ziffern bestehen.',
  invalid: 'Ungültige Postleitzahl.',
  fsaInvalid: 'Der FSA-Code ist ungültig.',
  required: 'Erforderlich',
} as const;

/** Example formats shown as placeholders (spec 5). */
export const POSTAL_CODE_EXAMPLES: Readonly<Record<string, string>> = {
  ES: '28013',
  GB: 'SW1A 1AA',
  CA: 'K1A 0B1',
  US: '10013',
  FR: '75008',
  NO: '0150',
  SE: '114 55',
  IE: 'D02 X285',
};

const FOUR_DIGITS = new Set([
  'AT',
  'AU',
  'BE',
  'BG',
  'CH',
  'CY',
  'DK',
  'HU',
  'LU',
  'NO',
  'NZ',
  'PH',
  'SI',
  'ZA',
]);
const FIVE_DIGITS = new Set([
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IT',
  'LT',
  'MX',
  'MY',
  'SE',
  'TH',
  'US',
]);

/** A Canadian forward sortation area: letter (not D F I O Q U W Z), digit, letter (not D F I O Q U). */
const FSA = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]$/;
const CA_LDU = /^\d[ABCEGHJ-NPRSTV-Z]\d$/;
const EIRCODE_ROUTING_KEY = /^([AC-FHKNPRTV-Y]\d{2}|D6W)$/;
const EIRCODE = /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/;
const UK_OUTCODE = /^([A-Z]{1,2}\d[A-Z\d]?|GIR)$/;
const UK_POSTCODE = /^(([A-Z]{1,2}\d[A-Z\d]?) ?\d[ABD-HJLNP-UW-Z]{2}|GIR ?0AA)$/;
const NL_POSTCODE = /^[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}$/;

function clean(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
}

/**
 * The German problem with a postal code for that country, or null when it is valid. Countries
 * without a known rule accept 2 to 10 letters, digits, spaces and hyphens.
 */
export function postalCodeProblem(
  country: string | null | undefined,
  postalCode: string | null | undefined,
): string | null {
  const code = clean(postalCode);
  if (code === '') return POSTAL_CODE_MESSAGES.required;
  const iso = normaliseCountryCode(country);
  if (iso === 'US') return /^\d{5}(-\d{4})?$/.test(code) ? null : POSTAL_CODE_MESSAGES.fiveDigits;
  if (iso === 'SE') return /^\d{3} ?\d{2}$/.test(code) ? null : POSTAL_CODE_MESSAGES.fiveDigits;
  if (FIVE_DIGITS.has(iso)) return /^\d{5}$/.test(code) ? null : POSTAL_CODE_MESSAGES.fiveDigits;
  if (FOUR_DIGITS.has(iso)) return /^\d{4}$/.test(code) ? null : POSTAL_CODE_MESSAGES.fourDigits;
  if (iso === 'CA') {
    const compact = code.replace(' ', '');
    if (!FSA.test(compact.slice(0, 3))) return POSTAL_CODE_MESSAGES.fsaInvalid;
    return compact.length === 6 && CA_LDU.test(compact.slice(3)) ? null : POSTAL_CODE_MESSAGES.invalid;
  }
  if (iso === 'GB') return UK_POSTCODE.test(code) ? null : POSTAL_CODE_MESSAGES.invalid;
  if (iso === 'IE') return EIRCODE.test(code) ? null : POSTAL_CODE_MESSAGES.invalid;
  if (iso === 'NL') return NL_POSTCODE.test(code) ? null : POSTAL_CODE_MESSAGES.invalid;
  return /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/.test(code) ? null : POSTAL_CODE_MESSAGES.invalid;
}

export function isValidPostalCode(
  country: string | null | undefined,
  postalCode: string | null | undefined,
): boolean {
  return postalCodeProblem(country, postalCode) === null;
}

export type PostalPrefixKind = 'fsa' | 'routing-key' | 'outcode' | 'digits';

/** What a shipping or tax zone takes as its short postal entry in that country. */
export function postalPrefixKind(country: string | null | undefined): PostalPrefixKind {
  const iso = normaliseCountryCode(country);
  if (iso === 'CA') return 'fsa';
  if (iso === 'IE') return 'routing-key';
  if (iso === 'GB') return 'outcode';
  return 'digits';
}

/** German entry hint for the short postal entry (spec 5). */
export function postalPrefixHint(country: string | null | undefined): string {
  switch (postalPrefixKind(country)) {
    case 'fsa':
      return 'Nur die ersten drei Zeichen der Postleitzahl (FSA) eingeben, z. B. K1A.';
    case 'routing-key':
      return 'Nur die ersten drei Zeichen des Eircodes (Routing-Schlüssel) eingeben, z. B. D02.';
    case 'outcode':
      return 'Nur den ersten Teil der Postleitzahl (Outcode, 1 bis 4 Zeichen) eingeben, z. B. SW1A.';
    default:
      return 'Bis zu drei Ziffern am Anfang der Postleitzahl eingeben, z. B. 100.';
  }
}

/**
 * Reads a short postal entry: a Canadian FSA or an Eircode routing key keep their first three
 * characters only, a UK entry keeps the outcode (the part before the space), others keep up to
 * three leading digits. Returns the normalised entry or the German problem.
 */
export function parsePostalPrefix(
  country: string | null | undefined,
  entry: string | null | undefined,
): { ok: true; prefix: string } | { ok: false; message: string } {
  const text = clean(entry);
  if (text === '') return { ok: false, message: POSTAL_CODE_MESSAGES.required };
  switch (postalPrefixKind(country)) {
    case 'fsa': {
      const fsa = text.replace(' ', '').slice(0, 3);
      return FSA.test(fsa)
        ? { ok: true, prefix: fsa }
        : { ok: false, message: POSTAL_CODE_MESSAGES.fsaInvalid };
    }
    case 'routing-key': {
      const key = text.replace(' ', '').slice(0, 3);
      return EIRCODE_ROUTING_KEY.test(key)
        ? { ok: true, prefix: key }
        : { ok: false, message: POSTAL_CODE_MESSAGES.invalid };
    }
    case 'outcode': {
      // A full postcode typed without its space still ends in the three-character incode.
      const outcode = !text.includes(' ') && UK_POSTCODE.test(text) ? text.slice(0, -3) : text.split(' ')[0];
      return UK_OUTCODE.test(outcode)
        ? { ok: true, prefix: outcode }
        : { ok: false, message: POSTAL_CODE_MESSAGES.invalid };
    }
    default: {
      const digits = /^\d{1,3}/.exec(text)?.[0];
      return digits ? { ok: true, prefix: digits } : { ok: false, message: POSTAL_CODE_MESSAGES.invalid };
    }
  }
}

/** Whether a full postal code falls under a short zone entry of the same country. */
export function postalCodeMatchesPrefix(
  country: string | null | undefined,
  postalCode: string,
  prefix: string,
): boolean {
  const parsed = parsePostalPrefix(country, postalCode);
  const code = clean(postalCode).replace(' ', '');
  if (postalPrefixKind(country) === 'outcode') return parsed.ok && parsed.prefix === clean(prefix);
  return code.startsWith(clean(prefix).replace(' ', ''));
}

/** The example postal code for a country, or null when none is listed. */
export function postalCodeExample(country: string | null | undefined): string | null {
  return POSTAL_CODE_EXAMPLES[normaliseCountryCode(country)] ?? null;
}
