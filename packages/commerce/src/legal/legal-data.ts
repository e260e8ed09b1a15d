import { isValidEmail } from '../form-validation.js';

/*
 * The owner's legal data (website setting `legal`): everything the Impressum (§5 DDG), the privacy
 * policy (Art. 13 DSGVO), the AGB and the Widerrufsbelehrung need to name the seller. The owner types
 * it in the editor ("Rechtliches"); nothing here is ever filled in for them, a missing value stays a
 * visible placeholder in the texts and an entry in the go-live checklist.
 */

export interface LegalData {
  /** Name of the person or the company as registered ("Erika Muster" or "Muster Handel GmbH"). */
  companyName?: string;
  legalForm?: string;
  /** Who may represent a company (Geschäftsführer, Vorstand, persönlich haftende Gesellschafter). */
  representative?: string;
  street?: string;
  postalCode?: string;
  city?: string;
  country?: string;
  email?: string;
  phone?: string;
  registerCourt?: string;
  registerNumber?: string;
  /** Umsatzsteuer-Identifikationsnummer (§27a UStG), when the seller has one. */
  vatId?: string;
  /** Responsible for journalistic-editorial content (§18 Abs. 2 MStV), e.g. of a blog. */
  contentResponsible?: string;
  /** At least 14 (§355 Abs. 2 BGB); an owner may grant more. */
  withdrawalPeriodDays?: number;
  /** Who pays for sending goods back after a withdrawal. */
  returnCosts?: 'customer' | 'shop';
  /** What the shipping page says about delivery times, e.g. "2–4 Werktage". */
  deliveryTime?: string;
}

export const STATUTORY_WITHDRAWAL_DAYS = 14;
export const MAX_WITHDRAWAL_DAYS = 365;

/** Legal forms the editor offers; any other text is accepted too (e.g. a foreign form). */
export const LEGAL_FORMS = [
  'Einzelunternehmen',
  'Freiberufler/in',
  'e.K.',
  'GbR',
  'OHG',
  'KG',
  'GmbH',
  'UG (haftungsbeschränkt)',
  'GmbH & Co. KG',
  'AG',
  'eG',
  'e.V.',
] as const;

/** Forms entered in a register (Handels-, Genossenschafts-, Vereinsregister): court and number required. */
const REGISTERED_FORMS = new Set([
  'e.K.',
  'OHG',
  'KG',
  'GmbH',
  'UG (haftungsbeschränkt)',
  'GmbH & Co. KG',
  'AG',
  'eG',
  'e.V.',
]);
/** Forms that act through representatives, who §5 Abs. 1 Nr. 1 DDG wants named. */
const REPRESENTED_FORMS = new Set([
  'GbR',
  'OHG',
  'KG',
  'GmbH',
  'UG (haftungsbeschränkt)',
  'GmbH & Co. KG',
  'AG',
  'eG',
  'e.V.',
]);

export const needsRegisterEntry = (legalForm: string | undefined) => REGISTERED_FORMS.has(legalForm ?? '');
export const needsRepresentative = (legalForm: string | undefined) => REPRESENTED_FORMS.has(legalForm ?? '');

/** German labels of the fields, used by the editor, the checklist and the placeholders in the texts. */
export const LEGAL_FIELD_LABELS: Record<keyof LegalData, string> = {
  companyName: 'Name oder Firma',
  legalForm: 'Rechtsform',
  representative: 'Vertretungsberechtigte Person',
  street: 'Straße und Hausnummer',
  postalCode: 'Postleitzahl',
  city: 'Ort',
  country: 'Land',
  email: 'E-Mail-Adresse',
  phone: 'Telefonnummer',
  registerCourt: 'Registergericht',
  registerNumber: 'Registernummer',
  vatId: 'Umsatzsteuer-Identifikationsnummer',
  contentResponsible: 'Verantwortlich für den Inhalt',
  withdrawalPeriodDays: 'Widerrufsfrist in Tagen',
  returnCosts: 'Kosten der Rücksendung',
  deliveryTime: 'Lieferzeit',
};

export const LEGAL_MESSAGES = {
  postalCodeInvalid: 'Bitte gib eine Postleitzahl mit fünf Ziffern ein.',
  emailInvalid: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  phoneInvalid: 'Bitte gib eine Telefonnummer nur mit Ziffern, Leerzeichen und + ( ) / - ein.',
  vatIdInvalid:
    'Eine deutsche USt-IdNr. beginnt mit DE und hat danach neun Ziffern (z. B. DE123456789); andere Länder: zwei Buchstaben und bis zu zwölf Zeichen.',
  registerNumberInvalid: 'Bitte gib die Registernummer so ein, wie sie im Register steht, z. B. HRB 12345.',
  withdrawalDaysTooShort: `Die Widerrufsfrist beträgt mindestens ${STATUTORY_WITHDRAWAL_DAYS} Tage (§ 355 Abs. 2 BGB).`,
  withdrawalDaysTooLong: `Bitte gib höchstens ${MAX_WITHDRAWAL_DAYS} Tage ein.`,
  withdrawalDaysNotWhole: 'Bitte gib die Widerrufsfrist als ganze Zahl von Tagen ein.',
  returnCostsInvalid: 'Bitte wähle, wer die Rücksendung bezahlt.',
  tooLong: (label: string, max: number) => `${label} darf höchstens ${max} Zeichen lang sein.`,
} as const;

const TEXT_LIMITS: Partial<Record<keyof LegalData, number>> = {
  companyName: 200,
  legalForm: 60,
  representative: 300,
  street: 200,
  postalCode: 10,
  city: 100,
  country: 60,
  email: 254,
  phone: 40,
  registerCourt: 100,
  registerNumber: 40,
  vatId: 20,
  contentResponsible: 300,
  deliveryTime: 200,
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Problems of what the owner typed, by field, in German. Only the shape is checked here: a field left
 * empty is not a problem (the owner may save half of it), it shows up in `missingLegalData` instead.
 */
export function legalDataProblems(data: LegalData): Partial<Record<keyof LegalData, string>> {
  const problems: Partial<Record<keyof LegalData, string>> = {};
  for (const [field, max] of Object.entries(TEXT_LIMITS) as [keyof LegalData, number][]) {
    if (text(data[field]).length > max)
      problems[field] = LEGAL_MESSAGES.tooLong(LEGAL_FIELD_LABELS[field], max);
  }
  const country = text(data.country) || 'Deutschland';
  if (
    !problems.postalCode &&
    text(data.postalCode) &&
    country === 'Deutschland' &&
    !/^\d{5}$/.test(text(data.postalCode))
  )
    problems.postalCode = LEGAL_MESSAGES.postalCodeInvalid;
  if (!problems.email && text(data.email) && !isValidEmail(text(data.email)))
    problems.email = LEGAL_MESSAGES.emailInvalid;
  if (!problems.phone && text(data.phone) && !/^\+?[0-9 ()/-]{5,}$/.test(text(data.phone)))
    problems.phone = LEGAL_MESSAGES.phoneInvalid;
  const vatId = text(data.vatId).replace(/\s+/g, '').toUpperCase();
  if (
    !problems.vatId &&
    vatId &&
    !(/^DE\d{9}$/.test(vatId) || (/^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(vatId) && !vatId.startsWith('DE')))
  )
    problems.vatId = LEGAL_MESSAGES.vatIdInvalid;
  if (!problems.registerNumber && text(data.registerNumber) && !/\d/.test(text(data.registerNumber)))
    problems.registerNumber = LEGAL_MESSAGES.registerNumberInvalid;
  const days = data.withdrawalPeriodDays;
  if (days !== undefined) {
    if (!Number.isInteger(days)) problems.withdrawalPeriodDays = LEGAL_MESSAGES.withdrawalDaysNotWhole;
    else if (days < STATUTORY_WITHDRAWAL_DAYS)
      problems.withdrawalPeriodDays = LEGAL_MESSAGES.withdrawalDaysTooShort;
    else if (days > MAX_WITHDRAWAL_DAYS) problems.withdrawalPeriodDays = LEGAL_MESSAGES.withdrawalDaysTooLong;
  }
  if (data.returnCosts !== undefined && data.returnCosts !== 'customer' && data.returnCosts !== 'shop')
    problems.returnCosts = LEGAL_MESSAGES.returnCostsInvalid;
  return problems;
}

/** The data as stored: trimmed texts, the VAT id without spaces, unknown keys dropped. */
export function normalisedLegalData(data: LegalData): LegalData {
  const out: LegalData = {};
  for (const field of Object.keys(TEXT_LIMITS) as (keyof LegalData)[]) {
    const value = text(data[field]);
    if (value) (out as Record<string, unknown>)[field] = value;
  }
  if (out.vatId) out.vatId = out.vatId.replace(/\s+/g, '').toUpperCase();
  if (data.withdrawalPeriodDays !== undefined) out.withdrawalPeriodDays = data.withdrawalPeriodDays;
  if (data.returnCosts) out.returnCosts = data.returnCosts;
  return out;
}

/** The website setting as stored, read defensively: anything not a string or number is left out. */
export function legalDataOf(settings: Record<string, unknown> | undefined): LegalData {
  const raw = settings?.legal;
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const out: LegalData = {};
  for (const field of Object.keys(TEXT_LIMITS) as (keyof LegalData)[]) {
    if (typeof r[field] === 'string' && r[field] !== '') (out as Record<string, unknown>)[field] = r[field];
  }
  if (typeof r.withdrawalPeriodDays === 'number') out.withdrawalPeriodDays = r.withdrawalPeriodDays;
  if (r.returnCosts === 'customer' || r.returnCosts === 'shop') out.returnCosts = r.returnCosts;
  return out;
}

/** Days the shopper has to withdraw: the owner's period, never less than the statutory 14. */
export function withdrawalPeriodOf(data: LegalData): number {
  const days = data.withdrawalPeriodDays;
  return Number.isInteger(days) && (days as number) >= STATUTORY_WITHDRAWAL_DAYS
    ? Math.min(days as number, MAX_WITHDRAWAL_DAYS)
    : STATUTORY_WITHDRAWAL_DAYS;
}

/**
 * The fields the law needs that are still empty, as labels for the go-live checklist: name and postal
 * address and e-mail (§5 Abs. 1 Nr. 1, 2 DDG), representatives and register entry where the legal form
 * has them (Nr. 1, 4). Phone, VAT id and content responsibility are not required of everyone.
 */
export function missingLegalData(data: LegalData): (keyof LegalData)[] {
  const missing: (keyof LegalData)[] = [];
  const required: (keyof LegalData)[] = ['companyName', 'legalForm', 'street', 'postalCode', 'city', 'email'];
  for (const field of required) if (!text(data[field])) missing.push(field);
  if (needsRepresentative(data.legalForm) && !text(data.representative)) missing.push('representative');
  if (needsRegisterEntry(data.legalForm)) {
    if (!text(data.registerCourt)) missing.push('registerCourt');
    if (!text(data.registerNumber)) missing.push('registerNumber');
  }
  return missing;
}
