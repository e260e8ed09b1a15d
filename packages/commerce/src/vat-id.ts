// The format of a VAT identification number (USt-IdNr.) per EU member state, as the EU's VIES service
// describes it. Only the shape is checked here: whether the number is registered is for VIES (or the
// Bundeszentralamt für Steuern) to confirm, which needs a network call the owner makes (docs note).

const PATTERNS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^EL\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO[1-9]\d{1,9}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

/** The number as it is compared and printed: upper case, without spaces, dots or dashes. */
export function normaliseVatId(raw: unknown): string {
  return typeof raw === 'string' ? raw.replace(/[\s.\-/]/g, '').toUpperCase() : '';
}

export const VAT_ID_MESSAGES = {
  invalid: 'Diese USt-IdNr. hat nicht das Format des Lieferlandes (z. B. DE123456789).',
  companyMissing: 'Bitte gib zur USt-IdNr. auch den Namen deines Unternehmens an.',
} as const;

/**
 * Whether `vatId` has the format of the member state `country` (the delivery country; the number must
 * belong to it). Greece's numbers start with EL although its country code is GR.
 */
export function isVatIdFormatOf(vatId: unknown, country: string): boolean {
  const pattern = PATTERNS[String(country ?? '').toUpperCase()];
  return pattern ? pattern.test(normaliseVatId(vatId)) : false;
}

/** The German message for a VAT id that does not fit the country, or null when it does (or none was given). */
export function vatIdProblem(vatId: unknown, country: string, company: unknown): string | null {
  const normalised = normaliseVatId(vatId);
  if (normalised === '') return null;
  if (!isVatIdFormatOf(normalised, country)) return VAT_ID_MESSAGES.invalid;
  if (typeof company !== 'string' || company.trim() === '') return VAT_ID_MESSAGES.companyMissing;
  return null;
}
