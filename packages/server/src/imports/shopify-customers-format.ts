import { isValidEmail, normaliseCountryCode, shippingAddressProblems } from '@baukasten/commerce';
import type { ImportedCustomer } from '@baukasten/storage';
import type { Refusal } from './catalogue.js';
import { Columns, type CsvRow, type CsvTable } from './csv-table.js';
import { columnsAt } from './format-columns.js';
import { importMessages as m } from './import-messages.js';

/*
 * Shopify's customer export (Kunden → Exportieren, "CSV für Excel, Numbers …"), as documented for its
 * customer CSV: one row per customer with First Name, Last Name, Email, Accepts Email Marketing, the
 * default address (Default Address Company/Address1/Address2/City/Province Code/Country Code/Zip/Phone),
 * Phone, Accepts SMS Marketing, Total Spent, Total Orders, Note, Tax Exempt, Tags. Exports before 2022
 * name the columns without "Default Address" and the consent "Accepts Marketing"; both are read.
 *
 * Decisions:
 * - Consent is read strictly: "yes"/"true" (and German "ja") subscribe, "no"/"false"/empty do not, anything
 *   else refuses the row: a consent we would have to guess is no consent (Art. 7 DSGVO).
 * - A present but unusable address (no street, a postal code not of its country) does not refuse the
 *   customer: the customer and their consent come in, the address is left out with a note for that line.
 * - Formula cells refuse their row as in the product import; phone numbers ("+49 30 …") are not formulas.
 *   A leading apostrophe (Shopify's and Excel's "this is text" mark, also written by our export) is removed.
 */

const ALIASES = {
  customerId: ['Customer ID', 'ID'],
  firstName: ['First Name'],
  lastName: ['Last Name'],
  email: ['Email', 'E-mail'],
  acceptsMarketing: ['Accepts Email Marketing', 'Accepts Marketing'],
  company: ['Default Address Company', 'Company'],
  line1: ['Default Address Address1', 'Address1'],
  line2: ['Default Address Address2', 'Address2'],
  city: ['Default Address City', 'City'],
  region: ['Default Address Province Code', 'Province Code'],
  countryCode: ['Default Address Country Code', 'Country Code'],
  zip: ['Default Address Zip', 'Zip'],
  addressPhone: ['Default Address Phone'],
  phone: ['Phone'],
  tags: ['Tags'],
  note: ['Note'],
} as const;

export const MAX_CUSTOMERS = 20_000;
const MAX_NAME = 200;
const MAX_NOTE = 5000;
const MAX_TAGS = 250;
const MAX_TAG = 255;

/** A customer of the file with the line it stands on. */
export interface CustomerRow extends ImportedCustomer {
  line: number;
}

export interface CustomersFile {
  customers: CustomerRow[];
  /** Rows not imported, with their reason. */
  refused: Refusal[];
  /** Rows imported with something left out (an unusable address). */
  notes: Refusal[];
  rows: number;
}

/** Shopify's customer export: an e-mail column and a customer column, and no product's Handle. */
export function looksLikeShopifyCustomers(columns: Columns): boolean {
  return (
    columns.has(...ALIASES.email) &&
    (columns.has(...ALIASES.acceptsMarketing) || columns.has(...ALIASES.firstName)) &&
    !columns.has('Handle', 'Title', 'SKU')
  );
}

const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;
const NUMBER = /^[+-]?\d+(?:[.,]\d+)*$/;
const PHONE = /^\+?[\d\s()/.-]+$/;

/** The first cell a spreadsheet would run as a formula, with its column name. */
function formulaCell(row: CsvRow, header: string[], phoneColumns: Set<number>) {
  for (const [i, raw] of row.cells.entries()) {
    const value = raw.replace(/^[\t\r ]+/, '');
    if (!FORMULA_START.test(value)) continue;
    const trimmed = value.trim();
    if (NUMBER.test(trimmed) || (phoneColumns.has(i) && PHONE.test(trimmed))) continue;
    // "- Stammkundin" is a list item of a note, not a formula anybody types.
    if ((value[0] === '-' || value[0] === '+') && value[1] === ' ') continue;
    return { column: header[i] ?? `Spalte ${i + 1}`, first: value[0]! };
  }
  return undefined;
}

/** Removes the apostrophe that marks a cell as text ('01067, '+49 …, '=…), also after a separator inside. */
export function withoutTextMark(text: string): string {
  return text
    .replace(/^'(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\d])/u, '')
    .replace(/([,;\r\n][ \t]*)'(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/gu, '$1');
}

const YES = new Set(['yes', 'true', 'ja', '1', 'y']);
const NO = new Set(['no', 'false', 'nein', '0', 'n', '']);

class RowRefused extends Error {}

export function readShopifyCustomers(table: CsvTable): CustomersFile {
  const columns = new Columns(table.header);
  const at = columnsAt(columns, ALIASES);
  const phoneColumns = new Set([at.phone, at.addressPhone, at.zip].filter((i) => i >= 0));
  const text = (row: CsvRow, index: number) => withoutTextMark(Columns.cell(row, index)).trim();
  const columnName = (index: number) => table.header[index] ?? '';

  const customers: CustomerRow[] = [];
  const refused: Refusal[] = [];
  const notes: Refusal[] = [];
  const firstLineOf = new Map<string, number>();

  for (const row of table.rows) {
    try {
      const formula = formulaCell(row, table.header, phoneColumns);
      if (formula) throw new RowRefused(m.formulaCell(formula.column, formula.first));
      const email = text(row, at.email);
      if (!email) throw new RowRefused(m.emailMissing);
      if (!isValidEmail(email)) throw new RowRefused(m.emailInvalid(email));
      const key = email.toLowerCase();
      const earlier = firstLineOf.get(key);
      if (earlier !== undefined) throw new RowRefused(m.emailTwiceInFile(email, earlier));
      const consent = text(row, at.acceptsMarketing).toLowerCase();
      if (!YES.has(consent) && !NO.has(consent))
        throw new RowRefused(
          m.marketingUnclear(columnName(at.acceptsMarketing), text(row, at.acceptsMarketing)),
        );
      const firstName = text(row, at.firstName);
      const lastName = text(row, at.lastName);
      for (const [index, value, max] of [
        [at.firstName, firstName, MAX_NAME],
        [at.lastName, lastName, MAX_NAME],
        [at.phone, text(row, at.phone), MAX_NAME],
        [at.note, text(row, at.note), MAX_NOTE],
      ] as const)
        if (value.length > max) throw new RowRefused(m.customerTextTooLong(columnName(index), max));
      const tags = [
        ...new Set(
          text(row, at.tags)
            .split(',')
            .map((t) => withoutTextMark(t.trim()))
            .filter((t) => t !== ''),
        ),
      ];
      if (tags.length > MAX_TAGS) throw new RowRefused(m.tooManyTags(MAX_TAGS));
      if (tags.some((t) => t.length > MAX_TAG))
        throw new RowRefused(m.customerTextTooLong(columnName(at.tags), MAX_TAG));

      const address = addressOf(row, text, firstName, lastName, (problem) =>
        notes.push({ line: row.line, reason: m.addressSkipped(problem), handle: key }),
      );
      firstLineOf.set(key, row.line);
      customers.push({
        line: row.line,
        email: key,
        firstName,
        lastName,
        phone: text(row, at.phone),
        tags,
        note: text(row, at.note),
        ...(address ? { address } : {}),
        acceptsEmailMarketing: YES.has(consent),
      });
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      const email = text(row, at.email);
      refused.push({ line: row.line, reason: error.message, ...(email ? { handle: email } : {}) });
    }
  }
  return { customers, refused, notes, rows: table.rows.length };

  function addressOf(
    row: CsvRow,
    read: typeof text,
    firstName: string,
    lastName: string,
    skip: (problem: string) => void,
  ): Record<string, string> | undefined {
    const parts = {
      line1: read(row, at.line1),
      line2: read(row, at.line2),
      city: read(row, at.city),
      postalCode: read(row, at.zip),
      region: read(row, at.region),
      country: read(row, at.countryCode),
    };
    if (!parts.line1 && !parts.city && !parts.postalCode && !parts.country) return undefined;
    const country = normaliseCountryCode(parts.country);
    if (!/^[A-Z]{2}$/.test(country)) {
      skip(m.addressCountryUnknown(parts.country));
      return undefined;
    }
    const address: Record<string, string> = { firstName, lastName, ...parts, country };
    const problems = shippingAddressProblems(address);
    const fields = Object.keys(problems);
    if (fields.length > 0) {
      skip(
        fields.map((f) => `${m.addressFields[f] ?? f}: ${problems[f as keyof typeof problems]}`).join('; '),
      );
      return undefined;
    }
    // Fields the checkout does not ask for still travel with the address (and back out in the export).
    const company = read(row, at.company);
    const phone = read(row, at.addressPhone);
    if (company) address.company = company;
    if (phone) address.phone = phone;
    for (const key of Object.keys(address)) if (address[key] === '') delete address[key];
    return address;
  }
}
