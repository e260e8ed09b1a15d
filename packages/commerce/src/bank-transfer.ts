// Vorkasse (payment in advance by SEPA credit transfer): the shop's bank details are checked before the
// owner can save them, and the shopper gets them with an EPC QR code ("GiroCode") that a banking app
// scans, so nobody types an IBAN or the order number by hand.

/**
 * IBAN length per country (ISO 13616 registry) for the countries of the SEPA scheme, including the
 * Danish and French territories with IBANs of their own and the states that joined SEPA lately. An
 * EPC QR code only works for a SEPA account, so an account from elsewhere is refused.
 */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AL: 28,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

export const BANK_TRANSFER_MESSAGES = {
  ibanMissing: 'Bitte gib eine IBAN ein.',
  ibanCharacters: 'Eine IBAN besteht nur aus Buchstaben und Ziffern, z. B. DE89 3704 0044 0532 0130 00.',
  ibanCountry: 'Diese IBAN gehört nicht zu einem Land des SEPA-Raums.',
  ibanLength: (country: string, length: number) =>
    `Eine IBAN aus ${country} hat ${length} Zeichen. Bitte prüfe, ob eine Stelle fehlt oder zu viel ist.`,
  ibanChecksum: 'Die Prüfziffer dieser IBAN stimmt nicht. Bitte prüfe sie auf Tippfehler.',
  bicFormat: 'Eine BIC hat 8 oder 11 Zeichen, z. B. COBADEFFXXX.',
  holderMissing: 'Bitte gib den Kontoinhaber an.',
  holderTooLong: 'Der Kontoinhaber darf höchstens 70 Zeichen lang sein.',
  amountOutOfRange: 'Per Überweisung mit QR-Code lassen sich 0,01 € bis 999.999.999,99 € zahlen.',
  currencyNotEuro: 'Ein QR-Code für die Überweisung geht nur für Beträge in Euro.',
  referenceTooLong: 'Der Verwendungszweck darf höchstens 140 Zeichen lang sein.',
} as const;

/** Spaces, dashes and dots as people copy IBANs off letters and statements go; letters in capitals. */
export function normaliseIban(input: string): string {
  return input.replace(/[\s\-.\u00a0]/g, '').toUpperCase();
}

/** The IBAN in groups of four, as printed on the confirmation page and in the mail. */
export function formatIban(iban: string): string {
  return normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * ISO 13616 / ISO 7064 MOD 97-10: move the first four characters to the end, letters become 10..35,
 * and the number must leave 1 when divided by 97. Computed piecewise so no digit string is ever
 * turned into a (lossy) floating-point number.
 */
export function ibanChecksumValid(normalised: string): boolean {
  const rearranged = normalised.slice(4) + normalised.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code >= 65 && code <= 90 ? code - 55 : code - 48;
    if (value < 0 || value > 35) return false;
    remainder = value > 9 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/** Why this IBAN cannot be used (German), or undefined when it is a valid SEPA IBAN. */
export function ibanProblem(input: string): string | undefined {
  const iban = normaliseIban(input);
  if (iban === '') return BANK_TRANSFER_MESSAGES.ibanMissing;
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return BANK_TRANSFER_MESSAGES.ibanCharacters;
  const country = iban.slice(0, 2);
  const length = SEPA_IBAN_LENGTHS[country];
  if (length === undefined) return BANK_TRANSFER_MESSAGES.ibanCountry;
  if (iban.length !== length) return BANK_TRANSFER_MESSAGES.ibanLength(country, length);
  if (!ibanChecksumValid(iban)) return BANK_TRANSFER_MESSAGES.ibanChecksum;
  return undefined;
}

export function normaliseBic(input: string): string {
  return input.replace(/\s/g, '').toUpperCase();
}

/** ISO 9362: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function bicProblem(input: string): string | undefined {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(normaliseBic(input))
    ? undefined
    : BANK_TRANSFER_MESSAGES.bicFormat;
}

/** The shop's account as the owner enters it in the settings. */
export interface BankAccountDetails {
  accountHolder: string;
  iban: string;
  /** Optional since version 002 of the EPC guidelines (within the EEA). */
  bic?: string;
  bankName?: string;
}

/** Field-by-field German problems of the owner's bank details; empty when they can be saved. */
export function bankAccountProblems(
  account: BankAccountDetails,
): Partial<Record<keyof BankAccountDetails, string>> {
  const problems: Partial<Record<keyof BankAccountDetails, string>> = {};
  const holder = account.accountHolder.trim();
  if (holder === '') problems.accountHolder = BANK_TRANSFER_MESSAGES.holderMissing;
  else if ([...holder].length > EPC_MAX_NAME) problems.accountHolder = BANK_TRANSFER_MESSAGES.holderTooLong;
  const iban = ibanProblem(account.iban);
  if (iban) problems.iban = iban;
  if (account.bic !== undefined && account.bic.trim() !== '') {
    const bic = bicProblem(account.bic);
    if (bic) problems.bic = bic;
  }
  return problems;
}

/** EPC069-12 limits: beneficiary name 70 characters, unstructured remittance 140, whole payload 331 bytes. */
export const EPC_MAX_NAME = 70;
export const EPC_MAX_REMITTANCE = 140;
export const EPC_MAX_PAYLOAD_BYTES = 331;
const EPC_MAX_AMOUNT_MINOR = 99_999_999_999;

export interface GiroCodeInput {
  account: BankAccountDetails;
  amountMinor: number;
  currency: string;
  /** What the shopper writes as "Verwendungszweck": the order number. */
  remittance: string;
}

export type GiroCodeResult = { ok: true; payload: string } | { ok: false; problem: string };

/** Line breaks would shift every later element of the payload; they become spaces. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/**
 * The text of an EPC QR code (EPC069-12, version 002, UTF-8, SEPA credit transfer): twelve elements
 * separated by line feeds, of which we fill service tag, version, character set, identification, BIC,
 * name, IBAN, amount and remittance text; trailing empty elements are left off as the guidelines ask.
 */
export function giroCodePayload(input: GiroCodeInput): GiroCodeResult {
  const problems = bankAccountProblems(input.account);
  const first = problems.accountHolder ?? problems.iban ?? problems.bic;
  if (first) return { ok: false, problem: first };
  if (input.currency !== 'EUR') return { ok: false, problem: BANK_TRANSFER_MESSAGES.currencyNotEuro };
  if (
    !Number.isSafeInteger(input.amountMinor) ||
    input.amountMinor < 1 ||
    input.amountMinor > EPC_MAX_AMOUNT_MINOR
  ) {
    return { ok: false, problem: BANK_TRANSFER_MESSAGES.amountOutOfRange };
  }
  const remittance = oneLine(input.remittance);
  if ([...remittance].length > EPC_MAX_REMITTANCE)
    return { ok: false, problem: BANK_TRANSFER_MESSAGES.referenceTooLong };

  const euros = Math.floor(input.amountMinor / 100);
  const cents = String(input.amountMinor % 100).padStart(2, '0');
  const elements = [
    'BCD',
    '002',
    '1', // UTF-8
    'SCT',
    input.account.bic ? normaliseBic(input.account.bic) : '',
    oneLine(input.account.accountHolder),
    normaliseIban(input.account.iban),
    `EUR${euros}.${cents}`,
    '', // purpose code
    '', // structured creditor reference (not together with remittance text)
    remittance,
  ];
  while (elements.at(-1) === '') elements.pop();
  const payload = elements.join('\n');
  // Name (70) and remittance (140) are counted in characters; umlauts take two bytes each in UTF-8, so
  // the byte limit of the whole payload is checked last.
  if (utf8Length(payload) > EPC_MAX_PAYLOAD_BYTES)
    return { ok: false, problem: BANK_TRANSFER_MESSAGES.referenceTooLong };
  return { ok: true, payload };
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The day a Vorkasse order lapses when unpaid: `days` whole days after it was placed (epoch ms). */
export function bankTransferDueAt(placedAt: number, days: number): number {
  return placedAt + Math.max(1, Math.floor(days)) * 86_400_000;
}
